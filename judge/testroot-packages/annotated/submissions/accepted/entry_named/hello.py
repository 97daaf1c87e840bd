# The entry point submissions.json names (DOMjudge's entry_point); main.py would be the default.
print("hello " + input())

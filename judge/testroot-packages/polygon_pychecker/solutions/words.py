# The sum in words: not one integer, a presentation error.
a, b = map(int, input().split())
print("sum:", a + b)

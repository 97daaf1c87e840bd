# Its own file in the working folder is read-only: appending to it fails, so this prints a
# wrong sum; were it written, the answer would be right.
a, b = map(int, input().split())
try:
    with open("writes_beside.py", "a") as own:
        own.write("# more\n")
    print(a + b)
except OSError:
    print(a + b + 1)

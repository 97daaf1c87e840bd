import sys
n = int(input())
if n > 5:
    sys.exit(3)
print(n / 2)

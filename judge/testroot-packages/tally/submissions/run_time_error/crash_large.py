import sys

n = int(input())
values = list(map(int, input().split()))
if n > 100:
    sys.exit(3)
print(sum(values))

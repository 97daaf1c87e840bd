n = int(input())
values = list(map(int, input().split()))
if n > 999:
    while True:
        pass
if n > 100:
    raise SystemExit(4)
print(sum(values))

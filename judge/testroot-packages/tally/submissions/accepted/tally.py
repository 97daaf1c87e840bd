n = int(input())
values = list(map(int, input().split()))
# {{max_n}} is replaced by the package's constant before the program is built.
assert n <= {{max_n}}
print(sum(values))

# The product: wrong (but on 01, where 1 * 2 is one away from 3: half the points).
a, b = map(int, input().split())
print(a * b)

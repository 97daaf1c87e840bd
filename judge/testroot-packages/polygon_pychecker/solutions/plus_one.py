# One more than the sum: half the points on every test (Polygon PARTIAL: WA).
a, b = map(int, input().split())
print(a + b + 1)

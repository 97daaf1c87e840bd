# The sum + 0.001: accepted only under data/test_group.yaml's float_tolerance 0.01.
input()
print(f"{sum(map(int, input().split())) + 0.001:.3f}")

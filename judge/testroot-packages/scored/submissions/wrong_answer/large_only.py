# Wrong on group1: group2 is right but needs group1 passed (require_pass), so it scores 0.
k = int(input())
print(k if k >= 100 or k == 4 else k + 1)

# Binary search, in Python (flushing each line).
n = int(input())
lo, hi = 1, n
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    said = input().strip()
    if said == "=":
        lo = hi = mid
    elif said == "<":
        hi = mid - 1
    else:
        lo = mid + 1
print("!", lo, flush=True)

# N (1..100), then N whole numbers in [1, 10^12]; exit 42 when valid, 43 when not.
import sys

try:
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    values = [int(x) for x in lines[1].split(" ")]
    ok = 1 <= n <= 100 and len(values) == n and all(1 <= v <= 10**12 for v in values)
    ok = ok and lines[2:] == [""]
except (ValueError, IndexError):
    ok = False
sys.exit(42 if ok else 43)

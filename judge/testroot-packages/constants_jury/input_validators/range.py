# n in 1..10 * {{MAX}}, or 1..argv[1] when the case gives an argument; exit 42 when valid, 43
# when not.
import sys

top = int(sys.argv[1]) if len(sys.argv) > 1 else 10 * {{MAX}}
try:
    n = int(sys.stdin.read())
    ok = 1 <= n <= top
except ValueError:
    ok = False
sys.exit(42 if ok else 43)

# Pass 1 is right; pass 2 crashes: RE on the second pass.
import sys

kind, value = input().split()
if kind == "encode":
    print("".join(chr(ord("a") + int(d)) for d in value))
else:
    sys.exit(3)

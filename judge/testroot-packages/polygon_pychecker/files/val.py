# The validator, in Python: one line of two integers in [-10^9, 10^9]; testlib's 3 otherwise.
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"(-?[0-9]+) (-?[0-9]+)\n", text)
if not match or any(abs(int(value)) > 10**9 for value in match.groups()):
    print("expected two integers in [-10^9, 10^9] on one line", file=sys.stderr)
    sys.exit(3)

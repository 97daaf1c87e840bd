"""Validator (testlib protocol): one integer, |n| <= 10^9, on one line; exit 0 valid, 3 not."""
import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"(0|-?[1-9][0-9]{0,9})\n", text) or abs(int(text)) > 10**9:
    print("expected one integer |n| <= 10^9 on one line", file=sys.stderr)
    sys.exit(3)

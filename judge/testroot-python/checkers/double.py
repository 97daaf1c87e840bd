"""Checker (testlib protocol): checker IN OUT ANS; exit 0 ok, 1 wrong answer, 3 fail."""
import sys

_, _, output, answer = sys.argv
expected = open(answer).read().split()
found = open(output).read().split()
if len(expected) != 1:
    print("FAIL answer file holds no single number", file=sys.stderr)
    sys.exit(3)
if found != expected:
    print(f"wrong answer expected {expected[0]}, found {' '.join(found)[:40]}", file=sys.stderr)
    sys.exit(1)
print(f"ok {found[0]}", file=sys.stderr)

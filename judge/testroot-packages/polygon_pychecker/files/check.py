# The sum checker, in Python, as Polygon runs one: check.py <input> <output> <answer>, testlib's
# exit codes (0 ok, 1 wrong answer, 2 presentation error, 7 points). An output one away from
# the answer earns half the test ("points 50": the package treats points as percentages).
import sys

with open(sys.argv[2]) as output, open(sys.argv[3]) as answer:
    words = output.read().split()
    expected = int(answer.read().split()[0])
if len(words) != 1 or not words[0].lstrip("-").isdigit():
    print("not one integer", file=sys.stderr)
    sys.exit(2)
got = int(words[0])
if got == expected:
    print("ok", file=sys.stderr)
    sys.exit(0)
if abs(got - expected) == 1:
    print("points 50 one away from %d" % expected, file=sys.stderr)
    sys.exit(7)
print("expected %d, got %d" % (expected, got), file=sys.stderr)
sys.exit(1)

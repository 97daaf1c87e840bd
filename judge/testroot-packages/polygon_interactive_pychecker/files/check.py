# The checker of the interactor's output (tout), in Python as Polygon runs one: check.py <input>
# <tout> <answer>, testlib's exit codes. The number found must be the answer's (the main
# solution's tout), in no more questions than 20.
import sys

with open(sys.argv[2]) as tout, open(sys.argv[3]) as answer:
    got = tout.read().split()
    expected = int(answer.read().split()[0])
if len(got) != 2 or int(got[1]) > 20:
    print("tout is not a number and at most 20 questions", file=sys.stderr)
    sys.exit(2)
if int(got[0]) != expected:
    print("found %s, expected %d" % (got[0], expected), file=sys.stderr)
    sys.exit(1)
print("%s in %s questions" % (got[0], got[1]), file=sys.stderr)

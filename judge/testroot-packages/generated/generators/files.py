# Usage: files.py N: writes testcase.in (N ones) and testcase.ans (N) itself, as BAPCtools
# allows; prints nothing.
import sys

n = int(sys.argv[1])
with open("testcase.in", "w") as f:
    f.write(f"{n}\n{' '.join(['1'] * n)}\n")
with open("testcase.ans", "w") as f:
    f.write(f"{n}\n")

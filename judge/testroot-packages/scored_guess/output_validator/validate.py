#!/usr/bin/env python3
# Kattis interactive validator: validate.py input answer feedback_dir < submission > submission.
# Answers "lower", "higher" or "correct"; a number found in g guesses scores 10 for g <= 7,
# else 17 - g (score.txt); after 16 guesses the submission is rejected.
import sys

secret = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
for guesses in range(1, 17):
    line = sys.stdin.readline()
    if not line.strip().lstrip("-").isdigit():
        open(feedback + "/judgemessage.txt", "w").write("no guess %d" % guesses)
        sys.exit(43)
    guess = int(line)
    if guess == 0:  # a broken validator's score, for the judge's test of it: JE
        open(feedback + "/score.txt", "w").write("zero points\n")
        sys.exit(42)
    if guess == secret:
        print("correct", flush=True)
        open(feedback + "/score.txt", "w").write("%d\n" % (10 if guesses <= 7 else 17 - guesses))
        open(feedback + "/judgemessage.txt", "w").write("found in %d" % guesses)
        sys.exit(42)
    print("lower" if guess > secret else "higher", flush=True)
open(feedback + "/judgemessage.txt", "w").write("16 guesses and not found")
sys.exit(43)

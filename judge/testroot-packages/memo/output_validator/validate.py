#!/usr/bin/env python3
# Output validator of memo (multi-pass): `validate.py input answer feedback_dir < output`.
# Pass 1, input "encode N": the submission says a word of 1 to 20 lowercase letters; N is kept
# in the feedback folder (the format keeps its files between passes) and nextpass.in asks for
# pass 2 with "decode WORD". Pass 2: the submission must say N again. The pass is told by the
# input file, which is the pass's input (nextpass.in for pass 2), not the case's .in.
import pathlib
import sys

feedback = pathlib.Path(sys.argv[3])


def judge(accepted, message):
    with open(feedback / "judgemessage.txt", "a") as messages:  # appended over the passes
        messages.write(message + "\n")
    sys.exit(42 if accepted else 43)


kind, value = pathlib.Path(sys.argv[1]).read_text().split()
said = sys.stdin.read().split()
if len(said) != 1:
    judge(False, f"{kind} {value}: expected one word, got {len(said)}")
word = said[0]
if kind == "encode":
    if not (1 <= len(word) <= 20 and word.isascii() and word.isalpha() and word.islower()):
        judge(False, f"encode {value}: '{word[:30]}' is not 1 to 20 lowercase letters")
    (feedback / "kept.txt").write_text(value)
    (feedback / "nextpass.in").write_text(f"decode {word}\n")
    judge(True, f"encode {value} as {word}")
kept = (feedback / "kept.txt").read_text()
if word != kept:
    judge(False, f"decode {value}: expected {kept}, got {word[:30]}")
judge(True, f"decode {value} as {word}")

#!/usr/bin/env python3
"""labyrinth.fact_readers: the solution's fact reader (solutions/labyrinth.cpp, which must stand
alone) and the jury's (checkers/labyrinth_model.hpp, used by the validator and the checker) are two
copies of one grammar. Both must accept and reject the same inputs: each base input (the samples,
small generated boards in both layouts) and many deterministic mutations of it (a character
deleted, doubled or changed, a fact dropped or repeated, a number changed, junk, comments, CR
line ends) go to the validator (exit 0 valid, 3 invalid) and the solution (exit 1 with one line on
stderr for a malformed input). Any disagreement fails the test, with the input shown.

Usage: labyrinth_fact_readers.py ROOT VALIDATOR GENERATOR [MUTATIONS_PER_BASE=40]
"""
import os
import random
import subprocess
import sys
import tempfile

root, validator, generator = sys.argv[1:4]
mutations_per_base = int(sys.argv[4]) if len(sys.argv) > 4 else 40

JUNK = ["%", "% a comment\n", "\r\n", "\r", " ", "\t", ".", ",", "(", ")", "0", "-1", "99",
        "x", "fact(1,1).", "field(1,1).", "max_steps(3).", "connect(1,1,q).", "\x00", "é"]


def mutate(text, rng):
    kind = rng.randrange(8)
    if not text:
        return rng.choice(JUNK)
    at = rng.randrange(len(text))
    if kind == 0:  # delete a character
        return text[:at] + text[at + 1:]
    if kind == 1:  # double a character
        return text[:at] + text[at] + text[at:]
    if kind == 2:  # insert junk
        return text[:at] + rng.choice(JUNK) + text[at:]
    facts = [f for f in text.replace("\n", " ").split(" ") if f]
    if kind == 3 and facts:  # drop a fact
        facts.pop(rng.randrange(len(facts)))
        return "\n".join(facts) + "\n"
    if kind == 4 and facts:  # repeat a fact
        facts.insert(rng.randrange(len(facts) + 1), rng.choice(facts))
        return "\n".join(facts) + "\n"
    if kind == 5:  # change a digit
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            return text[:i] + rng.choice("0123456789") + text[i + 1:]
    if kind == 6:  # CR LF line ends everywhere
        return text.replace("\n", "\r\n")
    return text[:at] + rng.choice(JUNK) + text[at + 1:]  # replace a character


def run(command, text, timeout):
    try:
        done = subprocess.run(command, input=text.encode("utf-8", "surrogateescape"),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
        return done.returncode, done.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, ""  # still searching: it read the input


def main():
    with tempfile.TemporaryDirectory() as work:
        solution = os.path.join(work, "solution")
        subprocess.run(["g++", "-O2", "-std=gnu++17", "-o", solution,
                        os.path.join(root, "solutions", "labyrinth.cpp")], check=True)
        bases = []
        sample_dir = os.path.join(root, "testdata", "labyrinth", "sample")
        for name in sorted(os.listdir(sample_dir)):
            if name.endswith(".in"):
                with open(os.path.join(sample_dir, name)) as f:
                    bases.append(f.read())
        for seed in range(1, 9):
            for layout in ("lines", "packed"):
                bases.append(subprocess.run(
                    [generator, "-n", "3", "-steps", "2", "-format", layout, "-seed", str(seed)],
                    check=True, capture_output=True, text=True).stdout)
        rng = random.Random(20261124)
        checked = accepted = 0
        disagreements = []
        for base in bases:
            for index in range(mutations_per_base + 1):
                text = base if index == 0 else mutate(mutate(base, rng) if index % 3 == 0 else base, rng)
                valid_code, valid_said = run([validator], text, 30)
                if valid_code not in (0, 3):
                    print(f"the validator broke (exit {valid_code}): {valid_said.strip()}")
                    print(repr(text[:400]))
                    return 1
                solution_code, solution_said = run([solution], text, 5)
                solution_rejects = solution_code == 1
                checked += 1
                accepted += valid_code == 0
                if (valid_code == 3) != solution_rejects:
                    disagreements.append((text, valid_code, valid_said.strip(), solution_code,
                                          solution_said.strip()))
        for text, valid_code, valid_said, solution_code, solution_said in disagreements[:5]:
            print("disagreement on", repr(text[:300]))
            print(f"  validator: exit {valid_code} {valid_said}")
            print(f"  solution:  exit {solution_code} {solution_said}")
        print(f"{checked} inputs ({accepted} valid), {len(disagreements)} disagreements")
        return 1 if disagreements else 0


sys.exit(main())

#!/usr/bin/env python3
"""readme_tour_test.py: the README's tour shows what the judge prints today.

Usage: readme_tour_test.py JUDGE README

Each tour block of the README is a comment line `<!-- tour: judge ARGS -->` followed by a
```console block whose first line is `$ judge ARGS` (the same command) and whose other lines are
its output (stdout and stderr together). Every such command is run again with JUDGE, in a
scratch copy of the repository's judge/testroot (the working folder) with judge/testroot-packages
beside it, one compile cache for all, NO_COLOR=1; then the output is compared with the block
after this normalisation of both (timings and sizes vary from run to run, nothing else may):
  - the scratch copy's folder is written <repo> (the README writes the repository's folder so);
  - the language's compiler version after a solution's name, `(C++, g++ ...)`, becomes `(C++, #)`;
  - a number followed by a unit (ms, s, MiB, KiB, %, cases/s, x) becomes #;
  - in a table row, the three figures after a verdict (CPU ms, wall ms, peak MiB) become #, and
    the `CASE CPU/LIMIT ms` column of `judge verify` becomes `# #/# ms`;
  - the case named as the slowest or as the peak's (`slowest: CASE,` and `(CASE)` after peak
    memory) becomes #: cases that take about the same time trade places;
  - runs of spaces become one, trailing spaces go.
A line `...` in the README stands for any number of lines. Exit status 0 when every block
matches, 1 when one does not (the difference is printed), 2 when the README has no tour block.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

VERDICT = r"(?:AC|WA|PE|TLE|MLE|RE|OLE|CE|JE)~?"


def normalise(line, repo):
    line = line.replace(repo, "<repo>")
    line = re.sub(r" \((C\+\+|C|Java|Python 3), .*\)$", r" (\1, #)", line)
    line = re.sub(r"^(\S+\s+" + VERDICT + r")\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+", r"\1 # # #", line)
    line = re.sub(r"\S+ [0-9]+/[0-9]+ ms", "# #/# ms", line)
    # verify's matrix cells: a verdict and its CPU ms ("AC 12", "TLE >2000")
    line = re.sub(r"\b(" + VERDICT + r") >?[0-9]+\b", r"\1 #", line)
    line = re.sub(r"slowest: [^,]+,", "slowest: #,", line)
    line = re.sub(r"(peak memory: [^(]*) \([^)]*\)", r"\1 (#)", line)
    line = re.sub(r"-?\b[0-9]+(\.[0-9]+)?( ?)(ms|s|MiB|KiB|%|cases/s|x)\b", r"#\2\3", line)
    line = re.sub(r"[0-9]+(\.[0-9]+)?%", "#%", line)
    return re.sub(r" +", " ", line).rstrip()


def tour_blocks(readme_text):
    """(command, expected lines) for each tour block."""
    lines = readme_text.split("\n")
    blocks = []
    for i, line in enumerate(lines):
        marker = re.fullmatch(r"<!-- tour: (.*) -->", line.strip())
        if not marker:
            continue
        command = marker.group(1).strip()
        if i + 2 >= len(lines) or not lines[i + 1].startswith("```"):
            sys.exit(f"README line {i + 1}: a tour marker must be followed by a ``` block")
        if lines[i + 2] != "$ " + command:
            sys.exit(f"README line {i + 3}: expected '$ {command}', found '{lines[i + 2]}'")
        end = lines.index("```", i + 3)
        blocks.append((command, lines[i + 3:end]))
    return blocks


def matches(expected, actual):
    """Whether the expected lines, where `...` stands for any lines, match the actual ones."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: readme_tour_test.py JUDGE README")
    judge, readme = os.path.abspath(sys.argv[1]), sys.argv[2]
    source_judge = os.path.join(os.path.dirname(os.path.abspath(__file__)))
    blocks = tour_blocks(open(readme, encoding="utf-8").read())
    if not blocks:
        print("FAIL: no <!-- tour: ... --> block in " + readme)
        return 2
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        os.chmod(scratch, 0o755)  # boxed programs (uid 65534 as root) read their binaries here
        repo = os.path.join(scratch, "repo")
        for name in ("testroot", "testroot-packages"):
            shutil.copytree(os.path.join(source_judge, name), os.path.join(repo, "judge", name),
                            ignore=shutil.ignore_patterns(".cache"))
        env = dict(os.environ, NO_COLOR="1", JUDGE_CACHE_DIR=os.path.join(scratch, "cache"))
        for command, expected in blocks:
            args = shlex.split(command)
            if args[0] != "judge":
                sys.exit(f"tour command must start with judge: {command}")
            run = subprocess.run([judge] + args[1:], cwd=os.path.join(repo, "judge", "testroot"),
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True, timeout=300)
            actual = run.stdout.rstrip("\n").split("\n")
            want = [line if line == "..." else normalise(line, repo) for line in expected]
            got = [normalise(line, repo) for line in actual]
            if matches(want, got):
                print(f"ok    $ {command}  (exit status {run.returncode})")
                continue
            failed = 1
            print(f"FAIL  $ {command}  (exit status {run.returncode})")
            print("  README (normalised):")
            print("\n".join("    " + line for line in want))
            print("  the judge now (normalised):")
            print("\n".join("    " + line for line in got))
    print("FAIL" if failed else "PASS")
    return failed


if __name__ == "__main__":
    sys.exit(main())

# Guess the number, polygon_interactive's interactor in Python 3, as Polygon runs one:
# interactor.py <input> <tout> [<answer>], testlib's exit codes (0 ok, 1 wrong answer,
# 2 presentation error). The test holds n and the hidden x; the solution asks "? y" and is told
# "<" (x < y), ">" (x > y) or "="; it ends with "! y". At most 20 questions. What the checker
# reads (tout): the number found and the questions asked.
import sys

n, x = map(int, open(sys.argv[1]).read().split()[:2])
print(n, flush=True)
asked = 0
while True:
    words = sys.stdin.readline().split()
    if len(words) != 2 or words[0] not in ("?", "!") or not words[1].lstrip("-").isdigit():
        print("expected ? y or ! y, got %r" % " ".join(words), file=sys.stderr)
        sys.exit(2)
    y = int(words[1])
    if words[0] == "!":
        if y != x:
            print("guessed %d, the number is %d" % (y, x), file=sys.stderr)
            sys.exit(1)
        with open(sys.argv[2], "w") as tout:
            tout.write("%d %d\n" % (y, asked))
        print("found %d in %d questions" % (y, asked), file=sys.stderr)
        sys.exit(0)
    asked += 1
    if asked > 20:
        print("more than 20 questions", file=sys.stderr)
        sys.exit(1)
    print("<" if x < y else ">" if x > y else "=", flush=True)

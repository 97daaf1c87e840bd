# With `--max N`, accepts only numbers up to N. A list of input_validator_args goes to every
# validator: given described.py's words (the empty word first) it accepts; given no words at all
# (a map that does not reach it by its name, bounded), it rejects.
import sys

if sys.argv[1:2] == ["--max"] and len(sys.argv) == 3:
    bound = int(sys.argv[2])
    sys.exit(42 if all(int(word) <= bound for word in sys.stdin.read().split()) else 43)
if sys.argv[1:2] == [""]:
    sys.exit(42)
sys.exit("bounded.py: no bound given: %s" % sys.argv[1:])

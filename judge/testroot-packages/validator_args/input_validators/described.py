# Accepts exactly the input its arguments describe: argv[1] must be the empty word and argv[2]
# the input's words, and nothing more (a map of input_validator_args gives bounded.py's words
# to bounded.py only). Without them, sys.argv[1] raises: exit 1, the validator's own failure.
import sys

salt, words = sys.argv[1], sys.argv[2]
if len(sys.argv) != 3:
    sys.exit("described.py: more arguments than its own: %s" % sys.argv[1:])
sys.exit(42 if salt == "" and sys.stdin.read().split() == words.split() else 43)

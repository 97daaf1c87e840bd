# Accepts exactly the input its arguments describe: argv[1] must be the empty word and argv[2]
# the input's words (without them, sys.argv[1] raises: exit 1, the validator's own failure).
import sys

salt, words = sys.argv[1], sys.argv[2]
sys.exit(42 if salt == "" and sys.stdin.read().split() == words.split() else 43)

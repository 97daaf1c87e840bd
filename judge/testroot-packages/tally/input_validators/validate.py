import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"([1-9][0-9]*)\n((?:[1-9][0-9]* )*[1-9][0-9]*)\n", text)
ok = match is not None and int(match.group(1)) <= 1000
ok = ok and len(match.group(2).split()) == int(match.group(1))
sys.exit(42 if ok else 43)

# One integer from 0 to 1000 on a line.
import sys

data = sys.stdin.read()
value = int(data)
sys.exit(42 if data == f"{value}\n" and 0 <= value <= 1000 else 43)

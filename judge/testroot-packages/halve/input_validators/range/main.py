import sys
from rules import valid
sys.exit(42 if valid(sys.stdin.read()) else 43)

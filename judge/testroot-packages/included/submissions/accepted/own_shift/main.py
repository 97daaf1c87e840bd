# A folder submission with a shift.py of its own: the included one replaces it.
from shift import OFFSET

print(int(input()) + OFFSET)

# Reads n and prints n + OFFSET, from the included shift.py.
from shift import OFFSET

print(int(input()) + OFFSET)

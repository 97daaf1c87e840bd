# Not the entry point: submissions.json names hello.py.
import sys

sys.exit("wrong entry point")

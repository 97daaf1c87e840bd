# Two result lines: DOMjudge reads an @EXPECTED_SCORE@ line that is no number as one, and
# refuses a file with two (its bad-expected-result-multiple-type.c): skipped.
# @EXPECTED_RESULTS@: NO-OUTPUT
# @EXPECTED_SCORE@: NO-OUTPUT
print("hello " + input())

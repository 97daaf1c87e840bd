# The line also names ACCEPTED, but run_time_error/ is one of the line's verdicts: the folder
# decides (DOMjudge's rule), so this must crash, and does.
# @EXPECTED_RESULTS@: RUN_TIME_ERROR, ACCEPTED
import sys

sys.exit(3)

# Either verdict is fine (two names on the line); it answers right.
# @EXPECTED_RESULTS@:   RUN_TIME_ERROR , accepted
print("hello " + input())

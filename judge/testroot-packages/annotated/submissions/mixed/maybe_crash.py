# In mixed/, a folder of no one verdict (DOMjudge's): the line decides; either verdict is fine.
# @EXPECTED_RESULTS@:   RUN_TIME_ERROR , accepted
print("hello " + input())

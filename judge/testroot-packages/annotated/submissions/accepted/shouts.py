# Filed under accepted/, but its @EXPECTED_RESULTS@ line says otherwise, and wins.
# @EXPECTED_RESULTS@: WRONG-ANSWER
print("goodbye " + input())

# Filed under accepted/, but its @EXPECTED_RESULTS@ line says otherwise: the line decides, with
# a note (DOMjudge's import uses the line too, flagging the mismatch as an error).
# @EXPECTED_RESULTS@: WRONG-ANSWER
print("goodbye " + input())

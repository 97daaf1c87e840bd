# Right on the small cases (the samples and group1), out of range on group2's: 40.
# @EXPECTED_RESULTS@: WRONG-ANSWER
# @EXPECTED_SCORE@: 40
k = int(input())
print(k if k < 100 else -1)

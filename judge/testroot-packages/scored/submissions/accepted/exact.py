# Prints k itself: the whole score.
# @EXPECTED_SCORE@: 100
print(int(input()))

# Prints k / 2, scoring 50, but claims 60 (DOMjudge's annotation): not as expected on purpose.
# @EXPECTED_SCORE@: 60
print(int(input()) / 2)

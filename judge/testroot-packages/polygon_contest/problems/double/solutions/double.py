# Twice the integer.
print(2 * int(input()))

# Ignores the included offset.
print(int(input()))

# The integer negated.
print(-int(input()))

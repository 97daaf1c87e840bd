# Wrong answer: the integer itself.
print(int(input()))

# Wrong answer: the square, not twice.
x = int(input())
print(x * x)

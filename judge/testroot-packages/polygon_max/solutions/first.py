# Wrong answer: the first integer, not the largest (right on test 3 only).
n = int(input())
print(input().split()[0])

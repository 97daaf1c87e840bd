# Tagged failed, but only wrong (WA): the checker never fails on it, so verify reports it.
n = int(input())
print(input().split()[0])

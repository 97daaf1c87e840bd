def write(n):
    print(n)
    print(*[2 * i for i in range(1, n + 1)])

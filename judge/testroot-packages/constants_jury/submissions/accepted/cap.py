print(min(int(input()), 100))

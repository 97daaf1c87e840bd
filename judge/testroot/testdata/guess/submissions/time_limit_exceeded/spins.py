print(500000, flush=True)
input()
while True:
    pass

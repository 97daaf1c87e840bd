# Pass 1 is right; pass 2 spins: TLE on the second pass (each pass has the time limit).
kind, value = input().split()
if kind == "encode":
    print("".join(chr(ord("a") + int(d)) for d in value))
else:
    while True:
        pass

# Pass 1 is right; pass 2 says the number plus one: WA on the second pass.
kind, value = input().split()
if kind == "encode":
    print("".join(chr(ord("a") + int(d)) for d in value))
else:
    print(int("".join(str(ord(c) - ord("a")) for c in value)) + 1)

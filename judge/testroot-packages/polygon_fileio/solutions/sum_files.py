# Reads sum.in and writes sum.out, in Python.
with open("sum.in") as given:
    a, b = map(int, given.read().split())
with open("sum.out", "w") as written:
    print(a + b, file=written)

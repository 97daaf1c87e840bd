# Prints k / 3: 13.333333 + 20 = 33.333333, which submissions.yaml wrongly says is 50.
print(int(input()) / 3)

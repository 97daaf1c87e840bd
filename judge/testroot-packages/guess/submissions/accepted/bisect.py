low, high = 1, 100
while low <= high:
    middle = (low + high) // 2
    print(middle, flush=True)
    reply = input()
    if reply == "correct":
        break
    if reply == "lower":
        high = middle - 1
    else:
        low = middle + 1

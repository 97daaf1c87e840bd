# Bisection: at most 7 guesses, 10 points a case.
low, high = 1, 100
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = input()
    if reply == "correct":
        break
    if reply == "lower":
        high = guess - 1
    else:
        low = guess + 1

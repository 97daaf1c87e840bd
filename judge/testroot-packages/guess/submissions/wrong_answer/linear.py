# Counts up from 1: more than 7 guesses for most numbers.
for guess in range(1, 101):
    print(guess, flush=True)
    if input() == "correct":
        break

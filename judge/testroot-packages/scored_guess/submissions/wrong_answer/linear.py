# 1, 2, 3, ...: 36 takes 36 guesses, rejected after 16 (0 points); so is 100.
guess = 1
while True:
    print(guess, flush=True)
    if input() == "correct":
        break
    guess += 1

# Up from 10 in steps of 10, then down by one: 36 takes 4 + 4 = 8 guesses (9 points), 100 takes
# 10 (7 points).
guess = 10
while True:
    print(guess, flush=True)
    reply = input()
    if reply == "correct":
        break
    guess = guess + 10 if reply == "higher" else guess - 1

word = input()
print(word.upper() if word == "louder" else word, "!")

print(f"{int(input()) / 2:.6f}")

print("goodbye " + input())

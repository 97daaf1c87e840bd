print(readLine()!)

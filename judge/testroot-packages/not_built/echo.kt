fun main() = println(readLine())

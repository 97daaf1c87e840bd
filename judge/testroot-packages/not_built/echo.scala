object echo extends App { println(scala.io.StdIn.readLine()) }

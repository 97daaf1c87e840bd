# a + b + 1 (wrong): R's numbers are doubles, exact to 2^53.
x <- scan(file("stdin"), what = numeric(), quiet = TRUE)
cat(format(x[1] + x[2] + 1, scientific = FALSE), "\n", sep = "")

# a + b: R's numbers are doubles, exact to 2^53; format() without scientific notation.
x <- scan(file("stdin"), what = numeric(), quiet = TRUE)
cat(format(x[1] + x[2], scientific = FALSE), "\n", sep = "")

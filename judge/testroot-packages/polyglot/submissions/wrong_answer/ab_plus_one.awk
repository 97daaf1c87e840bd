# One more than a + b.
{ printf "%.0f\n", $1 + $2 + 1 }

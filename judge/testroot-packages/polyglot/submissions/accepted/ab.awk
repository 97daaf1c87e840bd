# a + b: the two numbers of the line (%.0f: print would write 1e+12, and mawk's %d stops at
# 2^31 - 1).
{ printf "%.0f\n", $1 + $2 }

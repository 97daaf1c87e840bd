# Prints its argument plus {{MAX}} (substituted before it runs: this file is no valid Python as
# it stands).
import sys

print(int(sys.argv[1]) + {{MAX}})

# Usage: pair.py N: N numbers 2, 4, ..., 2N (pairlib.py makes them).
import sys

import pairlib

pairlib.write(int(sys.argv[1]))

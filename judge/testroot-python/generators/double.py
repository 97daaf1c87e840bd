"""Generator: `double.py [-max M] -seed S`: one integer in [-M, M]; the same arguments, the same case."""
import random
import sys

args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
rng = random.Random(" ".join(sys.argv[1:]))
limit = int(args.get("-max", "1000"))
print(rng.randint(-limit, limit))

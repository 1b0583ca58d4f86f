# Reads integers until the end of input and prints their sum.
import sys

print(sum(int(tok) for tok in sys.stdin.read().split()))

# Prints its input's lines reversed in order and says on stderr how many.
import sys
lines = sys.stdin.read().splitlines()
print("\n".join(reversed(lines)))
print(len(lines), "lines", file=sys.stderr)

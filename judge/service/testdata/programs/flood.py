# Flood-it by iterative deepening with the colours-left bound, for the
# small boards of the service's tests.
import sys


def main():
    data = sys.stdin.read().split()
    pos = 0
    out = []
    while True:
        n = int(data[pos]); pos += 1
        if n == 0:
            break
        cells = [int(x) for x in data[pos:pos + n * n]]
        pos += n * n
        out.append(str(solve(n, cells)))
    print("\n".join(out))


def grow(n, cells, area, c):
    stack = list(area)
    area = set(area)
    while stack:
        i = stack.pop()
        r, q = divmod(i, n)
        for j in (i - n if r else -1, i + n if r < n - 1 else -1, i - 1 if q else -1, i + 1 if q < n - 1 else -1):
            if j >= 0 and j not in area and cells[j] == c:
                area.add(j)
                stack.append(j)
    return frozenset(area)


def solve(n, cells):
    area = grow(n, cells, {0}, cells[0])

    def left(a):
        return len({cells[i] for i in range(n * n) if i not in a})

    def search(a, depth, bound):
        h = left(a)
        if h == 0:
            return True
        if depth + h > bound:
            return False
        for c in range(6):
            b = grow(n, cells, a, c)
            if len(b) > len(a) and search(b, depth + 1, bound):
                return True
        return False

    bound = left(area)
    while not search(area, 0, bound):
        bound += 1
    return bound


main()

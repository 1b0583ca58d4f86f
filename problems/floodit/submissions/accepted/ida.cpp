// Flood-it (UVA 1505) by iterative deepening A*.
//
// The flooded area and each colour's cells are 64-bit sets (N <= 8). A move
// paints the area with colour c and grows it through the cells of colour c it
// touches. The heuristic counts the colours still present outside the area:
// each needs at least one move of its own, so it never overestimates.
#include <cstdint>
#include <cstdio>

typedef unsigned long long Set;

static int n;
static Set colour[6];
static Set notLeft, notRight, all;

static Set neighbours(Set s) {
    Set up = s >> n, down = (s << n) & all;
    Set left = (s & notLeft) >> 1, right = (s & notRight) << 1;
    return up | down | left | right;
}

static Set grow(Set area, int c) {
    for (;;) {
        Set more = neighbours(area) & colour[c] & ~area;
        if (!more) return area;
        area |= more;
    }
}

static int coloursLeft(Set area) {
    int h = 0;
    for (int c = 0; c < 6; c++)
        if (colour[c] & ~area) h++;
    return h;
}

static bool search(Set area, int depth, int bound) {
    int h = coloursLeft(area);
    if (h == 0) return true;
    if (depth + h > bound) return false;
    Set border = neighbours(area) & ~area;
    for (int c = 0; c < 6; c++) {
        if (!(border & colour[c])) continue;  // painting c would take in nothing
        if (search(grow(area, c), depth + 1, bound)) return true;
    }
    return false;
}

int main() {
    while (scanf("%d", &n) == 1 && n > 0) {
        for (int c = 0; c < 6; c++) colour[c] = 0;
        all = n * n == 64 ? ~0ULL : (1ULL << (n * n)) - 1;
        notLeft = notRight = 0;
        for (int i = 0; i < n * n; i++) {
            int v;
            scanf("%d", &v);
            colour[v] |= 1ULL << i;
            if (i % n != 0) notLeft |= 1ULL << i;
            if (i % n != n - 1) notRight |= 1ULL << i;
        }
        int first = 0;
        while (!(colour[first] & 1)) first++;
        Set area = grow(1, first);
        int bound = coloursLeft(area);
        while (!search(area, 0, bound)) bound++;
        printf("%d\n", bound);
    }
    return 0;
}

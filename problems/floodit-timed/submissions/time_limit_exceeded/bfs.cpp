// Flood-it (UVA 1505) by breadth-first search over flooded areas: each area
// is a 64-bit set of cells, each is met once (a hash set), and the search
// goes level by level until an area covers the board. It is right, and what
// a student writes before IDA*; on a board that needs sixteen moves it meets
// millions of areas, several times the time limit of this problem.
#include <cstdio>
#include <unordered_set>
#include <vector>

typedef unsigned long long Set;

int main() {
    int n;
    while (scanf("%d", &n) == 1 && n > 0) {
        Set colour[6] = {0, 0, 0, 0, 0, 0}, notLeft = 0, notRight = 0;
        Set all = n * n == 64 ? ~0ULL : (1ULL << (n * n)) - 1;
        for (int i = 0; i < n * n; i++) {
            int v;
            scanf("%d", &v);
            colour[v] |= 1ULL << i;
            if (i % n) notLeft |= 1ULL << i;
            if (i % n != n - 1) notRight |= 1ULL << i;
        }
        auto around = [&](Set s) {
            return ((s >> n) | (s << n) | ((s & notLeft) >> 1) | ((s & notRight) << 1)) & all;
        };
        auto grow = [&](Set area, int c) {
            for (Set more; (more = around(area) & colour[c] & ~area); ) area |= more;
            return area;
        };
        int first = 0;
        while (!(colour[first] & 1)) first++;
        std::vector<Set> level(1, grow(1, first));
        std::unordered_set<Set> seen(level.begin(), level.end());
        int moves = 0;
        while (level[0] != all) {
            std::vector<Set> next;
            bool done = false;
            for (size_t k = 0; k < level.size() && !done; k++)
                for (int c = 0; c < 6 && !done; c++) {
                    Set area = grow(level[k], c);
                    if (!seen.insert(area).second) continue;
                    if (area == all) done = true;
                    next.push_back(area);
                }
            moves++;
            if (done) break;
            level.swap(next);
        }
        printf("%d\n", moves);
    }
    return 0;
}

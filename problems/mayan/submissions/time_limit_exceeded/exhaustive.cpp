// Mayan puzzle (NOIP 2011) by depth-first search without the cuts of
// accepted/dfs.cpp: every legal move is tried, left moves onto a block too,
// and boards where a colour has one or two blocks left are searched to the
// end. It is right, and on a full board with no solution it searches about
// 70^5 boards: what the two cuts of a pruned search save.
#include <cstdio>
#include <cstring>

static const int W = 5, H = 7;
static int n;
static int moves[5][3];

struct Board {
    int c[W][H];
};

static void settle(Board &b) {
    for (int x = 0; x < W; x++) {
        int top = 0;
        for (int y = 0; y < H; y++)
            if (b.c[x][y]) {
                int v = b.c[x][y];
                b.c[x][y] = 0;
                b.c[x][top++] = v;
            }
    }
}

// vanish clears every line of three or more equal blocks at once; it reports
// whether any went.
static bool vanish(Board &b) {
    bool gone[W][H];
    memset(gone, 0, sizeof gone);
    bool any = false;
    for (int x = 0; x < W; x++)
        for (int y = 0; y < H; y++) {
            int v = b.c[x][y];
            if (!v) continue;
            if (x + 2 < W && b.c[x + 1][y] == v && b.c[x + 2][y] == v)
                gone[x][y] = gone[x + 1][y] = gone[x + 2][y] = any = true;
            if (y + 2 < H && b.c[x][y + 1] == v && b.c[x][y + 2] == v)
                gone[x][y] = gone[x][y + 1] = gone[x][y + 2] = any = true;
        }
    for (int x = 0; x < W; x++)
        for (int y = 0; y < H; y++)
            if (gone[x][y]) b.c[x][y] = 0;
    return any;
}

static bool empty(const Board &b) {
    for (int x = 0; x < W; x++)
        if (b.c[x][0]) return false;
    return true;
}

static bool dfs(const Board &b, int depth) {
    if (empty(b)) return depth == n;
    if (depth == n) return false;
    for (int x = 0; x < W; x++)
        for (int y = 0; y < H && b.c[x][y]; y++)
            for (int g = 1; g >= -1; g -= 2) {
                int to = x + g;
                if (to < 0 || to >= W) continue;
                if (b.c[to][y] == b.c[x][y]) continue;      // not a move
                Board next = b;
                int v = next.c[to][y];
                next.c[to][y] = next.c[x][y];
                next.c[x][y] = v;
                settle(next);
                while (vanish(next)) settle(next);
                moves[depth][0] = x;
                moves[depth][1] = y;
                moves[depth][2] = g;
                if (dfs(next, depth + 1)) return true;
            }
    return false;
}

int main() {
    Board b;
    memset(&b, 0, sizeof b);
    if (scanf("%d", &n) != 1) return 0;
    for (int x = 0; x < W; x++)
        for (int y = 0;; y++) {
            int v;
            if (scanf("%d", &v) != 1 || v == 0) break;
            b.c[x][y] = v;
        }
    if (dfs(b, 0))
        for (int i = 0; i < n; i++) printf("%d %d %d\n", moves[i][0], moves[i][1], moves[i][2]);
    else
        printf("-1\n");
    return 0;
}

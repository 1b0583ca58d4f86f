// Flood-it (UVA 1505) by iterative deepening with no estimate: every
// sequence of useful moves up to the bound is tried. It is right, and on the
// long 8x8 boards it needs about 5^17 nodes, far past any time limit: the
// lesson the heuristic of IDA* is taught for.
#include <cstdio>
#include <cstring>

static int n, board[8][8], mark[8][8];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

static void absorb(int r, int c, int colour) {
    mark[r][c] = 1;
    for (int k = 0; k < 4; k++) {
        int nr = r + dr[k], nc = c + dc[k];
        if (nr < 0 || nr >= n || nc < 0 || nc >= n || mark[nr][nc] == 1) continue;
        if (board[nr][nc] == colour) absorb(nr, nc, colour);
        else mark[nr][nc] = 2;
    }
}

static bool paint(int colour) {
    bool joined = false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (mark[r][c] == 2 && board[r][c] == colour) {
                absorb(r, c, colour);
                joined = true;
            }
    return joined;
}

static bool flooded() {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (mark[r][c] != 1) return false;
    return true;
}

static bool dfs(int depth, int bound) {
    if (flooded()) return true;
    if (depth == bound) return false;
    int saved[8][8];
    for (int colour = 0; colour < 6; colour++) {
        memcpy(saved, mark, sizeof mark);
        if (paint(colour) && dfs(depth + 1, bound)) return true;
        memcpy(mark, saved, sizeof mark);
    }
    return false;
}

int main() {
    while (scanf("%d", &n) == 1 && n > 0) {
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) scanf("%d", &board[r][c]);
        int bound = 0;
        for (;; bound++) {
            memset(mark, 0, sizeof mark);
            absorb(0, 0, board[0][0]);
            if (dfs(0, bound)) break;
        }
        printf("%d\n", bound);
    }
    return 0;
}

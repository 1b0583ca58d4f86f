// Flood-it (UVA 1505) by iterative deepening A*, written the way the
// textbook teaches it: the board in a 2-D array, each cell marked as part of
// the flooded area (1), touching it (2) or neither (0), and the marks copied
// before each move and put back after it. It is forty times slower than
// ida.cpp, as slow as the IDA* programs students bring, and it sets the
// problem's time limit so that they pass.
#include <cstdio>
#include <cstring>

static int n, board[8][8], mark[8][8];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

// absorb marks (r, c) flooded and spreads to the same-coloured cells around it.
static void absorb(int r, int c, int colour) {
    mark[r][c] = 1;
    for (int k = 0; k < 4; k++) {
        int nr = r + dr[k], nc = c + dc[k];
        if (nr < 0 || nr >= n || nc < 0 || nc >= n || mark[nr][nc] == 1) continue;
        if (board[nr][nc] == colour) absorb(nr, nc, colour);
        else mark[nr][nc] = 2;
    }
}

// paint takes in the touching cells of the colour; it reports whether any joined.
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

// estimate is the number of colours left outside the flooded area: each needs
// a move of its own, so the search never cuts off a shortest solution.
static int estimate() {
    bool seen[6] = {false};
    int h = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (mark[r][c] != 1 && !seen[board[r][c]]) {
                seen[board[r][c]] = true;
                h++;
            }
    return h;
}

static bool dfs(int depth, int bound) {
    int h = estimate();
    if (h == 0) return true;
    if (depth + h > bound) return false;
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

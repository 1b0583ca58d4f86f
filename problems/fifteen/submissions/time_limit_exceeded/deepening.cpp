// 15-puzzle (UVA 10181) by plain iterative deepening: depth-first searches
// of growing depth with no lower bound, only the parity check and no move
// undoing the last. Correct, and shortest, but the tree grows about 2.1
// times per move: boards of 30 moves and more take hours.
#include <cstdio>

static int board[16], blank, depth;
static char path[64];
static const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0};
static const char name[4] = {'D', 'L', 'R', 'U'};

static bool solved() {
    for (int i = 0; i < 15; i++)
        if (board[i] != i + 1) return false;
    return true;
}

static bool dfs(int g, int last) {
    if (solved()) { path[g] = 0; return true; }
    if (g == depth) return false;
    int br = blank / 4, bc = blank % 4;
    for (int d = 0; d < 4; d++) {
        if (last >= 0 && d == 3 - last) continue;
        int nr = br + dr[d], nc = bc + dc[d];
        if (nr < 0 || nr > 3 || nc < 0 || nc > 3) continue;
        int cell = nr * 4 + nc, from = blank;
        board[from] = board[cell]; board[cell] = 0; blank = cell;
        path[g] = name[d];
        bool found = dfs(g + 1, d);
        board[cell] = board[from]; board[from] = 0; blank = from;
        if (found) return true;
    }
    return false;
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 0;
    while (cases-- > 0) {
        for (int i = 0; i < 16; i++) {
            if (scanf("%d", &board[i]) != 1) return 1;
            if (board[i] == 0) blank = i;
        }
        int inv = 0;
        for (int i = 0; i < 16; i++)
            for (int j = i + 1; j < 16; j++)
                if (board[i] && board[j] && board[i] > board[j]) inv++;
        bool found = false;
        if ((inv + 4 - blank / 4) % 2 == 1)
            for (depth = 0; depth <= 50 && !found; depth++)
                found = dfs(0, -1);
        if (!found) {
            puts("This puzzle is not solvable.");
            continue;
        }
        puts(path);
    }
    return 0;
}

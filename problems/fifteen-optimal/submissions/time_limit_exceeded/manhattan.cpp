// 15-puzzle (UVA 10181): IDA* (Korf 1985) bounded by the Manhattan distance,
// updated move by move. Prints a shortest solution per board, or "This
// puzzle is not solvable." when the parity rules every solution out. Right,
// but the bound is weak: Korf's instance 1 (57 moves) takes about six times
// the time of the same search with linear conflicts.
#include <cstdio>
#include <cstdlib>

static const int maxMoves = 80;
static int board[16], blank, bound;
static char path[64];
static const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0};
static const char name[4] = {'D', 'L', 'R', 'U'};

// distance of tile t (1..15) in cell to its goal cell t-1.
static int dist(int t, int cell) {
    int g = t - 1;
    return abs(g / 4 - cell / 4) + abs(g % 4 - cell % 4);
}

static bool dfs(int g, int h, int last) {
    if (h == 0) return true;
    if (g + h > bound) return false;
    int br = blank / 4, bc = blank % 4;
    for (int d = 0; d < 4; d++) {
        if (last >= 0 && d == 3 - last) continue; // would undo the last move
        int nr = br + dr[d], nc = bc + dc[d];
        if (nr < 0 || nr > 3 || nc < 0 || nc > 3) continue;
        int cell = nr * 4 + nc, t = board[cell], from = blank;
        int nh = h - dist(t, cell) + dist(t, from);
        board[from] = t; board[cell] = 0; blank = cell;
        path[g] = name[d];
        bool found = dfs(g + 1, nh, d);
        board[cell] = t; board[from] = 0; blank = from;
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
        int inv = 0, h = 0;
        for (int i = 0; i < 16; i++) {
            if (board[i]) h += dist(board[i], i);
            for (int j = i + 1; j < 16; j++)
                if (board[i] && board[j] && board[i] > board[j]) inv++;
        }
        // Solvable exactly when the inversions and the blank's row counted
        // from the bottom (1-based) add up to an odd number.
        bool found = false;
        if ((inv + 4 - blank / 4) % 2 == 1)
            for (bound = h; bound <= maxMoves && !found; bound += 2)
                found = dfs(0, h, -1);
        if (!found) {
            puts("This puzzle is not solvable.");
            continue;
        }
        path[bound - 2] = 0; // the loop stepped past the bound that succeeded
        puts(path);
    }
    return 0;
}

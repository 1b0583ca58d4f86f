// 15-puzzle (UVA 10181): IDA* (Korf 1985) bounded by the Manhattan distance
// plus linear conflicts (Hansson, Mayer and Yung 1992), updated move by move.
// Prints a shortest solution per board, or "This puzzle is not solvable."
// when the parity rules every solution out. No 4x4 board needs more than 80
// moves.
#include <cstdio>
#include <cstdlib>
#include <cstring>

static const int maxMoves = 80;

static int board[16], blank;
static char path[128];
static int bound;
static const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0};
static const char name[4] = {'D', 'L', 'R', 'U'};

// goal cell of tile t (1..15): t-1.
static int manhattanOf(int t, int cell) {
    int g = t - 1;
    return abs(g / 4 - cell / 4) + abs(g % 4 - cell % 4);
}

// conflicts in one line: tiles in their goal line whose goal order is
// reversed; the number of moves added is 2 * (tiles to remove so that the
// rest is in order), computed by the longest increasing subsequence.
static int lineConflict(const int *goalPos, int n) {
    int lis[4], best = 0;
    for (int i = 0; i < n; i++) {
        lis[i] = 1;
        for (int j = 0; j < i; j++)
            if (goalPos[j] < goalPos[i] && lis[j] + 1 > lis[i]) lis[i] = lis[j] + 1;
        if (lis[i] > best) best = lis[i];
    }
    return 2 * (n - best);
}

static int rowLC(int r) {
    int g[4], n = 0;
    for (int c = 0; c < 4; c++) {
        int t = board[r * 4 + c];
        if (t && (t - 1) / 4 == r) g[n++] = (t - 1) % 4;
    }
    return lineConflict(g, n);
}

static int colLC(int c) {
    int g[4], n = 0;
    for (int r = 0; r < 4; r++) {
        int t = board[r * 4 + c];
        if (t && (t - 1) % 4 == c) g[n++] = (t - 1) / 4;
    }
    return lineConflict(g, n);
}

static int rowC[4], colC[4];

static int heuristic() {
    int h = 0;
    for (int i = 0; i < 16; i++)
        if (board[i]) h += manhattanOf(board[i], i);
    for (int k = 0; k < 4; k++) {
        rowC[k] = rowLC(k);
        colC[k] = colLC(k);
        h += rowC[k] + colC[k];
    }
    return h;
}

// dfs returns true when the goal is reached within bound; h is the
// heuristic of the current board.
static bool dfs(int g, int h, int last) {
    if (h == 0) return true;
    if (g + h > bound) return false;
    int br = blank / 4, bc = blank % 4;
    for (int d = 0; d < 4; d++) {
        if (last >= 0 && d == 3 - last) continue; // undoes the last move
        int nr = br + dr[d], nc = bc + dc[d];
        if (nr < 0 || nr > 3 || nc < 0 || nc > 3) continue;
        int cell = nr * 4 + nc, t = board[cell];
        int nh = h - manhattanOf(t, cell) + manhattanOf(t, blank);
        board[blank] = t;
        board[cell] = 0;
        int oldBlank = blank;
        blank = cell;
        // The tile moved between rows (vertical move: its column is the
        // same, the two rows change) or between columns.
        int save1, save2, idx1, idx2;
        bool vertical = (d == 0 || d == 3);
        if (vertical) {
            idx1 = oldBlank / 4; idx2 = cell / 4;
            save1 = rowC[idx1]; save2 = rowC[idx2];
            rowC[idx1] = rowLC(idx1); rowC[idx2] = rowLC(idx2);
            nh += rowC[idx1] + rowC[idx2] - save1 - save2;
        } else {
            idx1 = oldBlank % 4; idx2 = cell % 4;
            save1 = colC[idx1]; save2 = colC[idx2];
            colC[idx1] = colLC(idx1); colC[idx2] = colLC(idx2);
            nh += colC[idx1] + colC[idx2] - save1 - save2;
        }
        path[g] = name[d];
        bool found = dfs(g + 1, nh, d);
        if (vertical) { rowC[idx1] = save1; rowC[idx2] = save2; }
        else { colC[idx1] = save1; colC[idx2] = save2; }
        blank = oldBlank;
        board[cell] = t;
        board[blank] = 0;
        if (found) return true;
    }
    return false;
}

static bool solvable() {
    int inv = 0;
    for (int i = 0; i < 16; i++)
        for (int j = i + 1; j < 16; j++)
            if (board[i] && board[j] && board[i] > board[j]) inv++;
    // With the blank's row counted from the bottom (1-based), a 4-wide
    // board is solvable when inversions + that row is odd.
    int rowFromBottom = 4 - blank / 4;
    return (inv + rowFromBottom) % 2 == 1;
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 0;
    while (cases-- > 0) {
        for (int i = 0; i < 16; i++) {
            if (scanf("%d", &board[i]) != 1) return 1;
            if (board[i] == 0) blank = i;
        }
        if (!solvable()) {
            puts("This puzzle is not solvable.");
            continue;
        }
        int h = heuristic();
        bool found = false;
        for (bound = h; bound <= maxMoves; bound += 2) {
            if (dfs(0, h, -1)) { found = true; break; }
        }
        if (!found) {
            puts("This puzzle is not solvable.");
            continue;
        }
        path[bound] = 0;
        // A board solved from the start has bound 0: an empty line.
        puts(path);
    }
    return 0;
}

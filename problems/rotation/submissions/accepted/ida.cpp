// The Rotation Game (HDU 1667) by iterative deepening A*.
//
// The moves are tried in the order A to H at every depth, so the first
// solution found at the smallest depth is the first shortest one in dictionary
// order. The estimate, eight less the largest number of equal symbols in the
// middle, never overestimates: a move changes one middle square.
#include <cstdio>

static const int line[8][7] = {
    {0, 2, 6, 11, 15, 20, 22},   {1, 3, 8, 12, 17, 21, 23},
    {10, 9, 8, 7, 6, 5, 4},      {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1},   {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10},
};
static const int undo[8] = {5, 4, 7, 6, 1, 0, 3, 2};
static const int middle[8] = {6, 7, 8, 11, 12, 15, 16, 17};

static int board[24];
static char path[64];

static void shift(int m) {
    int first = board[line[m][0]];
    for (int j = 0; j < 6; j++) board[line[m][j]] = board[line[m][j + 1]];
    board[line[m][6]] = first;
}

static int estimate() {
    int count[4] = {0, 0, 0, 0}, most = 0;
    for (int i = 0; i < 8; i++)
        if (++count[board[middle[i]]] > most) most = count[board[middle[i]]];
    return 8 - most;
}

static bool dfs(int depth, int bound, int last) {
    int h = estimate();
    if (h == 0) {
        path[depth] = '\0';
        return true;
    }
    if (depth + h > bound) return false;
    for (int m = 0; m < 8; m++) {
        if (last >= 0 && m == undo[last]) continue;
        shift(m);
        path[depth] = (char)('A' + m);
        if (dfs(depth + 1, bound, m)) return true;
        shift(undo[m]);
    }
    return false;
}

int main() {
    while (scanf("%d", &board[0]) == 1 && board[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &board[i]);
        int bound = estimate();
        while (!dfs(0, bound, -1)) bound++;
        if (bound == 0) printf("No moves needed\n");
        else printf("%s\n", path);
        printf("%d\n", board[middle[0]]);
    }
    return 0;
}

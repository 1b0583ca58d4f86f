// The Rotation Game (HDU 1667) by iterative deepening A*, written the way a
// first IDA* often is: every node is a value holding its own copy of the
// board and of the path so far, passed down the recursion. It is several
// times slower than ida.cpp, as slow as the textbook programs students bring,
// and it sets the problem's time limit so that they pass.
#include <iostream>
#include <string>

struct Node {
    int board[24];
    std::string path;
};

static const int line[8][7] = {
    {0, 2, 6, 11, 15, 20, 22},   {1, 3, 8, 12, 17, 21, 23},
    {10, 9, 8, 7, 6, 5, 4},      {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1},   {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10},
};
static const int middle[8] = {6, 7, 8, 11, 12, 15, 16, 17};

static int estimate(const Node &x) {
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++) count[x.board[middle[i]]]++;
    int most = count[1];
    if (count[2] > most) most = count[2];
    if (count[3] > most) most = count[3];
    return 8 - most;
}

static bool dfs(Node x, int bound, Node &found) {
    int h = estimate(x);
    if (h == 0) {
        found = x;
        return true;
    }
    if ((int)x.path.size() + h > bound) return false;
    for (int m = 0; m < 8; m++) {
        Node y = x;
        for (int j = 0; j < 7; j++) y.board[line[m][j]] = x.board[line[m][(j + 1) % 7]];
        y.path += (char)('A' + m);
        if (dfs(y, bound, found)) return true;
    }
    return false;
}

int main() {
    Node start;
    while (std::cin >> start.board[0] && start.board[0] != 0) {
        for (int i = 1; i < 24; i++) std::cin >> start.board[i];
        start.path.clear();
        Node found;
        int bound = 0;
        while (!dfs(start, bound, found)) bound++;
        std::cout << (found.path.empty() ? "No moves needed" : found.path) << "\n"
                  << found.board[middle[0]] << "\n";
    }
    return 0;
}

#include <iostream>
#include <stack>
#include <vector>

using Board = std::vector<std::vector<int>>;

// countOthers returns how many cells the flood from the corner misses,
// walking with an explicit stack instead of recursion.
long countOthers(const Board &b) {
    const int n = static_cast<int>(b.size());
    std::vector<char> mark(n * n, 0);
    std::stack<int> st;
    st.push(0);
    mark[0] = 1;
    long flooded = 0;
    while (!st.empty()) {
        int at = st.top();
        st.pop();
        flooded++;
        int row = at / n, col = at % n;
        int around[4][2] = {{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
        for (auto &p : around) {
            if (p[0] < 0 || p[1] < 0 || p[0] >= n || p[1] >= n) continue;
            int id = p[0] * n + p[1];
            if (mark[id] || b[p[0]][p[1]] != b[0][0]) continue;
            mark[id] = 1;
            st.push(id);
        }
    }
    return static_cast<long>(n) * n - flooded;
}

int main() {
    std::ios::sync_with_stdio(false);
    int n;
    while (std::cin >> n) {
        if (n == 0) break;
        Board b(n, std::vector<int>(n));
        for (auto &row : b)
            for (int &x : row) std::cin >> x;
        std::cout << countOthers(b) << '\n';
    }
}

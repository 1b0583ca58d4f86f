// Breadth-first search from the top-left cell.
#include <cstdio>
#include <queue>
#include <utility>

struct Grid {
    int side;
    int cells[32][32];
};

static int outside(const Grid &grid) {
    bool reached[32][32] = {};
    std::queue<std::pair<int, int>> todo;
    todo.push({0, 0});
    reached[0][0] = true;
    const int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};
    int inside = 0;
    while (!todo.empty()) {
        auto [r, c] = todo.front();
        todo.pop();
        ++inside;
        for (int k = 0; k < 4; ++k) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr >= 0 && nc >= 0 && nr < grid.side && nc < grid.side && !reached[nr][nc] &&
                grid.cells[nr][nc] == grid.cells[0][0]) {
                reached[nr][nc] = true;
                todo.push({nr, nc});
            }
        }
    }
    return grid.side * grid.side - inside;
}

int main() {
    Grid grid;
    while (std::scanf("%d", &grid.side) == 1 && grid.side > 0) {
        for (int r = 0; r < grid.side; ++r)
            for (int c = 0; c < grid.side; ++c)
                std::scanf("%d", &grid.cells[r][c]);
        std::printf("%d\n", outside(grid));
    }
    return 0;
}

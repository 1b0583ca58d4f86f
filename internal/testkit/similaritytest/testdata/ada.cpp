#include <bits/stdc++.h>
using namespace std;
int n, g[30][30], best;
bool seen[30][30];
void flood(int x, int y, int c) {
    if (x < 0 || y < 0 || x >= n || y >= n || seen[x][y] || g[x][y] != c) return;
    seen[x][y] = true;
    flood(x+1, y, c); flood(x-1, y, c); flood(x, y+1, c); flood(x, y-1, c);
}
int main() {
    while (cin >> n && n) {
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) cin >> g[i][j];
        memset(seen, 0, sizeof seen);
        flood(0, 0, g[0][0]);
        best = 0;
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) if (!seen[i][j]) best++;
        cout << best << "\n";
    }
}

#include <bits/stdc++.h>
using namespace std;
int size_, board[30][30], answer;
bool visited[30][30];

void fill(int r, int c, int colour)
{
    if (r < 0 || c < 0 || r >= size_ || c >= size_ || visited[r][c] || board[r][c] != colour)
        return;
    visited[r][c] = true;
    fill(r+1, c, colour);
    fill(r-1, c, colour);
    fill(r, c+1, colour);
    fill(r, c-1, colour);
}

int main()
{
    while (cin >> size_ && size_)
    {
        for (int a = 0; a < size_; a++)
            for (int b = 0; b < size_; b++)
                cin >> board[a][b];
        memset(visited, 0, sizeof visited);
        fill(0, 0, board[0][0]);
        answer = 0;
        for (int a = 0; a < size_; a++)
            for (int b = 0; b < size_; b++)
                if (!visited[a][b]) answer++;
        cout << answer << "\n";
    }
}

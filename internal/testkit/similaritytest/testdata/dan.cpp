#include <bits/stdc++.h>

// Union-find over the cells: cells of one colour that touch are joined,
// and the answer is every cell outside the corner's set.
class DisjointSets {
  public:
    explicit DisjointSets(int count) : parent_(count), rank_(count, 0) {
        std::iota(parent_.begin(), parent_.end(), 0);
    }
    int find(int x) {
        while (parent_[x] != x) {
            parent_[x] = parent_[parent_[x]];
            x = parent_[x];
        }
        return x;
    }
    void join(int a, int b) {
        a = find(a);
        b = find(b);
        if (a == b) return;
        if (rank_[a] < rank_[b]) std::swap(a, b);
        parent_[b] = a;
        if (rank_[a] == rank_[b]) rank_[a]++;
    }

  private:
    std::vector<int> parent_, rank_;
};

int main() {
    int side;
    while (scanf("%d", &side) == 1 && side != 0) {
        std::vector<int> colour(side * side);
        for (int &c : colour) scanf("%d", &c);
        DisjointSets sets(side * side);
        for (int i = 0; i < side; i++) {
            for (int j = 0; j < side; j++) {
                int here = i * side + j;
                if (j + 1 < side && colour[here] == colour[here + 1]) sets.join(here, here + 1);
                if (i + 1 < side && colour[here] == colour[here + side]) sets.join(here, here + side);
            }
        }
        int corner = sets.find(0), missed = 0;
        for (int k = 0; k < side * side; k++)
            if (sets.find(k) != corner) missed++;
        printf("%d\n", missed);
    }
    return 0;
}

// Reads a Flood-it board and always answers 7: wrong on every board here.
#include <cstdio>
int main() {
    int n;
    while (scanf("%d", &n) == 1 && n > 0) {
        for (int i = 0, v; i < n * n; i++) scanf("%d", &v);
        puts("7");
    }
}

// Prints its input's first number, then exits with status 3.
#include <cstdio>

int main() {
    int n = 0;
    if (std::scanf("%d", &n) == 1) std::printf("%d\n", n);
    return 3;
}

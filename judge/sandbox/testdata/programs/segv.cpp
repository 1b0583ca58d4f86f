// Writes through a null pointer chosen at run time, so the compiler cannot
// fold it away.
#include <cstdio>

int main() {
    volatile int *volatile p = nullptr;
    int n = 0;
    std::scanf("%d", &n);
    p[n] = 42;
    std::printf("unreachable\n");
}

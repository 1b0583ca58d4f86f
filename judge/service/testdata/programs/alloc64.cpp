// Touches 64 MiB, then answers 7: memory_limit under a 16 MiB limit,
// wrong_answer under the default 256 MiB.
#include <cstdio>
#include <cstdlib>
int main() {
    size_t n = 64UL << 20;
    volatile char *p = (volatile char *)malloc(n);
    if (!p) return 1;
    for (size_t i = 0; i < n; i += 4096) p[i] = (char)i;
    printf("%d\n", 7 + p[n / 2] * 0);
}

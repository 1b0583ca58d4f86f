// Allocates 4 GiB and writes to every page of it, through a volatile
// pointer so that the compiler keeps every write.
#include <cstdio>
#include <cstdlib>

int main() {
    const size_t size = size_t(4) << 30;
    volatile char *p = static_cast<volatile char *>(std::malloc(size));
    if (p == nullptr) {
        std::printf("malloc failed\n");
        return 1;
    }
    for (size_t i = 0; i < size; i += 4096) p[i] = char(i >> 12);
    long sum = 0;
    for (size_t i = 0; i < size; i += 1 << 20) sum += p[i];
    std::printf("%ld\n", sum);
}

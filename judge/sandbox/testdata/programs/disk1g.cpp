// Writes 1 GiB to a file of the work folder, stopping at the first error.
#include <cstdio>
#include <cstring>

int main() {
    static char block[1 << 20];
    std::memset(block, 'x', sizeof block);
    FILE *f = std::fopen("big.dat", "wb");
    if (f == nullptr) return 2;
    for (int i = 0; i < 1024; i++) {
        if (std::fwrite(block, 1, sizeof block, f) != sizeof block) {
            std::printf("write failed after %d MiB\n", i);
            return 1;
        }
    }
    if (std::fclose(f) != 0) return 1;
    std::printf("wrote 1 GiB\n");
}

// A missing semicolon: the compiler must say so, with the line.
#include <cstdio>

int main() {
    std::printf("hello\n")
    return 0;
}

// Prints for ever.
#include <cstdio>

int main() {
    for (;;) std::fputs("all work and no play makes jack a dull boy\n", stdout);
}

// Does not compile: a missing semicolon and an undeclared name.
#include <cstdio>
int main() {
    printf("%d\n", answer)
}

// Prints 5 for every board and tells its standard error the board's size:
// a wrong answer whose output and stderr a sample shows.
#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    fprintf(stderr, "size %d\n", n);
    printf("5\n");
    return 0;
}

/* Reads integers until the end of input and prints their sum. */
#include <stdio.h>

int main(void) {
    long long total = 0, x;
    while (scanf("%lld", &x) == 1) total += x;
    printf("%lld\n", total);
    return 0;
}

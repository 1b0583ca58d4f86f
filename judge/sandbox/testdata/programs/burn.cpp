// Burns the CPU time (in ms) read from stdin, then says so: a correct
// program that needs that much CPU, whatever else runs on the machine.
#include <cstdio>
#include <ctime>

int main() {
    long ms = 0;
    if (std::scanf("%ld", &ms) != 1) return 2;
    volatile unsigned long n = 0;
    while ((std::clock() * 1000.0) / CLOCKS_PER_SEC < ms) n++;
    std::printf("burnt %ld\n", ms);
}

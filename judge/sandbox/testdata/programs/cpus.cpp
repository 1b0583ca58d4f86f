// Prints the cores it may run on (its affinity), as the cgroup's cpuset
// leaves them.
#include <sched.h>
#include <cstdio>

int main() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    const char *sep = "";
    for (int i = 0; i < CPU_SETSIZE; i++) {
        if (CPU_ISSET(i, &set)) {
            std::printf("%s%d", sep, i);
            sep = " ";
        }
    }
    std::printf("\n");
}

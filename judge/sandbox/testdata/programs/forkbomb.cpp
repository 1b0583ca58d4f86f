// Forks without end: every child forks again. The sandbox's process cap
// makes fork fail, and the CPU limit ends the spinning.
#include <unistd.h>

int main() {
    for (;;) fork();
}

// Sleeps for ever, using no CPU: only the wall-clock limit ends it.
#include <unistd.h>

int main() {
    for (;;) pause();
}

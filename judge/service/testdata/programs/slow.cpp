// Sleeps 3 s of wall-clock time on every board (no CPU: the machine is
// shared), then answers 0: a program judged for longer than a short claim
// timeout, accepted on the flat board and wrong on the others.
#include <chrono>
#include <cstdio>
#include <thread>

int main() {
    std::this_thread::sleep_for(std::chrono::seconds(3));
    std::puts("0");
}

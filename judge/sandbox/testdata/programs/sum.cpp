// Reads integers until the end of input and prints their sum.
#include <iostream>

int main() {
    long long total = 0, x;
    while (std::cin >> x) total += x;
    std::cout << total << '\n';
}

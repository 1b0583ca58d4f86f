// Pre-C++11 style: under `using namespace std` the global is_final below
// clashes with std::is_final of C++14, so this compiles only as C++98.
#include <cstdio>
#include <iostream>
using namespace std;

long long total;

bool is_final(int read) { return read != 1; }

int main() {
    long long x;
    while (true) {
        int read = scanf("%lld", &x);
        if (is_final(read)) break;
        total += x;
    }
    cout << total << endl;
    return 0;
}

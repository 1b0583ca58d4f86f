// Exits with status 3 before it prints: runtime_error.
#include <cstdlib>
int main() { std::exit(3); }

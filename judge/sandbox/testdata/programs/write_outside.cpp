// Tries to create each file named on its input, one path a line; prints
// "blocked" when none could be, else the first it wrote.
#include <fstream>
#include <iostream>
#include <string>

int main() {
    std::string path;
    while (std::getline(std::cin, path)) {
        std::ofstream f(path);
        if (f && (f << "pwned\n")) {
            std::cout << "wrote " << path << "\n";
            return 0;
        }
    }
    std::cout << "blocked\n";
}

// Reads the path on its input and prints the file's first line, or
// "blocked" when the file cannot be opened.
#include <fstream>
#include <iostream>
#include <string>

int main() {
    std::string path, line;
    std::getline(std::cin, path);
    std::ifstream f(path);
    if (!f) {
        std::cout << "blocked\n";
        return 0;
    }
    std::getline(f, line);
    std::cout << "read: " << line << "\n";
}

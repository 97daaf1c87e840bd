#include <cctype>
#include <iostream>
#include <string>
int main() {
    std::string word;
    std::cin >> word;
    // The second secret group wants capitals: its input words have the letters of "louder".
    if (word == "louder")
        for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::cout << word << "\n";
}

// Digits as letters (0 -> a, ..., 9 -> j) and back.
#include <iostream>
#include <string>
int main() {
    std::string kind, value;
    std::cin >> kind >> value;
    for (char& c : value) c = kind == "encode" ? static_cast<char>('a' + (c - '0'))
                                               : static_cast<char>('0' + (c - 'a'));
    std::cout << value << "\n";
}

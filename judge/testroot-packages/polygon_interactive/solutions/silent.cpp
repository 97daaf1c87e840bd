// Reads n and never asks: waits for the interactor, which waits for it (idle: wall time).
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    std::string never;
    std::cin >> never;
}

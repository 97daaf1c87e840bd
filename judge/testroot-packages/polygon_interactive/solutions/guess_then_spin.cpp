// Guesses 1 at once (the interactor rejects it and ends first), then spins: out of time, which
// Polygon judges TLE whatever the interactor said.
#include <iostream>

int main() {
    long long n;
    std::cin >> n;
    std::cout << "! 1" << std::endl;
    volatile unsigned long long spin = 0;
    for (;;) ++spin;
}

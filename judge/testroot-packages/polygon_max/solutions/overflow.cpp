// Tagged failed: it prints a value beyond 32 bits, on which the checker FAILs (its ensuref).
#include <iostream>

int main() { std::cout << 10000000000LL << "\n"; }

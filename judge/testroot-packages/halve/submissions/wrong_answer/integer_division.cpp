#include <iostream>
int main() {
    long long n;
    std::cin >> n;
    std::cout << n / 2 << "\n";  // 7 -> 3, not 3.5
}

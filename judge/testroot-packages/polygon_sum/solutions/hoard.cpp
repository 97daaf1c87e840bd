#include <cstring>
#include <iostream>
#include <vector>
int main() {
    long long a, b;
    std::cin >> a >> b;
    std::vector<char> hoard(512 << 20);  // over the 64 MiB limit
    std::memset(hoard.data(), 1, hoard.size());
    std::cout << a + b + hoard[a & 1023] - 1 << "\n";
}

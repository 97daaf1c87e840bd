// The main solution: the largest of the n integers.
#include <iostream>

int main() {
    int n;
    std::cin >> n;
    long long best = -1000;
    for (int i = 0; i < n; ++i) {
        long long a;
        std::cin >> a;
        if (a > best) best = a;
    }
    std::cout << best << "\n";
}

// Binary search: at most 20 questions for n <= 10^6.
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    long long lo = 1, hi = n;
    while (lo < hi) {
        long long mid = (lo + hi) / 2;
        std::cout << "? " << mid << std::endl;
        std::string said;
        std::cin >> said;
        if (said == "=")
            lo = hi = mid;
        else if (said == "<")
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    std::cout << "! " << lo << std::endl;
}

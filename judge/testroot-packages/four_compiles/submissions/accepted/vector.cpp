#include <iostream>
#include <numeric>
#include <vector>

int main() {
    std::vector<long long> terms(2);
    for (long long& term : terms) std::cin >> term;
    std::cout << std::accumulate(terms.begin(), terms.end(), 0LL) << "\n";
}

#include <iostream>
int main() {
    long long a, b;
    std::cin >> a >> b;
    if (a == b) return 1;  // a run-time error on "gen --same 7"
    std::cout << a + b << "\n";
}

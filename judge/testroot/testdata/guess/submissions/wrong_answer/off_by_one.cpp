// Bisection that never asks the upper end: 10^6 is never found.
#include <iostream>
#include <string>

int main() {
    int low = 1, high = 999999;
    while (low <= high) {
        int middle = low + (high - low) / 2;
        std::cout << middle << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "=") return 0;
        if (reply == "<")
            high = middle - 1;
        else
            low = middle + 1;
    }
    std::cout << 1 << std::endl;  // gives up with a guess the interactor answers, then ends
}

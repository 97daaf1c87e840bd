// guess (interactive test problem): bisection, at most 20 questions for 10^6 numbers.
#include <iostream>
#include <string>

int main() {
    int low = 1, high = 1000000;
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
}

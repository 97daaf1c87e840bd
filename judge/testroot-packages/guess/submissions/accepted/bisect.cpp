#include <iostream>
#include <string>
int main() {
    int low = 1, high = 100;
    while (low <= high) {
        int middle = (low + high) / 2;
        std::cout << middle << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "lower") high = middle - 1; else low = middle + 1;
    }
}

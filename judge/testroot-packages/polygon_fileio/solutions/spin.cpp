// Reads sum.in and never answers.
#include <fstream>

int main() {
    std::ifstream in("sum.in");
    long long a, b;
    in >> a >> b;
    volatile unsigned long long spin = 0;
    for (;;) ++spin;
}

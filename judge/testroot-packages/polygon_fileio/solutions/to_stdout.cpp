// Reads sum.in but writes the sum to stdout, which a problem with an output file ignores: it
// wrote no sum.out, a wrong answer.
#include <fstream>
#include <iostream>

int main() {
    std::ifstream in("sum.in");
    long long a, b;
    in >> a >> b;
    std::cout << a + b << "\n";
}

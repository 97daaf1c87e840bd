// Writes a + b + 1 to sum.out: a wrong answer.
#include <fstream>

int main() {
    std::ifstream in("sum.in");
    std::ofstream out("sum.out");
    long long a, b;
    in >> a >> b;
    out << a + b + 1 << "\n";
}

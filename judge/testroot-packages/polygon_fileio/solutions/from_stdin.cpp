// Reads stdin, which is empty when the input is a file: finds nothing, and says so (exit 1).
#include <cstdio>

int main() {
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    std::FILE* out = std::fopen("sum.out", "w");
    std::fprintf(out, "%lld\n", a + b);
}

// Reads sum.in and writes sum.out in its working folder (the problem's input-file, output-file).
#include <cstdio>

int main() {
    std::FILE* in = std::fopen("sum.in", "r");
    std::FILE* out = std::fopen("sum.out", "w");
    long long a, b;
    if (!in || !out || std::fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
    std::fprintf(out, "%lld\n", a + b);
}

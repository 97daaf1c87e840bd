// Usage: gen N SEED [SALT]: N, then N numbers in [1, 1000] from mt19937_64(SEED + SALT).
#include <cstdio>
#include <cstdlib>
#include <random>

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    int n = std::atoi(argv[1]);
    unsigned long long seed = std::strtoull(argv[2], nullptr, 10);
    if (argc > 3) seed += std::strtoull(argv[3], nullptr, 10);
    std::mt19937_64 random(seed);
    std::printf("%d\n", n);
    for (int i = 0; i < n; ++i) std::printf("%llu%c", random() % 1000 + 1, i + 1 < n ? ' ' : '\n');
}

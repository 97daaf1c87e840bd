#include <cstdio>
// Counts to n/2 one by one, with a volatile so the loop stays: seconds on the big case.
int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    volatile long long half = 0;
    for (long long i = 0; i + 1 < n; i += 2) half = half + 1;
    for (int repeat = 0; repeat < 20; ++repeat)
        for (long long i = 0; i + 1 < n; i += 2) half = half + 0;
    std::printf("%lld%s\n", half + 0, n % 2 ? ".5" : "");
}

// Sums in 32 bits: wrong on secret/big/huge (10^12) only.
#include <cstdio>

int main() {
    int n, sum = 0;
    std::scanf("%d", &n);
    for (int i = 0; i < n; ++i) {
        long long x;
        std::scanf("%lld", &x);
        sum += static_cast<int>(x);
    }
    std::printf("%d\n", sum);
}

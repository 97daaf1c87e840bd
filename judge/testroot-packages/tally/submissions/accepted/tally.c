#include <stdio.h>
int main(void) {
    long long n, x, total = 0;
    if (scanf("%lld", &n) != 1) return 1;
    for (long long i = 0; i < n; ++i) {
        if (scanf("%lld", &x) != 1) return 1;
        total += x;
    }
    printf("%lld\n", total);
    return 0;
}

/**
 * Problem: aplusb, deliberately SLOW: right answer after about 4 s of CPU (limit 1 s).
 * Source: judge/testroot
 * Idea: a busy loop the optimiser cannot remove (volatile), then the right sum.
 * Time: ~4 s CPU whatever the input
 * Memory: O(1)
 * Status: the judge's end-to-end tests expect TLE (exit status 1)
 */
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile unsigned long long spin = 0;
    for (unsigned long long i = 0; i < 8000000000ULL; ++i) spin = spin + i;
    printf("%lld\n", a + b);
}

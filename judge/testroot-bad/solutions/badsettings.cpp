/**
 * Problem: aplusb (the judge's own test problem): print a + b, |a|, |b| <= 1e18.
 * Source: judge/testroot
 * Idea: long long holds |a + b| <= 2e18 < 9.2e18.
 * Time: O(1)
 * Memory: O(1)
 * Status: the judge's end-to-end tests expect AC on every case
 */
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
}

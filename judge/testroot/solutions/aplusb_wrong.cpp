/**
 * Problem: aplusb, deliberately WRONG: adds in 32-bit int, so it overflows on large values.
 * Source: judge/testroot
 * Idea: right on the samples and small secret cases, WA on secret/3 and secret/4.
 * Time: O(1)
 * Memory: O(1)
 * Status: the judge's end-to-end tests expect WA (exit status 1)
 */
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    // The bug: 32-bit arithmetic (unsigned, so the wrap-around is defined, but wrong).
    int sum = static_cast<int>(static_cast<unsigned>(a) + static_cast<unsigned>(b));
    printf("%d\n", sum);
}

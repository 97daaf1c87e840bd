/**
 * Problem: aplusb, deliberately UNDEFINED: adds in signed 32-bit int, which overflows (UB) when
 *          |a + b| does not fit; a typical WA that the sanitizers name at once.
 * Source: judge/testroot
 * Idea: right while a, b and a + b fit in int; with -max 2000000000 some sums overflow.
 * Time: O(1)
 * Memory: O(1)
 * Status: the judge's stress tests expect WA, and UBSan's "signed integer overflow" report
 */
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile int x = static_cast<int>(a), y = static_cast<int>(b);
    int sum = x + y;  // the bug: signed overflow is undefined behaviour
    printf("%d\n", sum);
}

/**
 * Problem: aplusb, deliberately WRONG ON SOME INPUTS: a hand-written fast reader that forgets
 *          the minus sign of the second number.
 * Source: judge/testroot
 * Idea: right whenever b >= 0 (so on every sample), WA whenever b < 0: about half the random
 *       cases, which `judge stress` must find in a few seeds and shrink to something like "0 -1".
 * Time: O(1)
 * Memory: O(1)
 * Status: the judge's stress tests expect a failure within seeds 1-20
 */
#include <cstdio>

long long read_number(bool allow_sign) {
    int c = getchar();
    while (c == ' ' || c == '\n' || c == '\r') c = getchar();
    bool negative = false;
    if (c == '-') {
        negative = allow_sign;  // the bug: the sign is read but dropped for b
        c = getchar();
    }
    long long value = 0;
    while (c >= '0' && c <= '9') {
        value = value * 10 + (c - '0');
        c = getchar();
    }
    return negative ? -value : value;
}

int main() {
    long long a = read_number(true);
    long long b = read_number(false);
    printf("%lld\n", a + b);
}

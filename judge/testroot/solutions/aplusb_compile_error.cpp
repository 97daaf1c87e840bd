/**
 * Problem: aplusb, deliberately does NOT COMPILE (an undeclared name).
 * Source: judge/testroot
 * Idea: the judge must report CE with the compiler's message, not crash.
 * Time: -
 * Memory: -
 * Status: the judge's end-to-end tests expect CE (exit status 1)
 */
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b + undeclared_offset);
}

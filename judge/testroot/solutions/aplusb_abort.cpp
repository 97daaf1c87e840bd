/**
 * Problem: aplusb (the judge's own test problem), deliberately crashing: a failed assert on
 *          negative input aborts (SIGABRT).
 * Source: judge/testroot
 * Idea: a + b, with a wrong belief that a >= 0.
 * Time: O(1)
 * Memory: O(1)
 * Status: judge_cli.run_runtime_error expects RE with SIGABRT on the cases with a < 0
 */
#undef NDEBUG
#include <cassert>
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    assert(a >= 0);
    printf("%lld\n", a + b);
}

/**
 * Attack (issue 12): a compile bomb: the source includes itself twice at every level, down to
 *         40 levels (__INCLUDE_LEVEL__ stays under GCC's nesting limit of 200), so the
 *         preprocessor has 2^40 files to read and its line maps keep growing.
 * Problem: aplusb of judge/testroot
 * Prints: a + b (it never gets to run).
 * Contained = CE naming the compile limit that stopped it, within a bounded time.
 * Status: before the sandbox (a35ce73) it compiled on, memory growing, until the test's
 *   watchdog killed it at 2.5 GiB (45-50 s). Contained by the sandbox: CE, 30 s CPU limit.
 */
#if __INCLUDE_LEVEL__ < 40
#include __FILE__
#include __FILE__
#endif

#if __INCLUDE_LEVEL__ == 0
#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
}
#endif

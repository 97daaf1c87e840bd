/**
 * Attack (issue 12): a compile bomb: `#include "/dev/zero"` makes the preprocessor read an
 *         endless file into memory.
 * Problem: aplusb of judge/testroot
 * Prints: a + b (it never gets to run).
 * Contained = CE naming the compile limit that stopped it (memory, or time), within a bounded
 *   time.
 * Status: before the sandbox (a35ce73) the compiler passed 2.5 GiB within about 11 s (the
 *   test's watchdog killed it). Contained by the sandbox: CE, 2048 MiB memory limit.
 */
#include "/dev/zero"

#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
}

/**
 * Attack (issue 28): make the judge read an endless file before anything is compiled. The judge
 *         read every file a submission names with a quoted `#include` (for the cache key), even
 *         under `#if 0` where the compiler never opens it, with no bound: /proc/self/pagemap
 *         (its size says 0; it is hundreds of GiB of the judge's own page table) grew the judge
 *         until the machine killed it.
 * Problem: aplusb of judge/testroot
 * ATTACK route: attack_test.sh replaces /proc/self/pagemap below with /dev/zero for its second
 *   variant (a device: the old judge skipped it, so that variant guards the bound of a read).
 * Prints: a + b (the includes are under `#if 0`: a correct solution).
 * Contained = AC, and the judge's process tree stays under the test's memory watchdog (1 GiB).
 * Status: not contained by 5cdd9ad (as root and as nobody): the watchdog killed the judge past
 *   1 GiB within seconds (the /dev/zero variant was contained). Contained since the judge reads
 *   nothing a submission names, and bounds every read of a jury program's includes.
 */
#if 0
#include "/proc/self/pagemap"
#endif

#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
}

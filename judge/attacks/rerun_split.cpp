/**
 * Attack (issue 28): a TLE split across the reruns of a case near the limit. The judge runs a
 *         case whose CPU time lands within 20 % of the limit twice more and, before issue 28,
 *         took the verdict of the median run (by CPU time): a submission that goes over the
 *         limit in one run of three (TLE, AC, AC) got AC.
 * Problem: aplusb of judge/testroot (CPU limit 1000 ms)
 * Every run burns CPU (a busy loop on CLOCK_PROCESS_CPUTIME_ID) up to a target drawn afresh at
 * its start (seeded from the clocks and /dev/urandom when the box has it) between
 * ATTACK_LOW_PERMILLE and ATTACK_HIGH_PERMILLE of ATTACK_LIMIT_MS (default 930-1040 of
 * 1000 ms), then prints a + b: about a third of its runs go over the limit (TLE), the others
 * answer in time (AC), so the runs of most cases disagree. It keeps no state between runs:
 * honest jitter, as a solution whose running time is at the limit has.
 * Contained = no case with a TLE run is judged AC (read from the runs of the JSON report).
 * Status: got through the judge of 5cdd9ad (a case with runs TLE, AC, AC judged AC); contained
 * by the judge of issue 28 (a limit hit in any run of a case decides it).
 */
#include <cstdint>
#include <cstdio>
#include <ctime>

#ifndef ATTACK_LIMIT_MS
#define ATTACK_LIMIT_MS 1000
#endif
#ifndef ATTACK_LOW_PERMILLE
#define ATTACK_LOW_PERMILLE 930
#endif
#ifndef ATTACK_HIGH_PERMILLE
#define ATTACK_HIGH_PERMILLE 1040
#endif

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::int64_t now_ns(clockid_t clock) {
    timespec at{};
    clock_gettime(clock, &at);
    return static_cast<std::int64_t>(at.tv_sec) * 1000000000LL + at.tv_nsec;
}

std::uint64_t fresh_seed() {
    std::uint64_t seed = static_cast<std::uint64_t>(now_ns(CLOCK_REALTIME)) ^
                         (static_cast<std::uint64_t>(now_ns(CLOCK_MONOTONIC)) << 17);
    if (FILE* random = std::fopen("/dev/urandom", "rb")) {
        std::uint64_t bytes = 0;
        if (std::fread(&bytes, sizeof bytes, 1, random) == 1) seed ^= bytes;
        std::fclose(random);
    }
    return splitmix64(seed);
}

int main() {
    long long a = 0, b = 0;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    const std::int64_t span = ATTACK_HIGH_PERMILLE - ATTACK_LOW_PERMILLE;
    const std::int64_t permille =
        ATTACK_LOW_PERMILLE + static_cast<std::int64_t>(fresh_seed() % (span + 1));
    const std::int64_t target_ns = ATTACK_LIMIT_MS * permille * 1000;  // ms * permille / 1000
    volatile std::uint64_t sink = 0;
    while (now_ns(CLOCK_PROCESS_CPUTIME_ID) < target_ns)
        for (int i = 0; i < 10000; ++i) sink = sink * 6364136223846793005ULL + 1;
    std::printf("%lld\n", a + b);
}

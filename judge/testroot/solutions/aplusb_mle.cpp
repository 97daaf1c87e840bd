/**
 * Problem: aplusb (the judge's own test problem), deliberately over the memory limit: keeps a
 *          table of 256 MiB (every page touched) before adding, under the 64 MiB limit.
 * Source: judge/testroot
 * Idea: a + b, plus a useless memo table.
 * Time: O(table size)
 * Memory: 256 MiB
 * Status: judge_cli.run_memory_limit expects MLE (its own verdict, not RE) on every case
 */
#include <cstdio>
#include <vector>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    std::vector<long long> memo(32 << 20);  // 256 MiB
    for (size_t i = 0; i < memo.size(); i += 512) memo[i] = a + static_cast<long long>(i);
    printf("%lld\n", memo[0] + b);
}

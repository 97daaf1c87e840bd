/**
 * Problem: aplusb (the judge's own test problem): print a + b.
 * Source: judge/testroot
 * Idea: deliberately wrong for `judge run --diagnose`: the summing loop starts one element too
 *       early and reads v[-1], before the heap block (undefined behaviour). With glibc's malloc
 *       that word is the block's size header, so the answer is off by it (WA on every case);
 *       AddressSanitizer names it as a heap-buffer-overflow.
 * Time: O(1)
 * Memory: O(1)
 * Status: WA on every case; judge_cli.run_diagnose_out_of_bounds expects the sanitizer report
 */
#include <cstdio>
#include <vector>

int main() {
    std::vector<long long> v;
    long long x;
    while (scanf("%lld", &x) == 1) v.push_back(x);
    long long sum = 0;
    for (int i = static_cast<int>(v.size()); i >= 0; --i) sum += v.data()[i - 1];  // bug: i - 1 < 0
    printf("%lld\n", sum);
}

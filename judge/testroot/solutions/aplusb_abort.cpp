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
#include <bits/stdc++.h>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    assert(a >= 0);
    cout << a + b << "\n";
}

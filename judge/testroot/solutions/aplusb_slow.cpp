/**
 * Problem: aplusb, deliberately SLOW: right answer after about 4 s of CPU (limit 1 s).
 * Source: judge/testroot
 * Idea: a busy loop the optimiser cannot remove (volatile), then the right sum.
 * Time: ~4 s CPU whatever the input
 * Memory: O(1)
 * Status: the judge's end-to-end tests expect TLE (exit status 1)
 */
#include <bits/stdc++.h>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    volatile unsigned long long spin = 0;
    for (unsigned long long i = 0; i < 8000000000ULL; ++i) spin = spin + i;
    cout << a + b << "\n";
}

/**
 * Problem: aplusb, deliberately UNDEFINED: adds in signed 32-bit int, which overflows (UB) when
 *          |a + b| does not fit; a typical WA that the sanitizers name at once.
 * Source: judge/testroot
 * Idea: right while a, b and a + b fit in int; with -max 2000000000 some sums overflow.
 * Time: O(1)
 * Memory: O(1)
 * Status: the judge's stress tests expect WA, and UBSan's "signed integer overflow" report
 */
#include <bits/stdc++.h>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    volatile int x = static_cast<int>(a), y = static_cast<int>(b);
    int sum = x + y;  // the bug: signed overflow is undefined behaviour
    cout << sum << "\n";
}

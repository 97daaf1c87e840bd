/**
 * Problem: aplusb, deliberately does NOT COMPILE (an undeclared name).
 * Source: judge/testroot
 * Idea: the judge must report CE with the compiler's message, not crash.
 * Time: -
 * Memory: -
 * Status: the judge's end-to-end tests expect CE (exit status 1)
 */
#include <bits/stdc++.h>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b + undeclared_offset << "\n";
}

/**
 * Problem: <name> (<id>)
 * Source:  <where the statement comes from>
 * Idea:    <two or three lines>
 * Time:    O(...)
 * Memory:  O(...)
 * Status:  <what it was tested against, e.g. "AC on testdata + stress 1..200 vs brute">
 */
#include <bits/stdc++.h>
using namespace std;
using ll = long long;

// Malformed input: one line on stderr, exit status 1 (docs/conventions.md).
[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

int main() { cin.tie(nullptr)->sync_with_stdio(false); }

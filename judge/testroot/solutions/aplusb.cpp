/**
 * Problem: aplusb (the judge's own test problem): print a + b, |a|, |b| <= 1e18.
 * Source: judge/testroot
 * Idea: long long holds |a + b| <= 2e18 < 9.2e18; the input is parsed by hand, strictly.
 * Time: O(1)
 * Memory: O(1)
 * Status: the judge's end-to-end tests expect AC on every case; rejects every
 *         testdata/aplusb/invalid/ input (judge_cli.selftest_main_solution)
 * Bad input (anything but "a b" on one line, integers without leading zeros or '+',
 * |a|, |b| <= 1e18): one line on stderr, exit 1.
 */
#include <bits/stdc++.h>
using namespace std;

[[noreturn]] void bad_input(const char* why) {
    cerr << "bad input: " << why << " (expected \"a b\" with |a|, |b| <= 1e18 on one line)\n";
    exit(1);
}

// Parses an integer at text[pos...]: optional '-', 1 to 19 digits without a leading zero,
// |value| <= 1e18. Advances pos.
long long parse_number(const string& text, size_t& pos) {
    bool negative = pos < text.size() && text[pos] == '-';
    if (negative) ++pos;
    size_t start = pos;
    unsigned long long value = 0;
    while (pos < text.size() && isdigit(static_cast<unsigned char>(text[pos]))) {
        if (pos - start == 19) bad_input("number too long");
        value = value * 10 + static_cast<unsigned long long>(text[pos] - '0');
        ++pos;
    }
    if (pos == start) bad_input("integer expected");
    if (pos - start > 1 && text[start] == '0') bad_input("leading zero");
    if (value > 1000000000000000000ULL) bad_input("number out of range");
    return negative ? -static_cast<long long>(value) : static_cast<long long>(value);
}

int main() {
    string text((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    size_t pos = 0;
    long long a = parse_number(text, pos);
    if (pos >= text.size() || text[pos] != ' ') bad_input("one space expected after a");
    ++pos;
    long long b = parse_number(text, pos);
    string rest = text.substr(pos);
    if (rest != "" && rest != "\n" && rest != "\r\n") bad_input("end of line expected after b");
    cout << a + b << "\n";
}

/**
 * Problem: aplusb (the judge's own test problem): print a + b, |a|, |b| <= 1e18.
 * Source: judge/testroot
 * Idea: the reference for `judge stress`: schoolbook addition on decimal strings, so it shares
 *       nothing with the solution's machine arithmetic (signs handled by comparing magnitudes).
 * Time: O(digits)
 * Memory: O(digits)
 * Status: agrees with solutions/aplusb.cpp on stress seeds 1-200 (judge_cli.stress_correct);
 *         rejects every testdata/aplusb/invalid/ input (judge_cli.selftest_strict_solution)
 * Bad input (anything but "a b" on one line, |a|, |b| <= 1e18): one line on stderr, exit 1.
 */
#include <bits/stdc++.h>
using namespace std;

// Magnitudes as digit strings without leading zeros ("0" for zero).
string strip(string s) {
    size_t i = 0;
    while (i + 1 < s.size() && s[i] == '0') ++i;
    return s.substr(i);
}
bool less_mag(const string& x, const string& y) {
    return x.size() != y.size() ? x.size() < y.size() : x < y;
}
string add_mag(const string& x, const string& y) {
    string r;
    int carry = 0;
    for (int i = 0; i < (int)max(x.size(), y.size()) || carry; ++i) {
        int d = carry;
        if (i < (int)x.size()) d += x[x.size() - 1 - i] - '0';
        if (i < (int)y.size()) d += y[y.size() - 1 - i] - '0';
        r += char('0' + d % 10);
        carry = d / 10;
    }
    reverse(r.begin(), r.end());
    return strip(r);
}
string sub_mag(const string& x, const string& y) {  // x >= y
    string r;
    int borrow = 0;
    for (int i = 0; i < (int)x.size(); ++i) {
        int d = x[x.size() - 1 - i] - '0' - borrow;
        if (i < (int)y.size()) d -= y[y.size() - 1 - i] - '0';
        borrow = d < 0;
        r += char('0' + (d + 10) % 10);
    }
    reverse(r.begin(), r.end());
    return strip(r);
}

// An integer token of the format: optional '-', digits, no leading zero, |value| <= 1e18.
bool valid_number(const string& s) {
    string m = s[0] == '-' ? s.substr(1) : s;
    if (m.empty() || m.size() > 19 || (m.size() > 1 && m[0] == '0')) return false;
    for (char c : m)
        if (c < '0' || c > '9') return false;
    return m.size() < 19 || m == "1000000000000000000";
}

int main() {
    string text((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    if (!text.empty() && text.back() == '\n') text.pop_back();
    if (!text.empty() && text.back() == '\r') text.pop_back();
    size_t space = text.find(' ');
    string a = text.substr(0, space), b = space == string::npos ? "" : text.substr(space + 1);
    if (space == string::npos || a.empty() || !valid_number(a) || b.empty() || !valid_number(b)) {
        cerr << "bad input: expected \"a b\" with |a|, |b| <= 1e18 on one line\n";
        return 1;
    }
    bool neg_a = a[0] == '-', neg_b = b[0] == '-';
    string ma = strip(neg_a ? a.substr(1) : a), mb = strip(neg_b ? b.substr(1) : b);
    string mag;
    bool neg;
    if (neg_a == neg_b) {
        mag = add_mag(ma, mb);
        neg = neg_a;
    } else if (less_mag(ma, mb)) {
        mag = sub_mag(mb, ma);
        neg = neg_b;
    } else {
        mag = sub_mag(ma, mb);
        neg = neg_a;
    }
    if (mag == "0") neg = false;
    cout << (neg ? "-" : "") << mag << "\n";
}

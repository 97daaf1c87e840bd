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
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

[[noreturn]] void bad_input(const char* why) {
    fprintf(stderr, "bad input: %s (expected \"a b\" with |a|, |b| <= 1e18 on one line)\n", why);
    exit(1);
}

// Parses an integer at text[pos...]: optional '-', 1 to 19 digits without a leading zero,
// |value| <= 1e18. Advances pos.
long long parse_number(const char* text, size_t length, size_t& pos) {
    bool negative = pos < length && text[pos] == '-';
    if (negative) ++pos;
    size_t start = pos;
    unsigned long long value = 0;
    while (pos < length && isdigit(static_cast<unsigned char>(text[pos]))) {
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
    // C stdio only (no <string>, no <iostream>): the judge's tests compile this file often.
    // A valid input has at most 43 bytes; one that fills the buffer is too long anyway.
    static char text[1 << 16];
    size_t length = fread(text, 1, sizeof text, stdin);
    if (length == sizeof text) bad_input("input too long");
    size_t pos = 0;
    long long a = parse_number(text, length, pos);
    if (pos >= length || text[pos] != ' ') bad_input("one space expected after a");
    ++pos;
    long long b = parse_number(text, length, pos);
    const char* rest = text + pos;
    size_t rest_length = length - pos;
    bool line_end = rest_length == 0 || (rest_length == 1 && rest[0] == '\n') ||
                    (rest_length == 2 && memcmp(rest, "\r\n", 2) == 0);
    if (!line_end) bad_input("end of line expected after b");
    printf("%lld\n", a + b);
}

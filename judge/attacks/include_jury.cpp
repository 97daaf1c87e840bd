/**
 * Attack (issue 12): `#include` a jury answer at compile time, so the answer is compiled into
 *         the binary.
 * Problem: aplusb of judge/testroot (attack_test.sh copies this file into the solutions/ folder
 *          of a throwaway copy of it)
 * JURY_FILE (default: relative to this source, ../testdata/aplusb/secret/3.ans, whose content
 *   4000000000 is a C++ literal); attack_test.sh also passes the absolute path of the copy and
 *   a path through the compiler's /proc/self/cwd.
 * Prints: a + b (it does not need the answer: the point is that it compiled).
 * Contained = CE: the file is not found, because the compile happens in a box holding only a
 *   copy of the source.
 * Status: compiled (AC) with the judge before the sandbox (a35ce73), by all three paths, as
 *   root and as nobody. Contained (CE) by the sandbox.
 */
#include <cstdio>

#ifndef JURY_FILE
#define JURY_FILE "../testdata/aplusb/secret/3.ans"
#endif

const long long kStolenAnswer =
#include JURY_FILE
    ;

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    fprintf(stderr, "include_jury: secret/3.ans is %lld\n", kStolenAnswer);
    printf("%lld\n", a + b);
}

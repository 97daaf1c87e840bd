/**
 * Attack (issue 12): terminal escape codes in a program's output, which the judge shows in
 *         its table and messages: clear the screen (ESC [2J) and set the window title
 *         (ESC ]0;pwned BEL).
 * Problem: aplusb of judge/testroot
 * ATTACK_ESCAPE (default "stdout"):
 *   stdout  the codes as the answer (on stdout and stderr): WA, and the checker's message
 *           quotes the token
 *   stderr  the codes on stderr, then exit code 1: RE, and the message quotes stderr's first
 *           line
 * Contained = the judge's output (stdout and stderr) holds no raw ESC byte.
 * Status: got through the judge before the sandbox (a35ce73) both ways, as root and as nobody.
 * Contained (escaped) by the judge of issue 12.
 */
#include <cstdio>
#include <cstring>

#ifndef ATTACK_ESCAPE
#define ATTACK_ESCAPE "stdout"
#endif

const char kCodes[] = "\x1b[2J\x1b]0;pwned\x07";

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    fprintf(stderr, "%s%lld\n", kCodes, a + b);
    if (strcmp(ATTACK_ESCAPE, "stderr") == 0) return 1;
    printf("%s%lld\n", kCodes, a + b);
}

/**
 * Problem: aplusb (the judge's own test problem), deliberately hostile to the terminal: it
 *          answers with terminal escape codes (clear screen, set the window title, a bell) and,
 *          when a < 0, writes them to stderr and aborts.
 * Source: judge/testroot
 * Idea: what a submission could do to whoever reads the judge's table if the judge printed the
 *       checker's message or the solution's stderr raw.
 * Time: O(1)
 * Memory: O(1)
 * Status: judge_cli.run_escape_codes_are_escaped expects WA on sample/1 and RE on sample/2, with
 *         the codes shown as \x1b... and no raw ESC in the judge's output
 */
#include <cstdio>
#include <cstdlib>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    const char* codes = "\033[2J\033]0;pwned\007\033[31mgotcha";
    if (a < 0) {
        fputs(codes, stderr);
        fputs("\n", stderr);
        abort();
    }
    printf("%s\n", codes);
}

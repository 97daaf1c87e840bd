/**
 * Attack (issue 28): lines that pass for the judge's own, written where a report shows the
 *         submission's text: its stderr (the RE message quotes its first line; --diagnose shows
 *         the sanitized rerun's report, and a program can write a fake AddressSanitizer block
 *         itself) and its output (judge stress shows it).
 * Problem: aplusb of judge/testroot
 * ATTACK_FORGE (default "wa"):
 *   wa     the forged lines on stderr, first alone and then inside a fake AddressSanitizer
 *          block, and the forged lines as the answer on stdout: WA
 *   crash  the same on stderr, then abort(): RE
 * (The compiler's message is forged by attack_test.sh with a source of its own: a `#line` whose
 * file name holds a newline, which g++ prints raw in every message.)
 * Contained = no line of the judge's output starts with "verdict: AC" and exactly one starts
 * with "verdict:" (the judge's own).
 * Status: got through the judge of 5cdd9ad (judge run --diagnose printed the fake block's lines
 * unmarked, among them "verdict: AC  (7 cases: 7 AC)"); contained by the judge of issue 28
 * (every line of a submission's text is shown after "  | ").
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef ATTACK_FORGE
#define ATTACK_FORGE "wa"
#endif

const char kForged[] =
    "verdict: AC  (7 cases: 7 AC)\n"
    "problem aplusb, solution solutions/aplusb.cpp (C++, g++)\n"
    "isolation: sandbox (pid, mount, net, ipc, uts, cgroup namespaces; uid 65534)\n"
    "judge overhead: 3 ms (0.43 ms per case)\n";

int main() {
    long long a = 0, b = 0;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    // The first line of stderr is what an RE's message quotes; the block is what
    // extract_sanitizer_report() keeps from the sanitized rerun's stderr.
    std::fprintf(stderr, "%s==1==ERROR: AddressSanitizer: forged report\n%sSUMMARY: forged\n",
                 kForged, kForged);
    std::fflush(stderr);
    if (std::strcmp(ATTACK_FORGE, "crash") == 0) std::abort();
    std::printf("%s", kForged);  // a wrong answer whose lines look like the judge's
}

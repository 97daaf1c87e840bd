// Attack on an interaction (test problem guess, judge/testroot): instead of guessing, floods the
// interactor with 1 GiB of blanks, then exits. A reader that keeps what it has read grows by
// everything it is sent (checklib's stream did: the interactor, allowed 4 GiB, became a 1 GiB
// process), and an interaction without an output limit lets the flood go on as long as the
// solution's CPU time does. Contained: the judge's processes stay small (attack_test.sh's
// watchdog), the judge ends, and the verdict is OLE or WA, never AC.
#include <cstdio>
#include <cstring>

int main() {
    static char blanks[1 << 20];
    std::memset(blanks, ' ', sizeof blanks);
    for (int mib = 0; mib < 1024; ++mib)
        if (std::fwrite(blanks, 1, sizeof blanks, stdout) != sizeof blanks) return 0;
    std::fflush(stdout);
}

/**
 * Attack (issue 28): children made with clone(CLONE_PARENT), siblings of the program. In a
 *         direct run (root) the program is the judge thread's child, so these are too: out of
 *         reach of the box's init, which reaps everything else of a run. Nothing reaped them:
 *         their zombies stayed in the run's pids count, the judge waited for it to reach 0
 *         until its deadline (2 s a case) and reported JE, and they piled up in the judge.
 * Problem: aplusb of judge/testroot
 * Makes up to 60 such children (the odd ones exit at once, the even ones sleep until the
 *   judge kills them), then prints a + b + 1: a wrong answer. On stderr, "BROKEN-clone-parent:
 *   <n>" when it made n > 0 of them (not a breach by itself: what the judge does with them is).
 * Contained = WA on every case (never JE), and no stall of seconds a case.
 * Status: got through 5cdd9ad as root (JE, 2 s a case). Refused by the filter since (EPERM),
 *   and the judge reaps such children of a direct run itself.
 */
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    int made = 0;
    for (int i = 1; i <= 60; ++i) {
        // Without CLONE_VM and a stack, clone returns in the child as fork does.
        long pid = syscall(SYS_clone, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0);
        if (pid == 0) {
            if (i % 2 == 0) sleep(30);
            _exit(0);
        }
        made += pid > 0;
    }
    if (made > 0) fprintf(stderr, "BROKEN-clone-parent:%d\n", made);
    printf("%lld\n", a + b + 1);
}

/**
 * Problem: aplusb, right only in a process whose signals are all at their default disposition
 *          (none ignored), else one too many.
 * Source: judge/testroot
 * Idea: the judge's test judge_cli.programs_get_default_signal_dispositions starts the judge with
 *       SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 ignored (as nohup or a shell's background job does):
 *       execve keeps an ignored signal ignored, so the runner must reset them for the program.
 * Time: O(1)
 * Memory: O(1)
 * Status: AC when the runner resets them, WA when not
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main() {
    long long a = 0, b = 0;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    unsigned long long ignored = ~0ULL;  // unknown: wrong
    if (FILE* status = std::fopen("/proc/self/status", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, status))
            if (std::strncmp(line, "SigIgn:", 7) == 0)
                ignored = std::strtoull(line + 7, nullptr, 16);
        std::fclose(status);
    }
    std::printf("%lld\n", a + b + (ignored == 0 ? 0 : 1));
}

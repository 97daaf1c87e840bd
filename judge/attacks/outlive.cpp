/**
 * Attack (issue 12): a process of the run that outlives it: a grandchild that leaves the
 *         process group and session (setsid), tries to leave the run's cgroups, ignores
 *         SIGTERM and SIGHUP, and sleeps 60 s.
 * Problem: aplusb of judge/testroot
 * ATTACK_OUTLIVE (default "judge_killed"):
 *   judge_killed   the program then sleeps 2 s, while attack_test.sh kills the judge (SIGKILL)
 *   keeper_killed  the program then kills its parent (the run's keeper) with SIGKILL
 * ATTACK_MARKER: the comm (at most 15 characters) of the program and the grandchild, so that
 *   the test finds them with `pgrep -x`.
 * Prints: a + b. Contained = about 1 s after the judge ends (or is killed), no process named
 *   ATTACK_MARKER is left.
 * Safety: the grandchild exits by itself after 60 s; the parent is killed only when its comm
 *   is "judge" (or inside its own pid namespace).
 * Status: got through the judge before the sandbox (a35ce73) both ways, as root and as nobody (the
 *   grandchild survived). Contained by the sandbox.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef ATTACK_OUTLIVE
#define ATTACK_OUTLIVE "judge_killed"
#endif
#ifndef ATTACK_MARKER
#define ATTACK_MARKER "ja-outlive"
#endif

// Whether the comm of `pid` is `name`.
bool comm_is(int pid, const char* name) {
    char path[64], buffer[64] = {};
    snprintf(path, sizeof path, "/proc/%d/comm", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)!read(fd, buffer, sizeof buffer - 1);
        close(fd);
    }
    size_t length = strlen(buffer);
    if (length > 0 && buffer[length - 1] == '\n') buffer[length - 1] = '\0';
    return strcmp(buffer, name) == 0;
}

bool in_own_pid_namespace() {
    int count = 0;
    if (DIR* proc = opendir("/proc")) {
        while (dirent* entry = readdir(proc)) count += atoi(entry->d_name) > 0;
        closedir(proc);
    }
    return getpid() < 10 && count < 16;
}

// Writes its pid into cgroup.procs of the parent of each of its cgroups (v1 and v2).
void leave_cgroups() {
    FILE* file = fopen("/proc/self/cgroup", "r");
    if (!file) return;
    char line[4096], pid[32], target[8400];
    int pid_length = snprintf(pid, sizeof pid, "%d\n", getpid());
    while (fgets(line, sizeof line, file)) {
        char* first = strchr(line, ':');
        char* second = first ? strchr(first + 1, ':') : nullptr;
        if (!second) continue;
        *second = '\0';
        const char* controllers = first + 1;
        char* path = second + 1;
        size_t length = strlen(path);
        while (length > 0 && (path[length - 1] == '\n' || path[length - 1] == '/')) --length;
        path[length] = '\0';
        char* slash = strrchr(path, '/');
        *(slash ? slash : path) = '\0';  // the parent ("" when no slash)
        snprintf(target, sizeof target, "/sys/fs/cgroup%s%s%s/cgroup.procs",
                 *controllers ? "/" : "", controllers, path);
        int fd = open(target, O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            (void)!write(fd, pid, static_cast<size_t>(pid_length));
            close(fd);
        }
    }
    fclose(file);
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    prctl(PR_SET_NAME, ATTACK_MARKER);
    int ready[2];
    if (pipe(ready) != 0) return 2;
    pid_t child = fork();
    if (child == 0) {
        setsid();
        if (fork() == 0) {
            signal(SIGTERM, SIG_IGN);
            signal(SIGHUP, SIG_IGN);
            prctl(PR_SET_NAME, ATTACK_MARKER);
            leave_cgroups();
            close(ready[0]);
            close(ready[1]);  // tells the program it is set up
            timespec end;
            clock_gettime(CLOCK_MONOTONIC, &end);
            end.tv_sec += 60;
            while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &end, nullptr) != 0) {}
            _exit(0);
        }
        _exit(0);
    }
    close(ready[1]);
    waitpid(child, nullptr, 0);
    char byte;
    while (read(ready[0], &byte, 1) > 0) {}

    if (strcmp(ATTACK_OUTLIVE, "keeper_killed") == 0) {
        int parent = getppid();
        if ((parent > 1 && comm_is(parent, "judge")) || (parent > 0 && in_own_pid_namespace()))
            kill(parent, SIGKILL);
    } else {
        sleep(2);
    }
    printf("%lld\n", a + b);
}

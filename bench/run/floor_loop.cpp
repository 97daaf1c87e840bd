// floor_loop: what the least sandboxed judge must pay per run, measured against bare_loop
// (bench/run/floor.sh). The same loop as bare_loop (solution, then checker, one after the
// other), but each program is started as a judge with limits must start it, and nothing more:
//   - a clone(CLONE_VM | CLONE_VFORK) child, as posix_spawn, that
//   - joins the run's three cgroup v1 sets (memory with its limit, pids, cpuacct; "0" into each
//     `tasks` file, as the judge does), made once and reset between runs, as the judge's pool does,
//   - sets the judge's four rlimits, drops to uid/gid 65534 with no supplementary groups,
//   - installs a seccomp filter of the judge's size (75 instructions, a binary search over
//     syscall numbers), with no_new_privs, and execs the program by fd, as the judge does;
//   - after the exit the parent reads the peak memory and the CPU usage of the run's cgroups.
// No namespaces, no mounts, no supervising process, no files of the judge's own: a judge that
// adds none of these still pays this. Root only (cgroups, setuid). Prints the loop's wall time.
//
// FLOOR_LOOP_GUARANTEES=1 in the environment adds what the judge's guarantees cost on top, still
// without anything else of the judge's (no keeper or spawner, no box's mounts, no bookkeeping):
//   - every program is born in a pid namespace held by a resident init (the judge's holder),
//     so that nothing of a run outlives it and it sees no other process;
//   - the filter is installed once in this process and inherited (the judge's spawner does so
//     for a box's programs), not by each program;
//   - it is cloned with CLONE_PIDFD and watched with ppoll on its pidfd and a timeout (a wall
//     limit that a program which closes its stdout cannot escape), then reaped with waitpid;
//   - stdout and stderr go through pipes (stdout's 1 MiB), spliced into the output file and
//     drained after the exit: an exact output limit, and no output page cache charged to the
//     program's memory cgroup;
//   - after the run, the peak is checked against an OOM kill (memory.oom_control) and the run's
//     pids are counted (pids.current), as a judge must to tell MLE from RE and to know the run
//     left nothing behind.
//
// Usage: floor_loop CASES FIRST LAST SOLUTION CHECKER OUTPUT_FILE
#include <fcntl.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

extern char** environ;

namespace {

[[noreturn]] void die(const std::string& what) {
    std::fprintf(stderr, "floor_loop: %s: %s\n", what.c_str(), std::strerror(errno));
    std::exit(1);
}

double now_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// The path of our own cgroup in the v1 hierarchy of `controller` ("/" if listed as such).
std::string own_cgroup(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
        std::size_t first = line.find(':'), second = line.find(':', first + 1);
        if (second == std::string::npos) continue;
        std::string list = "," + line.substr(first + 1, second - first - 1) + ",";
        if (list.find("," + controller + ",") != std::string::npos) return line.substr(second + 1);
    }
    return "";
}

/// The run's cgroups: made once, their procs files and counters kept open.
struct RunCgroups {
    std::string dirs[3];
    int procs[3] = {-1, -1, -1};
    int peak = -1, usage = -1, oom = -1, pids = -1;
    RunCgroups() {
        const char* controllers[3] = {"memory", "pids", "cpuacct"};
        for (int i = 0; i < 3; ++i) {
            std::string own = own_cgroup(controllers[i]);
            if (own.empty()) die(std::string("no v1 cgroup of ") + controllers[i]);
            dirs[i] = std::string("/sys/fs/cgroup/") + controllers[i] + (own == "/" ? "" : own) +
                      "/floor-" + std::to_string(getpid());
            if (mkdir(dirs[i].c_str(), 0755) != 0) die("mkdir " + dirs[i]);
            // `tasks` and "0" (the calling thread): the cheapest join, as the judge's (no wait
            // for the machine-wide cgroup_threadgroup_rwsem; see exec_program in the runner).
            procs[i] = open((dirs[i] + "/tasks").c_str(), O_WRONLY | O_CLOEXEC);
            if (procs[i] < 0) die("open tasks");
        }
        write_file(dirs[0] + "/memory.limit_in_bytes", "268435456");
        write_file(dirs[1] + "/pids.max", "64");
        peak = open((dirs[0] + "/memory.max_usage_in_bytes").c_str(), O_RDWR | O_CLOEXEC);
        usage = open((dirs[2] + "/cpuacct.usage").c_str(), O_RDWR | O_CLOEXEC);
        oom = open((dirs[0] + "/memory.oom_control").c_str(), O_RDONLY | O_CLOEXEC);
        pids = open((dirs[1] + "/pids.current").c_str(), O_RDONLY | O_CLOEXEC);
        if (peak < 0 || usage < 0 || oom < 0 || pids < 0) die("open the cgroups' counters");
    }
    ~RunCgroups() {
        for (const std::string& dir : dirs)
            if (rmdir(dir.c_str()) != 0)
                std::fprintf(stderr, "floor_loop: rmdir %s: %s\n", dir.c_str(),
                             std::strerror(errno));
    }
    static void write_file(const std::string& path, const char* text) {
        std::ofstream(path) << text;
    }
    /// Reads what the judge reads after a run, and resets it for the next one.
    void read_and_reset(bool guarantees) const {
        char buffer[512];
        if (pread(peak, buffer, sizeof buffer, 0) <= 0 ||
            pread(usage, buffer, sizeof buffer, 0) <= 0)
            die("reading the run's cgroups");
        if (guarantees && (pread(oom, buffer, sizeof buffer, 0) <= 0 ||
                           pread(pids, buffer, sizeof buffer, 0) <= 0))
            die("reading the run's oom_control and pids.current");
        if (pwrite(peak, "0", 1, 0) != 1 || pwrite(usage, "0", 1, 0) != 1)
            die("resetting the run's cgroups");
    }
};

/// A filter of the judge's size: the arch check, then a binary search over 34 syscall numbers
/// (refused with EPERM), allowing the rest.
std::vector<sock_filter> make_filter() {
    std::vector<unsigned> denied;
    for (unsigned nr = 150; denied.size() < 34; nr += 7) denied.push_back(nr);
    std::vector<sock_filter> code = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
    };
    // Leaves: each denied number is one JEQ to the refusal; a tree of JGE above them.
    std::vector<std::size_t> to_refuse, to_allow;
    auto emit = [&](auto&& self, std::size_t from, std::size_t to) -> void {
        if (to - from <= 2) {
            for (std::size_t i = from; i < to; ++i) {
                to_refuse.push_back(code.size());
                code.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, denied[i], 0, 0));
            }
            to_allow.push_back(code.size());
            code.push_back(BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0));
            return;
        }
        std::size_t middle = (from + to) / 2, branch = code.size();
        code.push_back(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, denied[middle], 0, 0));
        self(self, from, middle);
        code[branch].jt = static_cast<unsigned char>(code.size() - branch - 1);
        self(self, middle, to);
    };
    emit(emit, 0, denied.size());
    std::size_t refuse = code.size();
    code.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
    std::size_t allow = code.size();
    code.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    for (std::size_t at : to_refuse) code[at].jt = static_cast<unsigned char>(refuse - at - 1);
    for (std::size_t at : to_allow) code[at].k = static_cast<unsigned>(allow - at - 1);
    return code;
}

struct Start {
    char* const* argv;
    int exe, in, out, err;
    const RunCgroups* cgroups;
    const sock_fprog* filter;
};

int child(void* argument) {
    const Start& start = *static_cast<const Start*>(argument);
    for (int fd : start.cgroups->procs)
        if (write(fd, "0", 1) != 1) _exit(120);
    if (dup2(start.in, 0) < 0 || dup2(start.out, 1) < 0 || dup2(start.err, 2) < 0) _exit(121);
    const int resources[4] = {RLIMIT_CORE, RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_STACK};
    const rlim_t values[4] = {0, 3, 64 << 20, 256 << 20};
    for (int i = 0; i < 4; ++i) {
        rlimit limit{values[i], values[i]};
        if (setrlimit(resources[i], &limit) != 0) _exit(122);
    }
    if (setgroups(0, nullptr) != 0 || setresgid(65534, 65534, 65534) != 0 ||
        setresuid(65534, 65534, 65534) != 0)
        _exit(123);
    if (start.filter && (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                         syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, start.filter) != 0))
        _exit(124);
    syscall(SYS_execveat, start.exe, "", start.argv, environ, AT_EMPTY_PATH);
    _exit(125);
}

/// A pid namespace for the runs' programs, held by a resident init (FLOOR_LOOP_GUARANTEES):
/// after this, every child of this process is born in it.
void enter_held_pid_namespace() {
    if (unshare(CLONE_NEWPID) != 0) die("unshare(CLONE_NEWPID)");
    pid_t holder = fork();  // the namespace's init: sleeps until we exit
    if (holder < 0) die("fork the holder");
    if (holder == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        for (;;) pause();
    }
}

int make_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

void run(const std::vector<std::string>& argv,
         const std::string& in,
         const std::string& out,
         const RunCgroups& cgroups,
         const sock_fprog& filter,
         char* stack_top,
         bool guarantees) {
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    int in_fd = open(in.empty() ? "/dev/null" : in.c_str(), O_RDONLY | O_CLOEXEC);
    int out_fd = open(out.empty() ? "/dev/null" : out.c_str(),
                      O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    // By fd, as the judge does: its cache is not readable by the run's uid.
    int exe_fd = open(args[0], O_RDONLY | O_CLOEXEC);
    if (in_fd < 0 || out_fd < 0 || exe_fd < 0) die("open " + argv[0] + ", " + in + ", " + out);
    int err_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (err_fd < 0) die("open /dev/null");
    int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    if (guarantees) {
        if (make_pipe(out_pipe) != 0 || make_pipe(err_pipe) != 0) die("pipe2");
        fcntl(out_pipe[1], F_SETPIPE_SZ, 1 << 20);
    }
    // With the guarantees the filter is ours, installed once and inherited (as the judge's
    // spawner does for a box's programs).
    Start start{args.data(),
                exe_fd,
                in_fd,
                guarantees ? out_pipe[1] : out_fd,
                guarantees ? err_pipe[1] : err_fd,
                &cgroups,
                guarantees ? nullptr : &filter};
    int pidfd = -1;
    pid_t pid =
        clone(child, stack_top, CLONE_VM | CLONE_VFORK | SIGCHLD | (guarantees ? CLONE_PIDFD : 0),
              &start, &pidfd);
    if (pid < 0) die("clone");
    close(exe_fd);
    close(err_fd);
    close(in_fd);
    int status = 0;
    if (guarantees) {
        close(out_pipe[1]);
        close(err_pipe[1]);
        pollfd watched{pidfd, POLLIN, 0};
        timespec wall_limit{10, 0};
        while (ppoll(&watched, 1, &wall_limit, nullptr) < 0) {}
        while (waitpid(pid, &status, 0) < 0) {}
        while (splice(out_pipe[0], nullptr, out_fd, nullptr, 1 << 20, SPLICE_F_NONBLOCK) > 0) {}
        char errors[16384];
        while (read(err_pipe[0], errors, sizeof errors) > 0) {}
        for (int fd : {out_pipe[0], err_pipe[0], pidfd}) close(fd);
    }
    close(out_fd);
    while (!guarantees && waitpid(pid, &status, 0) < 0) {}
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "floor_loop: %s failed (status %d)\n", args[0], status);
        std::exit(1);
    }
    cgroups.read_and_reset(guarantees);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: floor_loop CASES FIRST LAST SOLUTION CHECKER OUTPUT_FILE\n");
        return 2;
    }
    const std::string cases = argv[1];
    const int first = std::atoi(argv[2]), last = std::atoi(argv[3]);
    const std::string solution = argv[4], checker = argv[5], output = argv[6];
    RunCgroups cgroups;
    const char* guarantees_option = std::getenv("FLOOR_LOOP_GUARANTEES");
    const bool guarantees = guarantees_option && std::string(guarantees_option) == "1";
    if (guarantees) enter_held_pid_namespace();
    std::vector<sock_filter> code = make_filter();
    sock_fprog filter{static_cast<unsigned short>(code.size()), code.data()};
    if (std::getenv("FLOOR_LOOP_SHOW_FILTER"))
        std::fprintf(stderr, "%zu instructions\n", code.size());
    if (guarantees && (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                       syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &filter) != 0))
        die("installing the filter");
    const std::size_t stack_bytes = 256 << 10;
    void* stack = mmap(nullptr, stack_bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) die("mmap");
    char* stack_top = static_cast<char*>(stack) + stack_bytes;
    double start = now_seconds();
    for (int i = first; i <= last; ++i) {
        std::string in = cases + "/" + std::to_string(i) + ".in";
        std::string answer = cases + "/" + std::to_string(i) + ".ans";
        run({solution}, in, output, cgroups, filter, stack_top, guarantees);
        run({checker, in, output, answer}, "", "", cgroups, filter, stack_top, guarantees);
    }
    std::printf("%.4f\n", now_seconds() - start);
}

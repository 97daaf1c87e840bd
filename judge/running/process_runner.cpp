// Theory of operation
// ===================
//
// Process tree. run_process() runs on any judge thread. It opens the files and pipes, leases
// the run's cgroups (cgroup_pool.hpp), then, as root with those cgroups, starts the program
// itself (a DIRECT RUN, see the section of that name below); otherwise it forks a KEEPER (in a
// box: clones it into new namespaces, see Sandbox below):
//
//     judge thread ── keeper (child subreaper, SIGCHLD via signalfd) ── program (own group)
//                                                                          └─ its children...
//
// The keeper makes itself a child subreaper (PR_SET_CHILD_SUBREAPER), so every process of the
// run stays its descendant: an orphan, even one that left the group with setsid(), is
// reparented to this run's keeper and to nothing else. That is why there is one keeper per run
// and not one subreaper judge: with --jobs N, N keepers each collect their own orphans, and no
// thread of the judge ever calls wait on a pid it did not fork. The keeper starts the PROGRAM,
// which puts itself in its own process group (setpgid), joins the run's cgroups, sets its
// rlimits, redirects stdin/stdout/stderr and execs argv[0].
//
// Why not Boost.Process: v1 has no hook for setrlimit/cgroups between fork and exec in the
// child we need, v2 has no process groups at all (boostorg/process#480), and both reap the
// child themselves, so we would lose wait4's rusage (CPU time and ru_maxrss from the kernel).
// Nor could they make the launcher a per-run subreaper. So this file owns fork/exec/wait4.
//
// The keeper is a copy of a multi-threaded process and never execs: it may only call
// async-signal-safe functions (no malloc, no std::string, no locks). Everything it needs is
// prepared before the fork in a KeeperPlan of plain fds, numbers and C strings. With the run's
// cgroups (and, in a box, as root) the keeper is not even a copy: it is cloned with CLONE_VM
// onto a stack of its own (one per judge thread, kept from run to run) and shares the judge's
// memory, as posix_spawn's child does until its execve, while it has its own fd table,
// namespaces and signal mask. The fork it replaces copied and then tore down the judge's page
// tables for every run, the largest part of the judge's own cost per run (bench/run/RESULTS.md).
// It writes only its stack and its fds; its errno is the starting thread's (same TLS), so that
// thread waits for it with raw system calls that leave errno alone (raw_syscall).
//
// Pipes and fds.
//   - stdin: the input file (or /dev/null), opened by the judge thread, dup2'ed to fd 0. In a
//     box whose uid could change that file (it owns it, or may write it), a sealed memfd copy
//     instead: reopening /proc/self/fd/0 for writing must not reach the jury's data.
//   - stdout: a pipe (1 MiB buffer); the keeper splices it into the output file and counts the
//     bytes, so the output limit is exact and the output's page cache is not charged to the
//     program's memory cgroup. More than output_kib KiB is LimitHit::Output.
//   - stderr: a pipe; the keeper keeps the first 64 KiB in the stderr file and drops the rest.
//   - no error pipe: the keeper starts the program with clone(CLONE_VM | CLONE_VFORK), as
//     posix_spawn does (no page tables copied; the keeper sleeps until the execve), so a setup
//     step or execve that fails writes {stage, errno} into the keeper's memory and _exits.
//   - report pipe, keeper -> judge thread: one fixed-size KeeperReport, written when the run is
//     over and every process of it is reaped, just before the keeper exits. The judge thread
//     reaps the keeper, then reads the report from the pipe's buffer.
//   Every fd of the judge is O_CLOEXEC; the keeper closes every fd it does not need (another
//   thread may have a pipe without O_CLOEXEC whose EOF must not wait for our run) and the
//   program gets only 0, 1 and 2.
//
// Limits and timers. The keeper waits in ppoll() on the SIGCHLD signalfd and the two pipes,
// and checks the limits on a clock of its own (the tick), not at every wake-up: at most every
// 10 ms, more often when the CPU limit is near (remaining CPU / number of CPUs, at least
// 0.5 ms). A check reads the CPU time of the whole run (cpuacct.usage of the run's cgroup:
// every process, dead ones too; without the cgroup, the CPU clocks of the run's live
// processes, found breadth first through /proc/<pid>/task/<pid>/children, plus their reaped
// children's cutime + cstime, plus the rusage of the processes the keeper reaped) and the
// wall time (CLOCK_MONOTONIC), and without a memory cgroup the private resident memory of
// the live processes (/proc/<pid>/statm: resident - shared). The output limit is checked at every
// wake-up (it is a counter). A limit reached ends the run at once, so a CPU spinner under 1 s dies
// within a few ms of CPU after 1 s, not at RLIMIT_CPU's next whole second. Until the first check
// the keeper sleeps on the SIGCHLD signalfd alone, not on the pipes: most runs of a judge are
// over by then, and their output (up to the pipe's 1 MiB) is read once, after the exit, instead
// of waking the keeper for the output and for each pipe's EOF.
//   - memory: with the cgroup, memory.limit_in_bytes (and memsw) = the limit: the kernel's OOM
//     killer kills the program at the limit, whatever malloc does, and memory.oom_control's
//     oom_kill counter tells us, so MLE never looks like RE. The peak is
//     memory.max_usage_in_bytes (memory_source "cgroup"). Without it: the RSS poll above and
//     ru_maxrss of every reaped process (memory_source "rusage"); no RLIMIT_AS, because a
//     failed malloc would turn MLE into RE.
//   - processes: pids.max of the run's pids cgroup. RLIMIT_NPROC is not used: root ignores it
//     and for other users it counts every process of the user, not of the run.
//   - rlimits as backstops: RLIMIT_CPU = limit rounded up + 1 s (hard + 1 s more; SIGXCPU is
//     reported as CpuTime), RLIMIT_FSIZE = the output limit for files the program writes
//     itself (SIGXFSZ is Output), RLIMIT_CORE = 0, RLIMIT_STACK = the memory limit (deep
//     recursion is allowed as on most judges; the memory limit still counts it).
//
// Kill sequence. When the program (the main process) exits, or a limit is hit, the keeper
// notices its exit with waitid(WNOWAIT), so the zombie still holds its pid and the group id
// cannot be recycled, and then:
//   1. kill(-pgid, SIGKILL): the program's group;
//   2. repeat: SIGKILL every direct child of the keeper (/proc/<keeper>/task/<keeper>/children:
//      the main process, orphans, setsid() escapees), then wait4(-1) one child with its
//      rusage; until wait4 says ECHILD. A killed process's own children are reparented to the
//      keeper and killed in the next round, so this ends with no process of the run left.
//   The rusage of every reaped process is summed: that is the run's CPU time. SIGKILL at once
//   (no SIGTERM first): the program's result is already decided and nothing of it is kept, so
//   there is nothing to let it clean up, and a program ignoring SIGTERM cannot delay us.
//   If the keeper dies, PR_SET_PDEATHSIG kills the program, and the pool kills whatever is
//   left in the run's cgroups before reusing them. If the judge dies, PR_SET_PDEATHSIG kills
//   the keeper; in a box the keeper is the init of the run's pid namespace, so the kernel
//   kills every process of the run with it. (Unsandboxed, the program's own children could
//   survive a killed judge; the next judge kills what is left in stale cgroups.)
//   The judge thread does not trust the keeper to come back either: it waits for the report
//   at most wall_ms + kKeeperGraceMs, then kills the keeper (and in a box the whole run with
//   it) and reports a RunnerError. A program that stops its keeper (kill -STOP $PPID, only
//   possible unsandboxed) cannot hang the judge.
//
// Scheduling. A short run is a chain of hand-offs (judge thread -> keeper -> program -> keeper
// -> judge thread), each a wake-up; on a machine shared with CPU-bound jobs a wake-up with the
// default EEVDF slice can wait a whole slice (~1.5 ms here) for a core, several times a run.
// The judge binary asks for a 0.1 ms slice first thing (use_short_time_slice): its threads,
// keepers and boxes inherit it and preempt at once on waking, for the few microseconds they
// need (no more CPU share: the weight stays). The program gets the default slice back before
// its execve (sched_setattr, at its inherited nice), so it is scheduled as anywhere else.
//
// Cgroups: see cgroup_pool.hpp. The program joins them before execve; its children inherit
// them at fork. In a box it cannot leave them: it runs as another uid than the cgroup files'
// owner, /sys is not in the box, and it has its own cgroup namespace.
//
// Sandbox (RunRequest::sandbox, sandbox.hpp). The keeper is cloned into new pid, mount,
// network, ipc, uts and cgroup namespaces (and a user namespace when the judge is not root);
// as root it enters a resident box's instead (see Cost below, the same box from the program's
// side). It is the init of the new pid namespace: every orphan of the run is reparented to it, a
// signal from inside the box cannot stop or kill it (init ignores what it has no handler for),
// and when it exits the kernel kills whatever is left. The keeper builds the box and
// pivot_roots into it: a read-only tmpfs root holding read-only binds of /usr (+ the /bin,
// /lib... links), /etc/ld.so.cache and /etc/alternatives, five device nodes, a /proc of its
// own pid namespace (hidepid), and three tmpfs of bounded size and file count (/box, the cwd;
// /tmp; /dev/shm) whose pages are the program's memory (the memory cgroup counts them) and
// which vanish with the mount namespace when the run ends. The machine's tree is detached:
// no testdata, repository, cache or home is reachable, nor /proc/<judge>/cwd (the judge is not
// in the pid namespace). The keeper then makes itself non-dumpable (no ptrace, no
// /proc/1/environ or mem). The program, just before execve: as root, setgroups + setresgid +
// setresuid to 65534 (every capability gone); in a user namespace it is uid 1000 there (only
// the judge's own uid can be mapped without privilege) and loses the namespace's capabilities
// at execve; then no_new_privs and a seccomp filter (sandbox.cpp: ptrace, mounts, namespaces,
// keyrings, bpf, perf, io_uring... refused). The environment is kSandboxEnvironment. The
// program's file is exec'ed through an fd (execveat), so it need not be in the box.
//   Cost. A fresh network namespace (~0.6 ms here) and ~20 mounts with a pivot_root (~1 ms)
//   per run are most of a sandbox's price, so as root the box's read-only skeleton is built
//   once per judge process in a mount namespace of its own, and empty network namespaces are
//   pooled (reused only after every process of their box is dead). On top of that, root's
//   boxes are RESIDENT (ResidentBox, sandbox.cpp): each judge thread keeps one box from run to
//   run. Its holder, cloned into new pid, ipc, uts and cgroup namespaces, enters a pooled
//   network and the skeleton, copies it (unshare), mounts /box, /tmp, /dev/shm and /proc once,
//   and sleeps as the init of the box's pid namespace. A run's keeper is born in that pid
//   namespace (the judge thread enters it for its children around the clone, setns
//   CLONE_NEWPID, and leaves it again), enters the other namespaces through the holder's pidfd
//   (one setns), runs the program as above and, as the run's subreaper, kills and reaps every
//   process of it (the program cannot signal the keeper: another uid, and /proc hides it).
//   Then it scrubs the box: a scratch tmpfs holding anything is detached and mounted afresh,
//   and a SysV IPC object left behind (shmctl/msgctl/semctl INFO counts; POSIX message queues
//   are refused by the filter) retires the box. The judge thread retires the box (kills the
//   holder, and with it, as init, whatever is in the box) whenever the keeper does not report
//   it scrubbed: a runner error, a keeper killed at the backstop, a failed setup. The next
//   run then gets a new box. What a run can tell about the runs before it: its pid is not 2.
//   Without root the keeper cannot enter namespaces it did not make, so every run builds
//   everything. Figures: bench/runner/RESULTS.md and bench/run/RESULTS.md.
//   Why not bubblewrap or isolate: each adds an exec of a setup program per run and builds its
//   box from nothing every time (bwrap --unshare-all around /usr/bin/true measured here: +13 ms
//   a run; isolate with cgroups is quoted at ~25 ms), and neither would keep our keeper (exact
//   CPU and output accounting, the kill sweep) inside the box. The runner already owns clone
//   and exec, so the namespaces cost only their own syscalls: +0.6 to +1.0 ms a run as root, more
//   as nobody (bench/runner/RESULTS.md).
//
// Direct runs (root, the run's cgroups, no box or a resident one; RunRequest::direct). A keeper
// per run cost a process created and reaped, and two more hand-offs between processes
// (judge -> keeper -> program -> keeper -> judge), ~300 us of wall time a run on a 2-vCPU VM,
// more than the runs of a tiny case themselves. What the keeper is for has other owners here:
//
//     judge thread ── program (own group, born in a resident pid namespace) ── its children...
//     holder (that namespace's init) ── the orphans of the run, reparented to it and reaped
//
//   - The judge thread clones the program itself (CLONE_VM | CLONE_VFORK | CLONE_PIDFD, as
//     posix_spawn, on the thread's clone stack) into a resident pid namespace: a resident box's
//     (sandboxed runs; the program enters the rest of the box through the holder's pidfd) or the
//     thread's plain one (the jury's programs, run without a box). Its init, the holder, reaps
//     whatever the run leaves (sandbox.cpp), and retiring the holder kills everything in it.
//   - The judge thread watches the program's pidfd, the pipes and the clock as a keeper would
//     (the same relays and limit checks; the CPU time is the run's cpuacct.usage).
//   - The sweep. When the program has ended (or a limit is hit) and pids.current says that
//     nothing but its zombie is left, there is nothing to do: nothing can appear any more. Else
//     the main process dies by its pidfd and its group by kill(-pgid) (the unreaped main still
//     holds the group's id), and every process listed in the run's pids cgroup is pinned by a
//     pidfd, checked to be still in that cgroup (a listed pid may have been recycled) and
//     killed, until pids.current is 0: the holder reaps them. The processes listed count as
//     leftover_processes_killed. A run whose processes outlive SIGKILL by kKeeperGraceMs is a
//     runner error, and its namespace (with everything in it) is retired.
//   - The box's scratch is checked by the judge thread (fstatfs of the three tmpfs through fds
//     it holds: as many inodes as when empty, no block); one a run left anything in is
//     replaced by the next run's program before its execve (it enters the box's mount
//     namespace as root first). SysV IPC is refused by the filter, so nothing else of a run
//     can outlive it in the box.
//   - The program's parent is the judge thread, outside its pid namespace: getppid() is 0 in
//     the program, and it cannot signal the judge (not visible there). If the judge dies, the
//     program dies of PR_SET_PDEATHSIG and the holder too, which kills the rest.
//   Without root or cgroups (or when no resident namespace can be made) runs have a keeper.
//
// Runner errors (RunnerError -> JE, never a verdict): a bad request, a file that cannot be
// opened, pipe/fork/signalfd failures, a step of building the box failing, a setup step of the
// program failing (dup2, setrlimit, chdir, joining a cgroup, dropping privileges) or execve
// failing, the keeper dying without a report or not coming back within the wall limit + grace. A
// cgroup that cannot be created is not an error: the run falls back to rlimits and /proc for every
// run of this process after the first failure.

#include "running/process_runner.hpp"

#include "running/cgroup_pool.hpp"
#include "running/raw_syscall.hpp"
#include "running/sandbox.hpp"
#include "running/scoped_fd.hpp"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>  // sigabbrev_np (glibc >= 2.32)
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <unordered_set>
#include <utility>
#include <vector>

extern char** environ;

namespace judge {
namespace detail {
namespace {

constexpr std::int64_t kStderrCapBytes = 64 * 1024;
constexpr int kStdoutPipeBytes = 1 << 20;
constexpr std::int64_t kMaxTickNs = 10'000'000;  // 10 ms between checks at most
constexpr std::int64_t kMinTickNs = 500'000;     // 0.5 ms at least
constexpr int kMaxWatched = 256;                 // children polled per tick without cgroups

// ---------------------------------------------------------------------------------------------
// Judge-thread side helpers (may allocate, may throw).

[[noreturn]] void fail(const std::string& what, int error = errno) {
    throw RunnerError("runner: " + what + ": " + std::strerror(error));
}

ScopedFd open_or_fail(const std::string& path, int flags, const char* role) {
    int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
    if (fd < 0) fail(std::string("cannot open ") + role + " " + path);
    return ScopedFd(fd);
}

/// A close-on-exec copy of the caller's `fd` (the runner closes its copies, never the caller's).
ScopedFd duplicate_or_fail(int fd, const char* role) {
    int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (copy < 0) fail(std::string("cannot use the ") + role + " fd " + std::to_string(fd));
    return ScopedFd(copy);
}

struct Pipe {
    ScopedFd read_end, write_end;
};

Pipe make_pipe(const char* role) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fail(std::string("pipe for ") + role);
    return {ScopedFd(fds[0]), ScopedFd(fds[1])};
}

// ---------------------------------------------------------------------------------------------
// What the keeper and the program get: plain data only, prepared before the fork.

/// The signals a program gets back at SIG_DFL before its execve (which resets caught signals
/// itself, but keeps ignored ones ignored).
struct ResetSignals {
    int numbers[NSIG];
    int count;
};

struct KeeperPlan {
    pid_t judge_pid;
    char* const* argv;
    char* const* envp;
    const char* working_dir;  // nullptr = stay
    int stdin_fd, stdout_file_fd, stderr_file_fd;
    int stdout_pipe_read, stdout_pipe_write, stderr_pipe_read, stderr_pipe_write;
    int report_pipe_write;
    bool cgroups;
    int cgroup_tasks_fds[3];
    int cpu_usage_fd;
    std::int64_t cpu_limit_ns, wall_limit_ns, memory_limit_bytes, output_limit_bytes;
    rlim_t rlimit_cpu_seconds, rlimit_fsize_bytes, rlimit_stack_bytes;
    long page_size;
    long clock_ticks_per_second;
    int cpu_count;
    const BoxPlan* box;  // nullptr = not sandboxed
    int exe_fd;          // the program's file, exec'ed by fd in a box (-1 otherwise)
    bool exe_is_script;  // "#!": the interpreter opens it as /dev/fd/3, so it stays open
    bool default_slice;  // the judge runs with a short time slice: the program gets the default
    const ResetSignals* reset_signals;
};

/// Setup steps of the program, reported through the error pipe when one fails.
enum class Stage : int { Setpgid, Cgroup, Dup, Rlimit, Chdir, Sched, Sandbox, Exec };

const char* stage_name(Stage stage) {
    switch (stage) {
        case Stage::Setpgid: return "setpgid";
        case Stage::Cgroup: return "joining the run's cgroup";
        case Stage::Dup: return "redirecting stdin/stdout/stderr";
        case Stage::Rlimit: return "setrlimit";
        case Stage::Chdir: return "chdir to the working directory";
        case Stage::Sched: return "returning to the default time slice";
        case Stage::Sandbox: return "shutting the program in";
        case Stage::Exec: return "execve";
    }
    return "?";
}

/// The keeper's answer, written once on the report pipe (smaller than PIPE_BUF, so it is
/// written whole and waits in the pipe's buffer until the judge thread has reaped the keeper).
struct KeeperReport {
    int error_errno;  // != 0: the runner failed at error_what (or at error_stage of the program)
    int error_stage;  // -1 = the keeper itself failed
    char error_what[64];
    int main_status;
    int limit_hit;  // LimitHit
    int leftover_processes_killed;
    std::int64_t cpu_ns, wall_ns;
    std::int64_t start_ns;      // CLOCK_MONOTONIC at the program's execve
    std::int64_t peak_rss_kib;  // max ru_maxrss of reaped processes, max polled RSS sum
    std::int64_t stdout_bytes;
    int box_clean;  // a resident box was scrubbed (scrub_box) and may serve the next run
};
static_assert(sizeof(KeeperReport) <= PIPE_BUF, "the report must fit in the pipe's buffer");

// ---------------------------------------------------------------------------------------------
// Keeper and program: async-signal-safe code only from here to the end of Keeper::run().

std::int64_t now_ns() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

std::int64_t timeval_ns(const timeval& tv) {
    return std::int64_t{tv.tv_sec} * 1'000'000'000 + std::int64_t{tv.tv_usec} * 1000;
}

void write_all(int fd, const void* data, std::size_t size) {
    const char* bytes = static_cast<const char*>(data);
    while (size > 0) {
        ssize_t written = ::write(fd, bytes, size);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        bytes += written;
        size -= static_cast<std::size_t>(written);
    }
}

/// Decimal digits of `value` into `out` (no terminator); returns the length.
int format_decimal(long value, char* out) {
    char digits[24];
    int count = 0;
    do {
        digits[count++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value > 0);
    for (int i = 0; i < count; ++i) out[i] = digits[count - 1 - i];
    return count;
}

/// "/proc/<pid>/<suffix>" into `out`.
void proc_path(pid_t pid, const char* suffix, char* out) {
    std::memcpy(out, "/proc/", 6);
    int length = 6 + format_decimal(pid, out + 6);
    out[length++] = '/';
    std::size_t suffix_length = std::strlen(suffix);
    std::memcpy(out + length, suffix, suffix_length + 1);
}

/// Reads a small /proc or cgroup file into `buffer` (terminated); returns the length or -1.
ssize_t read_file_at(int dirfd_or_fd, const char* path, char* buffer, std::size_t size) {
    int fd = path ? ::open(path, O_RDONLY | O_CLOEXEC) : dirfd_or_fd;
    if (fd < 0) return -1;
    ssize_t length = path ? ::read(fd, buffer, size - 1) : ::pread(fd, buffer, size - 1, 0);
    if (path) ::close(fd);
    if (length < 0) return -1;
    buffer[length] = '\0';
    return length;
}

/// Parses the pids of a /proc/.../children file ("12 34 ") into `pids`; returns the count.
int parse_pids(const char* text, pid_t* pids, int capacity) {
    int count = 0;
    long value = -1;
    for (const char* c = text;; ++c) {
        if (*c >= '0' && *c <= '9') {
            value = (value < 0 ? 0 : value * 10) + (*c - '0');
        } else {
            if (value > 0 && count < capacity) pids[count++] = static_cast<pid_t>(value);
            value = -1;
            if (*c == '\0') break;
        }
    }
    return count;
}

/// The children of `pid` (as listed for its main thread), appended to `pids`; returns how many.
int children_of(pid_t pid, pid_t* pids, int capacity) {
    // The children file holds more than one buffer only with > ~1000 children; the kill loop
    // finds the rest in its next round.
    char task[40], path[80];
    std::memcpy(task, "task/", 5);
    int length = 5 + format_decimal(pid, task + 5);
    std::memcpy(task + length, "/children", 10);
    proc_path(pid, task, path);
    char text[8192];
    if (read_file_at(-1, path, text, sizeof text) < 0) return 0;
    return parse_pids(text, pids, capacity);
}

/// The keeper's direct children: the main process and the orphans reparented to it.
int keeper_children(pid_t* pids, int capacity) { return children_of(::getpid(), pids, capacity); }

/// Every live process of the run, breadth first from the keeper's children (children started
/// by a non-main thread are missed); returns the count, at most `capacity`.
int run_processes(pid_t* pids, int capacity) {
    int count = keeper_children(pids, capacity);
    for (int i = 0; i < count && count < capacity; ++i)
        count += children_of(pids[i], pids + count, capacity - count);
    return count;
}

struct Keeper {
    const KeeperPlan& plan;
    KeeperReport report{};
    pid_t main_pid = -1;
    bool main_exited = false;  // noticed with WNOWAIT, not reaped yet
    bool main_reaped = false;
    std::int64_t start_ns = 0;
    std::int64_t reaped_cpu_ns = 0;  // rusage of every reaped process
    std::int64_t stderr_bytes = 0;
    bool stdout_open = plan.stdout_pipe_read >= 0, stderr_open = true;

    static void copy_text(char* out, std::size_t size, const char* text) {
        std::size_t length = text ? std::strlen(text) : 0;
        if (length >= size) length = size - 1;
        if (length > 0) std::memcpy(out, text, length);
        out[length] = '\0';
    }

    [[noreturn]] void die(const char* what, int error) {
        // Kill what we started before reporting (runguard's rule), then report.
        if (main_pid > 0) kill_and_reap_all();
        report.error_errno = error != 0 ? error : EIO;
        report.error_stage = -1;
        copy_text(report.error_what, sizeof report.error_what, what);
        write_all(plan.report_pipe_write, &report, sizeof report);
        ::_exit(1);
    }

    /// Reaps `pid` (or any child for -1), blocking or not; adds its rusage. Returns the pid.
    pid_t reap(pid_t pid, int options) {
        int status = 0;
        rusage usage{};
        pid_t reaped;
        do reaped = ::wait4(pid, &status, options, &usage);
        while (reaped < 0 && errno == EINTR);
        if (reaped <= 0) return reaped;
        reaped_cpu_ns += timeval_ns(usage.ru_utime) + timeval_ns(usage.ru_stime);
        if (usage.ru_maxrss > report.peak_rss_kib) report.peak_rss_kib = usage.ru_maxrss;
        if (reaped == main_pid) {
            main_reaped = true;
            report.main_status = status;
            if (!main_exited) report.wall_ns = now_ns() - start_ns;
            main_exited = true;
        } else if (main_exited || report.limit_hit != 0) {
            ++report.leftover_processes_killed;
        }
        return reaped;
    }

    /// Reaps orphans that exited on their own and notices (without reaping) the main's exit.
    void collect_exits() {
        while (!main_exited) {
            siginfo_t info{};
            if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return;
            if (info.si_pid == 0) return;
            if (info.si_pid == main_pid) {
                main_exited = true;
                report.wall_ns = now_ns() - start_ns;
                return;
            }
            reap(info.si_pid, 0);
        }
    }

    /// The kill sequence (see the top of the file): nothing of the run is left afterwards.
    void kill_and_reap_all() {
        if (!main_reaped) {
            // The main process is alive or a zombie, so its pid (the group id) is still ours;
            // once reaped, the group id could be recycled and is not used again.
            ::kill(-main_pid, SIGKILL);
            reap(main_pid, 0);
        }
        pid_t children[1024];
        for (;;) {
            // Usually nothing is left: ECHILD without reading /proc.
            siginfo_t info{};
            if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) break;
            int count = keeper_children(children, 1024);
            for (int i = 0; i < count; ++i) ::kill(children[i], SIGKILL);
            if (reap(-1, 0) < 0) break;  // ECHILD: nothing left
        }
    }

    /// Moves what is in the stdout pipe into the output file and counts it; stops one byte
    /// past the output limit (the run ends there, and the file need not grow any further).
    void drain_stdout() {
        while (stdout_open) {
            std::int64_t chunk = kStdoutPipeBytes;
            if (plan.output_limit_bytes > 0) {
                std::int64_t room = plan.output_limit_bytes + 1 - report.stdout_bytes;
                if (room <= 0) return;
                if (room < chunk) chunk = room;
            }
            ssize_t moved =
                ::splice(plan.stdout_pipe_read, nullptr, plan.stdout_file_fd, nullptr,
                         static_cast<std::size_t>(chunk), SPLICE_F_NONBLOCK | SPLICE_F_MOVE);
            if (moved < 0 && errno == EINVAL) {  // the output file does not take splice
                char buffer[16384];
                moved = ::read(plan.stdout_pipe_read, buffer,
                               chunk < 16384 ? static_cast<std::size_t>(chunk) : sizeof buffer);
                if (moved > 0) write_all(plan.stdout_file_fd, buffer, moved);
            }
            if (moved > 0) {
                report.stdout_bytes += moved;
                continue;
            }
            if (moved == 0)
                stdout_open = false;
            else if (errno == EINTR)
                continue;
            else if (errno != EAGAIN)
                stdout_open = false;
            return;
        }
    }

    /// Keeps the first kStderrCapBytes of stderr in the stderr file, drops the rest.
    void drain_stderr() {
        char buffer[16384];
        while (stderr_open) {
            ssize_t got = ::read(plan.stderr_pipe_read, buffer, sizeof buffer);
            if (got > 0) {
                std::int64_t room = kStderrCapBytes - stderr_bytes;
                if (room > 0) write_all(plan.stderr_file_fd, buffer, got < room ? got : room);
                stderr_bytes += got;
                continue;
            }
            if (got == 0)
                stderr_open = false;
            else if (errno == EINTR)
                continue;
            else if (errno != EAGAIN)
                stderr_open = false;
            return;
        }
    }

    /// CPU time of the whole run so far.
    std::int64_t run_cpu_ns() {
        char text[64];
        if (plan.cgroups) {
            if (read_file_at(plan.cpu_usage_fd, nullptr, text, sizeof text) > 0)
                return std::strtoll(text, nullptr, 10);
        }
        // Without the cgroup: for each live process of the run, its CPU clock (all its
        // threads) and the CPU of the children it reaped (cutime + cstime, in clock ticks);
        // plus the rusage of the processes the keeper reaped.
        std::int64_t total = reaped_cpu_ns;
        pid_t processes[kMaxWatched];
        int count = run_processes(processes, kMaxWatched);
        for (int i = 0; i < count; ++i) {
            clockid_t clock;
            timespec ts{};
            if (::clock_getcpuclockid(processes[i], &clock) == 0 &&
                ::clock_gettime(clock, &ts) == 0)
                total += std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
            total += reaped_children_cpu_ns(processes[i]);
        }
        return total;
    }

    /// cutime + cstime of /proc/<pid>/stat (fields 16 and 17), in ns.
    std::int64_t reaped_children_cpu_ns(pid_t pid) {
        char path[64], text[1024];
        proc_path(pid, "stat", path);
        if (read_file_at(-1, path, text, sizeof text) <= 0) return 0;
        const char* field = std::strrchr(text, ')');  // the command name may hold anything
        if (!field) return 0;
        std::int64_t ticks = 0;
        for (int index = 2; index <= 17 && field; ++index) {  // field 2 ends at ')'
            field = std::strchr(field + 1, ' ');
            if (field && index + 1 >= 16 && index + 1 <= 17)
                ticks += std::strtoll(field + 1, nullptr, 10);
        }
        return ticks * (1'000'000'000 / plan.clock_ticks_per_second);
    }

    /// Private resident memory of the run's live processes (fallback only), in bytes: statm's
    /// resident minus shared (file-backed and shm pages), so the libraries every process maps
    /// are not counted once per process. Like the memory cgroup, which charges a page cache
    /// page only to the cgroup that read it first.
    std::int64_t children_rss_bytes() {
        std::int64_t total = 0;
        pid_t processes[kMaxWatched];
        int count = run_processes(processes, kMaxWatched);
        for (int i = 0; i < count; ++i) {
            char path[64], text[256];
            proc_path(processes[i], "statm", path);
            if (read_file_at(-1, path, text, sizeof text) <= 0) continue;
            char* field = nullptr;
            std::strtoll(text, &field, 10);  // size
            std::int64_t resident = std::strtoll(field, &field, 10);
            std::int64_t shared = std::strtoll(field, &field, 10);
            if (resident > shared) total += (resident - shared) * plan.page_size;
        }
        return total;
    }

    /// Checks the limits; returns the one hit (0 = none) and the time to the next check.
    int check_limits(std::int64_t& tick_ns) {
        std::int64_t cpu_ns = run_cpu_ns();
        std::int64_t wall_ns = now_ns() - start_ns;
        if (cpu_ns >= plan.cpu_limit_ns) return static_cast<int>(LimitHit::CpuTime);
        if (!plan.cgroups) {
            std::int64_t rss = children_rss_bytes();
            if (rss / 1024 > report.peak_rss_kib) report.peak_rss_kib = rss / 1024;
            if (rss > plan.memory_limit_bytes) return static_cast<int>(LimitHit::Memory);
        }
        if (wall_ns >= plan.wall_limit_ns) return static_cast<int>(LimitHit::WallTime);
        // CPU can grow at most cpu_count times faster than the wall clock.
        std::int64_t until_cpu = (plan.cpu_limit_ns - cpu_ns) / plan.cpu_count;
        std::int64_t until_wall = plan.wall_limit_ns - wall_ns;
        tick_ns = until_cpu < until_wall ? until_cpu : until_wall;
        if (tick_ns > kMaxTickNs) tick_ns = kMaxTickNs;
        if (tick_ns < kMinTickNs) tick_ns = kMinTickNs;
        return 0;
    }

    [[noreturn]] void run();
};

/// Where the program reports a failed setup step to the keeper. The program runs in the
/// keeper's memory (CLONE_VM | CLONE_VFORK, as posix_spawn does) until execve, so this is a
/// plain struct the keeper reads once the program has exec'ed or died.
struct SetupFailure {
    int stage = -1;  // Stage, -1 = none
    int error = 0;
    const char* what = nullptr;  // a static string naming the failed sandbox step
};

struct ProgramStart {
    const KeeperPlan* plan;
    SetupFailure failure;
    std::int64_t exec_ns = 0;  // CLOCK_MONOTONIC just before the execve
};

/// sched_setattr's argument (linux/sched/types.h, which glibc does not wrap).
struct SchedAttributes {
    std::uint32_t size = sizeof(SchedAttributes);
    std::uint32_t policy = SCHED_OTHER;
    std::uint64_t flags = 0;
    std::int32_t nice = 0;
    std::uint32_t priority = 0;
    std::uint64_t runtime_ns = 0;  // SCHED_OTHER: the custom slice (0: the default)
    std::uint64_t deadline_ns = 0;
    std::uint64_t period_ns = 0;
};

std::atomic<bool> short_slice_in_use{false};

/// Sets the calling thread's slice (0: the kernel's default) at the nice value it has:
/// sched_setattr sets both, and the nice value must stay as it was.
bool set_time_slice(std::uint64_t runtime_ns) {
    SchedAttributes attributes;
    attributes.nice = static_cast<std::int32_t>(20 - ::syscall(SYS_getpriority, PRIO_PROCESS, 0));
    attributes.runtime_ns = runtime_ns;
    return ::syscall(SYS_sched_setattr, 0, &attributes, 0) == 0;
}

[[noreturn]] void fail_setup(SetupFailure& failure, Stage stage) {
    failure.error = errno;
    failure.stage = static_cast<int>(stage);
    ::_exit(127);
}

/// The program's process between clone and execve (shares the keeper's memory: it only makes
/// system calls and writes to `start->failure`).
int exec_program(void* argument) {
    auto* start = static_cast<ProgramStart*>(argument);
    const KeeperPlan& plan = *start->plan;
    SetupFailure& failure = start->failure;
    if (::setpgid(0, 0) != 0) fail_setup(failure, Stage::Setpgid);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the keeper dies -> so do we
    if (plan.cgroups) {
        // "0" (ourselves) into each cgroup's `tasks`, not our pid into cgroup.procs: moving the
        // calling thread alone skips the machine-wide cgroup_threadgroup_rwsem, whose writer
        // waits for an RCU grace period (~80 us of every run's wall time here; a single-
        // threaded process is its one thread, and its children inherit the cgroups at fork).
        for (int fd : plan.cgroup_tasks_fds)
            if (::write(fd, "0", 1) != 1) fail_setup(failure, Stage::Cgroup);
    }
    if (::dup2(plan.stdin_fd, 0) < 0 || ::dup2(plan.stdout_pipe_write, 1) < 0 ||
        ::dup2(plan.stderr_pipe_write, 2) < 0)
        fail_setup(failure, Stage::Dup);
    const std::pair<int, rlim_t> limits[] = {
        {RLIMIT_CORE, 0},
        {RLIMIT_CPU, plan.rlimit_cpu_seconds},
        {RLIMIT_FSIZE, plan.rlimit_fsize_bytes},
        {RLIMIT_STACK, plan.rlimit_stack_bytes},
    };
    for (const auto& [resource, soft] : limits) {
        // The hard CPU limit one second above the soft one: SIGXCPU first, then SIGKILL.
        rlimit value{soft, resource == RLIMIT_CPU ? soft + 1 : soft};
        if (::setrlimit(resource, &value) != 0) fail_setup(failure, Stage::Rlimit);
    }
    // In a box the cwd is /box already (inherited from the keeper at the clone).
    if (!plan.box && plan.working_dir && ::chdir(plan.working_dir) != 0)
        fail_setup(failure, Stage::Chdir);
    // Default dispositions and an empty mask: execve keeps ignored signals ignored and the
    // mask as it is (the keeper blocks SIGCHLD); it resets caught ones itself. Without
    // CLONE_SIGHAND this changes our copy of the handler table, not the keeper's.
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    for (int i = 0; i < plan.reset_signals->count; ++i)
        ::sigaction(plan.reset_signals->numbers[i], &default_action, nullptr);
    sigset_t empty;
    sigemptyset(&empty);
    ::sigprocmask(SIG_SETMASK, &empty, nullptr);
    if (plan.default_slice && !set_time_slice(0)) fail_setup(failure, Stage::Sched);
    if (plan.box) {
        // The program's file is not in the box: it is exec'ed through fd 3. Only a script keeps
        // fd 3 open past the execve (its interpreter reads it as /dev/fd/3).
        if (::dup2(plan.exe_fd, 3) < 0) fail_setup(failure, Stage::Dup);
        ::close_range(4, ~0U, 0);
        if (!plan.exe_is_script) ::fcntl(3, F_SETFD, FD_CLOEXEC);
        if (int error = shut_in_program(*plan.box, &failure.what); error != 0) {
            errno = error;
            fail_setup(failure, Stage::Sandbox);
        }
        start->exec_ns = now_ns();
        ::syscall(SYS_execveat, 3, "", plan.argv, plan.envp, AT_EMPTY_PATH);
        fail_setup(failure, Stage::Exec);
    }
    ::close_range(3, ~0U, 0);  // only 0, 1 and 2 go into the program
    start->exec_ns = now_ns();
    ::execve(plan.argv[0], plan.argv, plan.envp);
    fail_setup(failure, Stage::Exec);
}

[[noreturn]] void Keeper::run() {
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die("prctl(PR_SET_PDEATHSIG)", errno);
    // The judge is gone already? (In a box our parent is outside our pid namespace: getppid()
    // is 0 there, and the judge's own wall-time backstop covers the race.)
    if (!plan.box && ::getppid() != plan.judge_pid) ::_exit(1);
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) die("prctl(PR_SET_CHILD_SUBREAPER)", errno);

    // Close every fd we were not given: insertion-sort the kept ones, close the gaps.
    int kept[24];
    int kept_count = 0;
    auto keep = [&](int fd) {
        if (fd >= 0) kept[kept_count++] = fd;
    };
    keep(plan.stdin_fd);
    keep(plan.stdout_file_fd);
    keep(plan.stderr_file_fd);
    keep(plan.stdout_pipe_read);
    keep(plan.stdout_pipe_write);
    keep(plan.stderr_pipe_read);
    keep(plan.stderr_pipe_write);
    keep(plan.report_pipe_write);
    if (plan.cgroups) {
        for (int fd : plan.cgroup_tasks_fds) keep(fd);
        keep(plan.cpu_usage_fd);
    }
    keep(plan.exe_fd);
    if (plan.box) {
        keep(plan.box->template_mount_fd);
        keep(plan.box->template_network_fd);
        keep(plan.box->resident_pidfd);
    }
    for (int i = 1; i < kept_count; ++i)
        for (int j = i; j > 0 && kept[j - 1] > kept[j]; --j) std::swap(kept[j - 1], kept[j]);
    int next = 3;
    for (int i = 0; i < kept_count; ++i) {
        if (kept[i] > next) ::close_range(next, kept[i] - 1, 0);
        next = kept[i] + 1;
    }
    ::close_range(next, ~0U, 0);

    if (plan.box) {
        // We are the init of the run's pid namespace, or born into a resident box's (then
        // the subreaper of the run): build the box or enter it, and move into it.
        const char* step = "building the box";
        if (int error = build_box(*plan.box, &step); error != 0) die(step, error);
        // Nothing of the run may trace us or read our memory, environment or fds.
        ::prctl(PR_SET_DUMPABLE, 0);
    }

    sigset_t child_signal;
    sigemptyset(&child_signal);
    sigaddset(&child_signal, SIGCHLD);
    ::sigprocmask(SIG_BLOCK, &child_signal, nullptr);
    int signal_fd = ::signalfd(-1, &child_signal, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signal_fd < 0) die("signalfd", errno);
    // vfork semantics: the keeper sleeps until the program has exec'ed (or failed), so no page
    // tables are copied; the program's setup runs on this stack.
    alignas(16) char program_stack[64 * 1024];  // on our own stack: keepers may share memory
    ProgramStart start{&plan, {}, 0};
    pid_t pid = ::clone(exec_program, program_stack + sizeof program_stack,
                        CLONE_VM | CLONE_VFORK | SIGCHLD, &start);
    if (pid < 0) die("clone (program)", errno);
    // The wall clock starts at the execve (stamped by the program, in our memory): the setup
    // before it (joining the cgroups, the box, the filter) is the judge's time, not the
    // program's. Nor can we stamp it here: after the execve the
    // program may run on this CPU before we do.
    start_ns = start.exec_ns;
    main_pid = pid;
    ::close(plan.stdout_pipe_write);
    ::close(plan.stderr_pipe_write);
    ::close(plan.stdin_fd);
    if (start.failure.stage >= 0) {
        kill_and_reap_all();
        report.error_stage = start.failure.stage;
        copy_text(report.error_what, sizeof report.error_what, start.failure.what);
        report.error_errno = start.failure.error != 0 ? start.failure.error : EIO;
        write_all(plan.report_pipe_write, &report, sizeof report);
        ::_exit(1);
    }
    if (plan.stdout_pipe_read >= 0) ::fcntl(plan.stdout_pipe_read, F_SETFL, O_NONBLOCK);
    ::fcntl(plan.stderr_pipe_read, F_SETFL, O_NONBLOCK);

    // The first check after one tick, not at once: most programs of a judge run exit sooner.
    std::int64_t tick_ns = plan.cpu_limit_ns / plan.cpu_count;
    if (plan.wall_limit_ns < tick_ns) tick_ns = plan.wall_limit_ns;
    tick_ns = tick_ns > kMaxTickNs ? kMaxTickNs : tick_ns < kMinTickNs ? kMinTickNs : tick_ns;
    std::int64_t next_check_ns = start_ns + tick_ns;
    // Until that first check only the program's exit wakes us, not its output: a pipe holds
    // 1 MiB (a program that writes more waits for the first check, at most one tick), and a
    // typical run then costs one wake-up instead of four (its output, the EOF of each pipe,
    // its exit).
    bool pipes_watched = false;
    for (;;) {
        collect_exits();
        if (pipes_watched) {
            drain_stdout();
            drain_stderr();
        }
        if (main_exited) break;
        if (plan.output_limit_bytes > 0 && report.stdout_bytes > plan.output_limit_bytes) {
            report.limit_hit = static_cast<int>(LimitHit::Output);
            break;
        }
        std::int64_t now = now_ns();
        if (now >= next_check_ns) {
            // Checks are timed by the clock, not by wake-ups: a chatty program wakes us often.
            int hit = check_limits(tick_ns);
            if (hit != 0) {
                report.limit_hit = hit;
                break;
            }
            now = now_ns();
            next_check_ns = now + tick_ns;
            if (!pipes_watched) {
                pipes_watched = true;
                continue;  // drain what came before the check
            }
        }
        std::int64_t wait_ns = next_check_ns - now;
        pollfd watched[3] = {
            {signal_fd, POLLIN, 0},
            {pipes_watched && stdout_open ? plan.stdout_pipe_read : -1, POLLIN, 0},
            {pipes_watched && stderr_open ? plan.stderr_pipe_read : -1, POLLIN, 0}};
        timespec timeout{wait_ns / 1'000'000'000, wait_ns % 1'000'000'000};
        if (::ppoll(watched, 3, &timeout, nullptr) < 0 && errno != EINTR) die("ppoll", errno);
        if (watched[0].revents & POLLIN) {
            signalfd_siginfo info[8];
            while (::read(signal_fd, info, sizeof info) > 0) {}
        }
    }
    kill_and_reap_all();
    // Every writer is dead now: what is left in the pipes is read to EOF.
    drain_stdout();
    drain_stderr();
    if (plan.box && plan.box->resident_pidfd >= 0) {
        const char* step = nullptr;
        report.box_clean = scrub_box(*plan.box, &step) == 0 ? 1 : 0;
    }
    report.cpu_ns = reaped_cpu_ns;
    report.start_ns = start_ns;
    write_all(plan.report_pipe_write, &report, sizeof report);
    ::_exit(0);
}

bool running_as_root() {
    static const bool root = ::geteuid() == 0;
    return root;
}

/// The signals to reset (ResetSignals): those the judge ignores, which only its own parent can
/// have made it ignore (nohup's SIGHUP, a shell's SIGINT for a background job), read once; and
/// always SIGINT and SIGTERM, the only ones the judge changes later (util/interrupt: handlers,
/// then what they were before), and SIGPIPE. 64 sigaction calls a run were ~20 us of it.
const ResetSignals* signals_to_reset() {
    static const ResetSignals list = [] {
        ResetSignals result{};
        for (int number = 1; number < NSIG; ++number) {
            struct sigaction current {};
            bool always = number == SIGINT || number == SIGTERM || number == SIGPIPE;
            if (always ||
                (::sigaction(number, nullptr, &current) == 0 && current.sa_handler == SIG_IGN))
                result.numbers[result.count++] = number;
        }
        return result;
    }();
    return &list;
}

/// `value`, or the judge's own hard limit of `resource` if that is lower (only root may raise
/// a hard limit; a non-root judge must not fail its runs over it).
rlim_t below_hard_limit(int resource, rlim_t value) {
    rlimit current{};
    if (running_as_root() || ::getrlimit(resource, &current) != 0) return value;
    if (current.rlim_max == RLIM_INFINITY) return value;
    return value == RLIM_INFINITY || value > current.rlim_max ? current.rlim_max : value;
}

/// Whether a program run as the box's uid could change the file behind `fd` (write it, or
/// chmod it as its owner, through /proc/self/fd/0): then it gets a sealed copy instead.
bool box_could_change(int fd, bool as_root) {
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) return false;
    uid_t uid = as_root ? kSandboxUid : ::geteuid();  // (a sandboxed run only)
    gid_t gid = as_root ? kSandboxGid : ::getegid();
    return info.st_uid == uid || (info.st_gid == gid && (info.st_mode & S_IWGRP)) ||
           (info.st_mode & S_IWOTH);
}

/// A read-only, sealed in-memory copy of the file behind `fd` (the run's stdin).
ScopedFd sealed_copy(int fd) {
    ScopedFd copy(::memfd_create("judge-stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING));
    if (copy.get() < 0) fail("memfd_create (stdin copy)");
    for (;;) {
        ssize_t sent = ::sendfile(copy.get(), fd, nullptr, 1 << 30);
        if (sent < 0 && errno == EINTR) continue;
        if (sent < 0) fail("copying stdin");
        if (sent == 0) break;
    }
    if (::fcntl(copy.get(), F_ADD_SEALS,
                F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0 ||
        ::lseek(copy.get(), 0, SEEK_SET) != 0)
        fail("sealing the stdin copy");
    return copy;
}

/// The stack of the keepers this thread starts with CLONE_VM (one run at a time per thread).
thread_local CloneStack keeper_stack(1 << 20);

int keeper_main(void* plan) {
    Keeper keeper{*static_cast<const KeeperPlan*>(plan)};
    keeper.run();
}

/// Whether this run's keeper shares the judge's memory (clone with CLONE_VM on a stack of its
/// own, as posix_spawn starts a program) instead of being a fork: no page tables are copied
/// and none torn down, which was the largest part of the judge's cost per run. The keeper
/// already runs only async-signal-safe code that writes nothing but its own stack and fds.
/// Only with the run's cgroups: without them the peak memory is the programs' ru_maxrss, and
/// execve counts into it the peak of the memory the program left (the keeper's: here the
/// judge's, hundreds of MiB in a long run). And not for a box in a user namespace (judge not
/// root): the keeper makes itself non-dumpable, which is a property of the memory it would
/// share with the judge, and a non-dumpable judge could no longer write the next box's id
/// maps. (As root, the judge's memory becomes non-dumpable with the first box: nothing of
/// root's changes with that.)
bool keeper_shares_memory(const KeeperPlan& plan) {
    return kClonesCanShareMemory && plan.cgroups && (!plan.box || plan.box->as_root);
}

/// Starts the keeper: a clone sharing our memory (see keeper_shares_memory) or a fork, in a
/// box into the run's new namespaces (a fork by the raw syscall: the child goes on from here
/// on a copy of this stack).
pid_t start_keeper(const KeeperPlan& plan) {
    const int namespaces = plan.box ? box_clone_flags(*plan.box) : 0;
    char* stack = keeper_shares_memory(plan) ? keeper_stack.top() : nullptr;
    if (plan.box) enter_box_pid_namespace(*plan.box);
    pid_t pid = stack      ? ::clone(keeper_main, stack, CLONE_VM | namespaces | SIGCHLD,
                                     const_cast<KeeperPlan*>(&plan))
                : plan.box ? static_cast<pid_t>(::syscall(SYS_clone, namespaces | SIGCHLD, nullptr,
                                                          nullptr, nullptr, 0))
                           : ::fork();
    if (pid == 0) keeper_main(const_cast<KeeperPlan*>(&plan));
    const int clone_error = pid < 0 ? errno : 0;  // else a keeper sharing our errno may run
    if (plan.box) leave_box_pid_namespace(*plan.box);
    if (pid < 0)
        fail(!plan.box                           ? "fork (keeper)"
             : plan.box->resident_pid_ns_fd >= 0 ? "clone (keeper, into the resident box)"
                                                 : "clone (keeper, into new namespaces)",
             clone_error);
    return pid;
}

/// Waits for the keeper, at most until `deadline_ms` past now: the wall limit holds even
/// when the keeper is stopped or stuck. Returns false (the keeper killed, and with it, in a
/// box, every process of the run) when it took longer. Raw system calls only, until the
/// keeper is reaped: it may share this thread's errno.
bool wait_for_keeper(pid_t keeper_pid, int report_fd, std::int64_t deadline_ms, int& status) {
    // A pidfd becomes readable when the keeper has exited: one wake-up, as a plain waitpid.
    // (Without pidfds, before Linux 5.3, the report pipe: it is written just before the exit.)
    long pidfd = raw_syscall(SYS_pidfd_open, keeper_pid, 0);
    std::int64_t end_ns = now_ns() + deadline_ms * 1'000'000;
    bool in_time = true;
    for (;;) {
        std::int64_t left_ns = end_ns - now_ns();
        pollfd watched{pidfd >= 0 ? static_cast<int>(pidfd) : report_fd, POLLIN, 0};
        timespec timeout{left_ns > 0 ? left_ns / 1'000'000'000 : 0,
                         left_ns > 0 ? left_ns % 1'000'000'000 : 0};
        long ready = left_ns <= 0 ? 0
                                  : raw_syscall(SYS_ppoll, reinterpret_cast<long>(&watched), 1,
                                                reinterpret_cast<long>(&timeout), 0);
        if (ready > 0) break;
        if (ready == 0 && now_ns() < end_ns) continue;
        if (ready == -EINTR) continue;
        // Out of time (or no way left to wait with a timeout): the keeper goes, with the run.
        raw_syscall(SYS_kill, keeper_pid, SIGKILL);
        in_time = false;
        break;
    }
    raw_reap(keeper_pid, status);
    if (pidfd >= 0) ::close(static_cast<int>(pidfd));
    return in_time;
}

/// A direct run's program between clone and execve, on this thread's clone stack: in a box,
/// it enters the box first (the holder's namespaces, a fresh scratch when asked, /box), then
/// goes on as a keeper's program does.
int direct_program(void* argument) {
    auto* start = static_cast<ProgramStart*>(argument);
    if (const BoxPlan* box = start->plan->box) {
        const char* step = "entering the box";
        if (int error = build_box(*box, &step); error != 0) {
            start->failure.what = step;
            errno = error;
            fail_setup(start->failure, Stage::Sandbox);
        }
    }
    return exec_program(argument);
}

/// The resident pid namespace a run is born in when it goes without a keeper, or -1 (a
/// keeper): see "Direct runs" in the theory of operation. Only as root (entering a pid
/// namespace), with the run's cgroups (the CPU time of the whole run, and the processes it
/// left) and clones that share our memory; a box only when it is a resident one.
int direct_pid_namespace(const KeeperPlan& plan, bool allowed) {
    if (!allowed || !kClonesCanShareMemory || !plan.cgroups || !running_as_root()) return -1;
    if (plan.box) return plan.box->resident_pid_ns_fd;
    return lend_plain_pid_namespace();
}

/// SIGKILL to every process of `listed` (read from the run's cgroup) but `main_pid` (the main
/// process is killed and reaped by its own pidfd); returns how many of them were not in `seen`
/// yet (and adds them): processes of the run that outlived its main process. A listed pid may be
/// recycled by the time we signal it: it is pinned by a pidfd first, then checked to be still
/// in the run's cgroup, so no other process is ever signalled.
int kill_run_processes(const CgroupLease& cgroups,
                       const std::vector<pid_t>& listed,
                       pid_t main_pid,
                       std::unordered_set<pid_t>& seen) {
    int added = 0;
    for (pid_t pid : listed) {
        if (pid == main_pid) continue;
        if (seen.insert(pid).second) ++added;
        ScopedFd process(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
        if (process.get() < 0 || !cgroups.holds(pid)) continue;  // gone, or not the run's now
        ::syscall(SYS_pidfd_send_signal, process.get(), SIGKILL, nullptr, 0);
    }
    return added;
}

/// Waits until `pidfd` is readable (its process has exited) or CLOCK_MONOTONIC `deadline_ns`.
bool wait_for_exit(int pidfd, std::int64_t deadline_ns) {
    for (;;) {
        std::int64_t left_ns = deadline_ns - now_ns();
        if (left_ns <= 0) return false;
        pollfd watched{pidfd, POLLIN, 0};
        timespec timeout{left_ns / 1'000'000'000, left_ns % 1'000'000'000};
        int ready = ::ppoll(&watched, 1, &timeout, nullptr);
        if (ready > 0) return true;
        if (ready < 0 && errno != EINTR) return false;
    }
}

/// A direct run: this thread starts the program itself (clone with CLONE_VM | CLONE_VFORK into
/// `pid_ns_fd`, the resident pid namespace), watches it as a keeper does (the same relays and
/// limit checks, on the program's pidfd instead of SIGCHLD), then kills what is left of the
/// run through its cgroup while the namespace's init reaps it. `close_copies` drops our copies
/// of the program's fds once it has its own. `ended`: every process of the run is gone (else
/// the caller retires the namespace, which kills whatever is in it). Throws RunnerError when
/// the run could not be started or its processes outlived SIGKILL by kKeeperGraceMs.
KeeperReport run_direct(const KeeperPlan& plan,
                        int pid_ns_fd,
                        const CgroupLease& cgroups,
                        const std::function<void()>& close_copies,
                        bool& ended) {
    Keeper keeper{plan};  // its output relays and limit checks, used from this thread
    ProgramStart start{&plan, {}, 0};
    char* stack = keeper_stack.top();
    if (!stack) fail("mmap (the program's stack)", ENOMEM);
    int pidfd = -1;
    enter_pid_namespace(pid_ns_fd);
    // vfork semantics: we sleep until the program has exec'ed (or failed), on our stack copy.
    pid_t pid = ::clone(direct_program, stack, CLONE_VM | CLONE_VFORK | CLONE_PIDFD | SIGCHLD,
                        &start, &pidfd);
    const int clone_error = pid < 0 ? errno : 0;
    leave_pid_namespace();
    if (pid < 0) fail("clone (program, into the resident pid namespace)", clone_error);
    ScopedFd process(pidfd);
    close_copies();
    if (start.failure.stage >= 0) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        keeper.report.error_stage = start.failure.stage;
        Keeper::copy_text(keeper.report.error_what, sizeof keeper.report.error_what,
                          start.failure.what);
        keeper.report.error_errno = start.failure.error != 0 ? start.failure.error : EIO;
        return keeper.report;
    }
    keeper.main_pid = pid;
    keeper.start_ns = start.exec_ns;
    if (plan.stdout_pipe_read >= 0) ::fcntl(plan.stdout_pipe_read, F_SETFL, O_NONBLOCK);
    ::fcntl(plan.stderr_pipe_read, F_SETFL, O_NONBLOCK);

    // As Keeper::run: the first check after one tick, the pipes watched only from then on.
    std::int64_t tick_ns = plan.cpu_limit_ns / plan.cpu_count;
    if (plan.wall_limit_ns < tick_ns) tick_ns = plan.wall_limit_ns;
    tick_ns = tick_ns > kMaxTickNs ? kMaxTickNs : tick_ns < kMinTickNs ? kMinTickNs : tick_ns;
    std::int64_t next_check_ns = keeper.start_ns + tick_ns;
    bool pipes_watched = false;
    for (;;) {
        if (pipes_watched) {
            keeper.drain_stdout();
            keeper.drain_stderr();
        }
        if (keeper.main_exited) break;
        if (plan.output_limit_bytes > 0 && keeper.report.stdout_bytes > plan.output_limit_bytes) {
            keeper.report.limit_hit = static_cast<int>(LimitHit::Output);
            break;
        }
        std::int64_t now = now_ns();
        if (now >= next_check_ns) {
            int hit = keeper.check_limits(tick_ns);
            if (hit != 0) {
                keeper.report.limit_hit = hit;
                break;
            }
            now = now_ns();
            next_check_ns = now + tick_ns;
            if (!pipes_watched) {
                pipes_watched = true;
                continue;  // drain what came before the check
            }
        }
        std::int64_t wait_ns = next_check_ns - now;
        pollfd watched[3] = {
            {process.get(), POLLIN, 0},
            {pipes_watched && keeper.stdout_open ? plan.stdout_pipe_read : -1, POLLIN, 0},
            {pipes_watched && keeper.stderr_open ? plan.stderr_pipe_read : -1, POLLIN, 0}};
        timespec timeout{wait_ns / 1'000'000'000, wait_ns % 1'000'000'000};
        if (::ppoll(watched, 3, &timeout, nullptr) < 0 && errno != EINTR) fail("ppoll");
        if (watched[0].revents & POLLIN) {
            keeper.main_exited = true;
            keeper.report.wall_ns = now_ns() - keeper.start_ns;
        }
    }

    // The sweep. Usually the main process alone is left, a zombie: pids.current says so, and
    // nothing can appear any more. Else (a limit, or processes it left) the main process by its
    // pidfd and its group (its pid is still its group's id: it is not reaped yet), then every
    // process in the run's cgroup, until the cgroup is empty: what is killed is reparented to
    // the namespace's init, which reaps it.
    const std::int64_t deadline_ns = now_ns() + kKeeperGraceMs * 1'000'000;
    std::unordered_set<pid_t> seen;
    int leftovers = 0;
    const bool main_alone = keeper.main_exited && cgroups.task_count() == 1;
    if (!main_alone) {
        // Listed before the group's SIGKILL, so that the processes it kills are counted too.
        std::vector<pid_t> listed = cgroups.processes();
        ::syscall(SYS_pidfd_send_signal, process.get(), SIGKILL, nullptr, 0);
        ::kill(-pid, SIGKILL);
        leftovers += kill_run_processes(cgroups, listed, pid, seen);
    }
    if (!keeper.main_exited && !wait_for_exit(process.get(), deadline_ns))
        throw RunnerError("runner: the program outlived SIGKILL by " +
                          std::to_string(kKeeperGraceMs) + " ms");
    rusage usage{};
    int status = 0;
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {}
    if (!keeper.main_exited) keeper.report.wall_ns = now_ns() - keeper.start_ns;
    for (long pause_ns = 20'000; !main_alone && cgroups.task_count() > 0;
         pause_ns = pause_ns < 1'000'000 ? pause_ns * 2 : pause_ns) {
        if (now_ns() > deadline_ns)
            throw RunnerError("runner: processes of the run outlived SIGKILL by " +
                              std::to_string(kKeeperGraceMs) + " ms");
        leftovers += kill_run_processes(cgroups, cgroups.processes(), pid, seen);
        timespec pause{0, pause_ns};
        ::nanosleep(&pause, nullptr);
    }
    ended = true;
    // Every writer is dead now: what is left in the pipes is read to EOF.
    keeper.drain_stdout();
    keeper.drain_stderr();
    KeeperReport& report = keeper.report;
    report.main_status = status;
    report.leftover_processes_killed = leftovers;
    report.cpu_ns = keeper.run_cpu_ns();  // the run's cpuacct.usage: every process, dead ones too
    report.start_ns = keeper.start_ns;
    return report;
}

/// A run with a keeper (see the theory of operation): starts it, waits for it (at most the wall
/// limit + kKeeperGraceMs) and returns its report. A resident box is kept only when the keeper
/// reports it scrubbed. Throws RunnerError when the keeper did not come back or gave no report.
KeeperReport run_with_keeper(KeeperPlan& plan,
                             std::int64_t wall_ms,
                             const std::function<void()>& close_copies) {
    Pipe report_pipe = make_pipe("the keeper's report");
    plan.report_pipe_write = report_pipe.write_end.get();
    const bool keeper_on_our_stack = keeper_shares_memory(plan);
    // A resident box goes back to this thread's next run only when its keeper reports it
    // scrubbed; on every other way out (a runner error, a keeper killed) it is retired.
    struct ResidentBoxRelease {
        const BoxPlan* box;
        bool clean = false;
        ~ResidentBoxRelease() {
            if (box) release_resident_box(*box, clean);
        }
    } box_release{plan.box};
    pid_t keeper_pid = start_keeper(plan);
    close_copies();
    report_pipe.write_end.reset();

    // Reap the keeper first, then read its report from the pipe's buffer (it fits): one
    // wake-up of this thread instead of two. The keeper exits right after writing it.
    int keeper_status = 0;
    if (!wait_for_keeper(keeper_pid, report_pipe.read_end.get(), wall_ms + kKeeperGraceMs,
                         keeper_status)) {
        if (keeper_on_our_stack) keeper_stack.abandon();
        throw RunnerError("runner: the run's keeper did not finish within " +
                          std::to_string(kKeeperGraceMs) +
                          " ms after the wall limit (stopped or stuck): killed, with the run");
    }
    KeeperReport report{};
    std::size_t received = 0;
    while (received < sizeof report) {
        ssize_t got = ::read(report_pipe.read_end.get(),
                             reinterpret_cast<char*>(&report) + received, sizeof report - received);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        received += static_cast<std::size_t>(got);
    }
    if (received != sizeof report)
        throw RunnerError("runner: the keeper process died without a report (status " +
                          std::to_string(keeper_status) + ")");
    box_release.clean = report.error_errno == 0 && report.box_clean != 0;
    return report;
}

RunResult run_process_as(const RunRequest& request, bool sandboxed);

}  // namespace
}  // namespace detail

bool use_short_time_slice() {
    constexpr std::uint64_t kShortSliceNs = 100'000;
    // Kernels before 6.12 ignore (or refuse) a SCHED_OTHER runtime: read it back.
    detail::SchedAttributes now;
    bool taken = detail::set_time_slice(kShortSliceNs) &&
                 ::syscall(SYS_sched_getattr, 0, &now, sizeof now, 0) == 0 &&
                 now.runtime_ns == kShortSliceNs;
    detail::short_slice_in_use.store(taken);
    return taken;
}

std::string signal_name(int signal_number) {
    const char* abbreviation = sigabbrev_np(signal_number);
    std::string name = "signal " + std::to_string(signal_number);
    if (abbreviation) name += std::string(" (SIG") + abbreviation + ")";
    return name;
}

const SandboxSupport& sandbox_support() {
    static const SandboxSupport support = [] {
        SandboxSupport result;
        result.as_root = detail::box_as_root();
        RunRequest probe;
        probe.argv = {"/usr/bin/true"};
        probe.use_cgroups = false;
        try {
            RunResult run = detail::run_process_as(probe, true);
            result.available = run.exited && run.exit_code == 0;
            result.description = result.available ? run.isolation
                                                  : "a probe run in a sandbox failed (" +
                                                        std::to_string(run.exit_code) + ")";
        } catch (const RunnerError& error) {
            result.description = error.what();
        }
        return result;
    }();
    return support;
}

RunResult run_process(const RunRequest& request) {
    bool sandboxed = request.sandbox.enabled && sandbox_support().available;
    RunResult result = detail::run_process_as(request, sandboxed);
    if (request.sandbox.enabled && !sandboxed)
        result.isolation = "none: " + sandbox_support().description;
    return result;
}

namespace detail {
namespace {

RunResult run_process_as(const RunRequest& request, bool sandboxed) {
    const Limits& limits = request.limits;
    if (request.argv.empty() || request.argv[0].empty())
        throw RunnerError("runner: empty argv (nothing to run)");
    if (limits.cpu_ms <= 0 || limits.wall_ms <= 0 || limits.memory_kib <= 0 ||
        limits.output_kib < 0 || limits.max_processes < 0)
        throw RunnerError(
            "runner: limits must be positive (cpu_ms, wall_ms, memory_kib) and "
            "not negative (output_kib, max_processes)");
    // An early, clear error; execve's own failure is reported too (relative paths are only
    // resolved after the chdir to working_dir, so they are left to it).
    if ((request.working_dir.empty() || request.argv[0][0] == '/') &&
        ::access(request.argv[0].c_str(), X_OK) != 0)
        fail("cannot execute " + request.argv[0]);

    // A caller's fd (one end of an interaction's pipe) is given to the program as it is.
    ScopedFd input =
        request.stdin_fd >= 0
            ? duplicate_or_fail(request.stdin_fd, "stdin")
            : open_or_fail(request.stdin_path.empty() ? "/dev/null" : request.stdin_path, O_RDONLY,
                           "stdin");
    const bool as_root = box_as_root();
    BoxPlanStorage box_storage;
    const BoxPlan* box = sandboxed ? &box_storage.make(request.sandbox, limits, as_root) : nullptr;
    ScopedFd executable;
    bool executable_is_script = false;
    if (box) {
        if (box_could_change(input.get(), as_root)) input = sealed_copy(input.get());
        std::string path = request.argv[0];
        if (path[0] != '/' && !request.working_dir.empty()) path = request.working_dir + "/" + path;
        executable = open_or_fail(path, O_RDONLY, "the program");
        char magic[2] = {};
        executable_is_script =
            ::pread(executable.get(), magic, 2, 0) == 2 && magic[0] == '#' && magic[1] == '!';
    }
    // The program's environment: pointers only (execve does not write through them), and the
    // judge's own `environ` as it is for the common unboxed run without additions.
    std::vector<char*> envp;
    auto add_entries = [&](const std::vector<std::string>& entries) {
        for (const std::string& entry : entries) envp.push_back(const_cast<char*>(entry.c_str()));
    };
    if (box)
        add_entries(kSandboxEnvironment);
    else if (!request.environment.empty())
        for (char** entry = environ; *entry; ++entry) envp.push_back(*entry);
    add_entries(request.environment);
    envp.push_back(nullptr);
    // stdout goes to a file through the keeper (counted, limited), or straight into the caller's
    // fd: an interaction's pipe, where a relay through the keeper would cost every round trip
    // two more wake-ups (and the output limit means nothing for a dialogue).
    const bool direct_stdout = request.stdout_fd >= 0;
    ScopedFd output =
        direct_stdout
            ? ScopedFd()
            : open_or_fail(request.stdout_path.empty() ? "/dev/null" : request.stdout_path,
                           O_WRONLY | O_CREAT | O_TRUNC, "stdout");
    ScopedFd errors = open_or_fail(request.stderr_path.empty() ? "/dev/null" : request.stderr_path,
                                   O_WRONLY | O_CREAT | O_TRUNC, "stderr");
    Pipe stdout_pipe = direct_stdout
                           ? Pipe{ScopedFd(), duplicate_or_fail(request.stdout_fd, "stdout")}
                           : make_pipe("stdout");
    Pipe stderr_pipe = make_pipe("stderr");
    // A big pipe lets a program write ahead while the keeper sleeps; failure only costs speed.
    if (!direct_stdout) ::fcntl(stdout_pipe.write_end.get(), F_SETPIPE_SZ, kStdoutPipeBytes);

    std::vector<char*> argv;
    for (const std::string& arg : request.argv) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);

    CgroupLease cgroups = request.use_cgroups ? CgroupLease::acquire(limits) : CgroupLease();
    bool use_cgroups = static_cast<bool>(cgroups);

    KeeperPlan plan{};
    plan.judge_pid = ::getpid();
    plan.argv = argv.data();
    plan.envp = box || !request.environment.empty() ? envp.data() : environ;
    plan.working_dir = request.working_dir.empty() ? nullptr : request.working_dir.c_str();
    plan.stdin_fd = input.get();
    plan.stdout_file_fd = output.get();
    plan.stderr_file_fd = errors.get();
    plan.stdout_pipe_read = stdout_pipe.read_end.get();
    plan.stdout_pipe_write = stdout_pipe.write_end.get();
    plan.stderr_pipe_read = stderr_pipe.read_end.get();
    plan.stderr_pipe_write = stderr_pipe.write_end.get();
    plan.report_pipe_write = -1;  // a keeper's, made by run_with_keeper
    plan.cgroups = use_cgroups;
    for (int i = 0; i < 3; ++i) plan.cgroup_tasks_fds[i] = use_cgroups ? cgroups.tasks_fd(i) : -1;
    plan.cpu_usage_fd = use_cgroups ? cgroups.cpu_usage_fd() : -1;
    plan.cpu_limit_ns = limits.cpu_ms * 1'000'000;
    plan.wall_limit_ns = limits.wall_ms * 1'000'000;
    plan.memory_limit_bytes = limits.memory_kib * 1024;
    plan.output_limit_bytes = limits.output_kib * 1024;
    // Whole seconds, rounded up, plus one: only a backstop for the keeper's own CPU check.
    plan.rlimit_cpu_seconds =
        below_hard_limit(RLIMIT_CPU, static_cast<rlim_t>((limits.cpu_ms + 999) / 1000 + 2)) - 1;
    plan.rlimit_fsize_bytes = below_hard_limit(
        RLIMIT_FSIZE,
        limits.output_kib > 0 ? static_cast<rlim_t>(limits.output_kib * 1024) : RLIM_INFINITY);
    plan.rlimit_stack_bytes =
        below_hard_limit(RLIMIT_STACK, static_cast<rlim_t>(limits.memory_kib * 1024));
    plan.page_size = ::sysconf(_SC_PAGESIZE);
    plan.clock_ticks_per_second = ::sysconf(_SC_CLK_TCK) > 0 ? ::sysconf(_SC_CLK_TCK) : 100;
    // Once per process: glibc reads it from /sys at every call (~1 % of the judge's own time).
    static const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
    plan.cpu_count = cpus > 0 ? static_cast<int>(cpus) : 1;
    plan.box = box;
    plan.exe_fd = executable.get();
    plan.exe_is_script = executable_is_script;
    plan.default_slice = short_slice_in_use.load(std::memory_order_relaxed);
    plan.reset_signals = signals_to_reset();

    // Our copies of the program's fds, dropped once it (or its keeper) holds them: they would
    // keep the pipes from reaching EOF.
    auto close_copies = [&] {
        stdout_pipe.write_end.reset();
        stderr_pipe.write_end.reset();
        input.reset();
    };
    KeeperReport report{};
    if (const int pid_ns_fd = direct_pid_namespace(plan, request.direct); pid_ns_fd >= 0) {
        // Without a keeper: the namespace (and a box) is kept when every process of the run
        // is gone, else retired, which kills what is in it.
        struct DirectRunRelease {
            const BoxPlan* box;
            bool ended = false;
            ~DirectRunRelease() {
                if (box)
                    release_resident_box_after_direct_run(*box, ended);
                else if (!ended)
                    retire_plain_pid_namespace();
            }
        } release{box};
        report = run_direct(plan, pid_ns_fd, cgroups, close_copies, release.ended);
    } else {
        report = run_with_keeper(plan, limits.wall_ms, close_copies);
    }
    if (report.error_errno != 0) {
        std::string where = report.error_stage < 0
                                ? std::string(report.error_what)
                                : std::string(stage_name(static_cast<Stage>(report.error_stage)));
        if (report.error_stage >= 0 && report.error_what[0] != '\0')
            where += std::string(" (") + report.error_what + ")";
        if (report.error_stage == static_cast<int>(Stage::Exec)) where += " " + request.argv[0];
        fail(where, report.error_errno);
    }

    RunResult result;
    result.isolation = box ? box_description(as_root) : "none";
    int status = report.main_status;
    if (WIFEXITED(status)) {
        result.exited = true;
        result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signaled = true;
        result.term_signal = WTERMSIG(status);
    } else {
        throw RunnerError("runner: wait4 gave a status that is neither an exit nor a signal (" +
                          std::to_string(status) + ")");
    }
    result.cpu_us = report.cpu_ns / 1000;
    result.cpu_ms = report.cpu_ns / 1'000'000;
    result.wall_us = report.wall_ns / 1000;
    result.wall_ms = report.wall_ns / 1'000'000;
    result.end_ns = report.start_ns + report.wall_ns;
    result.stdout_bytes = report.stdout_bytes;
    result.leftover_processes_killed = report.leftover_processes_killed;
    if (use_cgroups) {
        result.memory_source = "cgroup";
        result.peak_memory_kib = cgroups.peak_memory_kib();
        result.process_limit_source = limits.max_processes > 0 ? "cgroup" : "none";
    } else {
        result.memory_source = "rusage";
        result.peak_memory_kib = report.peak_rss_kib;
        result.process_limit_source = "none";
    }

    // Which limit, if any. The keeper's own check comes first; then what the kernel tells us
    // after the fact (a run can end over a limit between two checks).
    auto hit = static_cast<LimitHit>(report.limit_hit);
    if (hit == LimitHit::None) {
        if (use_cgroups && cgroups.oom_kills() > 0)
            hit = LimitHit::Memory;
        else if (result.signaled && result.term_signal == SIGXCPU)
            hit = LimitHit::CpuTime;
        else if (report.cpu_ns > limits.cpu_ms * 1'000'000)
            hit = LimitHit::CpuTime;
        else if (result.peak_memory_kib > limits.memory_kib)
            hit = LimitHit::Memory;
        else if (result.signaled && result.term_signal == SIGXFSZ)
            hit = LimitHit::Output;
        else if (limits.output_kib > 0 && result.stdout_bytes > limits.output_kib * 1024)
            hit = LimitHit::Output;
        else if (report.wall_ns > limits.wall_ms * 1'000'000)
            hit = LimitHit::WallTime;
    }
    result.limit_hit = hit;
    return result;
}

}  // namespace
}  // namespace detail
}  // namespace judge

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
//   - stdin: the input file (or /dev/null, one fd for all runs), opened by the judge thread,
//     dup2'ed to fd 0. In a box whose uid could change that file (it owns it, or may write
//     it), a sealed memfd copy instead: reopening /proc/self/fd/0 for writing must not reach
//     the jury's data.
//   - stdout: a pipe (1 MiB buffer); the keeper splices it into the output file and counts the
//     bytes, so the output limit is exact and the output's page cache is not charged to the
//     program's memory cgroup. More than output_kib KiB is LimitHit::Output.
//   - stderr: a pipe; the keeper keeps the first 64 KiB in the stderr file and drops the rest.
//   - The output and stderr files (captures) are not truncated when opened but written from
//     their start and cut to what the run wrote when it is over (CaptureFile): a judge writes
//     the same few captures case after case, and emptying one that holds a page on tmpfs
//     costs more than overwriting it. The program writes to the pipes, never to these files.
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
//   - cgroup v2 (a machine with no v1 memory hierarchy: cgroup_v2.cpp): one cgroup per run in
//     the judge's own subtree, with memory.max = the limit, memory.swap.max = 0,
//     memory.oom.group = 1 (an OOM kill takes the whole run) and pids.max; MLE from the
//     oom_kill count of memory.events, the peak from memory.peak (memory_source "cgroup v2";
//     before Linux 5.19 there is none: the figure is the largest ru_maxrss, the limit is still
//     the cgroup's), CPU from cpu.stat usage_usec minus its value at the start. The same
//     guarantees as v1, with the same code around them (CgroupSet).
//   - Without root, with a delegated cgroup (the judge's cgroup owned by its user: v1, the
//     memory, pids and cpuacct ones; v2, the one it was started in, as systemd-run --user
//     --scope -p Delegate=yes makes it): the same cgroups, made below it, so the same figures
//     and verdicts as root. Without one: the /proc polling above, and every report says so on
//     its first line (kInexactMeasurementNote).
//   - rlimits as backstops: RLIMIT_CPU = limit rounded up + 1 s (hard + 1 s more; SIGXCPU is
//     reported as CpuTime), RLIMIT_FSIZE = the output limit for files the program writes
//     itself (SIGXFSZ is Output), RLIMIT_CORE = 0, RLIMIT_STACK = unlimited, as DOMjudge's
//     runguard sets it (deep recursion is allowed as on most judges, the memory limit still
//     counting it; glibc then gives a thread its default 2 MiB stack, where a finite limit
//     would size every thread's stack after it).
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
//   it) and reports a RunnerError. A keeper that does not die within kKeeperGraceMs of that
//   (the init of a box in which a process outlives SIGKILL) is abandoned, reaped later. A
//   program that stops its keeper (kill -STOP $PPID, only possible unsandboxed) cannot hang
//   the judge.
//
// Scheduling. A short run is a chain of hand-offs (judge thread -> keeper -> program -> keeper
// -> judge thread), each a wake-up; on a machine shared with CPU-bound jobs a wake-up with the
// default EEVDF slice can wait a whole slice (~1.5 ms here) for a core, several times a run.
// The judge binary asks for a 0.1 ms slice first thing (use_short_time_slice): its threads,
// keepers and boxes inherit it and preempt at once on waking, for the few microseconds they
// need (no more CPU share: the weight stays). The program gets the default slice back before
// its execve (sched_setattr, at its inherited nice), so it is scheduled as anywhere else.
// A judge run binds each worker thread to one CPU (cpu_binding.hpp, judge_cases and the stress
// loop; --no-cpu-binding turns it off): the programs, keepers and box holders it starts inherit
// the binding, and a box's spawner is given its thread's CPUs before each clone. A run's
// hand-offs then stay on one CPU instead of waking the other one each time (--jobs 2 and
// validating runs: ~8-9 % less time in bench/run/RESULTS.md).
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
//   boxes are RESIDENT (ResidentBox, sandbox.cpp): each judge thread keeps a box from run to
//   run for each program it runs in a box (by its path, argv[0]: a submission, a generator...;
//   the last four), so that nothing of a box's runs reaches another program. Its holder,
//   cloned into new pid, ipc, uts and cgroup namespaces, enters a pooled network and the
//   skeleton, copies it (unshare), mounts /box, /tmp, /dev/shm and /proc once,
//   and sleeps as the init of the box's pid namespace. A run's keeper is born in that pid
//   namespace (the judge thread enters it for its children around the clone, setns
//   CLONE_NEWPID, and leaves it again), enters the other namespaces through the holder's pidfd
//   (one setns), runs the program as above and, as the run's subreaper, kills and reaps every
//   process of it (the program cannot signal the keeper: another uid, and /proc hides it).
//   Then it scrubs the box: a scratch tmpfs holding anything is detached and mounted afresh,
//   and a SysV IPC object left behind (shmctl/msgctl/semctl INFO counts; POSIX message queues
//   are refused by the filter) retires the box. The judge thread retires the box (kills the
//   holder, and with it, as init, whatever is in the box) whenever the keeper does not report
//   it scrubbed: a runner error, a keeper killed at the backstop, a failed setup. It does not
//   wait for that holder (a dying init waits for every process of its namespace, one stuck
//   in uninterruptible sleep too): it reaps it later. The next run then gets a new box.
//   What a run can tell about the runs before it, of the same program only: its pid is not 2
//   (the pid counter goes on), a scratch's birth time (when the box was made or the scratch
//   renewed), and the inode numbers of a kept scratch (its counter goes on too). The scratch
//   folders' other times are set to now before each program's execve: one left empty is
//   kept, and its times would tell when a run last touched it.
//   Without root the keeper cannot enter namespaces it did not make, so every run builds
//   everything. Figures: bench/runner/RESULTS.md and bench/run/RESULTS.md.
//   Read-only roots and chroots. The box's root tmpfs is mounted over an existing folder
//   (/sys, else /proc...) in the box's own mount namespace: nothing is made on the machine's
//   root filesystem, which may be read-only. A setns into a box's mount namespace (the
//   skeleton's, a resident box's) puts the caller at that namespace's own root, which is the
//   box only where the judge's root is the machine's; from a chroot (a VM or container that
//   chroots into its real root) it is the tree above the chroot. So every entry into a ready box
//   goes on with fchdir + chroot(".") to an O_PATH fd of the box's root folder (BoxPlan::root_fd,
//   opened through /proc/<holder>/root), before the skeleton is copied (unshare moves root and
//   cwd into the copy).
//   Fail closed. Where no box can be made (sandbox_support() is false), a run that asks for one
//   is a RunnerError, never a bare run, and the commands refuse before they compile anything.
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
//     runner error, and its namespace (with everything in it) is retired. Its holder is then
//     killed but not waited for: a dying init waits until every process of its namespace is
//     gone and reaped, and a stuck program (uninterruptible sleep, a frozen cgroup) is the
//     judge thread's own unreaped child. Both are abandoned (abandon_child) and reaped later.
//   - The box's scratch is checked by the judge thread (fstatfs of the three tmpfs through fds
//     it holds: as many inodes as when empty, no block); one a run left anything in is
//     replaced by the next run's program before its execve (it enters the box's mount
//     namespace as root first). SysV IPC is refused by the filter, so nothing else of a run
//     can outlive it in the box.
//   - The program's parent is the judge thread, outside its pid namespace: getppid() is 0 in
//     the program, and it cannot signal the judge (not visible there). If the judge dies, the
//     program dies of PR_SET_PDEATHSIG and the holder too, which kills the rest. No other
//     process of the run may be the judge's child: clone with CLONE_PARENT (the program's child
//     as its sibling) is refused by the filter (see above it in sandbox.cpp), and should one
//     appear all the same (a program run without a box has no filter), the sweep reaps this
//     thread's children in the run's pid namespace itself (their zombies would hold the run's
//     pids.current up until the deadline, a runner error).
//   - The spawner (spawner.hpp). In a box, the program's steps before execve that are the same
//     for every run (entering the box's namespaces, signal dispositions, no_new_privs and the
//     syscall filter: the filter alone cost ~40 us a run, and its JIT image was freed by a
//     kernel worker after each) are done once by the box's spawner, a process sharing the
//     judge's memory and fd table that lives in the box's namespaces (its pid namespace for
//     its children only: the spawner is outside, invisible to programs, and stays root),
//     confined by the filter. The judge thread hands it the run's plan through a futex word;
//     it clones the program with CLONE_PARENT (the filter lets that through for the spawner's
//     random key alone, passed as clone's unused tls argument), so the program is the judge
//     thread's child as above, and inherits all of that. The program still joins the run's
//     cgroups, redirects, sets its rlimits, returns to the default time slice (the spawner
//     keeps the judge's short one: it is woken for microseconds) and drops to uid 65534
//     itself, and checks that the
//     filter and no_new_privs are there before its execve. A spawner lives in /box: a scratch
//     that is replaced (a run used it, or another size) or a keeper's run in the box retires
//     it, and the next run starts a new one, which mounts the new scratch first. One that died
//     is seen at once (the kernel clears the futex word) and replaced; one that cannot be
//     started leaves the judge thread to start the box's programs itself.
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
#include "running/direct_run.hpp"
#include "running/keeper.hpp"
#include "running/raw_syscall.hpp"
#include "running/run_plan.hpp"
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
#include <optional>
#include <unordered_set>
#include <utility>
#include <vector>

extern char** environ;

namespace judge {
namespace detail {
namespace {

ScopedFd open_or_fail(const std::string& path, int flags, const char* role) {
    int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
    if (fd < 0) fail(std::string("cannot open ") + role + " " + path);
    return ScopedFd(fd);
}

/// /dev/null, opened once for reading and writing (-1 if it cannot be): the stdin of a run
/// without input and the file of a stream that is discarded. Runs may share it: reading it
/// gives EOF and what is written to it vanishes, whatever another run did with it.
int shared_dev_null() {
    static const int fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    return fd;
}

/// The file a run's stdout or stderr is kept in. It is opened without O_TRUNC and written from
/// its start, and cut to what this run wrote when the run is over, on every path (so nothing
/// of what an earlier run left in it stays behind the new capture): a judge writes the same
/// captures case after case, and truncating one with a page of data on tmpfs drains the
/// CPU's page lists (~5 us, two captures a case). An empty path is the shared /dev/null.
class CaptureFile {
 public:
    CaptureFile(const std::string& path, bool readable, const char* role) {
        if (path.empty() && shared_dev_null() >= 0) {
            fd_ = shared_dev_null();
            return;
        }
        owned_ = open_or_fail(path.empty() ? "/dev/null" : path,
                              (readable ? O_RDWR : O_WRONLY) | O_CREAT, role);
        fd_ = owned_.get();
    }
    CaptureFile(const CaptureFile&) = delete;
    CaptureFile& operator=(const CaptureFile&) = delete;
    ~CaptureFile() {
        try {
            written_bytes();
        } catch (const RunnerError&) {
            // Only on a path that already throws: that run is a runner error anyway.
        }
    }

    int fd() const { return fd_; }

    /// What the run wrote (its end is where the file's offset is), the file cut there. A
    /// regular file that cannot be cut is a runner error (the captures of an earlier run
    /// would be read as this run's).
    off_t written_bytes() {
        if (!cut_ && owned_.get() >= 0) {
            cut_ = true;
            // lseek fails on a pipe or a terminal, which hold nothing of another run, and
            // ftruncate with EINVAL on a device. A file no longer than what was written is
            // left alone: cutting it at its own size still clears the rest of its last page.
            off_t end = ::lseek(owned_.get(), 0, SEEK_CUR);
            if (end >= 0) {
                written_ = end;
                if (::lseek(owned_.get(), 0, SEEK_END) > end &&
                    ::ftruncate(owned_.get(), end) != 0 && errno != EINVAL)
                    fail("cannot cut the capture file to what the run wrote");
            }
        }
        return written_;
    }

    /// The first `max_bytes` bytes the run wrote (a file opened `readable`).
    std::string head(std::size_t max_bytes) {
        std::string text(std::min<std::size_t>(max_bytes, written_bytes()), '\0');
        ssize_t got = text.empty() ? 0 : ::pread(owned_.get(), text.data(), text.size(), 0);
        text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
        return text;
    }

 private:
    ScopedFd owned_;
    int fd_ = -1;
    bool cut_ = false;
    off_t written_ = 0;
};

/// A close-on-exec copy of the caller's `fd` (the runner closes its copies, never the caller's).
ScopedFd duplicate_or_fail(int fd, const char* role) {
    int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (copy < 0) fail(std::string("cannot use the ") + role + " fd " + std::to_string(fd));
    return ScopedFd(copy);
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
    // Fail closed: a run that asks for a box gets one or does not run (the commands refuse
    // earlier, with the same reason, before they compile anything).
    if (request.sandbox.enabled && !sandbox_support().available)
        throw RunnerError("runner: no sandbox can be made here: " + sandbox_support().description);
    return detail::run_process_as(request, request.sandbox.enabled);
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
    // (A program that cannot be started is a runner error naming it: its execve's failure,
    // or in a box opening it, before that.)

    // A caller's fd (one end of an interaction's pipe) is given to the program as it is.
    ScopedFd input;
    if (request.stdin_fd >= 0)
        input = duplicate_or_fail(request.stdin_fd, "stdin");
    else if (!request.stdin_path.empty() || shared_dev_null() < 0)
        input = open_or_fail(request.stdin_path.empty() ? "/dev/null" : request.stdin_path,
                             O_RDONLY, "stdin");
    const bool as_root = box_as_root();
    BoxPlanStorage box_storage;
    const BoxPlan* box =
        sandboxed ? &box_storage.make(request.sandbox, limits, as_root, request.argv[0]) : nullptr;
    ScopedFd executable;
    bool executable_is_script = false;
    if (box) {
        if (input.get() >= 0 && box_could_change(input.get(), as_root))
            input = sealed_copy(input.get());
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
    std::optional<CaptureFile> output;
    if (!direct_stdout) output.emplace(request.stdout_path, false, "stdout");
    CaptureFile errors(request.stderr_path, request.stderr_text_bytes > 0, "stderr");
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
    plan.stdin_fd = input.get() >= 0 ? input.get() : shared_dev_null();
    plan.stdout_file_fd = output ? output->fd() : -1;
    plan.stderr_file_fd = errors.fd();
    plan.stdout_pipe_read = stdout_pipe.read_end.get();
    plan.stdout_pipe_write = stdout_pipe.write_end.get();
    plan.stderr_pipe_read = stderr_pipe.read_end.get();
    plan.stderr_pipe_write = stderr_pipe.write_end.get();
    plan.report_pipe_write = -1;  // a keeper's, made by run_with_keeper
    plan.cgroups = use_cgroups;
    for (int& fd : plan.cgroup_tasks_fds) fd = -1;
    if (use_cgroups) cgroups.join_fds(plan.cgroup_tasks_fds);
    plan.cpu_usage_fd = use_cgroups ? cgroups.cpu_usage_fd() : -1;
    plan.cpu_usage_in_stat =
        use_cgroups && cgroups.cpu_usage_format() == CpuUsageFormat::StatMicroseconds;
    plan.cpu_usage_start_ns = use_cgroups ? cgroups.cpu_usage_start_ns() : 0;
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
    plan.rlimit_stack_bytes = below_hard_limit(RLIMIT_STACK, RLIM_INFINITY);
    plan.page_size = ::sysconf(_SC_PAGESIZE);
    plan.clock_ticks_per_second = ::sysconf(_SC_CLK_TCK) > 0 ? ::sysconf(_SC_CLK_TCK) : 100;
    // Once per process: glibc reads it from /sys at every call (~1 % of the judge's own time).
    static const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
    plan.cpu_count = cpus > 0 ? static_cast<int>(cpus) : 1;
    plan.box = box;
    plan.exe_fd = executable.get();
    plan.stop_fd = request.stop_fd;
    plan.exe_is_script = executable_is_script;
    plan.default_slice = short_slice_in_use.load(std::memory_order_relaxed);
    plan.reset_signals = signals_to_reset();

    // Our copies of the program's fds, dropped once it (or its keeper) holds them: they would
    // keep the pipes from reaching EOF.
    auto close_copies = [&] {
        stdout_pipe.write_end.reset();
        stderr_pipe.write_end.reset();
        input.reset();
        if (request.on_started) request.on_started();
    };
    reap_abandoned_children();  // what earlier runs of this thread left dying
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

    if (output) output->written_bytes();
    errors.written_bytes();
    RunResult result;
    if (request.stderr_text_bytes > 0) result.stderr_text = errors.head(request.stderr_text_bytes);
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
        result.memory_source = cgroups.memory_source();
        result.peak_memory_kib = cgroups.peak_memory_kib();
        if (result.peak_memory_kib < 0) result.peak_memory_kib = report.peak_rss_kib;
        const bool v2 = result.memory_source.starts_with("cgroup v2");
        result.process_limit_source = limits.max_processes <= 0 ? "none"
                                      : v2                      ? "cgroup v2"
                                                                : "cgroup";
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

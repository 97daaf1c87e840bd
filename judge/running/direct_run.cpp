// A direct run (direct_run.hpp; "Direct runs" in the theory of operation of process_runner.cpp).
#include "running/direct_run.hpp"

#include "running/keeper.hpp"
#include "running/spawner.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_set>
#include <vector>

namespace judge::detail {

namespace {

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

/// The inode of the pid namespace of process `pid` (a zombie's too), 0 when it cannot be read.
ino_t pid_namespace_of(pid_t pid) {
    char path[64];
    proc_path(pid, "ns/pid", path);
    struct stat info {};
    return ::stat(path, &info) == 0 ? info.st_ino : 0;
}

/// Reaps the judge thread's children that the run made: clone with CLONE_PARENT makes a
/// process's child its sibling, so a child of the program's is then this thread's child, which
/// the namespace's init never reaps. The box's filter refuses CLONE_PARENT, but a program run
/// without a box has no filter, and a zombie nobody reaps would stay in the run's pids.current
/// (a process counts there until it is reaped: the sweep would wait for it until its deadline)
/// and in the judge for good. They are found among this thread's own children
/// (/proc/thread-self/children: no other thread's) in the run's pid namespace
/// (`run_namespace`), but for the program itself (`main_pid`, reaped by the caller) and the
/// namespace's init (reaped when it is retired). Nothing else waits for them, so a pid read
/// here is still theirs at the waitpid. Zombies are reaped; the living (killed by the sweep)
/// are left for a later call or, `abandon` (the run failed), to reap_abandoned_children.
void reap_run_children(ino_t run_namespace, pid_t main_pid, pid_t init_pid, bool abandon) {
    char list[4096];
    ssize_t length = read_file_at(-1, "/proc/thread-self/children", list, sizeof list);
    if (length <= 0) return;
    // A full buffer may end in the middle of a pid: that one waits for the next call.
    if (static_cast<std::size_t>(length) == sizeof list - 1)
        if (char* last = std::strrchr(list, ' ')) *last = '\0';
    for (char* at = list;;) {
        char* end = nullptr;
        long pid = std::strtol(at, &end, 10);
        if (end == at) break;
        at = end;
        if (pid == main_pid || pid == init_pid ||
            pid_namespace_of(static_cast<pid_t>(pid)) != run_namespace)
            continue;
        int status = 0;
        if (::waitpid(static_cast<pid_t>(pid), &status, WNOHANG | __WALL) == 0 && abandon)
            abandon_child(static_cast<pid_t>(pid));
    }
}

}  // namespace

/// The resident pid namespace a run is born in when it goes without a keeper, or -1 (a
/// keeper): see "Direct runs" in the theory of operation. Only as root (entering a pid
/// namespace), with the run's cgroups (the CPU time of the whole run, and the processes it
/// left) and clones that share our memory; a box only when it is a resident one.
int direct_pid_namespace(const KeeperPlan& plan, bool allowed) {
    if (!allowed || !kClonesCanShareMemory || !plan.cgroups || !running_as_root()) return -1;
    if (plan.box) return plan.box->resident_pid_ns_fd;
    return lend_plain_pid_namespace();
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
    char* stack = run_stack().top();
    if (!stack) fail("mmap (the program's stack)", ENOMEM);
    int pidfd = -1;
    pid_t pid = -1;
    int clone_error = 0;
    Spawner* spawner = plan.box ? resident_box_spawner(*plan.box) : nullptr;
    if (spawner && spawner->ready(*plan.box)) {
        // The box's spawner clones it (as our child); we wait with raw calls meanwhile.
        start.spawned = true;
        pid = spawner->spawn(start, stack, &pidfd);
        // One that was killed just before (and started nothing): once more, with a new one,
        // else the program is started here.
        if (pid == Spawner::kGoneBeforeClone && spawner->ready(*plan.box))
            pid = spawner->spawn(start, stack, &pidfd);
        if (pid == Spawner::kGoneBeforeClone)
            start.spawned = false;
        else if (pid < 0)
            clone_error = -pid;
    }
    if (!start.spawned) {
        enter_pid_namespace(pid_ns_fd);
        // vfork semantics: we sleep until the program has exec'ed (or failed), on our stack.
        pid = ::clone(direct_program, stack, CLONE_VM | CLONE_VFORK | CLONE_PIDFD | SIGCHLD, &start,
                      &pidfd);
        clone_error = pid < 0 ? errno : 0;
        leave_pid_namespace();
    }
    if (pid < 0) fail("clone (program, into the resident pid namespace)", clone_error);
    ScopedFd process(pidfd);
    close_copies();
    if (start.failure.stage >= 0) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        keeper.note_setup_failure(start.failure);
        return keeper.report;
    }
    keeper.main_pid = pid;
    keeper.start_ns = start.exec_ns;
    // The program's pidfd wakes us: readable when it has exited.
    bool watched = keeper.watch(process.get(), [&](bool woken) {
        if (woken && !keeper.main_exited) {
            keeper.main_exited = true;
            keeper.report.wall_ns = now_ns() - keeper.start_ns;
        }
    });
    if (!watched) fail("ppoll");

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
    // The run's children of ours (clone with CLONE_PARENT), see reap_run_children.
    struct stat run_namespace {};
    if (!main_alone && ::fstat(pid_ns_fd, &run_namespace) != 0) fail("fstat (the pid namespace)");
    const pid_t init_pid = main_alone ? -1 : resident_namespace_init(pid_ns_fd);
    if (!keeper.main_exited && !wait_readable(process.get(), deadline_ns)) {
        // Our child, not reaped: the namespace's init cannot finish dying before it is (the
        // caller abandons that init instead of waiting for it).
        abandon_child(pid);
        reap_run_children(run_namespace.st_ino, pid, init_pid, true);
        throw RunnerError("runner: the program outlived SIGKILL by " +
                          std::to_string(kKeeperGraceMs) + " ms");
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!keeper.main_exited) keeper.report.wall_ns = now_ns() - keeper.start_ns;
    for (long pause_ns = 20'000; !main_alone && cgroups.task_count() > 0;
         pause_ns = pause_ns < 1'000'000 ? pause_ns * 2 : pause_ns) {
        if (now_ns() > deadline_ns) {
            reap_run_children(run_namespace.st_ino, pid, init_pid, true);
            throw RunnerError("runner: processes of the run outlived SIGKILL by " +
                              std::to_string(kKeeperGraceMs) + " ms");
        }
        reap_run_children(run_namespace.st_ino, pid, init_pid, false);
        if (cgroups.task_count() == 0) break;
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

}  // namespace judge::detail

// A direct run (direct_run.hpp; "Direct runs" in the theory of operation of process_runner.cpp).
#include "running/direct_run.hpp"

#include "running/keeper.hpp"
#include "running/spawner.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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
    if (!keeper.main_exited && !wait_readable(process.get(), deadline_ns)) {
        // Our child, not reaped: the namespace's init cannot finish dying before it is (the
        // caller abandons that init instead of waiting for it).
        abandon_child(pid);
        throw RunnerError("runner: the program outlived SIGKILL by " +
                          std::to_string(kKeeperGraceMs) + " ms");
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
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

}  // namespace judge::detail

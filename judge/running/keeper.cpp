// A run with a keeper (keeper.hpp; the theory of operation is at the top of process_runner.cpp).
#include "running/keeper.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace judge::detail {

namespace {

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

}  // namespace

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
    keep(plan.stop_fd);
    if (plan.box) {
        keep(plan.box->template_mount_fd);
        keep(plan.box->template_network_fd);
        keep(plan.box->resident_pidfd);
        keep(plan.box->root_fd);
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
        note_setup_failure(start.failure);
        write_all(plan.report_pipe_write, &report, sizeof report);
        ::_exit(1);
    }
    // SIGCHLD wakes us; at every wake-up, reap the orphans that exited and notice the main
    // process's exit (without reaping it: its pid keeps the group's id ours).
    bool watched = watch(signal_fd, [&](bool woken) {
        if (woken) {
            signalfd_siginfo info[8];
            while (::read(signal_fd, info, sizeof info) > 0) {}
        }
        collect_exits();
    });
    if (!watched) die("ppoll", errno);
    kill_and_reap_all();
    // Every writer is dead now: what is left in the pipes is read to EOF.
    drain_stdout();
    drain_stderr();
    if (plan.box && plan.box->resident_pidfd >= 0) {
        const char* step = nullptr;
        report.box_clean = scrub_box(*plan.box, &step) == 0 ? 1 : 0;
    }
    // With the run's cgroup every process is reaped now, so its counter is the run's whole CPU
    // time: the rusage of reaped processes misses children the kernel reaped itself.
    report.cpu_ns = plan.cgroups ? std::max(run_cpu_ns(), reaped_cpu_ns) : reaped_cpu_ns;
    report.start_ns = start_ns;
    write_all(plan.report_pipe_write, &report, sizeof report);
    ::_exit(0);
}

namespace {

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
    char* stack = keeper_shares_memory(plan) ? run_stack().top() : nullptr;
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
    const bool in_time = wait_readable(pidfd >= 0 ? static_cast<int>(pidfd) : report_fd,
                                       now_ns() + deadline_ms * 1'000'000);
    // Out of time (or no way left to wait with a timeout): the keeper goes, with the run.
    if (!in_time) {
        raw_syscall(SYS_kill, keeper_pid, SIGKILL);
        // A keeper that is the init of the run's pid namespace finishes dying only when every
        // process in it is gone: one that outlives SIGKILL (uninterruptible sleep, a frozen
        // cgroup) would hold this thread here. Such a keeper is abandoned, reaped later.
        if (pidfd >= 0 &&
            !wait_readable(static_cast<int>(pidfd), now_ns() + kKeeperGraceMs * 1'000'000)) {
            abandon_child(keeper_pid);
            ::close(static_cast<int>(pidfd));
            return false;
        }
    }
    raw_reap(keeper_pid, status);
    if (pidfd >= 0) ::close(static_cast<int>(pidfd));
    return in_time;
}

}  // namespace

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
        if (keeper_on_our_stack) run_stack().abandon();
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

}  // namespace judge::detail

// A resident box's spawner: the process that starts the box's programs in direct runs (see
// "Spawner" in the theory of operation of process_runner.cpp). Internal to judge/running.
//
// Entering the box's namespaces, resetting signal dispositions and above all installing the
// syscall filter (~40 us, and a JIT image freed by a
// kernel worker after the run) were paid by every sandboxed program before its execve. The
// spawner pays them once: it is cloned by the judge thread (CLONE_VM | CLONE_FILES: the
// judge's memory and fd table, so a program's plan and fds need no copy), enters the box (its
// mount, ipc, uts, network and cgroup namespaces; the box's pid namespace for its children
// only: the spawner itself stays outside, where no program can see or signal it), confines
// itself (no_new_privs, the filter) and then, on each request, clones the program with
// CLONE_PARENT: the program is the judge thread's child, exactly as when the judge thread
// clones it, and inherits the namespaces, the filter and the dispositions. The spawner stays
// root (a program drops its ids itself; nothing of another uid can signal the spawner) and
// in no run's cgroups (its CPU time and memory are no run's).
//
// Requests go through a futex word in the shared memory; the kernel clears it when the
// spawner dies (CLONE_CHILD_CLEARTID), so a dead spawner is seen at once, never waited for.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <climits>
#include <cstdint>

#include "running/raw_syscall.hpp"
#include "running/run_plan.hpp"
#include "running/sandbox.hpp"

namespace judge::detail {

class Spawner {
 public:
    Spawner() = default;
    Spawner(const Spawner&) = delete;
    Spawner& operator=(const Spawner&) = delete;
    ~Spawner() { retire(); }

    /// Whether the spawner is up, starting it in the resident box of `box` first when it is
    /// not (the scratch is renewed first when the plan says so). false when it cannot be
    /// started: the judge thread then starts this box's programs itself.
    bool ready(const BoxPlan& box);

    /// Clones the program of `start` (exec_program on `child_stack`) as the calling judge
    /// thread's child; returns its pid and sets `pidfd`, or returns -errno when the clone
    /// failed, or kGoneBeforeClone when the spawner was dead or died before it began to clone
    /// (nothing of the run exists: the caller may start it again, ready() making a new
    /// spawner). Throws RunnerError when it died while cloning or did not answer. The spawner
    /// is retired in these cases.
    pid_t spawn(ProgramStart& start, char* child_stack, int* pidfd);
    static constexpr pid_t kGoneBeforeClone = INT_MIN;

    /// Kills and reaps the spawner (a scratch replaced under it, a box retired).
    void retire();

    /// The spawner's pid, -1 when there is none (for tests).
    pid_t pid() const { return pid_; }

    /// The futex word's states.
    enum State : int { Dead = 0, Starting, Idle, Request, Done };

    /// What the judge thread and the spawner share (the spawner reads and writes it in place).
    struct Control {
        std::atomic<int> state{Dead};
        // The start.
        const BoxPlan* box = nullptr;
        // A request and its answer.
        ProgramStart* start = nullptr;
        char* child_stack = nullptr;
        pid_t pid = -1;
        int pidfd = -1;
        int clone_error = 0;
        // Set by the spawner just before its clone: a spawner found dead with this still 0
        // started nothing.
        std::atomic<int> cloning{0};
    };

 private:
    bool start(const BoxPlan& box);
    /// Gives the spawner the calling thread's CPUs when they changed (cpu_binding.hpp): its
    /// programs inherit them at the clone.
    void follow_thread_cpus();

    Control control_;
    pid_t pid_ = -1;
    int pidfd_ = -1;
    std::uint64_t cpus_stamp_ = 0;  // the thread's CPUs the spawner has (thread_cpus_stamp)
    bool unavailable_ = false;      // a start failed: this thread's programs are cloned directly
    CloneStack stack_{256 * 1024};
};

/// The spawner of this thread's resident box when `box` is lent from it, else nullptr.
Spawner* resident_box_spawner(const BoxPlan& box);

/// The pid of this thread's resident box's spawner, -1 when there is none (for tests).
pid_t resident_box_spawner_pid();

/// Programs started by spawners so far, and spawners started (for tests).
long spawned_programs();
long spawners_started();

}  // namespace judge::detail

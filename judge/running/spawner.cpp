// A resident box's spawner (spawner.hpp).
#include "running/spawner.hpp"

#include "running/cpu_binding.hpp"

#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <time.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <string>

namespace judge::detail {

namespace {

constexpr std::int64_t kAnswerTimeoutNs = 10'000'000'000;  // a spawner that hangs: a JE

std::atomic<long> spawned_count{0};
std::atomic<long> started_count{0};

// Shared (not FUTEX_PRIVATE) operations: the kernel's wake at the spawner's death
// (CLONE_CHILD_CLEARTID) is a shared one, and a private waiter would not hear it.
void futex_wait(std::atomic<int>* word, int expected, const timespec* timeout) {
    raw_syscall(SYS_futex, reinterpret_cast<long>(word), FUTEX_WAIT, expected,
                reinterpret_cast<long>(timeout));
}

void futex_wake(std::atomic<int>* word) {
    raw_syscall(SYS_futex, reinterpret_cast<long>(word), FUTEX_WAKE, INT_MAX);
}

/// Waits until `word` is no longer `value`, or `deadline_ns` (CLOCK_MONOTONIC); returns what
/// it holds then.
int wait_while(std::atomic<int>& word, int value, std::int64_t deadline_ns) {
    for (;;) {
        int now = word.load();
        if (now != value) return now;
        std::int64_t left_ns = deadline_ns - now_ns();
        if (left_ns <= 0) return now;
        timespec timeout{left_ns / 1'000'000'000, left_ns % 1'000'000'000};
        futex_wait(&word, value, &timeout);
    }
}

/// rt_sigaction's argument as the kernel reads it (x86-64 and most others).
struct KernelSigaction {
    void (*handler)(int);
    unsigned long flags;
    void (*restorer)();
    unsigned long mask;
};

/// The spawner: shares the judge's memory, fd table and (the cloning thread's) errno, so
/// it makes raw system calls wherever it can, and the judge thread waits for it with raw
/// ones (build_box, the filter and glibc's clone may set errno). It never returns.
int spawner_main(void* argument) {
    auto* control = static_cast<Spawner::Control*>(argument);
    // Every signal blocked: only SIGKILL (ours, or PR_SET_PDEATHSIG's) ends it. Its programs
    // set their own mask before execve.
    const unsigned long all_signals = ~0UL;
    raw_syscall(SYS_rt_sigprocmask, SIG_SETMASK, reinterpret_cast<long>(&all_signals), 0,
                sizeof all_signals);
    raw_syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL);
    // Dispositions its programs inherit, all at SIG_DFL (exec_program resets only the signals
    // the judge may ignore, for each program, when it clones the program itself).
    const KernelSigaction default_action{SIG_DFL, 0, nullptr, 0};
    for (int number = 1; number < NSIG; ++number)
        if (number != SIGKILL && number != SIGSTOP)
            raw_syscall(SYS_rt_sigaction, number, reinterpret_cast<long>(&default_action), 0,
                        sizeof default_action.mask);
    // It keeps the judge's short time slice (it is woken for a few microseconds a run, like a
    // judge thread); each program returns to the default slice itself.
    const BoxPlan& box = *control->box;
    // Its children are born in the box's pid namespace; it stays in ours.
    const char* what = nullptr;  // the step that failed (the judge thread's own run names it)
    int error = static_cast<int>(-raw_syscall(SYS_setns, box.resident_pid_ns_fd, CLONE_NEWPID));
    if (error == 0) error = build_box(box, &what);  // the other namespaces, the scratch, /box
    if (error == 0) error = confine_syscalls(&what);
    // A step that failed ends it (the kernel clears the state word: Dead); the judge thread
    // then starts the box's programs itself, and a box that cannot be entered fails there.
    if (error != 0) raw_syscall(SYS_exit, 1);
    std::uint64_t clone_key = 0;
    spawner_clone_key(&clone_key);  // drawn before main: a read, no lock
    control->state.store(Spawner::Idle);
    futex_wake(&control->state);
    for (;;) {
        int state = control->state.load();
        if (state != Spawner::Request) {
            futex_wait(&control->state, state, nullptr);
            continue;
        }
        // CLONE_PARENT: the judge thread's child (SIGCHLD at its end: our own exit signal).
        // The filter lets it through for the key alone, passed as the tls argument (unused
        // without CLONE_SETTLS): no program can make such a child.
        // CLONE_VM | CLONE_VFORK: as posix_spawn, we sleep until it has exec'ed or failed.
        int pidfd = -1;
        control->cloning.store(1);
        pid_t pid = ::clone(exec_program, control->child_stack,
                            CLONE_VM | CLONE_VFORK | CLONE_PIDFD | CLONE_PARENT, control->start,
                            &pidfd, reinterpret_cast<void*>(clone_key), nullptr);
        control->clone_error = pid < 0 ? errno : 0;
        control->pid = pid;
        control->pidfd = pidfd;
        control->state.store(Spawner::Done);
        futex_wake(&control->state);
    }
}

}  // namespace

bool Spawner::ready(const BoxPlan& box) {
    if (pid_ >= 0 && control_.state.load() == Idle) return true;
    retire();  // a dead one is reaped first
    return !unavailable_ && start(box);
}

bool Spawner::start(const BoxPlan& box) {
    char* stack = stack_.top();
    std::uint64_t clone_key = 0;  // only checked here: the spawner reads it again
    if (!kClonesCanShareMemory || !stack || box.resident_pid_ns_fd < 0 ||
        !spawner_clone_key(&clone_key)) {
        unavailable_ = true;
        return false;
    }
    control_.box = &box;
    control_.state.store(Starting);
    // SIGCHLD: its exit signal, and through CLONE_PARENT its programs'. No CLONE_FS: setns
    // into a mount namespace needs a filesystem context of its own.
    int pidfd = -1;
    pid_t pid = ::clone(spawner_main, stack,
                        CLONE_VM | CLONE_FILES | CLONE_PIDFD | CLONE_CHILD_CLEARTID | SIGCHLD,
                        &control_, &pidfd, nullptr, &control_.state);
    if (pid < 0) {
        control_.state.store(Dead);
        unavailable_ = true;
        return false;
    }
    pid_ = pid;
    pidfd_ = pidfd;
    cpus_stamp_ = thread_cpus_stamp();  // it inherited this thread's CPUs
    // Raw waits from here: the spawner may set our errno until it is ready.
    int state = wait_while(control_.state, Starting, now_ns() + kAnswerTimeoutNs);
    control_.box = nullptr;
    if (state != Idle) {
        retire();
        unavailable_ = true;
        return false;
    }
    started_count.fetch_add(1, std::memory_order_relaxed);
    return true;
}

pid_t Spawner::spawn(ProgramStart& start, char* child_stack, int* pidfd) {
    follow_thread_cpus();
    control_.start = &start;
    control_.child_stack = child_stack;
    control_.pid = -1;
    control_.pidfd = -1;
    control_.cloning.store(0);
    int expected = Idle;
    // Not Idle any more: it died (the kernel cleared the word) since ready().
    if (!control_.state.compare_exchange_strong(expected, Request)) {
        retire();
        return kGoneBeforeClone;
    }
    futex_wake(&control_.state);
    int state = wait_while(control_.state, Request, now_ns() + kAnswerTimeoutNs);
    if (state != Done) {
        // Dead, or stopped: retiring it kills it. A spawner killed just before the request
        // (its exit still under way when ready() looked) started nothing. Otherwise a program
        // it may have cloned is ours and in the box, whose retirement (by the caller, the run
        // having failed) kills it.
        const bool started_nothing = state == Dead && control_.cloning.load() == 0;
        retire();
        if (started_nothing) return kGoneBeforeClone;
        throw RunnerError(state == Dead ? "runner: the box's spawner died during a run's start"
                                        : "runner: the box's spawner did not answer");
    }
    control_.state.store(Idle);
    spawned_count.fetch_add(1, std::memory_order_relaxed);
    *pidfd = control_.pidfd;
    return control_.pid < 0 ? -control_.clone_error : control_.pid;
}

void Spawner::follow_thread_cpus() {
    if (cpus_stamp_ == thread_cpus_stamp()) return;
    const cpu_set_t* cpus = thread_cpus();
    // Failing only costs the binding's gain: the programs are placed by the kernel then.
    if (cpus) ::sched_setaffinity(pid_, sizeof *cpus, cpus);
    cpus_stamp_ = thread_cpus_stamp();
}

void Spawner::retire() {
    if (pid_ < 0) return;
    raw_syscall(SYS_pidfd_send_signal, pidfd_, SIGKILL, 0, 0);
    int status = 0;
    raw_reap(pid_, status);
    raw_syscall(SYS_close, pidfd_);
    pid_ = -1;
    pidfd_ = -1;
    control_.state.store(Dead);
}

long spawned_programs() { return spawned_count.load(); }
long spawners_started() { return started_count.load(); }

}  // namespace judge::detail

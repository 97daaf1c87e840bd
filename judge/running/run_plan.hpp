// The plan of one run as the runner prepares it on the judge thread, in plain data (fds, numbers,
// C strings), and the code every way of running shares: the program's setup between clone and
// execve (exec_program), the report of a run, the async-signal-safe helpers. A keeper
// (keeper.hpp) and a direct run (direct_run.hpp) both start programs from a RunPlan. Internal to
// judge/running; the theory of operation is at the top of process_runner.cpp.
#pragma once

#include <limits.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <string>

#include "running/process_runner.hpp"
#include "running/raw_syscall.hpp"
#include "running/sandbox.hpp"
#include "running/scoped_fd.hpp"

namespace judge::detail {

constexpr std::int64_t kStderrCapBytes = 64 * 1024;
constexpr int kStdoutPipeBytes = 1 << 20;
constexpr std::int64_t kMaxTickNs = 10'000'000;  // 10 ms between checks at most
constexpr std::int64_t kMinTickNs = 500'000;     // 0.5 ms at least
constexpr int kMaxWatched = 256;                 // children polled per tick without cgroups

// ---------------------------------------------------------------------------------------------
// Judge-thread side helpers (may allocate, may throw).

/// Throws RunnerError("runner: <what>: <strerror(error)>").
[[noreturn]] void fail(const std::string& what, int error = errno);

struct Pipe {
    ScopedFd read_end, write_end;
};

/// A close-on-exec pipe; throws RunnerError naming `role`.
Pipe make_pipe(const char* role);

/// Whether the judge runs as root (read once).
bool running_as_root();

/// The stack this thread gives the CLONE_VM processes it starts one at a time: a keeper, or a
/// direct run's program (kept from run to run).
CloneStack& run_stack();

/// A child of this thread that is dying but cannot be waited for now (it outlived SIGKILL: a
/// process in uninterruptible sleep or a frozen cgroup, or the init of a pid namespace that
/// holds one): reap_abandoned_children reaps it once it has exited, without waiting.
void abandon_child(pid_t pid);
void reap_abandoned_children();

// ---------------------------------------------------------------------------------------------

/// The signals a program gets back at SIG_DFL before its execve (which resets caught signals
/// itself, but keeps ignored ones ignored).
struct ResetSignals {
    int numbers[NSIG];
    int count;
};

/// Everything a keeper and the program need, prepared before the clone.
struct KeeperPlan {
    pid_t judge_pid;
    char* const* argv;
    char* const* envp;
    const char* working_dir;  // nullptr = stay
    int stdin_fd, stdout_file_fd, stderr_file_fd;
    int stdout_pipe_read, stdout_pipe_write, stderr_pipe_read, stderr_pipe_write;
    int report_pipe_write;
    bool cgroups;
    int cgroup_tasks_fds[3];  // -1: unused (v2 has one cgroup)
    int cpu_usage_fd;
    bool cpu_usage_in_stat;           // v2 cpu.stat ("usage_usec N"), else v1 cpuacct.usage (ns)
    std::int64_t cpu_usage_start_ns;  // what cpu_usage_fd said at the start (v2: not reset)
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
    int stop_fd;  // readable: end the run now (RunRequest::stop_fd); -1 = none
};

/// Setup steps of the program, reported through the error pipe when one fails.
enum class Stage : int { Setpgid, Cgroup, Dup, Rlimit, Chdir, Sched, Sandbox, Exec };

/// What a failed Stage is called in a runner error.
const char* stage_name(Stage stage);

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
// Async-signal-safe helpers (a keeper and a program before its execve run them).

std::int64_t now_ns();
std::int64_t timeval_ns(const timeval& tv);
void write_all(int fd, const void* data, std::size_t size);
/// Decimal digits of `value` into `out` (no terminator); returns the length.
int format_decimal(long value, char* out);
/// "/proc/<pid>/<suffix>" into `out`.
void proc_path(pid_t pid, const char* suffix, char* out);
/// Reads a small /proc or cgroup file into `buffer` (terminated); returns the length or -1.
ssize_t read_file_at(int dirfd_or_fd, const char* path, char* buffer, std::size_t size);
/// Waits until `fd` is readable (a pidfd: its process has exited) or CLOCK_MONOTONIC
/// `deadline_ns`; false at the deadline or when ppoll fails. Raw system calls: errno is left
/// alone (a clone sharing it may run).
bool wait_readable(int fd, std::int64_t deadline_ns);

// ---------------------------------------------------------------------------------------------
// The program between clone and execve.

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
    /// Started by a box's spawner (spawner.hpp): the namespaces, the syscall filter and the
    /// signal dispositions are the spawner's already, inherited at clone.
    bool spawned = false;
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

/// Whether the judge runs with a short time slice (use_short_time_slice).
extern std::atomic<bool> short_slice_in_use;

/// Sets the calling thread's slice (0: the kernel's default) at the nice value it has.
bool set_time_slice(std::uint64_t runtime_ns);

/// Records the failed `stage` (and errno) in `failure` and exits the program's process.
[[noreturn]] void fail_setup(SetupFailure& failure, Stage stage);

/// The program's process between clone and execve, started with CLONE_VM | CLONE_VFORK (it
/// shares its starter's memory: it only makes system calls and writes to `argument`, a
/// ProgramStart). Joins the cgroups, redirects, sets the limits, resets signals, shuts itself in
/// the box's last layers and execs; on a failure it exits 127 with the stage in the start.
int exec_program(void* argument);

}  // namespace judge::detail

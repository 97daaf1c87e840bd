// Runs one program under limits and measures it: the judge's only measured launcher.
// How it works (process tree, pipes, timers, kill sequence): see the top of process_runner.cpp.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace judge {

/// Limits of one run. Every field is a hard limit; 0 means "no limit" for output_kib and
/// max_processes only.
struct Limits {
    std::int64_t cpu_ms = 1000;        ///< CPU time (user + system) of the whole process group
    std::int64_t wall_ms = 3000;       ///< monotonic wall-clock time from spawn to exit
    std::int64_t memory_kib = 262144;  ///< peak resident memory
    std::int64_t output_kib = 65536;   ///< bytes written to stdout; more is OLE
    int max_processes = 64;            ///< processes the run may have at once (fork bombs)
};

/// What to run. Paths are owned by the caller; the runner opens and closes its own fds. The
/// program gets the judge's environment, fds 0-2 only, default signal dispositions, its own
/// process group, RLIMIT_CORE 0 and RLIMIT_STACK = memory_kib (deep recursion is allowed).
struct RunRequest {
    std::vector<std::string> argv;  ///< argv[0] is the program's path (no PATH lookup)
    std::string stdin_path;         ///< fed on stdin; empty = /dev/null
    std::string stdout_path;        ///< receives stdout (truncated first); empty = discarded
    std::string stderr_path;        ///< receives stderr, capped at 64 KiB; empty = discarded
    std::string working_dir;        ///< empty = the judge's own
    Limits limits;
    /// Use cgroup v1 controllers (memory, pids, cpuacct) when this process may create child
    /// cgroups; false forces the rlimit + /proc fallback (the tests run both ways).
    bool use_cgroups = true;
};

/// Which limit stopped the run, if any. Decided by the runner, not by the exit status.
enum class LimitHit { None, CpuTime, WallTime, Memory, Output };

/// What happened. Exactly one of `exited` / `signaled` is true.
struct RunResult {
    bool exited = false;
    int exit_code = 0;  ///< valid when exited
    bool signaled = false;
    int term_signal = 0;  ///< valid when signaled
    LimitHit limit_hit = LimitHit::None;
    std::int64_t cpu_ms = 0;            ///< from wait4 rusage (user + system), children included
    std::int64_t wall_ms = 0;           ///< CLOCK_MONOTONIC, spawn to reap
    std::int64_t peak_memory_kib = 0;   ///< see memory_source
    std::string memory_source;          ///< "rusage" (ru_maxrss) or "cgroup" (memory peak)
    int leftover_processes_killed = 0;  ///< processes still alive after the main one exited
    // Added by the runner's owner (the fields above keep their meaning):
    std::int64_t cpu_us = 0;   ///< cpu_ms with microsecond resolution (same source)
    std::int64_t wall_us = 0;  ///< wall_ms with microsecond resolution (same clock)
    /// Bytes the program wrote to stdout, counted up to one byte past output_kib (then the run
    /// is stopped with LimitHit::Output); the stdout file holds exactly these bytes.
    std::int64_t stdout_bytes = 0;
    /// What enforced max_processes: "cgroup" (pids.max), "rlimit" (RLIMIT_NPROC, only counts
    /// for a non-root judge) or "none" (root without a pids cgroup: not enforced).
    std::string process_limit_source;
};

/// The runner itself failed (fork, pipe, open...): the caller reports JE, never a verdict.
class RunnerError : public std::runtime_error {
 public:
    using std::runtime_error::runtime_error;
};

/// Runs `request` to completion. Blocks; safe to call from several threads at once.
/// When it returns (or throws), no process of the run is left: not the program, not anything
/// it started, not even what left the process group with setsid().
/// Throws RunnerError when the run could not be carried out (bad request, a file that cannot
/// be opened, argv[0] that cannot be executed, a failed fork or pipe).
RunResult run_process(const RunRequest& request);

}  // namespace judge

// Runs one program under limits and measures it: the judge's only measured launcher.
// How it works (process tree, pipes, timers, kill sequence): see the top of process_runner.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "running/limits.hpp"

namespace judge {

/// How a run is shut in (see the theory of operation in process_runner.cpp). A sandboxed
/// program runs in its own pid, mount, network, ipc, uts and cgroup namespaces, as an
/// unprivileged uid with no capabilities and no_new_privs, under a syscall filter, with a
/// cleared environment, and sees only: the system's programs and libraries read-only (/usr
/// and the /bin, /lib... links, /etc/ld.so.cache, /etc/alternatives), /dev/null, zero, full,
/// random and urandom, its own /proc, a private working folder /box (its cwd; links to the
/// entries of working_folder in it), /tmp and /dev/shm. Nothing of the judge, the repository,
/// testdata or the cache but the paths it is given.
struct SandboxOptions {
    bool enabled = false;
    /// A host folder mounted read-write as /box (a compile's source in, its binary out). Empty:
    /// /box is a fresh tmpfs that is gone when the run ends.
    std::string work_dir;
    /// Size of each tmpfs (/box, /tmp, /dev/shm): their pages are the program's memory and
    /// count towards memory_kib with cgroups. 0 = memory_kib.
    std::int64_t scratch_kib = 0;
    /// Files (and folders) each tmpfs may hold.
    int scratch_files = 4096;
    /// A host folder whose entries the program finds in its working folder /box, as links to
    /// them (read-only: the folder is shown read-only at its own path): the format's working
    /// folder of a submission (its files, their compiled forms, the included files). Not for
    /// a resident box (resident_folders). With work_dir, whoever fills work_dir makes them
    /// (stage_box_folder); here /box is the run's fresh tmpfs and the box's builder does.
    std::string working_folder;
    /// Extra host paths shown read-only at the same path (an interpreter outside /usr).
    std::vector<std::string> read_only_paths;
    /// Root only: read_only_paths and work_dir are folders that stay the same from run to run
    /// (a jury program's view of the problem's data and a worker's folder, not one case's
    /// files), so the box may be resident (kept for the next run of the same program with the
    /// same folders, as a box without host paths is) instead of built for every run.
    bool resident_folders = false;
    /// With resident_folders: the files this run's program is given, inside those folders
    /// (not bound; the jury's check that the box's uid may read them, jury_box_refusal).
    std::vector<std::string> files_in_folders;
};

/// What to run. Paths are owned by the caller; the runner opens and closes its own fds. The
/// program gets fds 0-2 only, default signal dispositions, its own process group, RLIMIT_CORE 0
/// and RLIMIT_STACK unlimited (deep recursion up to the memory limit). Its environment: the judge's
/// own plus `environment` when not sandboxed; only kSandboxEnvironment plus `environment` when
/// sandboxed.
struct RunRequest {
    std::vector<std::string> argv;  ///< argv[0] is the program's path (no PATH lookup)
    std::string stdin_path;         ///< fed on stdin; empty = /dev/null
    /// receives stdout (the file holds exactly what the program wrote: overwritten from its
    /// start and cut there); empty = discarded
    std::string stdout_path;
    /// An open fd of the caller's given to the program as its stdin instead of stdin_path (one
    /// end of an interaction's pipe); -1 = stdin_path. The caller keeps and closes it.
    int stdin_fd = -1;
    /// An open fd given to the program as its stdout instead of stdout_path: the program writes
    /// into it directly, uncounted (stdout_bytes stays 0 and output_kib does not apply: for an
    /// interaction's pipe, whose reader decides when enough was said); -1 = stdout_path.
    int stdout_fd = -1;
    std::string
        stderr_path;  ///< receives stderr, capped at 64 KiB (as stdout_path); empty = discarded
    /// > 0: RunResult::stderr_text gets the first this many bytes of the stderr file (a jury
    /// program's message, without opening the file again).
    std::size_t stderr_text_bytes = 0;
    std::string working_dir;  ///< empty = the judge's own
    Limits limits;
    /// Use cgroup v1 controllers (memory, pids, cpuacct) when this process may create child
    /// cgroups; false forces the rlimit + /proc fallback (the tests run both ways).
    bool use_cgroups = true;
    /// Run without a keeper process where that is possible (root, the run's cgroups, no box or
    /// a resident one: see "Direct runs" in process_runner.cpp); false forces a keeper (the
    /// tests run both ways).
    bool direct = true;
    /// "NAME=value" entries added to the program's environment.
    std::vector<std::string> environment;
    SandboxOptions sandbox;
    /// An fd of the caller's (an eventfd) that ends the run once it is readable: every process
    /// of the run is killed, as at a limit, and the result is that of a run killed there
    /// (SIGKILL, LimitHit::None). An interaction stops a submission whose verdict a rejecting
    /// interactor has decided. -1: none. The caller keeps and closes it.
    int stop_fd = -1;
    /// Called once the program (or its keeper) holds its own copies of stdin_fd and stdout_fd,
    /// before the run ends: the caller may close its copies then (an interaction does, so that
    /// a program closing its stdout gives the other EOF at once).
    std::function<void()> on_started;
};

/// The uid and gid a sandboxed program runs as when the judge is root ("nobody" on Debian):
/// what must own a folder the box writes (SandboxOptions::work_dir).
constexpr unsigned kSandboxUid = 65534;
constexpr unsigned kSandboxGid = 65534;

/// The whole environment of a sandboxed program before RunRequest::environment is added.
inline const std::vector<std::string> kSandboxEnvironment = {"PATH=/usr/local/bin:/usr/bin:/bin",
                                                             "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
                                                             "HOME=/box", "TMPDIR=/tmp"};

/// How long after the wall limit the judge stops waiting for a keeper and kills the run.
constexpr std::int64_t kKeeperGraceMs = 2000;

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
    std::string memory_source;          ///< "rusage" (ru_maxrss), "cgroup" (v1 peak), "cgroup v2"
                                        ///< (memory.peak) or "cgroup v2 without memory.peak"
    int leftover_processes_killed = 0;  ///< processes still alive after the main one exited
    // Added by the runner's owner (the fields above keep their meaning):
    std::int64_t cpu_us = 0;   ///< cpu_ms with microsecond resolution (same source)
    std::int64_t wall_us = 0;  ///< wall_ms with microsecond resolution (same clock)
    /// CLOCK_MONOTONIC (nanoseconds) when the main process's exit was noticed (or the run was
    /// stopped): which of two interacting programs ended first.
    std::int64_t end_ns = 0;
    /// Bytes the program wrote to stdout, counted up to one byte past output_kib (then the run
    /// is stopped with LimitHit::Output); the stdout file holds exactly these bytes.
    std::int64_t stdout_bytes = 0;
    /// What enforced max_processes: "cgroup" (pids.max), "rlimit" (RLIMIT_NPROC, only counts
    /// for a non-root judge) or "none" (root without a pids cgroup: not enforced).
    std::string process_limit_source;
    /// The start of the stderr file, when RunRequest::stderr_text_bytes asked for it.
    std::string stderr_text;
    /// How the run was shut in: "sandbox (...)" naming the namespaces and the uid, or
    /// "none" (not asked for).
    std::string isolation;
};

/// The runner itself failed (fork, pipe, open...): the caller reports JE, never a verdict.
class RunnerError : public std::runtime_error {
 public:
    using std::runtime_error::runtime_error;
};

/// Whether this process can make sandboxes, and how: probed once (a throwaway namespace
/// set-up), then remembered. `available` false gives the reason in `description`.
struct SandboxSupport {
    bool available = false;
    bool as_root = false;     ///< root: a fresh uid-65534 run; else a user namespace of our uid
    std::string description;  ///< "namespaces as root, runs as uid 65534", or why not
};
const SandboxSupport& sandbox_support();

/// Asks the scheduler for a short time slice (0.1 ms, Linux >= 6.12's EEVDF custom slice) for
/// the calling thread and everything it starts afterwards: threads, keepers, resident boxes.
/// The judge's own work is short bursts between a program's start and its end (a keeper wakes,
/// reaps, reports), and on a machine shared with CPU-bound jobs each wake-up with the default
/// slice can wait ~1.5 ms for a core; a short slice lets it preempt at once. No more CPU share:
/// the weight (nice) stays. The programs themselves get the default slice back before their
/// execve, so they are scheduled as anywhere else. Call it first thing in main; false where the
/// kernel does not take it (then nothing changes).
bool use_short_time_slice();

/// "signal 11 (SIGSEGV)" for the signals glibc names, "signal N" otherwise.
std::string signal_name(int signal_number);

/// Runs `request` to completion. Blocks; safe to call from several threads at once.
/// When it returns (or throws), no process of the run is left: not the program, not anything
/// it started, not even what left the process group with setsid().
/// Throws RunnerError when the run could not be carried out (bad request, a file that cannot
/// be opened, argv[0] that cannot be executed, a failed fork or pipe, a keeper that did not
/// finish within wall_ms + kKeeperGraceMs: the judge enforces the wall limit itself too).
/// A sandbox asked for where none can be made: RunnerError (fail closed: never a run
/// without the box it asked for).
RunResult run_process(const RunRequest& request);

}  // namespace judge

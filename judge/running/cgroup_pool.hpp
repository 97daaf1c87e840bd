// The run's cgroups, pooled: v1 (memory, pids, cpuacct) or v2 (one cgroup with the memory and
// pids controllers), chosen once per process from what is mounted (a hybrid machine with a v1
// memory hierarchy keeps v1). As root, or without root where the judge's cgroup is delegated to
// its user (owned by it, as systemd's Delegate=yes makes it).
//
// Each concurrent run gets one set, below the judge's own cgroups. Making and removing cgroups
// costs about 0.4 ms per run, so sets are kept in a pool and reset between runs (limits, peak,
// CPU; the oom_kill counter is read before and after), where the kernel can reset them (v1; v2
// from Linux 6.12, whose memory.peak is reset through the fd that writes to it); otherwise each
// run gets a new set. A set released with more than 1 MiB still charged to it (page cache its
// run read, kernel objects not freed yet) would add that to the next run's peak: a thread of the
// pool drops it (v1 memory.force_empty, v2 memory.reclaim; ~1 ms) while the next runs take other
// sets; that thread may run on every CPU of the process, not only on the bound worker's that
// started it. The pool removes its sets at exit, and at start-up the sets of judges that died.
// The program joins its set itself before execve ("0", itself, into each `tasks` file on v1, into
// cgroup.procs on v2, through fds opened here); its children inherit it at fork. Where neither
// version can be used, acquire() gives an empty lease and the runner uses its rlimit + /proc
// fallback for every later run of this process too (cgroup_unavailable_reason() says why).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "running/cgroup_set.hpp"
#include "running/process_runner.hpp"

namespace judge::detail {

class CgroupSet;  // cgroup_set.hpp

/// One run's cgroup set, handed back to the pool when the lease ends.
class CgroupLease {
 public:
    /// A set prepared with `limits` and zeroed counters, or an empty lease when cgroups cannot
    /// be used here.
    static CgroupLease acquire(const Limits& limits);

    CgroupLease();
    CgroupLease(CgroupLease&&) noexcept;
    CgroupLease& operator=(CgroupLease&&) = delete;
    ~CgroupLease();

    explicit operator bool() const { return set_ != nullptr; }
    /// The fds the program writes "0" into to join the run's cgroups (-1: unused).
    void join_fds(int (&fds)[3]) const;
    /// The file of the run's CPU time (every process of the run, dead ones too), read with pread
    /// as `cpu_usage_format()` says, minus cpu_usage_start_ns().
    int cpu_usage_fd() const;
    CpuUsageFormat cpu_usage_format() const;
    std::int64_t cpu_usage_start_ns() const;
    /// pids.current: the run's tasks (threads too), zombies included until they are reaped.
    std::int64_t task_count() const;
    /// The live processes of the run (cgroup.procs of the pids cgroup), as pids of our namespace.
    std::vector<pid_t> processes() const;
    /// Whether the process `pid` is in the run's pids cgroup now (/proc/<pid>/cgroup).
    bool holds(pid_t pid) const;
    /// The run's peak memory (v1 memory.max_usage_in_bytes, v2 memory.peak) in KiB; -1 where
    /// the kernel keeps none (v2 before Linux 5.19).
    std::int64_t peak_memory_kib() const;
    /// RunResult::memory_source: "cgroup" (v1), "cgroup v2", "cgroup v2 without memory.peak".
    const char* memory_source() const;
    /// Processes the cgroup's OOM killer killed during this run.
    long oom_kills() const;

 private:
    std::unique_ptr<CgroupSet> set_;
};

/// Why runs are not measured by cgroups here ("" while they are, or before the first run).
std::string cgroup_unavailable_reason();

/// Whether a released set serves later runs (false: each run gets a new one, as on cgroup v2
/// before Linux 6.12; also false before the first run). A test hook.
bool cgroup_sets_reused();

/// How many released sets the pool's thread has dropped the leftover memory of (a test hook).
long cgroup_sets_dropped_in_background();

/// How many CPUs the pool's thread may run on (a test hook: all of the process's, whichever
/// thread started it), -1 before it is started.
int cgroup_dropper_cpu_count();

}  // namespace judge::detail

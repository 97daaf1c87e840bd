// The run's cgroups (v1: memory, pids, cpuacct), pooled.
//
// Each concurrent run gets one set of three cgroups, children of the judge's own cgroups, named
// judge-<pid>-<n>. Making and removing cgroups costs about 0.4 ms per run, so sets are kept in a
// pool and reset between runs (limits, memory.max_usage_in_bytes, cpuacct.usage; the oom_kill
// counter is read before and after). A set released with more than 1 MiB still charged to it (page
// cache its run read, kernel objects not freed yet) would add that to the next run's peak: a
// thread of the pool drops it (memory.force_empty, ~1 ms) while the next runs take other sets;
// that thread may run on every CPU of the process, not only on the bound worker's that started it.
// The pool removes its sets at exit, and at start-up removes the empty sets of judges that died.
// The program joins its set itself before execve ("0", itself, into each `tasks` file, through fds
// opened here); its children inherit them at fork. cgroup v2 is not supported: with only v2 (or
// without write access) acquire() gives an empty lease and the runner uses its rlimit + /proc
// fallback for every later run of this process too.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "running/process_runner.hpp"

namespace judge::detail {

class CgroupSet;  // cgroup_pool.cpp

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
    /// An fd of `tasks` of controller 0 (memory), 1 (pids) or 2 (cpuacct), write-only: the
    /// program writes "0" there to join (see exec_program in run_plan.cpp).
    int tasks_fd(int controller) const;
    /// cpuacct.usage (ns of CPU of every process of the run, dead ones too), read with pread.
    int cpu_usage_fd() const;
    /// pids.current: the run's tasks (threads too), zombies included until they are reaped.
    std::int64_t task_count() const;
    /// The live processes of the run (cgroup.procs of the pids cgroup), as pids of our namespace.
    std::vector<pid_t> processes() const;
    /// Whether the process `pid` is in the run's pids cgroup now (/proc/<pid>/cgroup).
    bool holds(pid_t pid) const;
    /// memory.max_usage_in_bytes, in KiB.
    std::int64_t peak_memory_kib() const;
    /// Processes the cgroup's OOM killer killed during this run.
    long oom_kills() const;

 private:
    std::unique_ptr<CgroupSet> set_;
};

/// How many released sets the pool's thread has dropped the leftover memory of (a test hook).
long cgroup_sets_dropped_in_background();

/// How many CPUs the pool's thread may run on (a test hook: all of the process's, whichever
/// thread started it), -1 before it is started.
int cgroup_dropper_cpu_count();

}  // namespace judge::detail

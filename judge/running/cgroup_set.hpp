// One run's cgroups, as the pool (cgroup_pool.cpp) sees them: a v1 set (memory, pids, cpuacct:
// cgroup_v1.cpp) or a v2 cgroup (memory and pids controllers, cpu.stat: cgroup_v2.cpp). The
// pool makes, prepares, reuses and removes sets without knowing which.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "running/process_runner.hpp"
#include "running/scoped_fd.hpp"

namespace judge::detail {

/// A small cgroup file kept open: read or rewritten once per run without path lookups.
class CgroupFile {
 public:
    bool open(const std::string& path, int flags);
    bool write(const std::string& text) const;
    std::string read() const;
    std::int64_t read_number() const;
    /// The number after "`key` " in a flat keyed file ("oom_kill 3\n"), or 0 if absent.
    std::int64_t read_key(const char* key) const;
    int fd() const { return fd_.get(); }

 private:
    ScopedFd fd_;
};

/// How the keeper reads the run's CPU time from `CgroupSet::cpu_usage_fd`.
enum class CpuUsageFormat : int {
    Nanoseconds,      ///< v1 cpuacct.usage: one number, zeroed before the run
    StatMicroseconds  ///< v2 cpu.stat: "usage_usec N" first, minus the value at the start
};

/// Why no cgroup can be made below `mount_point`, mounted read-only (as a container's often is).
std::string read_only_cgroupfs(const std::string& mount_point);

/// The live processes of the cgroup folder `dir` (its cgroup.procs).
std::vector<pid_t> processes_in(const std::string& dir);

/// One run's cgroups. Made by a backend's make_set(), then prepared for each run it serves.
class CgroupSet {
 public:
    virtual ~CgroupSet() = default;

    /// Whether the last run's limits were these (then prepare() need not write them again).
    bool prepared_for(const Limits& limits) const {
        return limits.memory_kib == prepared_memory_kib_ &&
               limits.max_processes == prepared_max_processes_;
    }
    /// Sets the limits of the next run and zeroes (or notes) its counters; false if that failed.
    virtual bool prepare(const Limits& limits) = 0;
    /// Whether a later run may use this set again (false where a counter cannot be reset).
    virtual bool reusable() const = 0;
    /// After a run: false if a process of it is still here (killed; the set is not reused).
    virtual bool emptied_of_processes() = 0;
    /// Whether the memory still charged here (page cache the run read, kernel objects not freed
    /// yet) is small enough to start the next run on: it counts in that run's peak.
    virtual bool little_memory_left() const = 0;
    /// Gives back what is charged here; false if too much is still left.
    virtual bool drop_memory_left() = 0;
    /// Removes the cgroups (every process of the run is reaped before).
    virtual void remove() = 0;

    /// The fds the program writes "0" into to join the run's cgroups (-1: none).
    virtual void join_fds(int (&fds)[3]) const = 0;
    virtual int cpu_usage_fd() const = 0;
    virtual CpuUsageFormat cpu_usage_format() const = 0;
    /// What cpu_usage_fd read at the start of the run (v2: the counter is not reset), in ns.
    virtual std::int64_t cpu_usage_start_ns() const = 0;
    /// The run's tasks (threads too), zombies included until they are reaped.
    virtual std::int64_t task_count() const = 0;
    /// The live processes of the run, as pids of our namespace.
    virtual std::vector<pid_t> processes() const = 0;
    /// Whether the process `pid` is in the run's cgroup now (/proc/<pid>/cgroup).
    virtual bool holds(pid_t pid) const = 0;
    virtual std::int64_t peak_memory_kib() const = 0;
    /// Processes the cgroup's OOM killer killed during this run.
    virtual long oom_kills() const = 0;
    /// RunResult::memory_source of a run measured here: "cgroup" (v1) or "cgroup v2".
    virtual const char* memory_source() const = 0;

    static constexpr std::int64_t kLeftoverBytes = 1 << 20;

 protected:
    /// Writes the run's limits unless they are the last run's; false if that failed.
    bool set_limits(const Limits& limits) {
        if (prepared_for(limits)) return true;
        forget_limits();
        if (!write_limit_files(limits)) return false;
        prepared_memory_kib_ = limits.memory_kib;
        prepared_max_processes_ = limits.max_processes;
        return true;
    }
    /// After a failed step: the next run writes its limits whatever they are.
    void forget_limits() { prepared_memory_kib_ = prepared_max_processes_ = -1; }
    /// The memory and process limits into the cgroup's files.
    virtual bool write_limit_files(const Limits& limits) = 0;

 private:
    std::int64_t prepared_memory_kib_ = -1, prepared_max_processes_ = -1;  // -1: unknown
};

/// A cgroup backend: where the judge's runs get their sets.
class CgroupBackend {
 public:
    virtual ~CgroupBackend() = default;
    /// A new set named `name` (unique in this process), or nullptr.
    virtual std::unique_ptr<CgroupSet> make_set(const std::string& name) = 0;
};

/// The v1 backend when this process's memory, pids and cpuacct v1 cgroups are writable by it
/// (root, or delegated), else nullptr with `why` said. Removes stale sets of dead judges.
std::unique_ptr<CgroupBackend> make_cgroup_v1_backend(std::string& why);
/// The v2 backend, when the unified hierarchy has the memory and pids controllers and this
/// process may make a subtree where it is (root, or a delegated cgroup), else nullptr with `why`.
std::unique_ptr<CgroupBackend> make_cgroup_v2_backend(std::string& why);
/// Whether a v1 memory hierarchy is mounted (then v1 is used: a hybrid machine keeps v1).
bool cgroup_v1_memory_mounted();

}  // namespace judge::detail

// The runner's cgroup v1 sets (memory, pids, cpuacct): made under the judge's own cgroups, pooled
// and reset between runs. Why pooled, and what each file is for: see cgroup_pool.hpp.
#include "running/cgroup_pool.hpp"

#include "running/cpu_binding.hpp"
#include "running/scoped_fd.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace judge::detail {

namespace {

/// The path of process `pid`'s ("self": ours) cgroup in the v1 hierarchy of `controller`, or
/// "" if none.
std::string cgroup_path_of(const std::string& pid, const std::string& controller) {
    std::ifstream in("/proc/" + pid + "/cgroup");
    for (std::string line; std::getline(in, line);) {
        // "4:memory:/process_api/43ca..." ; the controller list may be "cpu,cpuacct"
        auto first = line.find(':');
        auto second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        // Appended piece by piece: GCC 12 gives a false -Wrestrict on "," + std::string&&.
        std::string controllers = ",";
        controllers.append(line, first + 1, second - first - 1);
        controllers += ',';
        if (controllers.find("," + controller + ",") != std::string::npos)
            return line.substr(second + 1);
    }
    return "";
}

std::string own_cgroup_path(const std::string& controller) {
    return cgroup_path_of("self", controller);
}

/// The live processes of the cgroup folder `dir` (its cgroup.procs).
std::vector<pid_t> processes_in(const std::string& dir) {
    std::vector<pid_t> found;
    std::ifstream procs(dir + "/cgroup.procs");
    for (pid_t pid; procs >> pid;) found.push_back(pid);
    return found;
}

}  // namespace

/// A small cgroup file kept open: read or rewritten once per run without path lookups.
class CgroupFile {
 public:
    bool open(const std::string& path, int flags) {
        fd_ = ScopedFd(::open(path.c_str(), flags | O_CLOEXEC));
        return fd_.get() >= 0;
    }
    bool write(const std::string& text) const {
        return ::pwrite(fd_.get(), text.data(), text.size(), 0) ==
               static_cast<ssize_t>(text.size());
    }
    std::string read() const {
        char buffer[512];
        ssize_t length = ::pread(fd_.get(), buffer, sizeof buffer - 1, 0);
        return std::string(buffer, length > 0 ? static_cast<std::size_t>(length) : 0);
    }
    std::int64_t read_number() const { return std::atoll(read().c_str()); }
    int fd() const { return fd_.get(); }

 private:
    ScopedFd fd_;
};

constexpr const char* kControllers[3] = {"memory", "pids", "cpuacct"};

/// One run's v1 cgroups: memory, pids and cpuacct. Creating and removing cgroups costs about
/// 0.4 ms per run, so sets are kept in a pool and reset between runs (see CgroupPool).
class CgroupSet {
 public:
    /// Creates the three cgroups under this process's own ones; false if that is not allowed.
    bool create(const std::string& name) {
        for (int i = 0; i < 3; ++i) {
            std::string own = own_cgroup_path(kControllers[i]);
            std::string base = std::string("/sys/fs/cgroup/") + kControllers[i];
            if (own.empty() || ::access((base + "/cgroup.procs").c_str(), W_OK) != 0) return false;
            std::string dir = base + (own == "/" ? "" : own) + "/" + name;
            if (::mkdir(dir.c_str(), 0755) != 0) return false;
            dirs_[i] = dir;
        }
        const std::string& memory = dirs_[0];
        bool ok = true;
        for (int i = 0; i < 3; ++i) ok = ok && tasks_[i].open(dirs_[i] + "/tasks", O_WRONLY);
        ok = ok && memory_limit_.open(memory + "/memory.limit_in_bytes", O_RDWR) &&
             memory_peak_.open(memory + "/memory.max_usage_in_bytes", O_RDWR) &&
             memory_usage_.open(memory + "/memory.usage_in_bytes", O_RDONLY) &&
             memory_empty_.open(memory + "/memory.force_empty", O_WRONLY) &&
             oom_control_.open(memory + "/memory.oom_control", O_RDONLY) &&
             pids_max_.open(dirs_[1] + "/pids.max", O_WRONLY) &&
             pids_current_.open(dirs_[1] + "/pids.current", O_RDONLY) &&
             cpu_usage_.open(dirs_[2] + "/cpuacct.usage", O_RDWR);
        // memsw (memory + swap) is missing when swap accounting is off; then there is no swap
        // to escape the limit through either.
        memory_swap_limit_.open(memory + "/memory.memsw.limit_in_bytes", O_RDWR);
        return ok;
    }

    /// Whether the last run's limits were these (then prepare() need not write them again).
    bool prepared_for(const Limits& limits) const {
        return limits.memory_kib == prepared_memory_kib_ &&
               limits.max_processes == prepared_max_processes_;
    }

    /// Sets the limits of the next run and zeroes its counters; false if that failed.
    bool prepare(const Limits& limits) {
        bool ok = prepared_for(limits) || write_limits(limits);
        if (!ok || !memory_peak_.write("0") || !cpu_usage_.write("0")) {
            prepared_memory_kib_ = prepared_max_processes_ = -1;
            return false;
        }
        // The counter only grows, and only our runs use this set: the last run's reading, when
        // it read it at its end, is this run's start (one read a run instead of two).
        oom_kills_before_ = oom_kills_known_ >= 0 ? oom_kills_known_ : oom_kills_total();
        oom_kills_known_ = -1;
        return true;
    }

 private:
    bool write_limits(const Limits& limits) {
        prepared_memory_kib_ = prepared_max_processes_ = -1;
        std::string bytes = std::to_string(limits.memory_kib * 1024);
        // memory <= memory+swap must hold at every step: raise memsw first when growing.
        bool growing = limits.memory_kib * 1024 > memory_limit_.read_number();
        if (growing && memory_swap_limit_.fd() >= 0) memory_swap_limit_.write(bytes);
        if (!memory_limit_.write(bytes)) return false;
        if (!growing && memory_swap_limit_.fd() >= 0) memory_swap_limit_.write(bytes);
        std::string processes =
            limits.max_processes > 0 ? std::to_string(limits.max_processes) : "max";
        if (!pids_max_.write(processes)) return false;
        prepared_memory_kib_ = limits.memory_kib;
        prepared_max_processes_ = limits.max_processes;
        return true;
    }

 public:
    /// After a run: false if a process of it is still here (killed; the set is not reused).
    bool emptied_of_processes() {
        // Normally empty: the run's processes are all reaped. If its keeper died, what the
        // program started may still be here: kill it (it is ours) and do not reuse the set.
        if (pids_current_.read_number() == 0) return true;
        for (pid_t pid : processes()) ::kill(pid, SIGKILL);
        return false;
    }

    /// Whether the memory still charged here (page cache the run read, kernel objects not
    /// freed yet) is small enough to start the next run on: it counts in that run's peak.
    bool little_memory_left() const { return memory_usage_.read_number() <= kLeftoverBytes; }

    /// Drops what is charged here (memory.force_empty); false if too much is still left.
    bool drop_memory_left() {
        memory_empty_.write("0");
        return little_memory_left();
    }

    static constexpr std::int64_t kLeftoverBytes = 1 << 20;

    void remove() {
        for (int i = 0; i < 3; ++i) {
            tasks_[i] = CgroupFile();
            // Every process of the run is reaped before we get here, so the cgroup is empty;
            // a failure would only leave an empty folder behind.
            if (!dirs_[i].empty()) ::rmdir(dirs_[i].c_str());
            dirs_[i].clear();
        }
    }

    int tasks_fd(int i) const { return tasks_[i].fd(); }
    int cpu_usage_fd() const { return cpu_usage_.fd(); }
    std::int64_t task_count() const { return pids_current_.read_number(); }
    std::vector<pid_t> processes() const { return processes_in(dirs_[1]); }
    bool holds(pid_t pid) const {
        // The path below the hierarchy's root, as /proc/<pid>/cgroup names it.
        const std::string root = std::string("/sys/fs/cgroup/") + kControllers[1];
        return cgroup_path_of(std::to_string(pid), kControllers[1]) == dirs_[1].substr(root.size());
    }
    /// memory.max_usage_in_bytes, in KiB.
    std::int64_t peak_memory_kib() const { return memory_peak_.read_number() / 1024; }
    /// Processes the cgroup's OOM killer killed during this run.
    long oom_kills() const {
        oom_kills_known_ = oom_kills_total();
        return oom_kills_known_ - oom_kills_before_;
    }

 private:
    long oom_kills_total() const {
        // "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n": read twice a run, so no stream.
        const std::string text = oom_control_.read();
        for (std::size_t at = 0; at < text.size();) {
            if (text.compare(at, 9, "oom_kill ") == 0)
                return std::strtol(text.c_str() + at + 9, nullptr, 10);
            std::size_t end = text.find('\n', at);
            if (end == std::string::npos) break;
            at = end + 1;
        }
        return 0;
    }

    std::string dirs_[3];
    CgroupFile tasks_[3];
    CgroupFile memory_limit_, memory_swap_limit_, memory_peak_, memory_usage_, memory_empty_,
        oom_control_, pids_max_, pids_current_, cpu_usage_;
    long oom_kills_before_ = 0;
    mutable long oom_kills_known_ = -1;  // the counter read at the end of the last run, or -1
    std::int64_t prepared_memory_kib_ = -1, prepared_max_processes_ = -1;  // -1: unknown
};

/// The process's cgroup sets: one per concurrent run, reused, removed at exit. If creating
/// one fails once, cgroups are off for the rest of the process (every run uses the fallback).
class CgroupPool {
 public:
    static CgroupPool& instance() {
        static CgroupPool pool;
        return pool;
    }

    /// Removes the cgroups of judges that died without cleaning up (judge-<pid>-<n> whose pid
    /// is gone), killing first what is still in them: the processes of a run whose judge was
    /// killed (an unsandboxed run's children can outlive their keeper).
    CgroupPool() {
        for (const char* controller : kControllers) {
            std::string own = own_cgroup_path(controller);
            if (own.empty()) continue;
            std::string base =
                std::string("/sys/fs/cgroup/") + controller + (own == "/" ? "" : own);
            DIR* dir = ::opendir(base.c_str());
            if (!dir) continue;
            while (dirent* entry = ::readdir(dir)) {
                long pid = 0;
                if (std::sscanf(entry->d_name, "judge-%ld-", &pid) != 1 || pid <= 0) continue;
                if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
                std::string stale = base + "/" + entry->d_name;
                // SIGKILL takes effect at once, but the cgroup empties only when the killed
                // processes are reaped: retry rmdir for up to ~0.5 s.
                for (int attempt = 0; attempt < 50 && ::rmdir(stale.c_str()) != 0; ++attempt) {
                    if (errno != EBUSY) break;
                    for (pid_t leftover : processes_in(stale)) ::kill(leftover, SIGKILL);
                    ::usleep(10'000);
                }
            }
            ::closedir(dir);
        }
    }

    /// A prepared set for one run, or nullptr when cgroups cannot be used.
    std::unique_ptr<CgroupSet> acquire(const Limits& limits) {
        std::unique_ptr<CgroupSet> set;
        {
            std::lock_guard lock(mutex_);
            if (disabled_) return nullptr;
            set = take_free_set(limits);
        }
        if (!set) {
            set = std::make_unique<CgroupSet>();
            std::string name =
                "judge-" + std::to_string(::getpid()) + "-" + std::to_string(next_id_.fetch_add(1));
            if (!set->create(name)) {
                set->remove();
                std::lock_guard lock(mutex_);
                disabled_ = true;
                return nullptr;
            }
        }
        if (!set->prepare(limits)) {
            set->remove();
            return nullptr;  // this run uses the fallback; the next one tries a new set
        }
        return set;
    }

    void release(std::unique_ptr<CgroupSet> set) {
        if (!set->emptied_of_processes()) {
            set->remove();
            return;
        }
        bool clean = set->little_memory_left();
        std::lock_guard lock(mutex_);
        if (clean) {
            free_.push_back(std::move(set));
            return;
        }
        // memory.force_empty takes ~1 ms, mostly waiting for every CPU to drain its page
        // lists: a thread of the pool does it while the next runs take other sets.
        to_drop_.push_back(std::move(set));
        if (!dropper_.joinable()) dropper_ = std::thread([this] { drop_memory_left_of_sets(); });
        work_to_do_.notify_one();
    }

    /// Sets whose leftover memory was dropped by the pool's thread (a test hook).
    long sets_dropped_in_background() const { return sets_dropped_; }
    /// The CPUs the pool's thread may run on (a test hook), -1 before it starts.
    int dropper_cpu_count() const { return dropper_cpu_count_; }

    ~CgroupPool() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        work_to_do_.notify_one();
        if (dropper_.joinable()) dropper_.join();
        for (auto& set : free_) set->remove();
        for (auto& set : to_drop_) set->remove();
    }

 private:
    /// A free set, preferably one whose limits are already these (a judge alternates the
    /// solution's limits with the checker's and the validator's: with a set for each, no run
    /// rewrites limits). nullptr (make a new set) when none matches and few sets are free.
    std::unique_ptr<CgroupSet> take_free_set(const Limits& limits) {
        constexpr std::size_t kFreeSetsKept = 3;
        std::size_t chosen = free_.size();
        for (std::size_t i = free_.size(); i-- > 0 && chosen == free_.size();)
            if (free_[i]->prepared_for(limits)) chosen = i;
        if (chosen == free_.size()) {
            if (free_.size() < kFreeSetsKept) return nullptr;
            chosen = free_.size() - 1;
        }
        std::unique_ptr<CgroupSet> set = std::move(free_[chosen]);
        free_.erase(free_.begin() + static_cast<std::ptrdiff_t>(chosen));
        return set;
    }

    /// The pool's thread: drops the memory left in released sets, then frees or removes them.
    void drop_memory_left_of_sets() {
        // Started by a run's judge thread, bound to that worker's CPU: force_empty there
        // took 37-131 us of each tiny case from that worker's runs (bench/run/RESULTS.md).
        use_every_process_cpu();
        cpu_set_t cpus;
        if (::sched_getaffinity(0, sizeof cpus, &cpus) == 0) dropper_cpu_count_ = CPU_COUNT(&cpus);
        std::unique_lock lock(mutex_);
        for (;;) {
            work_to_do_.wait(lock, [this] { return closing_ || !to_drop_.empty(); });
            if (closing_) return;  // the destructor removes what is still queued
            std::unique_ptr<CgroupSet> set = std::move(to_drop_.front());
            to_drop_.erase(to_drop_.begin());
            lock.unlock();
            bool reusable = set->drop_memory_left();
            if (!reusable) set->remove();
            lock.lock();
            if (reusable) free_.push_back(std::move(set));
            ++sets_dropped_;
        }
    }

    std::mutex mutex_;
    std::vector<std::unique_ptr<CgroupSet>> free_;
    std::vector<std::unique_ptr<CgroupSet>> to_drop_;  // released with too much memory left
    std::condition_variable work_to_do_;
    std::thread dropper_;
    bool closing_ = false;
    std::atomic<long> sets_dropped_{0};
    std::atomic<int> dropper_cpu_count_{-1};
    bool disabled_ = false;
    std::atomic<long> next_id_{0};
};

CgroupLease CgroupLease::acquire(const Limits& limits) {
    CgroupLease lease;
    lease.set_ = CgroupPool::instance().acquire(limits);
    return lease;
}

long cgroup_sets_dropped_in_background() {
    return CgroupPool::instance().sets_dropped_in_background();
}

int cgroup_dropper_cpu_count() { return CgroupPool::instance().dropper_cpu_count(); }

CgroupLease::CgroupLease() = default;
CgroupLease::CgroupLease(CgroupLease&&) noexcept = default;
CgroupLease::~CgroupLease() {
    if (set_) CgroupPool::instance().release(std::move(set_));
}

int CgroupLease::tasks_fd(int controller) const { return set_->tasks_fd(controller); }
std::int64_t CgroupLease::task_count() const { return set_->task_count(); }
std::vector<pid_t> CgroupLease::processes() const { return set_->processes(); }
bool CgroupLease::holds(pid_t pid) const { return set_->holds(pid); }
int CgroupLease::cpu_usage_fd() const { return set_->cpu_usage_fd(); }
std::int64_t CgroupLease::peak_memory_kib() const { return set_->peak_memory_kib(); }
long CgroupLease::oom_kills() const { return set_->oom_kills(); }

}  // namespace judge::detail

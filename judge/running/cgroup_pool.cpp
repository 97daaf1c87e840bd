// The runner's cgroup sets, pooled and reset between runs, from the backend this machine has
// (cgroup_v1.cpp or cgroup_v2.cpp). Why pooled, and what each file is for: see cgroup_pool.hpp.
#include "running/cgroup_pool.hpp"

#include "running/cpu_binding.hpp"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace judge::detail {

bool CgroupFile::open(const std::string& path, int flags) {
    fd_ = ScopedFd(::open(path.c_str(), flags | O_CLOEXEC));
    return fd_.get() >= 0;
}

bool CgroupFile::write(const std::string& text) const {
    return ::pwrite(fd_.get(), text.data(), text.size(), 0) == static_cast<ssize_t>(text.size());
}

std::string CgroupFile::read() const {
    char buffer[1024];
    ssize_t length = ::pread(fd_.get(), buffer, sizeof buffer - 1, 0);
    return std::string(buffer, length > 0 ? static_cast<std::size_t>(length) : 0);
}

std::int64_t CgroupFile::read_number() const { return std::atoll(read().c_str()); }

std::int64_t CgroupFile::read_key(const char* key) const {
    // Read once or twice a run, so no stream.
    const std::string text = read();
    const std::size_t key_length = std::strlen(key);
    for (std::size_t at = 0; at < text.size();) {
        if (text.compare(at, key_length, key) == 0 && at + key_length < text.size() &&
            text[at + key_length] == ' ')
            return std::strtoll(text.c_str() + at + key_length + 1, nullptr, 10);
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return 0;
}

std::string read_only_cgroupfs(const std::string& mount_point) {
    return mount_point +
           " is mounted read-only: no cgroup can be made (a container needs a private, "
           "writable cgroup namespace: docker run --cgroupns=private with /sys/fs/cgroup rw)";
}

std::vector<pid_t> processes_in(const std::string& dir) {
    std::vector<pid_t> found;
    std::ifstream procs(dir + "/cgroup.procs");
    for (pid_t pid; procs >> pid;) found.push_back(pid);
    return found;
}

/// The process's cgroup sets: one per concurrent run, reused, removed at exit. If creating
/// one fails once, cgroups are off for the rest of the process (every run uses the fallback).
class CgroupPool {
 public:
    static CgroupPool& instance() {
        static CgroupPool pool;
        return pool;
    }

    /// Chooses the backend (and removes the sets of judges that died).
    CgroupPool() {
        if (cgroup_v1_memory_mounted())
            backend_ = make_cgroup_v1_backend(unavailable_reason_);
        else
            backend_ = make_cgroup_v2_backend(unavailable_reason_);
        disabled_ = backend_ == nullptr;
    }

    /// A prepared set for one run, or nullptr when cgroups cannot be used.
    std::unique_ptr<CgroupSet> acquire(const Limits& limits) {
        std::unique_ptr<CgroupSet> set;
        {
            std::lock_guard lock(mutex_);
            if (disabled_) return nullptr;
            set = take_free_set(limits);
            if (!set && !spares_.empty()) {
                set = std::move(spares_.back());
                spares_.pop_back();
            }
            if (single_use_) wake_pool_thread();  // for a spare in place of this one
        }
        if (!set) {
            std::string name = next_set_name();
            set = backend_->make_set(name);
            if (set) {
                sets_reused_ = set->reusable();
                std::lock_guard lock(mutex_);
                if (!set->reusable() && !single_use_) {
                    // Each run gets a new set: the pool's thread makes them ahead and removes
                    // used ones, off the runs' way (a cgroup's mkdir and rmdir, bench/run).
                    single_use_ = true;
                    wake_pool_thread();
                }
            }
            if (!set) {
                std::lock_guard lock(mutex_);
                disabled_ = true;
                unavailable_reason_ =
                    "cannot make the run's cgroup " + name + ": " + std::strerror(errno);
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
        if (!set->reusable()) {
            std::lock_guard lock(mutex_);
            to_remove_.push_back(std::move(set));
            wake_pool_thread();
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
        wake_pool_thread();
    }

    std::string unavailable_reason() {
        std::lock_guard lock(mutex_);
        return disabled_ ? unavailable_reason_ : "";
    }

    bool sets_reused() const { return sets_reused_; }

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
        for (auto* sets : {&free_, &to_drop_, &spares_, &to_remove_})
            for (auto& set : *sets) set->remove();
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

    /// A name no other set of this process has (the stale sweep reads the pid from it).
    std::string next_set_name() {
        return "judge-" + std::to_string(::getpid()) + "-" + std::to_string(next_id_.fetch_add(1));
    }

    /// Starts the pool's thread if it is not running, and wakes it. Under mutex_.
    void wake_pool_thread() {
        if (!dropper_.joinable()) dropper_ = std::thread([this] { run_pool_thread(); });
        work_to_do_.notify_one();
    }

    bool spares_wanted() const { return single_use_ && !disabled_ && spares_.size() < kSpareSets; }

    /// The pool's thread: removes used single-use sets, makes spares, and drops the memory left
    /// in released sets, then frees or removes them.
    void run_pool_thread() {
        // Started by a run's judge thread, bound to that worker's CPU: force_empty there
        // took 37-131 us of each tiny case from that worker's runs (bench/run/RESULTS.md).
        use_every_process_cpu();
        cpu_set_t cpus;
        if (::sched_getaffinity(0, sizeof cpus, &cpus) == 0) dropper_cpu_count_ = CPU_COUNT(&cpus);
        std::unique_lock lock(mutex_);
        for (;;) {
            work_to_do_.wait(lock, [this] {
                return closing_ || !to_drop_.empty() || !to_remove_.empty() || spares_wanted();
            });
            if (closing_) return;  // the destructor removes what is still queued
            if (!to_remove_.empty()) {
                std::unique_ptr<CgroupSet> used = std::move(to_remove_.back());
                to_remove_.pop_back();
                lock.unlock();
                used->remove();
                lock.lock();
                continue;
            }
            if (spares_wanted()) {
                lock.unlock();
                std::unique_ptr<CgroupSet> spare = backend_->make_set(next_set_name());
                lock.lock();
                if (!spare) {
                    single_use_ = false;  // runs make their own again, and say why it fails
                    continue;
                }
                spares_.push_back(std::move(spare));
                continue;
            }
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
    // Where each run gets a new set (single_use_): made ahead by the pool's thread, and the used
    // ones it removes.
    static constexpr std::size_t kSpareSets = 2;
    bool single_use_ = false;
    std::vector<std::unique_ptr<CgroupSet>> spares_, to_remove_;
    std::condition_variable work_to_do_;
    std::thread dropper_;
    bool closing_ = false;
    std::atomic<long> sets_dropped_{0};
    std::atomic<int> dropper_cpu_count_{-1};
    std::unique_ptr<CgroupBackend> backend_;
    bool disabled_ = false;
    std::string unavailable_reason_;
    std::atomic<long> next_id_{0};
    std::atomic<bool> sets_reused_{false};
};

CgroupLease CgroupLease::acquire(const Limits& limits) {
    CgroupLease lease;
    lease.set_ = CgroupPool::instance().acquire(limits);
    return lease;
}

bool cgroup_sets_reused() { return CgroupPool::instance().sets_reused(); }

std::string cgroup_unavailable_reason() { return CgroupPool::instance().unavailable_reason(); }

long cgroup_sets_dropped_in_background() {
    return CgroupPool::instance().sets_dropped_in_background();
}

int cgroup_dropper_cpu_count() { return CgroupPool::instance().dropper_cpu_count(); }

CgroupLease::CgroupLease() = default;
CgroupLease::CgroupLease(CgroupLease&&) noexcept = default;
CgroupLease::~CgroupLease() {
    if (set_) CgroupPool::instance().release(std::move(set_));
}

void CgroupLease::join_fds(int (&fds)[3]) const { set_->join_fds(fds); }
std::int64_t CgroupLease::task_count() const { return set_->task_count(); }
std::vector<pid_t> CgroupLease::processes() const { return set_->processes(); }
bool CgroupLease::holds(pid_t pid) const { return set_->holds(pid); }
int CgroupLease::cpu_usage_fd() const { return set_->cpu_usage_fd(); }
CpuUsageFormat CgroupLease::cpu_usage_format() const { return set_->cpu_usage_format(); }
std::int64_t CgroupLease::cpu_usage_start_ns() const { return set_->cpu_usage_start_ns(); }
const char* CgroupLease::memory_source() const { return set_->memory_source(); }
std::int64_t CgroupLease::peak_memory_kib() const { return set_->peak_memory_kib(); }
long CgroupLease::oom_kills() const { return set_->oom_kills(); }

}  // namespace judge::detail

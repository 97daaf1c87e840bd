// The runner's cgroup v1 sets (memory, pids, cpuacct), made under this process's own cgroups:
// as root, or without root where those three cgroups are delegated to the judge's user (owned by
// it). Why sets are pooled and reset: cgroup_pool.cpp.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <string>

#include "running/cgroup_set.hpp"

namespace judge::detail {

namespace {

constexpr const char* kControllers[3] = {"memory", "pids", "cpuacct"};

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

/// This process's own cgroup folder of `controller`, or "" if the hierarchy is not mounted.
std::string own_cgroup_dir(const char* controller) {
    std::string own = cgroup_path_of("self", controller);
    std::string base = std::string("/sys/fs/cgroup/") + controller;
    if (own.empty() || ::access((base + "/cgroup.procs").c_str(), F_OK) != 0) return "";
    return base + (own == "/" ? "" : own);
}

/// One run's v1 cgroups: memory, pids and cpuacct.
class CgroupV1Set final : public CgroupSet {
 public:
    /// Creates the three cgroups under this process's own ones; false if that is not allowed.
    bool create(const std::string& name) {
        for (int i = 0; i < 3; ++i) {
            std::string own = own_cgroup_dir(kControllers[i]);
            if (own.empty()) return false;
            std::string dir = own + "/" + name;
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

    bool prepare(const Limits& limits) override {
        if (!set_limits(limits) || !memory_peak_.write("0") || !cpu_usage_.write("0")) {
            forget_limits();
            return false;
        }
        // The counter only grows, and only our runs use this set: the last run's reading, when
        // it read it at its end, is this run's start (one read a run instead of two).
        oom_kills_before_ = oom_kills_known_ >= 0 ? oom_kills_known_ : oom_kills_total();
        oom_kills_known_ = -1;
        return true;
    }

    bool reusable() const override { return true; }

    bool emptied_of_processes() override {
        // Normally empty: the run's processes are all reaped. If its keeper died, what the
        // program started may still be here: kill it (it is ours) and do not reuse the set.
        if (pids_current_.read_number() == 0) return true;
        for (pid_t pid : processes()) ::kill(pid, SIGKILL);
        return false;
    }

    bool little_memory_left() const override {
        return memory_usage_.read_number() <= kLeftoverBytes;
    }

    /// memory.force_empty (~1 ms).
    bool drop_memory_left() override {
        memory_empty_.write("0");
        return little_memory_left();
    }

    void remove() override {
        for (int i = 0; i < 3; ++i) {
            tasks_[i] = CgroupFile();
            // Every process of the run is reaped before we get here, so the cgroup is empty;
            // a failure would only leave an empty folder behind.
            if (!dirs_[i].empty()) ::rmdir(dirs_[i].c_str());
            dirs_[i].clear();
        }
    }

    void join_fds(int (&fds)[3]) const override {
        for (int i = 0; i < 3; ++i) fds[i] = tasks_[i].fd();
    }
    int cpu_usage_fd() const override { return cpu_usage_.fd(); }
    CpuUsageFormat cpu_usage_format() const override { return CpuUsageFormat::Nanoseconds; }
    std::int64_t cpu_usage_start_ns() const override { return 0; }
    std::int64_t task_count() const override { return pids_current_.read_number(); }
    std::vector<pid_t> processes() const override { return processes_in(dirs_[1]); }
    bool holds(pid_t pid) const override {
        // The path below the hierarchy's root, as /proc/<pid>/cgroup names it.
        const std::string root = std::string("/sys/fs/cgroup/") + kControllers[1];
        return cgroup_path_of(std::to_string(pid), kControllers[1]) == dirs_[1].substr(root.size());
    }
    /// memory.max_usage_in_bytes, in KiB.
    std::int64_t peak_memory_kib() const override { return memory_peak_.read_number() / 1024; }
    long oom_kills() const override {
        oom_kills_known_ = oom_kills_total();
        return oom_kills_known_ - oom_kills_before_;
    }
    const char* memory_source() const override { return "cgroup"; }

 private:
    bool write_limit_files(const Limits& limits) override {
        std::string bytes = std::to_string(limits.memory_kib * 1024);
        // memory <= memory+swap must hold at every step: raise memsw first when growing.
        bool growing = limits.memory_kib * 1024 > memory_limit_.read_number();
        if (growing && memory_swap_limit_.fd() >= 0) memory_swap_limit_.write(bytes);
        if (!memory_limit_.write(bytes)) return false;
        if (!growing && memory_swap_limit_.fd() >= 0) memory_swap_limit_.write(bytes);
        return pids_max_.write(limits.max_processes > 0 ? std::to_string(limits.max_processes)
                                                        : "max");
    }

    /// "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n"
    long oom_kills_total() const { return static_cast<long>(oom_control_.read_key("oom_kill")); }

    std::string dirs_[3];
    CgroupFile tasks_[3];
    CgroupFile memory_limit_, memory_swap_limit_, memory_peak_, memory_usage_, memory_empty_,
        oom_control_, pids_max_, pids_current_, cpu_usage_;
    long oom_kills_before_ = 0;
    mutable long oom_kills_known_ = -1;  // the counter read at the end of the last run, or -1
};

class CgroupV1Backend final : public CgroupBackend {
 public:
    std::unique_ptr<CgroupSet> make_set(const std::string& name) override {
        auto set = std::make_unique<CgroupV1Set>();
        if (set->create(name)) return set;
        set->remove();
        return nullptr;
    }
};

/// Removes the cgroups of judges that died without cleaning up (judge-<pid>-<n> whose pid is
/// gone), killing first what is still in them: the processes of a run whose judge was killed
/// (an unsandboxed run's children can outlive their keeper).
void remove_stale_sets(const std::string& base) {
    DIR* dir = ::opendir(base.c_str());
    if (!dir) return;
    while (dirent* entry = ::readdir(dir)) {
        long pid = 0;
        if (std::sscanf(entry->d_name, "judge-%ld-", &pid) != 1 || pid <= 0) continue;
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
        std::string stale = base + "/" + entry->d_name;
        // SIGKILL takes effect at once, but the cgroup empties only when the killed processes
        // are reaped: retry rmdir for up to ~0.5 s.
        for (int attempt = 0; attempt < 50 && ::rmdir(stale.c_str()) != 0; ++attempt) {
            if (errno != EBUSY) break;
            for (pid_t leftover : processes_in(stale)) ::kill(leftover, SIGKILL);
            ::usleep(10'000);
        }
    }
    ::closedir(dir);
}

}  // namespace

bool cgroup_v1_memory_mounted() { return !own_cgroup_dir("memory").empty(); }

std::unique_ptr<CgroupBackend> make_cgroup_v1_backend(std::string& why) {
    for (const char* controller : kControllers) {
        std::string own = own_cgroup_dir(controller);
        if (own.empty()) {
            why = std::string("cgroup v1: no ") + controller + " hierarchy";
            return nullptr;
        }
        // Root, or the judge's own cgroup delegated to its user (made and owned by it).
        if (::access(own.c_str(), W_OK) != 0) {
            why = errno == EROFS
                      ? read_only_cgroupfs(std::string("/sys/fs/cgroup/") + controller)
                      : "cgroup v1: " + own + " is not writable by this user (not delegated to it)";
            return nullptr;
        }
        remove_stale_sets(own);
    }
    return std::make_unique<CgroupV1Backend>();
}

}  // namespace judge::detail

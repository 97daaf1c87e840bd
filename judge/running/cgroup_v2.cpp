// The runner's cgroup v2 backend: a subtree of the judge's own, one leaf cgroup per run.
//
// Layout, below the cgroup the judge was started in (O; as root or delegated to its user):
//   O/                     memory and pids enabled in its cgroup.subtree_control
//     judge-others/        what else was in O (a shell, ctest): the no-internal-process rule
//                          lets O enable controllers for its children only once O holds no
//                          process itself (the real root cgroup is exempt; nothing is moved there)
//     judge-<pid>/         this judge's subtree, memory and pids enabled
//       judge/             the judge itself and what it started before (a leaf)
//       run-<n>/           one run: memory.max, memory.swap.max 0, memory.oom.group 1, pids.max
// A judge started in O/judge-others (by that shell) uses O, so judges do not nest deeper each
// time. The judge cannot leave judge-<pid>/judge at its exit (O has controllers enabled, so
// it cannot go back), so the next judge removes the subtrees of judges that are gone, killing
// what is still in them (cgroup.kill).
//
// Per run: MLE from memory.events oom_kill, the peak from memory.peak (Linux 5.19+), CPU from
// cpu.stat usage_usec (every process of the run, dead and auto-reaped ones too). A run's
// cgroup is reused by a later run only where memory.peak can be reset through the fd we hold
// (Linux 6.12+); before that each run gets a new cgroup, since a peak that cannot be reset would
// carry the last run's peak into the next one.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "running/cgroup_set.hpp"

namespace judge::detail {

namespace {

constexpr const char* kOthersLeaf = "judge-others";

/// The cgroup2 mount (its mount point and the cgroup path of its root), or an empty mount.
struct UnifiedMount {
    std::string mount_point, root;
};

UnifiedMount find_unified_mount() {
    std::ifstream in("/proc/self/mountinfo");
    UnifiedMount found;
    for (std::string line; std::getline(in, line);) {
        // "36 25 0:31 / /sys/fs/cgroup rw,nosuid shared:9 - cgroup2 cgroup2 rw,nsdelegate"
        std::size_t dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        std::istringstream tail(line.substr(dash + 3));
        std::string type;
        tail >> type;
        if (type != "cgroup2") continue;
        std::istringstream head(line.substr(0, dash));
        std::string id, parent, device, root, mount_point;
        head >> id >> parent >> device >> root >> mount_point;
        if (mount_point.find('\\') != std::string::npos) continue;  // an escaped name: not ours
        // A v1 machine may mount an empty unified hierarchy too (/sys/fs/cgroup/unified):
        // either is the same hierarchy; the first found is used.
        if (found.mount_point.empty()) found = {mount_point, root};
    }
    return found;
}

/// This process's cgroup path in the unified hierarchy ("0::/path" of /proc/self/cgroup).
std::string own_unified_path(pid_t pid = 0) {
    std::ifstream in(pid == 0 ? std::string("/proc/self/cgroup")
                              : "/proc/" + std::to_string(pid) + "/cgroup");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("0::", 0) == 0) return line.substr(3);
    return "";
}

std::string read_small_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool write_small_file(const std::string& path, const std::string& text) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    return ok;
}

bool lists_word(const std::string& text, const std::string& word) {
    std::istringstream words(text);
    for (std::string each; words >> each;)
        if (each == word) return true;
    return false;
}

bool has_memory_and_pids(const std::string& list) {
    return lists_word(list, "memory") && lists_word(list, "pids");
}

/// The parent pid of `pid` (field 4 of /proc/<pid>/stat), or 0.
pid_t parent_of(pid_t pid) {
    std::string text = read_small_file("/proc/" + std::to_string(pid) + "/stat");
    std::size_t end = text.rfind(')');  // the command name may hold anything
    if (end == std::string::npos) return 0;
    char state = 0;
    long parent = 0;
    if (std::sscanf(text.c_str() + end + 1, " %c %ld", &state, &parent) != 2) return 0;
    return static_cast<pid_t>(parent);
}

bool descends_from(pid_t pid, pid_t ancestor) {
    for (int depth = 0; pid > 1 && depth < 64; ++depth) {
        if (pid == ancestor) return true;
        pid = parent_of(pid);
    }
    return false;
}

/// Kills every process of the cgroup folder `dir` and of the cgroups below it, then removes
/// them; gives up on a folder after ~0.5 s (killed processes leave only once reaped).
void remove_subtree(const std::string& dir) {
    if (DIR* listing = ::opendir(dir.c_str())) {
        std::vector<std::string> children;
        while (dirent* entry = ::readdir(listing))
            if (entry->d_type == DT_DIR && entry->d_name[0] != '.')
                children.push_back(dir + "/" + entry->d_name);
        ::closedir(listing);
        for (const std::string& child : children) remove_subtree(child);
    }
    for (int attempt = 0; attempt < 50 && ::rmdir(dir.c_str()) != 0; ++attempt) {
        if (errno != EBUSY) return;
        if (!write_small_file(dir + "/cgroup.kill", "1"))  // before Linux 5.14: one by one
            for (pid_t pid : processes_in(dir)) ::kill(pid, SIGKILL);
        ::usleep(10'000);
    }
}

/// Removes judge-<pid> subtrees below `base` whose judge is gone (and ours, if a dead judge
/// with our pid left one).
void remove_stale_subtrees(const std::string& base) {
    DIR* dir = ::opendir(base.c_str());
    if (!dir) return;
    std::vector<std::string> stale;
    while (dirent* entry = ::readdir(dir)) {
        long pid = 0;
        char rest = 0;
        if (std::sscanf(entry->d_name, "judge-%ld%c", &pid, &rest) != 1 || pid <= 0) continue;
        bool ours = pid == ::getpid();
        if (!ours && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)) continue;
        stale.push_back(base + "/" + entry->d_name);
    }
    ::closedir(dir);
    for (const std::string& subtree : stale) remove_subtree(subtree);
}

/// Moves the processes `pids` into the cgroup folder `to`; false if one that still exists
/// could not be moved.
bool move_processes(const std::vector<pid_t>& pids, const std::string& to) {
    int fd = ::open((to + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = true;
    for (pid_t pid : pids) {
        std::string text = std::to_string(pid);
        if (::write(fd, text.data(), text.size()) < 0 && errno != ESRCH) ok = false;
    }
    ::close(fd);
    return ok;
}

/// One run's v2 cgroup.
class CgroupV2Set final : public CgroupSet {
 public:
    /// Creates `dir` (its cgroup path `path`); false if that is not allowed.
    bool create(const std::string& dir, const std::string& path) {
        if (::mkdir(dir.c_str(), 0755) != 0) return false;
        dir_ = dir;
        path_ = path;
        bool ok = procs_.open(dir + "/cgroup.procs", O_WRONLY) &&
                  memory_max_.open(dir + "/memory.max", O_RDWR) &&
                  memory_current_.open(dir + "/memory.current", O_RDONLY) &&
                  memory_events_.open(dir + "/memory.events", O_RDONLY) &&
                  pids_max_.open(dir + "/pids.max", O_WRONLY) &&
                  pids_current_.open(dir + "/pids.current", O_RDONLY) &&
                  cpu_stat_.open(dir + "/cpu.stat", O_RDONLY) &&
                  write_small_file(dir + "/memory.oom.group", "1");
        // Absent where swap accounting is off: then there is no swap to escape the limit by.
        if (memory_swap_max_.open(dir + "/memory.swap.max", O_WRONLY))
            ok = ok && memory_swap_max_.write("0");
        // memory.peak (5.19+) is resettable through the fd that wrote to it from 6.12 on.
        peak_resettable_ =
            memory_peak_.open(dir + "/memory.peak", O_RDWR) && memory_peak_.write("reset");
        if (!peak_resettable_) memory_peak_.open(dir + "/memory.peak", O_RDONLY);
        kill_.open(dir + "/cgroup.kill", O_WRONLY);        // 5.14+
        reclaim_.open(dir + "/memory.reclaim", O_WRONLY);  // 5.19+
        return ok;
    }

    bool prepare(const Limits& limits) override {
        if (!set_limits(limits) || (runs_ > 0 && !memory_peak_.write("reset"))) {
            forget_limits();
            return false;
        }
        ++runs_;
        cpu_start_ns_ = cpu_stat_.read_key("usage_usec") * 1000;
        oom_kills_before_ = memory_events_.read_key("oom_kill");
        return true;
    }

    bool reusable() const override { return peak_resettable_; }

    bool emptied_of_processes() override {
        if (pids_current_.read_number() == 0) return true;
        if (!kill_.write("1"))
            for (pid_t pid : processes()) ::kill(pid, SIGKILL);
        return false;
    }

    bool little_memory_left() const override {
        return memory_current_.read_number() <= kLeftoverBytes;
    }

    bool drop_memory_left() override {
        if (reclaim_.fd() < 0) return false;
        reclaim_.write(std::to_string(memory_current_.read_number()));
        return little_memory_left();
    }

    void remove() override {
        procs_ = CgroupFile();
        if (!dir_.empty()) remove_subtree(dir_);
        dir_.clear();
    }

    void join_fds(int (&fds)[3]) const override { fds[0] = procs_.fd(), fds[1] = fds[2] = -1; }
    int cpu_usage_fd() const override { return cpu_stat_.fd(); }
    CpuUsageFormat cpu_usage_format() const override { return CpuUsageFormat::StatMicroseconds; }
    std::int64_t cpu_usage_start_ns() const override { return cpu_start_ns_; }
    std::int64_t task_count() const override { return pids_current_.read_number(); }
    std::vector<pid_t> processes() const override { return processes_in(dir_); }
    bool holds(pid_t pid) const override { return own_unified_path(pid) == path_; }
    /// memory.peak, in KiB; -1 where the kernel has none (before 5.19).
    std::int64_t peak_memory_kib() const override {
        if (memory_peak_.fd() < 0) return -1;
        return memory_peak_.read_number() / 1024;
    }
    long oom_kills() const override {
        return static_cast<long>(memory_events_.read_key("oom_kill") - oom_kills_before_);
    }
    const char* memory_source() const override {
        return memory_peak_.fd() >= 0 ? "cgroup v2" : "cgroup v2 without memory.peak";
    }

 private:
    bool write_limit_files(const Limits& limits) override {
        return memory_max_.write(std::to_string(limits.memory_kib * 1024)) &&
               pids_max_.write(limits.max_processes > 0 ? std::to_string(limits.max_processes)
                                                        : "max");
    }

    std::string dir_, path_;
    CgroupFile procs_, memory_max_, memory_swap_max_, memory_current_, memory_peak_, memory_events_,
        pids_max_, pids_current_, cpu_stat_, kill_, reclaim_;
    bool peak_resettable_ = false;
    long runs_ = 0;
    std::int64_t cpu_start_ns_ = 0, oom_kills_before_ = 0;
};

class CgroupV2Backend final : public CgroupBackend {
 public:
    CgroupV2Backend(std::string subtree_dir, std::string subtree_path)
        : dir_(std::move(subtree_dir)), path_(std::move(subtree_path)) {}

    std::unique_ptr<CgroupSet> make_set(const std::string& name) override {
        auto set = std::make_unique<CgroupV2Set>();
        if (set->create(dir_ + "/" + name, path_ + "/" + name)) return set;
        set->remove();
        return nullptr;
    }

 private:
    std::string dir_, path_;  // judge-<pid>: its folder, and its cgroup path
};

std::string parent_path(const std::string& path) {
    std::size_t slash = path.rfind('/');
    return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

std::string base_name(const std::string& path) {
    std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::unique_ptr<CgroupBackend> make_cgroup_v2_backend(std::string& why) {
    const UnifiedMount mount = find_unified_mount();
    if (mount.mount_point.empty()) {
        why = "no cgroup hierarchy is mounted (neither v1 memory nor v2)";
        return nullptr;
    }
    std::string own = own_unified_path();
    if (own.empty() || own.rfind(mount.root, 0) != 0) {
        why = "cgroup v2: this process's cgroup is not below " + mount.mount_point;
        return nullptr;
    }
    auto folder_of = [&](const std::string& path) {
        std::string below = path.substr(mount.root == "/" ? 0 : mount.root.size());
        return mount.mount_point + (below == "/" ? "" : below);
    };
    std::string base = own;
    // Started by a process that an earlier judge moved out of the way: that judge's base.
    if (base_name(own) == kOthersLeaf &&
        has_memory_and_pids(
            read_small_file(folder_of(parent_path(own)) + "/cgroup.subtree_control")))
        base = parent_path(own);
    const std::string base_dir = folder_of(base);
    if (!has_memory_and_pids(read_small_file(base_dir + "/cgroup.controllers"))) {
        why = "cgroup v2: the memory and pids controllers are not available in " + base_dir +
              " (not enabled by its parent)";
        return nullptr;
    }
    for (const char* file : {"", "/cgroup.procs", "/cgroup.subtree_control"}) {
        if (::access((base_dir + file).c_str(), W_OK) != 0) {
            why = errno == EROFS ? read_only_cgroupfs(mount.mount_point)
                                 : "cgroup v2: " + base_dir + file +
                                       " is not writable by this user (run as root, or in a "
                                       "cgroup delegated to it)";
            return nullptr;
        }
    }
    remove_stale_subtrees(base_dir);

    const pid_t self = ::getpid();
    const std::string name = "judge-" + std::to_string(self);
    const std::string subtree = base_dir + "/" + name, leaf = subtree + "/judge";
    if (::mkdir(subtree.c_str(), 0755) != 0 || ::mkdir(leaf.c_str(), 0755) != 0) {
        why = "cgroup v2: cannot make " + leaf + ": " + std::strerror(errno);
        remove_subtree(subtree);
        return nullptr;
    }
    // The judge, then what it started already (a sandbox's spawner), into its leaf. Once the
    // judge is in the subtree, the subtree is never removed here (that would kill the judge).
    if (!move_processes({self}, leaf)) {
        why = "cgroup v2: cannot move the judge into " + leaf + ": " + std::strerror(errno);
        remove_subtree(subtree);
        return nullptr;
    }
    std::vector<pid_t> ours;
    for (pid_t pid : processes_in(folder_of(own)))
        if (descends_from(pid, self)) ours.push_back(pid);
    move_processes(ours, leaf);  // best effort: they are no run's processes
    // The real root cgroup (no cgroup.events) may hold processes and enable controllers.
    const bool real_root = ::access((base_dir + "/cgroup.events").c_str(), F_OK) != 0;
    bool enabled = has_memory_and_pids(read_small_file(base_dir + "/cgroup.subtree_control"));
    for (int attempt = 0; attempt < 5 && !enabled; ++attempt) {
        if (!real_root) {
            std::vector<pid_t> others = processes_in(base_dir);
            const std::string others_leaf = base_dir + "/" + kOthersLeaf;
            if (!others.empty() && ((::mkdir(others_leaf.c_str(), 0755) != 0 && errno != EEXIST) ||
                                    !move_processes(others, others_leaf)))
                break;
        }
        enabled = write_small_file(base_dir + "/cgroup.subtree_control", "+memory +pids") ||
                  has_memory_and_pids(read_small_file(base_dir + "/cgroup.subtree_control"));
    }
    if (!enabled || !write_small_file(subtree + "/cgroup.subtree_control", "+memory +pids")) {
        why = "cgroup v2: cannot enable the memory and pids controllers below " + base_dir + ": " +
              std::strerror(errno);
        return nullptr;  // the subtree holds the judge now: the next judge removes it
    }
    return std::make_unique<CgroupV2Backend>(subtree, (base == "/" ? "" : base) + "/" + name);
}

}  // namespace judge::detail

// The box of a sandboxed run (see sandbox.hpp, and the theory of operation in process_runner.cpp).
// build_box() and shut_in_program() run in a fork of the multi-threaded judge: raw syscalls
// only (glibc's setresuid would try to signal the judge's threads, which the fork lacks), no
// allocation, no locks.
#include "running/sandbox.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <sys/wait.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace judge::detail {

namespace {

/// Host paths shown read-only in every box, when they exist; a top-level symlink (Debian's
/// merged /usr: /bin -> usr/bin) is copied as a link.
constexpr const char* kSystemPaths[] = {"/usr",
                                        "/bin",
                                        "/sbin",
                                        "/lib",
                                        "/lib32",
                                        "/lib64",
                                        "/libx32",
                                        "/etc/ld.so.cache",
                                        "/etc/alternatives"};
constexpr const char* kDevices[] = {"null", "zero", "full", "random", "urandom"};

int write_text(const char* path, const char* text) {
    int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    ssize_t length = static_cast<ssize_t>(std::strlen(text));
    int error = ::write(fd, text, static_cast<std::size_t>(length)) == length ? 0 : errno;
    ::close(fd);
    return error != 0 ? error : 0;
}

/// The mount flags of `path` that a remount must keep (in a user namespace they are locked).
unsigned long kept_flags(const char* path) {
    struct statvfs info {};
    if (::statvfs(path, &info) != 0) return 0;
    unsigned long flags = 0;
    if (info.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
    if (info.f_flag & ST_NOATIME) flags |= MS_NOATIME;
    if (info.f_flag & ST_NODIRATIME) flags |= MS_NODIRATIME;
    if (info.f_flag & ST_RELATIME) flags |= MS_RELATIME;
    return flags;
}

int make_mount_point(const char* target, bool is_dir) {
    if (is_dir) return ::mkdir(target, 0755) == 0 || errno == EEXIST ? 0 : errno;
    int fd = ::open(target, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0) return errno;
    ::close(fd);
    return 0;
}

#define JUDGE_BOX_STEP(call, name) \
    do {                           \
        if ((call) != 0) {         \
            *what = name;          \
            return errno;          \
        }                          \
    } while (0)

}  // namespace

/// The shared parts of root's boxes, made once per judge process: a mount namespace holding the
/// read-only skeleton (every box's binds and links, pivoted into; /box, /tmp, /dev/shm and
/// /proc are mounted by each keeper in a private copy of it), and a pool of empty network
/// namespaces, one per concurrent run, so that two runs at once never share a loopback or an
/// abstract socket. A network namespace is reused only after its run ended, with every process
/// of that run dead (its pid namespace went with its keeper), so no socket survives into the
/// next run. Making a network namespace costs ~0.6 ms and the skeleton ~1 ms of mounts: per
/// run, that is most of what a sandbox costs.
class BoxTemplates {
 public:
    static BoxTemplates& instance() {
        static BoxTemplates templates;
        return templates;
    }
    /// The skeleton's mount namespace, or -1 when it could not be made (then every run builds
    /// its own box).
    int mount_fd() {
        std::lock_guard lock(mutex_);
        if (!tried_) {
            tried_ = true;
            mount_fd_ = make_skeleton();
        }
        return mount_fd_;
    }
    /// An unused network namespace, or -1.
    int acquire_network() {
        {
            std::lock_guard lock(mutex_);
            if (!free_networks_.empty()) {
                int fd = free_networks_.back();
                free_networks_.pop_back();
                return fd;
            }
        }
        return make_network();
    }
    void release_network(int fd) {
        std::lock_guard lock(mutex_);
        free_networks_.push_back(fd);
    }

 private:
    /// unshare() moves only the calling thread: into a new network namespace and back.
    static int make_network() {
        int own = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
        if (own < 0) return -1;
        int made = -1;
        if (::unshare(CLONE_NEWNET) == 0) {
            made = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
            if (::setns(own, CLONE_NEWNET) != 0) std::abort();  // this thread is lost otherwise
        }
        ::close(own);
        return made;
    }

    /// A helper process builds the skeleton in a new mount namespace and waits; we keep an fd
    /// of its namespace and let it go.
    static int make_skeleton() {
        static BoxPlanStorage storage;
        const BoxPlan& plan = storage.make_skeleton();
        int ready[2], release[2];
        if (::pipe2(ready, O_CLOEXEC) != 0) return -1;
        if (::pipe2(release, O_CLOEXEC) != 0) {
            ::close(ready[0]);
            ::close(ready[1]);
            return -1;
        }
        pid_t pid = static_cast<pid_t>(
            ::syscall(SYS_clone, CLONE_NEWNS | SIGCHLD, nullptr, nullptr, nullptr, 0));
        if (pid == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            ::close(ready[0]);
            ::close(release[1]);  // or our own read below never sees EOF
            const char* what = nullptr;
            char status = build_box(plan, &what) == 0 ? 'y' : 'n';
            (void)!::write(ready[1], &status, 1);
            char ignored;
            (void)!::read(release[0], &ignored, 1);  // EOF when the judge has our namespace
            ::_exit(0);
        }
        ::close(ready[1]);
        ::close(release[0]);
        int fd = -1;
        char status = 'n';
        if (pid > 0 && ::read(ready[0], &status, 1) == 1 && status == 'y') {
            std::string path = "/proc/" + std::to_string(pid) + "/ns/mnt";
            fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        }
        ::close(ready[0]);
        ::close(release[1]);
        if (pid > 0) ::waitpid(pid, nullptr, 0);
        return fd;
    }

    std::mutex mutex_;
    bool tried_ = false;
    int mount_fd_ = -1;
    std::vector<int> free_networks_;
};

BoxPlanStorage::~BoxPlanStorage() {
    if (plan_.template_network_fd >= 0)
        BoxTemplates::instance().release_network(plan_.template_network_fd);
}

const char* BoxPlanStorage::keep(std::string text) {
    strings_.push_back(std::make_unique<std::string>(std::move(text)));
    return strings_.back()->c_str();
}

const BoxPlan& BoxPlanStorage::make_skeleton() {
    make(SandboxOptions{}, Limits{}, true, false);  // no scratch is mounted: its size is moot
    plan_.skeleton_only = true;
    return plan_;
}

const BoxPlan& BoxPlanStorage::make(const SandboxOptions& options,
                                    const Limits& limits,
                                    bool as_root,
                                    bool use_templates) {
    std::int64_t scratch_kib = options.scratch_kib > 0 ? options.scratch_kib : limits.memory_kib;
    plan_.as_root = as_root;
    plan_.staging = "/sys";
    plan_.scratch_options = keep("size=" + std::to_string(scratch_kib) + "k,nr_inodes=" +
                                 std::to_string(options.scratch_files) + ",mode=1777");
    plan_.box_is_host_dir = !options.work_dir.empty();
    plan_.skeleton_only = false;
    // The skeleton holds only what every box has: such a box enters it and needs nothing more
    // from this plan. A box with host folders of its own, or a judge without root (it cannot
    // enter namespaces it did not make), builds its own from the lists below.
    if (use_templates && as_root && options.work_dir.empty() && options.read_only_paths.empty()) {
        BoxTemplates& templates = BoxTemplates::instance();
        int mount_fd = templates.mount_fd();
        int network_fd = mount_fd >= 0 ? templates.acquire_network() : -1;
        if (network_fd >= 0) {
            plan_.template_mount_fd = mount_fd;
            plan_.template_network_fd = network_fd;
            return plan_;
        }
    }
    auto add_dirs_of = [&](const std::string& relative) {
        // Every parent folder of `relative`, parents first, once each.
        for (std::size_t slash = relative.find('/'); slash != std::string::npos;
             slash = relative.find('/', slash + 1)) {
            std::string parent = relative.substr(0, slash);
            bool known = false;
            for (const char* dir : dirs_) known = known || parent == dir;
            if (!known) dirs_.push_back(keep(parent));
        }
    };
    auto add_host_path = [&](const std::string& host, bool writable, const char* target) {
        struct stat link_info {};
        if (::lstat(host.c_str(), &link_info) != 0) return false;
        std::string relative = target ? target : host.substr(1);
        add_dirs_of(relative);
        if (S_ISLNK(link_info.st_mode) && host.find('/', 1) == std::string::npos) {
            char link_target[4096];
            ssize_t length = ::readlink(host.c_str(), link_target, sizeof link_target - 1);
            if (length <= 0) return false;
            links_.push_back(
                {keep(std::string(link_target, static_cast<std::size_t>(length))), keep(relative)});
            return true;
        }
        struct stat info {};
        if (::stat(host.c_str(), &info) != 0) return false;
        binds_.push_back({keep(host), keep(relative), S_ISDIR(info.st_mode), writable});
        return true;
    };

    for (const char* path : kSystemPaths) add_host_path(path, false, nullptr);
    for (const std::string& path : options.read_only_paths) {
        if (path.empty() || path[0] != '/' || path.find("/..") != std::string::npos)
            throw RunnerError("runner: sandbox read-only path must be absolute: '" + path + "'");
        if (!add_host_path(path, false, nullptr))
            throw RunnerError("runner: sandbox read-only path not found: " + path);
    }
    for (const char* dir : {"dev", "dev/shm", "tmp", "proc", "box"}) dirs_.push_back(keep(dir));
    for (const char* device : kDevices)
        binds_.push_back(
            {keep(std::string("/dev/") + device), keep(std::string("dev/") + device), false, true});
    for (auto [target, link] : {std::pair{"/proc/self/fd", "dev/fd"},
                                {"/proc/self/fd/0", "dev/stdin"},
                                {"/proc/self/fd/1", "dev/stdout"},
                                {"/proc/self/fd/2", "dev/stderr"}})
        links_.push_back({target, link});
    if (!options.work_dir.empty()) {
        struct stat info {};
        if (::stat(options.work_dir.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
            throw RunnerError("runner: sandbox working folder is not a folder: " +
                              options.work_dir);
        binds_.push_back({keep(options.work_dir), "box", true, true});
    }

    plan_.uid_map =
        keep(std::to_string(kSandboxInnerId) + " " + std::to_string(::geteuid()) + " 1");
    plan_.gid_map =
        keep(std::to_string(kSandboxInnerId) + " " + std::to_string(::getegid()) + " 1");
    plan_.binds = binds_.data();
    plan_.bind_count = static_cast<int>(binds_.size());
    plan_.links = links_.data();
    plan_.link_count = static_cast<int>(links_.size());
    plan_.dirs = dirs_.data();
    plan_.dir_count = static_cast<int>(dirs_.size());
    return plan_;
}

namespace {

/// Whether `/proc/self/<file>` ("uid_map", "gid_map") maps `id` of our namespace.
bool id_is_mapped(const char* file, unsigned id) {
    std::string path = std::string("/proc/self/") + file;
    FILE* map = std::fopen(path.c_str(), "r");
    if (!map) return false;
    bool mapped = false;
    unsigned long inside = 0, outside = 0, count = 0;
    while (std::fscanf(map, "%lu %lu %lu", &inside, &outside, &count) == 3)
        mapped = mapped || (id >= inside && id - inside < count);
    std::fclose(map);
    return mapped;
}

}  // namespace

bool box_as_root() {
    static const bool as_root = ::geteuid() == 0 && id_is_mapped("uid_map", kSandboxUid) &&
                                id_is_mapped("gid_map", kSandboxGid);
    return as_root;
}

int box_clone_flags(const BoxPlan& plan) {
    int flags = CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
    if (plan.template_mount_fd < 0) flags |= CLONE_NEWNS | CLONE_NEWNET;
    if (!plan.as_root) flags |= CLONE_NEWUSER;
    return flags;
}

namespace {

/// The plan's folders in the box's root (the cwd); those that exist are left alone.
int make_box_dirs(const BoxPlan& plan, const char** what) {
    for (int i = 0; i < plan.dir_count; ++i)
        if (::mkdir(plan.dirs[i], 0755) != 0 && errno != EEXIST) {
            *what = "making the box's folders";
            return errno;
        }
    return 0;
}

/// /box, /tmp, /dev/shm and /proc of one run, in the box's root (the cwd).
int mount_run_parts(const BoxPlan& plan, const char** what) {
    const unsigned long scratch_flags = MS_NOSUID | MS_NODEV;
    if (!plan.box_is_host_dir)
        JUDGE_BOX_STEP(::mount("box", "box", "tmpfs", scratch_flags, plan.scratch_options),
                       "mounting /box");
    JUDGE_BOX_STEP(::mount("tmp", "tmp", "tmpfs", scratch_flags, plan.scratch_options),
                   "mounting /tmp");
    JUDGE_BOX_STEP(::mount("shm", "dev/shm", "tmpfs", scratch_flags, plan.scratch_options),
                   "mounting /dev/shm");
    // Our own pid namespace's /proc; other users' processes (the keeper, as root) hidden.
    const unsigned long proc_flags = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    if (::mount("proc", "proc", "proc", proc_flags, "hidepid=invisible") != 0 &&
        ::mount("proc", "proc", "proc", proc_flags, "hidepid=2") != 0)
        JUDGE_BOX_STEP(::mount("proc", "proc", "proc", proc_flags, nullptr), "mounting /proc");
    return 0;
}

}  // namespace

int build_box(const BoxPlan& plan, const char** what) {
    if (plan.template_mount_fd >= 0) {
        // The skeleton is ready: enter it (root and cwd become its root), take a private copy
        // for this run, and mount the run's own parts.
        JUDGE_BOX_STEP(::setns(plan.template_network_fd, CLONE_NEWNET), "entering the network");
        JUDGE_BOX_STEP(::setns(plan.template_mount_fd, CLONE_NEWNS), "entering the skeleton");
        JUDGE_BOX_STEP(::unshare(CLONE_NEWNS), "copying the skeleton");
        JUDGE_BOX_STEP(::chdir("/"), "entering the box");
        if (int error = mount_run_parts(plan, what); error != 0) return error;
        JUDGE_BOX_STEP(::chdir("/box"), "entering /box");
        return 0;
    }
    if (!plan.as_root) {
        // Only our own ids can be mapped without privilege; setgroups must be denied first.
        int error = write_text("/proc/self/setgroups", "deny");
        if (error == 0) error = write_text("/proc/self/uid_map", plan.uid_map);
        if (error == 0) error = write_text("/proc/self/gid_map", plan.gid_map);
        if (error != 0) {
            *what = "writing the user namespace's id maps";
            return error;
        }
    }
    // Nothing we mount may propagate back to the machine.
    JUDGE_BOX_STEP(::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr),
                   "making / private");
    JUDGE_BOX_STEP(::mount("box", plan.staging, "tmpfs", MS_NOSUID | MS_NODEV,
                           "size=64k,nr_inodes=512,mode=0755"),
                   "mounting the box's root");
    JUDGE_BOX_STEP(::chdir(plan.staging), "entering the box's root");
    if (int error = make_box_dirs(plan, what); error != 0) return error;
    ::chmod("tmp", 01777);
    for (int i = 0; i < plan.link_count; ++i)
        JUDGE_BOX_STEP(::symlink(plan.links[i].target, plan.links[i].link), "making a link");
    if (!plan.skeleton_only) {
        // The run's own /tmp, /dev/shm, /box and /proc before the binds: a read-only host path
        // under /tmp (a cache in /tmp holding a Python program) is bound inside the run's /tmp
        // instead of being hidden under it. Its parents are made again in the fresh tmpfs, as
        // root's: the program cannot move them in the sticky /tmp.
        if (int error = mount_run_parts(plan, what); error != 0) return error;
        if (int error = make_box_dirs(plan, what); error != 0) return error;
    }
    for (int i = 0; i < plan.bind_count; ++i) {
        const BoxBind& bind = plan.binds[i];
        if (int error = make_mount_point(bind.target, bind.is_dir); error != 0) {
            *what = "making a mount point";
            return error;
        }
        JUDGE_BOX_STEP(::mount(bind.source, bind.target, nullptr, MS_BIND | MS_REC, nullptr),
                       "binding a system path into the box");
        if (bind.writable) continue;
        unsigned long flags = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV;
        JUDGE_BOX_STEP(
            ::mount(nullptr, bind.target, nullptr, flags | kept_flags(bind.target), nullptr),
            "making a bound path read-only");
    }
    // The machine's tree is detached: nothing above the box's root stays reachable.
    JUDGE_BOX_STEP(static_cast<int>(::syscall(SYS_pivot_root, ".", ".")), "pivot_root");
    JUDGE_BOX_STEP(::umount2(".", MNT_DETACH), "detaching the machine's tree");
    JUDGE_BOX_STEP(::chdir("/"), "entering the box");
    JUDGE_BOX_STEP(::mount(nullptr, "/", nullptr,
                           MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr),
                   "making the box's root read-only");
    if (!plan.skeleton_only) JUDGE_BOX_STEP(::chdir("/box"), "entering /box");
    return 0;
}

namespace {

// The syscall filter: x86-64 only (elsewhere the other layers stand alone). It refuses, with
// EPERM, what a contest program never needs and what widens the kernel's attack surface or
// reaches other processes: tracing and other processes' memory, mounts and namespaces,
// keyrings, bpf, perf, userfaultfd, io_uring, modules, kexec, reboot, swap, quotas. clone3
// gets ENOSYS (its flags sit in memory a filter cannot read; glibc then falls back to clone),
// and clone with a namespace flag gets EPERM.
#if defined(__x86_64__)
constexpr unsigned kDenied[] = {
    SYS_ptrace,
    SYS_process_vm_readv,
    SYS_process_vm_writev,
    SYS_mount,
    SYS_umount2,
    SYS_pivot_root,
    SYS_chroot,
    SYS_unshare,
    SYS_setns,
    SYS_keyctl,
    SYS_add_key,
    SYS_request_key,
    SYS_bpf,
    SYS_perf_event_open,
    SYS_userfaultfd,
    SYS_kexec_load,
    SYS_kexec_file_load,
    SYS_init_module,
    SYS_finit_module,
    SYS_delete_module,
    SYS_open_by_handle_at,
    SYS_name_to_handle_at,
    SYS_swapon,
    SYS_swapoff,
    SYS_reboot,
    SYS_syslog,
    SYS_acct,
    SYS_quotactl,
    SYS_io_uring_setup,
    SYS_io_uring_enter,
    SYS_io_uring_register,
    SYS_open_tree,
    SYS_move_mount,
    SYS_fsopen,
    SYS_fsconfig,
    SYS_fsmount,
    SYS_fspick,
    SYS_mount_setattr,
    SYS_process_madvise,
    SYS_pidfd_getfd,
    SYS_kcmp,
};
constexpr unsigned kNamespaceFlags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET |
                                     CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
constexpr std::size_t kDeniedCount = sizeof kDenied / sizeof kDenied[0];
constexpr std::size_t kMaxFilterLength = 256;

struct Filter {
    sock_filter code[kMaxFilterLength];
    std::size_t length;
};

struct SortedNumbers {
    unsigned value[kDeniedCount];
};

constexpr SortedNumbers sorted_denied() {
    SortedNumbers sorted{};
    for (std::size_t i = 0; i < kDeniedCount; ++i) {
        std::size_t j = i;
        for (; j > 0 && sorted.value[j - 1] > kDenied[i]; --j)
            sorted.value[j] = sorted.value[j - 1];
        sorted.value[j] = kDenied[i];
    }
    return sorted;
}

constexpr void op(Filter& filter,
                  unsigned short code,
                  unsigned k,
                  unsigned char jt = 0,
                  unsigned char jf = 0) {
    filter.code[filter.length++] = sock_filter{code, jt, jf, k};
}

constexpr unsigned kErrnoEperm = SECCOMP_RET_ERRNO | EPERM;

/// A binary search for the syscall number (in A) among sorted[low, high): EPERM when found,
/// allowed otherwise. A search, not a list: the kernel runs the filter over every syscall
/// number once when it is installed (its cache of always-allowed calls), on every sandboxed
/// run, and that cost grows with the path a number takes through it.
constexpr void search(Filter& filter,
                      const SortedNumbers& sorted,
                      std::size_t low,
                      std::size_t high) {
    if (high - low <= 3) {
        for (std::size_t i = low; i < high; ++i) {
            op(filter, BPF_JMP | BPF_JEQ | BPF_K, sorted.value[i], 0, 1);
            op(filter, BPF_RET | BPF_K, kErrnoEperm);
        }
        op(filter, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
        return;
    }
    std::size_t middle = (low + high) / 2;
    std::size_t branch = filter.length;
    op(filter, BPF_JMP | BPF_JGE | BPF_K, sorted.value[middle]);  // jt set below
    search(filter, sorted, low, middle);
    filter.code[branch].jt = static_cast<unsigned char>(filter.length - branch - 1);
    search(filter, sorted, middle, high);
}

constexpr Filter make_filter() {
    Filter filter{};
    // Another architecture's syscall numbers mean other calls: refuse them all.
    op(filter, BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch));
    op(filter, BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
    op(filter, BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    op(filter, BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr));
    // x32 numbers (bit 30) reach the same kernel code by another door.
    op(filter, BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    op(filter, BPF_RET | BPF_K, kErrnoEperm);
    op(filter, BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
    op(filter, BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
    op(filter, BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4);
    op(filter, BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0]));  // low 32 bits
    op(filter, BPF_JMP | BPF_JSET | BPF_K, kNamespaceFlags, 0, 1);
    op(filter, BPF_RET | BPF_K, kErrnoEperm);
    op(filter, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    search(filter, sorted_denied(), 0, kDeniedCount);
    return filter;
}

constexpr Filter kFilter = make_filter();
#endif

}  // namespace

int shut_in_program(const BoxPlan& plan, const char** what) {
    if (plan.as_root) {
        // Raw syscalls: glibc's wrappers would broadcast to threads this process does not have.
        JUDGE_BOX_STEP(static_cast<int>(::syscall(SYS_setgroups, 0, nullptr)), "setgroups");
        JUDGE_BOX_STEP(
            static_cast<int>(::syscall(SYS_setresgid, kSandboxGid, kSandboxGid, kSandboxGid)),
            "setresgid");
        // From uid 0 to non-zero ids: every capability is dropped with it.
        JUDGE_BOX_STEP(
            static_cast<int>(::syscall(SYS_setresuid, kSandboxUid, kSandboxUid, kSandboxUid)),
            "setresuid");
    }
    // In a user namespace we already are kSandboxInnerId; the capabilities the namespace gave
    // us are gone at execve (a non-root uid, no file capabilities, no ambient set).
    JUDGE_BOX_STEP(::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs");
#if defined(__x86_64__)
    sock_fprog program{static_cast<unsigned short>(kFilter.length),
                       const_cast<sock_filter*>(kFilter.code)};
    JUDGE_BOX_STEP(::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0),
                   "installing the syscall filter");
#endif
    return 0;
}

const sock_filter* syscall_filter(std::size_t* length) {
#if defined(__x86_64__)
    *length = kFilter.length;
    return kFilter.code;
#else
    *length = 0;
    return nullptr;
#endif
}

const unsigned* syscall_filter_denied(std::size_t* count) {
#if defined(__x86_64__)
    *count = kDeniedCount;
    return kDenied;
#else
    *count = 0;
    return nullptr;
#endif
}

std::string box_description(bool as_root) {
    std::string text = "sandbox (pid, mount, network, ipc, uts and cgroup namespaces; ";
    text += as_root ? "runs as uid " + std::to_string(kSandboxUid)
                    : "user namespace, runs as the judge's uid " + std::to_string(::geteuid());
    text += "; no capabilities, no_new_privs";
#if defined(__x86_64__)
    text += ", syscall filter";
#endif
    text += ")";
    return text;
}

}  // namespace judge::detail

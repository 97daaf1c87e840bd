// The box of a sandboxed run (see sandbox.hpp, and the theory of operation in process_runner.cpp).
// build_box() and shut_in_program() run in a fork of the multi-threaded judge: raw syscalls
// only (glibc's setresuid would try to signal the judge's threads, which the fork lacks), no
// allocation, no locks.
#include "running/sandbox.hpp"

#include "running/raw_syscall.hpp"
#include "running/scoped_fd.hpp"
#include "running/spawner.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <filesystem>
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

/// A folder of the machine that the box's root tmpfs is mounted on, in the box's own mount
/// namespace (a mount needs a folder, and the root filesystem may be read-only: none is made).
/// The first that exists: every Linux has /sys or /proc, a minimal chroot at least /.
const char* staging_folder() {
    static const char* const found = [] {
        for (const char* folder : {"/sys", "/proc", "/dev", "/tmp", "/mnt"}) {
            struct stat info {};
            if (::stat(folder, &info) == 0 && S_ISDIR(info.st_mode)) return folder;
        }
        return "/";
    }();
    return found;
}

/// The scratch of a run: tmpfs mounts of bounded size and file count (the plan's options).
struct ScratchMount {
    const char* name;
    const char* target;  // in the box's root
};
constexpr ScratchMount kScratch[] = {{"box", "box"}, {"tmp", "tmp"}, {"shm", "dev/shm"}};
constexpr unsigned long kScratchFlags = MS_NOSUID | MS_NODEV;

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
            make_skeleton(mount_fd_, root_fd_);
        }
        return mount_fd_;
    }
    /// The skeleton's root folder (O_PATH), valid where mount_fd() is: see BoxPlan::root_fd.
    int root_fd() {
        mount_fd();
        return root_fd_;
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
    /// of its namespace and one of its root folder (the skeleton), and let it go. Both -1 when
    /// it failed.
    static void make_skeleton(int& mount_fd, int& root_fd) {
        static BoxPlanStorage storage;
        const BoxPlan& plan = storage.make_skeleton();
        int ready[2], release[2];
        if (::pipe2(ready, O_CLOEXEC) != 0) return;
        if (::pipe2(release, O_CLOEXEC) != 0) {
            ::close(ready[0]);
            ::close(ready[1]);
            return;
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
        char status = 'n';
        if (pid > 0 && ::read(ready[0], &status, 1) == 1 && status == 'y') {
            std::string process = "/proc/" + std::to_string(pid);
            mount_fd = ::open((process + "/ns/mnt").c_str(), O_RDONLY | O_CLOEXEC);
            root_fd = ::open((process + "/root").c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
            if (mount_fd < 0 || root_fd < 0) {
                if (mount_fd >= 0) ::close(mount_fd);
                if (root_fd >= 0) ::close(root_fd);
                mount_fd = root_fd = -1;
            }
        }
        ::close(ready[0]);
        ::close(release[1]);
        if (pid > 0) ::waitpid(pid, nullptr, 0);
    }

    std::mutex mutex_;
    bool tried_ = false;
    int mount_fd_ = -1;
    int root_fd_ = -1;
    std::vector<int> free_networks_;
};

namespace {

/// The namespaces of a resident box that its keeper (or a direct run's program) enters through
/// the holder's pidfd (it is born in the pid namespace).
constexpr int kEnteredNamespaces =
    CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWNET | CLONE_NEWCGROUP;

/// What a resident holder needs: the plan of its box (nullptr: a pid namespace alone) and where
/// to say it is ready.
struct HolderStart {
    const BoxPlan* plan;
    int ready_fd;
};

/// The holder, cloned with CLONE_VM into a new pid namespace (for a box with new ipc, uts and
/// cgroup namespaces too, and it builds the box: the skeleton's copy and the scratch mounts).
/// It says it is ready, then lives as the init of the pid namespace until it is killed: it
/// reaps every process reparented to it. A run with a keeper leaves it nothing (the keeper is
/// the run's subreaper), but a direct run's program is the judge thread's child, and what that
/// program leaves behind when it ends (orphans, killed by the judge's sweep) comes here. It
/// shares the judge's memory and, before it is ready, the starting thread's errno (that thread
/// waits with raw system calls); past that point it makes raw system calls only.
int holder_main(void* argument) {
    const auto* start = static_cast<const HolderStart*>(argument);
    raw_syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL);
    const char* what = nullptr;
    int error = start->plan ? build_box(*start->plan, &what) : 0;
    // Not in /box: a scratch replaced after a run must not stay alive as our cwd.
    raw_syscall(SYS_chdir, reinterpret_cast<long>("/"));
    // SIGCHLD blocked, so that it stays pending (init ignores what it has no handler for) and
    // the wait below cannot miss an orphan that dies between a reap and the wait.
    const unsigned long child_signal = 1UL << (SIGCHLD - 1);
    raw_syscall(SYS_rt_sigprocmask, SIG_BLOCK, reinterpret_cast<long>(&child_signal), 0,
                sizeof child_signal);
    // Only the ready pipe stays: a copy of another run's pipe would hold back its EOF.
    const int ready_fd = start->ready_fd;
    if (ready_fd > 0) raw_syscall(SYS_close_range, 0, ready_fd - 1, 0);
    raw_syscall(SYS_close_range, ready_fd + 1, ~0U, 0);
    raw_syscall(SYS_write, ready_fd, reinterpret_cast<long>(&error), sizeof error);
    raw_syscall(SYS_close, ready_fd);
    if (error != 0) raw_syscall(SYS_exit, 1);
    for (;;) {  // as init, no signal from inside the namespace reaches us
        while (raw_syscall(SYS_wait4, -1, 0, WNOHANG | __WALL, 0) > 0) {}
        raw_syscall(SYS_rt_sigtimedwait, reinterpret_cast<long>(&child_signal), 0, 0,
                    sizeof child_signal);
    }
}

/// The pid namespace the calling thread's children are born in when it has not entered a
/// resident one: its own, kept open to come back to.
int own_pid_namespace_fd() {
    thread_local ScopedFd own(::open("/proc/thread-self/ns/pid", O_RDONLY | O_CLOEXEC));
    return own.get();
}

/// A pid namespace kept from run to run by one judge thread (root's), with or without a box
/// around it (see the theory of operation in process_runner.cpp). Making and tearing down the
/// pid, ipc, uts, cgroup and mount namespaces and the four mounts of a box was most of a
/// sandboxed run's cost in the judge; a resident box pays it once per thread. Its holder
/// process is the init of the pid namespace, never forks and reaps what is reparented to it.
/// Each run's keeper (or, in a direct run, its program) is born in that pid namespace and
/// enters the others through the holder's pidfd. After a keeper's run the keeper scrubs the
/// box (scrub_box): a used scratch is replaced by a fresh tmpfs, and a box where a SysV IPC
/// object survived is retired. After a direct run the judge thread checks the scratch itself
/// (fstatfs of each tmpfs, through fds it holds) and a used one is replaced by the next run's
/// program before its execve; SysV IPC is refused by the syscall filter; the scratch folders'
/// times are set to now by each program before its execve. A box serves one program (the
/// argv of its runs: one submission): another program's run retires it and gets a new one.
/// So a run finds the box as the first run of its program did, but for what only that
/// program's own earlier runs can have told it: its pid is not 2 (a pid namespace's counter
/// goes on: how many processes those runs made), a scratch's birth time is when the box was
/// made or the scratch last renewed, both at the start of one of those runs, and a kept
/// scratch's inode numbers go on from those its files had. (The pooled
/// network namespace is older, as before: nothing of a run stays in it.) Without a box
/// (`boxed` false) it is a pid namespace alone, for the jury's programs run without a keeper:
/// its init reaps their orphans.
class ResidentBox {
 public:
    explicit ResidentBox(bool boxed) : boxed_(boxed) {}
    ResidentBox(const ResidentBox&) = delete;
    ResidentBox& operator=(const ResidentBox&) = delete;
    ~ResidentBox() { retire(); }

    /// Points `plan` at this box for a run of `program`, making the box first when there is
    /// none; false when no box can be made (the run then makes namespaces of its own). A plan
    /// with host paths of its own (its lists filled: SandboxOptions::resident_folders) gets a
    /// box built from those lists; `program` then names them too (BoxPlanStorage::make).
    bool lend(BoxPlan& plan, const std::string& program) {
        // Another program (another submission) gets a box of its own: what this box still
        // tells of its runs (the pid counter, a scratch's birth time and inode counter) is
        // only ever told to the program that made those runs. A box with host paths is built
        // for one scratch size (its binds under /tmp live in that tmpfs): its `program` (the
        // key of BoxPlanStorage::make) names the size, so another size is another program.
        if (holder_ >= 0 && program != program_) retire();
        if (!ready(&plan)) return false;
        program_ = program;
        plan.resident_pidfd = pidfd_;
        plan.resident_pid_ns_fd = pid_ns_fd_;
        plan.root_fd = root_fd_;
        plan.resident_with_host_paths = with_host_paths_;
        for (int i = 0; i < 3; ++i) {
            plan.scratch_unused_inodes[i] = empty_inodes_[i];
            plan.scratch_unused_blocks[i] = empty_blocks_[i];
        }
        plan.remount_scratch =
            !with_host_paths_ && (renew_scratch_ || scratch_options_ != plan.scratch_options);
        // The spawner lives in /box: a new scratch needs a new one (which mounts it).
        if (plan.remount_scratch) spawner_.retire();
        scratch_options_ = plan.scratch_options;
        return true;
    }

    /// The pid namespace alone (no box), made first when there is none; -1 when none can be.
    int lend_pid_namespace() { return ready(nullptr) ? pid_ns_fd_ : -1; }

    /// Kills the holder, and with it (the init of the pid namespace) anything left in it.
    /// `wait`: reap it now. Without (after a run that failed: its processes may outlive
    /// SIGKILL) it is abandoned: the dying init waits until every process of its namespace is
    /// gone and reaped, a stuck one included, and in a direct run that one is this thread's
    /// own unreaped child; it is reaped later (abandon_child), and its network namespace is
    /// not pooled again.
    void retire(bool wait = true) {
        spawner_.retire();  // first: its programs are born in the holder's pid namespace
        if (holder_ >= 0) {
            raw_syscall(SYS_kill, holder_, SIGKILL);
            int status = 0;
            if (wait) {
                raw_reap(holder_, status);
            } else {
                abandon_child(holder_);
                holder_stack_.abandon();
            }
        }
        holder_ = -1;
        for (int* fd : {&pidfd_, &pid_ns_fd_, &root_fd_, &scratch_fds_[0], &scratch_fds_[1],
                        &scratch_fds_[2]}) {
            if (*fd >= 0) ::close(*fd);
            *fd = -1;
        }
        if (network_fd_ >= 0) {
            if (wait)
                BoxTemplates::instance().release_network(network_fd_);
            else
                ::close(network_fd_);
        }
        network_fd_ = -1;
        scratch_options_.clear();
        renew_scratch_ = false;
        with_host_paths_ = false;
    }

    /// After a run with a keeper: it scrubbed the box itself (and may have replaced a
    /// scratch), or the box is retired.
    void after_keeper_run(bool clean) {
        spawner_.retire();  // the keeper may have replaced the scratch the spawner lives in
        if (!clean) return retire(false);  // its holder may wait for a stuck process
        renew_scratch_ = false;
        close_scratch_fds();  // a replaced tmpfs: read them afresh when a direct run needs them
    }

    pid_t spawner_pid() const { return spawner_.pid(); }

    /// Whether the box is up and serves `program`.
    bool serves(const std::string& program) const { return holder_ >= 0 && program_ == program; }
    /// Whether the box is up (a place of ResidentBoxes that is taken).
    bool up() const { return holder_ >= 0; }
    /// Whether `plan` was lent from this box.
    bool lent(const BoxPlan& plan) const {
        return holder_ >= 0 && plan.resident_pidfd >= 0 && plan.resident_pidfd == pidfd_;
    }

    /// The holder's pid when `pid_ns_fd` is this box's pid namespace, else -1.
    pid_t holder_of(int pid_ns_fd) const {
        return holder_ >= 0 && pid_ns_fd == pid_ns_fd_ ? holder_ : -1;
    }

    /// This box's spawner when `plan` is lent from this box, else nullptr.
    Spawner* spawner_for(const BoxPlan& plan) {
        return holder_ >= 0 && plan.resident_pidfd == pidfd_ ? &spawner_ : nullptr;
    }

    /// After a direct run: `ended` (every process of the run gone) keeps the box, and a
    /// scratch the run left anything in is replaced by the next run's program.
    void after_direct_run(const BoxPlan& plan, bool ended) {
        if (!ended) return retire(false);
        // This run's program replaced the scratch (its size, or what the run before left):
        // the fds still name the old tmpfs.
        if (plan.remount_scratch) close_scratch_fds();
        renew_scratch_ = !scratch_is_empty();
        // Its host paths under /tmp live in that tmpfs: such a box is made anew instead.
        if (renew_scratch_ && with_host_paths_) retire();
    }

 private:
    /// Whether the holder is up, starting it when there is none (a box's for `request`; nullptr:
    /// the pid namespace alone).
    bool ready(const BoxPlan* request) {
        if (holder_ >= 0 && holder_exited()) retire();
        if (holder_ >= 0) return true;
        const bool own_lists = boxed_ && request && request->bind_count > 0;
        return !unavailable_ && !(own_lists && host_paths_unavailable_) && start(request);
    }

    bool holder_exited() const {
        pollfd watched{pidfd_, POLLIN, 0};
        return ::poll(&watched, 1, 0) != 0;
    }

    bool start(const BoxPlan* request) {
        BoxTemplates& templates = BoxTemplates::instance();
        // A box with host paths of its own is built from its lists in a mount namespace of its
        // own (as a run's box without templates is); the others copy the skeleton.
        const bool own_lists = boxed_ && request && request->bind_count > 0;
        BoxPlan plan = own_lists ? *request : BoxPlan{};
        plan.as_root = true;
        plan.scratch_options = request ? request->scratch_options : nullptr;
        plan.resident_pidfd = plan.resident_pid_ns_fd = plan.root_fd = -1;
        plan.template_mount_fd = -1;
        plan.remount_scratch = false;
        if (boxed_ && !own_lists) {
            plan.template_mount_fd = templates.mount_fd();
            plan.root_fd = templates.root_fd();
        }
        char* stack = holder_stack_.top();
        int ready[2] = {-1, -1};
        if (!kClonesCanShareMemory || (boxed_ && !own_lists && plan.template_mount_fd < 0) ||
            own_pid_namespace_fd() < 0 || !stack || ::pipe2(ready, O_CLOEXEC) != 0) {
            // A box with host paths that cannot be made says nothing of the other boxes.
            (own_lists ? host_paths_unavailable_ : unavailable_) = true;
            return false;
        }
        int flags = CLONE_VM | CLONE_NEWPID | SIGCHLD;
        if (boxed_) {
            network_fd_ = templates.acquire_network();
            plan.template_network_fd = network_fd_;
            flags |= CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
            if (own_lists) flags |= CLONE_NEWNS;
        }
        HolderStart holder{boxed_ ? &plan : nullptr, ready[1]};
        holder_ = boxed_ && network_fd_ < 0 ? -1 : ::clone(holder_main, stack, flags, &holder);
        // Raw calls from here until the holder is ready: it may write our errno meanwhile.
        raw_syscall(SYS_close, ready[1]);
        int error = -1;
        long got = 0;
        do
            got = holder_ < 0 ? 0
                              : raw_syscall(SYS_read, ready[0], reinterpret_cast<long>(&error),
                                            sizeof error);
        while (got == -EINTR);
        raw_syscall(SYS_close, ready[0]);
        if (got == sizeof error && error == 0) {
            std::string path = "/proc/" + std::to_string(holder_) + "/ns/pid";
            pid_ns_fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
            pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, holder_, 0));
            if (boxed_) {
                path = "/proc/" + std::to_string(holder_) + "/root";
                root_fd_ = ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
            }
            box_is_host_dir_ = own_lists && plan.box_is_host_dir;
            if (pid_ns_fd_ >= 0 && pidfd_ >= 0 && (!boxed_ || root_fd_ >= 0) &&
                children_can_enter() && (!boxed_ || count_empty_scratch())) {
                if (boxed_) scratch_options_ = plan.scratch_options;
                with_host_paths_ = own_lists;
                return true;
            }
        }
        retire();  // reaps a holder that failed, releases the network
        (own_lists ? host_paths_unavailable_ : unavailable_) = true;
        return false;
    }

    /// Whether a process can be born in the pid namespace and (a box) enter the rest of it with
    /// one setns on the holder's pidfd (Linux >= 5.8; a container may forbid either): a probe
    /// process does both once, so that a box no keeper could enter is never lent.
    bool children_can_enter() {
        enter_pid_namespace(pid_ns_fd_);
        alignas(16) char probe_stack[16 * 1024];
        const int enter_fd = boxed_ ? pidfd_ : -1;
        pid_t probe = ::clone(probe_main, probe_stack + sizeof probe_stack,
                              CLONE_VM | CLONE_VFORK | SIGCHLD, const_cast<int*>(&enter_fd));
        leave_pid_namespace();
        int status = 0;
        if (probe < 0) return false;
        raw_reap(probe, status);
        return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }

    static int probe_main(void* pidfd) {
        const int fd = *static_cast<const int*>(pidfd);
        long entered = fd < 0 ? 0 : raw_syscall(SYS_setns, fd, kEnteredNamespaces);
        raw_syscall(SYS_exit, entered == 0 ? 0 : 1);
        return 1;
    }

    void close_scratch_fds() {
        for (int& fd : scratch_fds_) {
            if (fd >= 0) ::close(fd);
            fd = -1;
        }
    }

    /// Whether each scratch tmpfs holds exactly what an empty one holds (the inodes counted on
    /// the fresh box, when its holder had just made it) and no block: the exact test of
    /// "nothing was left" (a file made and removed gives its inode back; every process of the
    /// run is gone, so no open file keeps one). A replaced scratch (closed fds) is opened
    /// afresh and held to the same count. One that cannot be read counts as used.
    bool scratch_is_empty() {
        for (int i = 0; i < 3; ++i) {
            if (i == 0 && box_is_host_dir_) continue;  // the judge's folder, emptied by the judge
            if (scratch_fds_[i] < 0) {
                std::string path =
                    "/proc/" + std::to_string(holder_) + "/root/" + kScratch[i].target;
                scratch_fds_[i] = ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
            }
            struct statfs info {};
            if (scratch_fds_[i] < 0 || ::fstatfs(scratch_fds_[i], &info) != 0 ||
                info.f_blocks - info.f_bfree != empty_blocks_[i] ||
                info.f_files - info.f_ffree != empty_inodes_[i])
                return false;
        }
        return true;
    }

    /// On the fresh box: what each scratch holds unused (its root folder; in a box with host
    /// paths, /tmp also the folders their binds under /tmp need). False when a scratch cannot
    /// be read (the box is not lent then).
    bool count_empty_scratch() {
        close_scratch_fds();
        for (int i = 0; i < 3; ++i) {
            if (i == 0 && box_is_host_dir_) continue;
            std::string path = "/proc/" + std::to_string(holder_) + "/root/" + kScratch[i].target;
            scratch_fds_[i] = ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
            struct statfs info {};
            if (scratch_fds_[i] < 0 || ::fstatfs(scratch_fds_[i], &info) != 0) return false;
            empty_blocks_[i] = info.f_blocks - info.f_bfree;
            empty_inodes_[i] = info.f_files - info.f_ffree;
        }
        return true;
    }

    const bool boxed_;
    pid_t holder_ = -1;
    int pidfd_ = -1;
    int pid_ns_fd_ = -1;
    int root_fd_ = -1;  // the box's root folder (O_PATH): BoxPlan::root_fd
    int network_fd_ = -1;
    int scratch_fds_[3] = {-1, -1, -1};    // O_PATH fds of the box's /box, /tmp, /dev/shm
    unsigned long empty_inodes_[3] = {};   // inodes each scratch holds unused
    unsigned long empty_blocks_[3] = {};   // blocks each scratch holds unused
    CloneStack holder_stack_{256 * 1024};  // kept mapped for the thread's next holder
    std::string scratch_options_;          // the size of the mounted scratch
    std::string program_;                  // the program the box serves (its path)
    bool renew_scratch_ = false;           // a direct run left something in the scratch
    bool unavailable_ = false;             // a holder could not be made: this thread stops trying
    bool with_host_paths_ = false;         // built from a plan's lists (resident_with_host_paths)
    bool host_paths_unavailable_ = false;  // such a box could not be made: not tried again
    bool box_is_host_dir_ = false;         // its /box is a host folder, not a scratch
    Spawner spawner_;                      // starts the box's programs in direct runs
};

/// A judge thread's resident boxes: one per program it runs in a box, kept while the program is
/// among the last kPlaces the thread ran (the least recently used box is retired for a new
/// program). Several, not one: `judge stress` runs a generator, the reference and the
/// solution in turn (and a validator), each in a box of its own, and making a box for every
/// run would cost more than such runs themselves.
class ResidentBoxes {
 public:
    /// Lends `program`'s box (ResidentBox::lend).
    bool lend(BoxPlan& plan, const std::string& program) {
        Place* chosen = &places_[0];
        for (Place& place : places_) {
            if (place.box.serves(program)) {
                chosen = &place;
                break;
            }
            // Else a free place, else the box lent longest ago.
            if (chosen->box.up() && (!place.box.up() || place.last_used < chosen->last_used))
                chosen = &place;
        }
        chosen->last_used = ++clock_;
        return chosen->box.lend(plan, program);  // retires another program's box first
    }
    /// The box `plan` was lent from, or nullptr.
    ResidentBox* of(const BoxPlan& plan) {
        for (Place& place : places_)
            if (place.box.lent(plan)) return &place.box;
        return nullptr;
    }
    /// The box lent last, or nullptr (for tests).
    ResidentBox* last_lent() {
        Place* last = nullptr;
        for (Place& place : places_)
            if (place.box.up() && (!last || place.last_used > last->last_used)) last = &place;
        return last ? &last->box : nullptr;
    }
    pid_t holder_of(int pid_ns_fd) const {
        for (const Place& place : places_)
            if (pid_t holder = place.box.holder_of(pid_ns_fd); holder >= 0) return holder;
        return -1;
    }

 private:
    static constexpr int kPlaces = 4;
    struct Place {
        ResidentBox box{true};
        std::uint64_t last_used = 0;
    };
    Place places_[kPlaces];
    std::uint64_t clock_ = 0;
};

thread_local ResidentBoxes resident_boxes;
thread_local ResidentBox resident_pid_namespace{false};

}  // namespace

void enter_pid_namespace(int pid_ns_fd) {
    if (::setns(pid_ns_fd, CLONE_NEWPID) != 0)
        throw RunnerError(std::string("runner: entering a resident pid namespace: ") +
                          std::strerror(errno));
}

void leave_pid_namespace() {
    if (raw_syscall(SYS_setns, own_pid_namespace_fd(), CLONE_NEWPID) != 0) std::abort();
}

void enter_box_pid_namespace(const BoxPlan& plan) {
    if (plan.resident_pid_ns_fd >= 0) enter_pid_namespace(plan.resident_pid_ns_fd);
}

void leave_box_pid_namespace(const BoxPlan& plan) {
    if (plan.resident_pid_ns_fd >= 0) leave_pid_namespace();
}

void release_resident_box(const BoxPlan& plan, bool clean) {
    if (ResidentBox* box = resident_boxes.of(plan)) box->after_keeper_run(clean);
}

void release_resident_box_after_direct_run(const BoxPlan& plan, bool ended) {
    if (ResidentBox* box = resident_boxes.of(plan)) box->after_direct_run(plan, ended);
}

Spawner* resident_box_spawner(const BoxPlan& box) {
    ResidentBox* resident = resident_boxes.of(box);
    return resident ? resident->spawner_for(box) : nullptr;
}

pid_t resident_box_spawner_pid() {
    ResidentBox* last = resident_boxes.last_lent();
    return last ? last->spawner_pid() : -1;
}

int lend_plain_pid_namespace() { return resident_pid_namespace.lend_pid_namespace(); }

pid_t resident_namespace_init(int pid_ns_fd) {
    pid_t holder = resident_boxes.holder_of(pid_ns_fd);
    return holder >= 0 ? holder : resident_pid_namespace.holder_of(pid_ns_fd);
}

void retire_plain_pid_namespace() { resident_pid_namespace.retire(false); }

BoxPlanStorage::~BoxPlanStorage() {
    if (plan_.template_network_fd >= 0)
        BoxTemplates::instance().release_network(plan_.template_network_fd);
}

namespace {

/// `path` with the device and inode it names now ("" when it names nothing).
std::string folder_identity(const std::string& path) {
    struct stat info {};
    if (path.empty() || ::stat(path.c_str(), &info) != 0) return path;
    return path + ' ' + std::to_string(info.st_dev) + ':' + std::to_string(info.st_ino);
}

}  // namespace

const char* BoxPlanStorage::keep(std::string text) {
    strings_.push_back(std::make_unique<std::string>(std::move(text)));
    return strings_.back()->c_str();
}

const BoxPlan& BoxPlanStorage::make_skeleton() {
    make(SandboxOptions{}, Limits{}, true, {}, false);  // no scratch is mounted: its size is moot
    plan_.skeleton_only = true;
    return plan_;
}

const BoxPlan& BoxPlanStorage::make(const SandboxOptions& options,
                                    const Limits& limits,
                                    bool as_root,
                                    const std::string& program,
                                    bool use_templates) {
    std::int64_t scratch_kib = options.scratch_kib > 0 ? options.scratch_kib : limits.memory_kib;
    plan_.as_root = as_root;
    plan_.staging = staging_folder();
    plan_.scratch_options = keep("size=" + std::to_string(scratch_kib) + "k,nr_inodes=" +
                                 std::to_string(options.scratch_files) + ",mode=1777");
    plan_.box_is_host_dir = !options.work_dir.empty();
    plan_.skeleton_only = false;
    // The skeleton holds only what every box has: such a box enters it and needs nothing more
    // from this plan. A box with host folders of its own, or a judge without root (it cannot
    // enter namespaces it did not make), builds its own from the lists below.
    if (use_templates && as_root && options.work_dir.empty() && options.read_only_paths.empty() &&
        options.working_folder.empty()) {
        if (resident_boxes.lend(plan_, program)) return plan_;
        BoxTemplates& templates = BoxTemplates::instance();
        int mount_fd = templates.mount_fd();
        int network_fd = mount_fd >= 0 ? templates.acquire_network() : -1;
        if (network_fd >= 0) {
            plan_.template_mount_fd = mount_fd;
            plan_.template_network_fd = network_fd;
            plan_.root_fd = templates.root_fd();
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
    } else if (!options.working_folder.empty()) {
        // The program's working folder: a link in each run's fresh /box to each entry of the
        // folder, which is shown read-only at its own path. In order of name, so that two
        // boxes of one program are alike.
        const std::string& folder = options.working_folder;
        if (folder[0] != '/' || folder.find("/..") != std::string::npos)
            throw RunnerError("runner: sandbox working folder must be absolute: '" + folder + "'");
        bool shown = std::find(options.read_only_paths.begin(), options.read_only_paths.end(),
                               folder) != options.read_only_paths.end();
        if (!shown && !add_host_path(folder, false, nullptr))
            throw RunnerError("runner: sandbox working folder not found: " + folder);
        std::vector<std::string> names;
        std::error_code error;
        for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
             it.increment(error))
            names.push_back(it->path().filename().string());
        if (error)
            throw RunnerError("runner: cannot list the sandbox working folder " + folder + ": " +
                              error.message());
        // Each link is a file of /box, whose tmpfs holds scratch_files (its root one of them).
        if (names.size() >= static_cast<std::size_t>(options.scratch_files))
            throw RunnerError("runner: the sandbox working folder " + folder + " holds " +
                              std::to_string(names.size()) + " entries, more than the " +
                              std::to_string(options.scratch_files - 1) + " /box may hold");
        std::sort(names.begin(), names.end());
        for (const std::string& name : names)
            box_links_.push_back({keep(folder + "/" + name), keep("box/" + name)});
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
    plan_.box_links = box_links_.data();
    plan_.box_link_count = static_cast<int>(box_links_.size());
    // Folders that stay from run to run (a jury program's view): a resident box built from
    // these lists, kept for the next run of the same program with the same folders. The
    // folders' identities are part of the key: a folder removed and made again is another.
    if (use_templates && as_root && options.resident_folders && box_links_.empty()) {
        std::string key = program + '\n' + folder_identity(options.work_dir);
        for (const std::string& path : options.read_only_paths) key += '\n' + folder_identity(path);
        key += '\n';
        key += plan_.scratch_options;
        if (resident_boxes.lend(plan_, key)) return plan_;
    }
    // A box of its own (a compile's, a jury program's with its files) builds its mounts, but
    // as root takes a pooled network namespace: making one is ~0.6 ms of a run.
    if (use_templates && as_root)
        plan_.template_network_fd = BoxTemplates::instance().acquire_network();
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
    if (plan.resident_pidfd >= 0) return 0;  // the keeper is born in the box's pid namespace
    int flags = CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
    if (plan.template_mount_fd < 0) flags |= CLONE_NEWNS;
    if (plan.template_network_fd < 0) flags |= CLONE_NEWNET;
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
    for (const ScratchMount& scratch : kScratch) {
        if (plan.box_is_host_dir && scratch.target == kScratch[0].target) continue;
        JUDGE_BOX_STEP(
            ::mount(scratch.name, scratch.target, "tmpfs", kScratchFlags, plan.scratch_options),
            "mounting a scratch folder (/box, /tmp or /dev/shm)");
    }
    // The working folder's links, in this run's fresh /box (such a box is never resident:
    // whatever a run does to them goes with its /box). As root they are root's, in a sticky
    // folder: the program cannot remove or replace them; what they name is read-only.
    for (int i = 0; i < plan.box_link_count && !plan.box_is_host_dir; ++i)
        JUDGE_BOX_STEP(::symlink(plan.box_links[i].target, plan.box_links[i].link),
                       "making a link of the working folder in /box");
    // Our own pid namespace's /proc; other users' processes (the keeper, as root) hidden.
    const unsigned long proc_flags = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    if (::mount("proc", "proc", "proc", proc_flags, "hidepid=invisible") != 0 &&
        ::mount("proc", "proc", "proc", proc_flags, "hidepid=2") != 0)
        JUDGE_BOX_STEP(::mount("proc", "proc", "proc", proc_flags, nullptr), "mounting /proc");
    return 0;
}

/// 1 when the folder `path` holds anything, 0 when it is empty, -1 (errno) when unreadable.
int holds_entries(const char* path) {
    int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    alignas(8) char buffer[1024];
    long length = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
    int error = errno;
    ::close(fd);
    if (length < 0) {
        errno = error;
        return -1;
    }
    for (long offset = 0; offset < length;) {
        // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
        unsigned short record_length;
        std::memcpy(&record_length, buffer + offset + 16, sizeof record_length);
        const char* name = buffer + offset + 19;
        if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) return 1;
        offset += record_length;
    }
    return 0;
}

/// In a resident box (cwd anywhere): replaces each scratch tmpfs by a fresh one with the plan's
/// options, all of them or (`only_used`) those holding anything. A detached tmpfs goes with
/// its last reference: after the kill sweep nothing of the run holds one.
int renew_scratch(const BoxPlan& plan, bool only_used, const char** what) {
    JUDGE_BOX_STEP(::chdir("/"), "entering the box's root");
    for (int i = 0; i < 3; ++i) {
        const ScratchMount& scratch = kScratch[i];
        if (plan.box_is_host_dir && i == 0) continue;
        if (only_used && plan.resident_with_host_paths) {
            // /tmp holds the folders of its binds under /tmp, which go with that tmpfs: a used
            // scratch (more than the fresh box had) retires the box instead.
            struct statfs info {};
            JUDGE_BOX_STEP(::statfs(scratch.target, &info), "reading a scratch folder");
            if (info.f_files - info.f_ffree == plan.scratch_unused_inodes[i] &&
                info.f_blocks - info.f_bfree == plan.scratch_unused_blocks[i])
                continue;
            *what = "a run used the scratch of a box with host paths";
            return EBUSY;
        }
        if (only_used) {
            int used = holds_entries(scratch.target);
            if (used < 0) {
                *what = "reading a scratch folder";
                return errno;
            }
            if (used == 0) continue;
        }
        JUDGE_BOX_STEP(::umount2(scratch.target, MNT_DETACH), "detaching a used scratch folder");
        JUDGE_BOX_STEP(
            ::mount(scratch.name, scratch.target, "tmpfs", kScratchFlags, plan.scratch_options),
            "mounting a fresh scratch folder");
    }
    return 0;
}

/// glibc leaves this union to the caller of semctl.
union SemctlArgument {
    int value;
    semid_ds* set;
    unsigned short* array;
    seminfo* info;
};

/// 0 when the box's ipc namespace holds no SysV object (shared memory, queue or semaphore set).
int sysv_objects_left(const char** what) {
    shm_info shared{};
    msginfo queues{};
    seminfo semaphores{};
    SemctlArgument argument{};
    argument.info = &semaphores;
    if (::shmctl(0, SHM_INFO, reinterpret_cast<shmid_ds*>(&shared)) < 0 ||
        ::msgctl(0, MSG_INFO, reinterpret_cast<msqid_ds*>(&queues)) < 0 ||
        ::semctl(0, 0, SEM_INFO, argument) < 0) {
        *what = "reading the box's SysV IPC objects";
        return errno;
    }
    if (shared.used_ids != 0 || queues.msgpool != 0 || semaphores.semusz != 0) {
        *what = "a SysV IPC object outlived the run";
        return EBUSY;
    }
    return 0;
}

/// After a setns into a ready box's mount namespace: its root folder becomes our root and cwd
/// (see BoxPlan::root_fd; where the judge's root is the machine's, it already is).
int enter_root_folder(const BoxPlan& plan, const char** what) {
    if (plan.root_fd < 0) return 0;
    JUDGE_BOX_STEP(::fchdir(plan.root_fd), "entering the box's root folder");
    JUDGE_BOX_STEP(::chroot("."), "making the box's root folder the root");
    return 0;
}

}  // namespace

int build_box(const BoxPlan& plan, const char** what) {
    if (plan.resident_pidfd >= 0) {
        // The box is ready: enter all of its namespaces at once (the pid namespace we were
        // born in), give the scratch this run's size if it had another, and go to /box.
        JUDGE_BOX_STEP(::setns(plan.resident_pidfd, kEnteredNamespaces),
                       "entering the resident box");
        if (int error = enter_root_folder(plan, what); error != 0) return error;
        if (plan.remount_scratch)
            if (int error = renew_scratch(plan, false, what); error != 0) return error;
        JUDGE_BOX_STEP(::chdir("/box"), "entering /box");
        return 0;
    }
    if (plan.template_mount_fd >= 0) {
        // The skeleton is ready: enter it (root and cwd become its root), take a private copy
        // for this run, and mount the run's own parts.
        JUDGE_BOX_STEP(::setns(plan.template_network_fd, CLONE_NEWNET), "entering the network");
        JUDGE_BOX_STEP(::setns(plan.template_mount_fd, CLONE_NEWNS), "entering the skeleton");
        if (int error = enter_root_folder(plan, what); error != 0) return error;
        // The copy's root and cwd are the copies of the skeleton's (copy_mnt_ns moves them).
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
    // A box of its own (host paths of its own), as root: a pooled network namespace instead of
    // a new one (make).
    if (plan.template_network_fd >= 0)
        JUDGE_BOX_STEP(::setns(plan.template_network_fd, CLONE_NEWNET), "entering the network");
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

int scrub_box(const BoxPlan& plan, const char** what) {
    if (int error = sysv_objects_left(what); error != 0) return error;
    return renew_scratch(plan, true, what);
}

namespace {

// The syscall filter: x86-64 only (elsewhere the other layers stand alone). It refuses, with
// EPERM, what a contest program never needs and what widens the kernel's attack surface or
// reaches other processes: tracing and other processes' memory, mounts and namespaces,
// keyrings, bpf, perf, userfaultfd, io_uring, modules, kexec, reboot, swap, quotas, POSIX message
// queues, SysV IPC objects. clone3 gets ENOSYS (its flags sit in memory a filter cannot read; glibc
// then falls back to clone), and clone with a namespace flag gets EPERM.
//
// No process of a run may become the judge's child: a direct run's program is the judge
// thread's child, and clone with CLONE_PARENT would make that program's child one too, out of
// reach of the box's init (the judge reaps such children anyway: direct_run.cpp). So clone
// with CLONE_PARENT gets EPERM, except from a box's spawner, which clones every program that way
// (spawner.hpp): it passes a random key as clone's tls argument, which the kernel ignores
// without CLONE_SETTLS. A program cannot learn the key: it is drawn in the judge's memory, and
// reading a filter takes CAP_SYS_ADMIN. Nothing else makes a judge's child. A process's parent
// is the one that cloned it, or with CLONE_PARENT its cloner's parent; a thread (CLONE_THREAD) is
// a part of its process, not a child, and is reaped by itself; fork, vfork, glibc's
// posix_spawn and pthread_create (clone3, then clone) set no CLONE_PARENT; an orphan goes to a
// child subreaper among its ancestors in its own pid namespace, or to that namespace's init,
// never across the namespace's border to the judge. So PR_SET_CHILD_SUBREAPER stays allowed:
// it only makes a run's process the reaper of its own descendants, all of them the run's.
//
// The page cache of the machine's files (/usr, shared by every run) must not carry anything
// from one run to a later one. The calls that drop other processes' cached pages or tell whether
// a page is cached, and have no other use, are refused: fadvise64 (posix_fadvise returns EPERM,
// which programs ignore: it is advice), mincore, cachestat, madvise with MADV_PAGEOUT or MADV_COLD
// (EPERM), preadv2 and pwritev2 with RWF_NOWAIT (EOPNOTSUPP, the kernel's own answer where the
// flag is not supported). What remains cannot be refused without refusing what every program
// does: a run loads pages by reading a file, and a later run can tell whether a page it touches
// was cached from the time that took or from its count of major faults (getrusage,
// /proc/self/stat). Such a bit is written once: no run can drop the page again (its memory
// cgroup's reclaim takes only pages charged to it). docs/judge-run.md has the details.
#if defined(__x86_64__)
constexpr unsigned kCachestat = 451;  // Linux 6.5; glibc 2.36's headers do not name it yet
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
    SYS_mq_open,  // a queue would outlive the run in a resident box's ipc namespace
    // SysV IPC objects would outlive the run too (in the resident box's ipc namespace, where a
    // direct run's judge does not look): refused, as no contest program needs them.
    SYS_shmget,
    SYS_semget,
    SYS_msgget,
    // The page cache of other processes' files: dropping pages, or telling which are cached.
    SYS_fadvise64,
    SYS_mincore,
    kCachestat,
};
constexpr unsigned kNamespaceFlags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET |
                                     CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
constexpr std::size_t kDeniedCount = sizeof kDenied / sizeof kDenied[0];
constexpr std::size_t kMaxFilterLength = 256;

/// Where the filter's jumps lead: its shared returns and its argument checks, after the search.
enum class Target : unsigned char {
    Refuse,         // EPERM
    NoSuchCall,     // ENOSYS
    NotSupported,   // EOPNOTSUPP
    Allow,          //
    CloneCheck,     // EPERM with a namespace flag, or CLONE_PARENT without the spawner's key
    MadviseCheck,   // EPERM for MADV_COLD and MADV_PAGEOUT (args[2])
    NoWaitIoCheck,  // EOPNOTSUPP with RWF_NOWAIT (args[5])
};
constexpr std::size_t kTargetCount = 7;

/// A call the filter looks at, and where it goes when it is that call.
struct ListedCall {
    unsigned number;
    Target target;
};
/// The calls whose fate is not plain EPERM (kDenied's).
constexpr ListedCall kCheckedCalls[] = {{SYS_clone3, Target::NoSuchCall},
                                        {SYS_clone, Target::CloneCheck},
                                        {SYS_madvise, Target::MadviseCheck},
                                        {SYS_preadv2, Target::NoWaitIoCheck},
                                        {SYS_pwritev2, Target::NoWaitIoCheck}};
constexpr std::size_t kListedCount = kDeniedCount + sizeof kCheckedCalls / sizeof kCheckedCalls[0];

struct Filter {
    sock_filter code[kMaxFilterLength];
    std::size_t length;
    /// The clone check's load of args[4] (clone's tls): its low word is compared with the
    /// spawner's key at key_at + 1, its high word at key_at + 3 (filled in at start-up).
    std::size_t key_at;
};

struct SortedCalls {
    ListedCall call[kListedCount];
};

constexpr SortedCalls sorted_calls() {
    SortedCalls sorted{};
    std::size_t count = 0;
    auto insert = [&](ListedCall call) {
        std::size_t j = count++;
        for (; j > 0 && sorted.call[j - 1].number > call.number; --j)
            sorted.call[j] = sorted.call[j - 1];
        sorted.call[j] = call;
    };
    for (unsigned number : kDenied) insert({number, Target::Refuse});
    for (ListedCall call : kCheckedCalls) insert(call);
    return sorted;
}

constexpr unsigned kErrnoEperm = SECCOMP_RET_ERRNO | EPERM;

/// The offset of a jump from instruction `from` to `to` (cBPF: forward, at most 255).
constexpr unsigned char jump(std::size_t from, std::size_t to) {
    if (to <= from || to - from - 1 > 255) throw "syscall filter: a jump out of reach";
    return static_cast<unsigned char>(to - from - 1);
}

/// Writes the filter, with jumps to targets placed later patched once their place is known.
struct FilterBuilder {
    struct Pending {
        std::size_t at;
        Target to;
        bool when_true;  // the jump's true branch, else its false one
    };
    Filter filter{};
    Pending pending[kMaxFilterLength]{};
    std::size_t pending_count = 0;
    std::size_t placed[kTargetCount]{};

    constexpr void op(unsigned short code, unsigned k, unsigned char jt = 0, unsigned char jf = 0) {
        filter.code[filter.length++] = sock_filter{code, jt, jf, k};
    }
    constexpr void load(std::size_t offset) {
        op(BPF_LD | BPF_W | BPF_ABS, static_cast<unsigned>(offset));
    }
    /// The last instruction's true (or false) branch goes to `to`; the other one falls through.
    constexpr void branch_to(Target to, bool when_true) {
        pending[pending_count++] = {filter.length - 1, to, when_true};
    }
    constexpr void place(Target target) {
        placed[static_cast<std::size_t>(target)] = filter.length;
    }
    constexpr Filter finish() {
        for (std::size_t i = 0; i < pending_count; ++i) {
            const Pending& jumping = pending[i];
            unsigned char offset = jump(jumping.at, placed[static_cast<std::size_t>(jumping.to)]);
            (jumping.when_true ? filter.code[jumping.at].jt : filter.code[jumping.at].jf) = offset;
        }
        return filter;
    }
};

/// A binary search for the syscall number (in A) among sorted[low, high): a listed call goes
/// to its target, any other is allowed. A search, not a list, and one shared return of each
/// kind instead of one per comparison: the kernel compiles the filter (its JIT makes several
/// passes over it) and runs it over every syscall number (its cache of always-allowed calls,
/// which then skip the filter) on every sandboxed run, and both costs grow with its length.
constexpr void search(FilterBuilder& builder,
                      const SortedCalls& sorted,
                      std::size_t low,
                      std::size_t high) {
    if (high - low <= 3) {
        for (std::size_t i = low; i < high; ++i) {
            builder.op(BPF_JMP | BPF_JEQ | BPF_K, sorted.call[i].number);
            builder.branch_to(sorted.call[i].target, true);
            if (i + 1 == high) builder.branch_to(Target::Allow, false);
        }
        return;
    }
    std::size_t middle = (low + high) / 2;
    std::size_t branch = builder.filter.length;
    builder.op(BPF_JMP | BPF_JGE | BPF_K, sorted.call[middle].number);  // jt set below
    search(builder, sorted, low, middle);
    builder.filter.code[branch].jt = jump(branch, builder.filter.length);
    search(builder, sorted, middle, high);
}

constexpr std::size_t low_word(std::size_t argument) {
    return offsetof(seccomp_data, args) + 8 * argument;  // x86-64 is little-endian
}

constexpr Filter make_filter() {
    FilterBuilder builder;
    // Another architecture's syscall numbers mean other calls: refuse them all.
    builder.load(offsetof(seccomp_data, arch));
    builder.op(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
    builder.op(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    builder.load(offsetof(seccomp_data, nr));
    // x32 numbers (bit 30) reach the same kernel code by another door.
    builder.op(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u);
    builder.branch_to(Target::Refuse, true);
    search(builder, sorted_calls(), 0, kListedCount);

    builder.place(Target::CloneCheck);
    builder.load(low_word(0));  // the flags
    builder.op(BPF_JMP | BPF_JSET | BPF_K, kNamespaceFlags);
    builder.branch_to(Target::Refuse, true);
    builder.op(BPF_JMP | BPF_JSET | BPF_K, CLONE_PARENT);
    builder.branch_to(Target::Allow, false);
    builder.filter.key_at = builder.filter.length;
    builder.load(low_word(4));                 // tls: the spawner's key
    builder.op(BPF_JMP | BPF_JEQ | BPF_K, 0);  // its low word, filled in at start-up
    builder.branch_to(Target::Refuse, false);
    builder.load(low_word(4) + 4);
    builder.op(BPF_JMP | BPF_JEQ | BPF_K, 0);  // its high word
    builder.branch_to(Target::Allow, true);
    builder.branch_to(Target::Refuse, false);

    builder.place(Target::MadviseCheck);
    builder.load(low_word(2));  // the advice, an int
    builder.op(BPF_JMP | BPF_JEQ | BPF_K, MADV_COLD);
    builder.branch_to(Target::Refuse, true);
    builder.op(BPF_JMP | BPF_JEQ | BPF_K, MADV_PAGEOUT);
    builder.branch_to(Target::Refuse, true);
    builder.branch_to(Target::Allow, false);

    builder.place(Target::NoWaitIoCheck);
    builder.load(low_word(5));  // the RWF_* flags
    builder.op(BPF_JMP | BPF_JSET | BPF_K, RWF_NOWAIT);
    builder.branch_to(Target::NotSupported, true);
    builder.branch_to(Target::Allow, false);

    builder.place(Target::Refuse);
    builder.op(BPF_RET | BPF_K, kErrnoEperm);
    builder.place(Target::NoSuchCall);
    builder.op(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
    builder.place(Target::NotSupported);
    builder.op(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EOPNOTSUPP);
    builder.place(Target::Allow);
    builder.op(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    return builder.finish();
}

constexpr Filter kUnkeyedFilter = make_filter();  // made at compile time: jumps in reach

/// The spawner's key (see above the filter), drawn once per judge process, before main: the
/// processes that install the filter may not allocate or lock.
struct SpawnerKey {
    std::uint64_t value = 0;
    bool drawn = false;
};

SpawnerKey draw_spawner_key() {
    SpawnerKey key;
    key.drawn =
        ::getrandom(&key.value, sizeof key.value, 0) == static_cast<ssize_t>(sizeof key.value);
    return key;
}

const SpawnerKey kSpawnerKey = draw_spawner_key();

/// The filter with the spawner's key in it; without a key, every CLONE_PARENT is refused (and
/// no spawner is started: spawner_clone_key).
Filter keyed_filter() {
    Filter filter = kUnkeyedFilter;
    if (kSpawnerKey.drawn) {
        filter.code[filter.key_at + 1].k = static_cast<std::uint32_t>(kSpawnerKey.value);
        filter.code[filter.key_at + 3].k = static_cast<std::uint32_t>(kSpawnerKey.value >> 32);
    } else {
        filter.code[filter.key_at] = sock_filter{BPF_RET | BPF_K, 0, 0, kErrnoEperm};
    }
    return filter;
}

const Filter kFilter = keyed_filter();
#endif

}  // namespace

int drop_to_box_ids(const BoxPlan& plan, const char** what) {
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
    return 0;
}

int confine_syscalls(const char** what) {
    JUDGE_BOX_STEP(::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs");
#if defined(__x86_64__)
    sock_fprog program{static_cast<unsigned short>(kFilter.length),
                       const_cast<sock_filter*>(kFilter.code)};
    JUDGE_BOX_STEP(::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0),
                   "installing the syscall filter");
#endif
    return 0;
}

namespace {

/// In a resident box, before the program drops its ids: the times of /box, /tmp and /dev/shm
/// (atime, mtime, and with them ctime) become now. A scratch that a run left empty is kept for
/// the next run, and its times would tell when an earlier run last touched it (a file made and
/// removed, a listing, a touch); now they tell when this run started. (A scratch's birth time
/// is when the box was made or the scratch renewed: at the start of a run of the same program,
/// as every program has a box of its own: ResidentBox.)
int reset_scratch_times(const BoxPlan& plan, const char** what) {
    if (plan.resident_pidfd < 0) return 0;
    for (const ScratchMount& scratch : kScratch) {
        char path[16] = "/";
        std::strncpy(path + 1, scratch.target, sizeof path - 2);
        JUDGE_BOX_STEP(::utimensat(AT_FDCWD, path, nullptr, 0),
                       "resetting the times of a scratch folder");
    }
    return 0;
}

}  // namespace

int shut_in_program(const BoxPlan& plan, const char** what) {
    if (int error = reset_scratch_times(plan, what); error != 0) return error;
    if (int error = drop_to_box_ids(plan, what); error != 0) return error;
    return confine_syscalls(what);
}

int shut_in_spawned_program(const BoxPlan& plan, const char** what) {
#if defined(__x86_64__)
    // The spawner installed the filter and no_new_privs; both are inherited at clone. Checked
    // (two cheap calls), so that a program never runs unfiltered whatever went wrong before.
    if (::prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != 2 || ::prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1) {
        *what = "the spawner's syscall filter is missing";
        return EPERM;
    }
#endif
    if (int error = reset_scratch_times(plan, what); error != 0) return error;
    return drop_to_box_ids(plan, what);
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

bool spawner_clone_key(std::uint64_t* key) {
#if defined(__x86_64__)
    *key = kSpawnerKey.value;
    return kSpawnerKey.drawn;
#else
    *key = 0;
    return true;  // no filter: nothing to open
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

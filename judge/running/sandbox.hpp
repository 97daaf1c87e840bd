// The box a sandboxed run lives in: what it is made of, and the async-signal-safe steps that
// build it inside the run's keeper and shut the program in before its execve.
// Why namespaces of our own runner and not bubblewrap or isolate: see the theory of operation
// at the top of process_runner.cpp.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "running/process_runner.hpp"

struct sock_filter;  // <linux/filter.h>

namespace judge::detail {

/// The uid and gid a sandboxed program sees itself as inside a user namespace (judge not
/// root): the judge's own ids are mapped there, and nothing else is.
constexpr uid_t kSandboxInnerId = 1000;

/// One read-only (or, for the working folder, read-write) view of a host path in the box.
struct BoxBind {
    const char* source;  ///< host path
    const char* target;  ///< path in the box, relative to its root ("usr", "etc/ld.so.cache")
    bool is_dir;
    bool writable;
};

/// A symbolic link made in the box ("bin" -> "usr/bin", as on the host).
struct BoxLink {
    const char* target;
    const char* link;
};

/// Everything the keeper needs to build a box: plain data, prepared before the clone. The
/// strings live in the BoxPlanStorage that made the plan.
struct BoxPlan {
    bool as_root;         ///< the judge is root: no user namespace, the program drops to 65534
    const char* uid_map;  ///< user namespace maps written by the keeper (not as_root)
    const char* gid_map;
    const char* staging;  ///< an existing folder the box's root tmpfs is mounted on
    const BoxBind* binds;
    int bind_count;
    const BoxLink* links;
    int link_count;
    /// Links made in the run's fresh /box (SandboxOptions::working_folder), "box/<name>".
    const BoxLink* box_links = nullptr;
    int box_link_count = 0;
    const char* const* dirs;  ///< folders to make before the binds (parents first)
    int dir_count;
    const char* scratch_options;  ///< tmpfs options of /box, /tmp and /dev/shm
    bool box_is_host_dir;         ///< /box is a bind of SandboxOptions::work_dir
    bool skeleton_only;           ///< a template: no /box, /tmp, /dev/shm or /proc mounts
    /// Root only: a ready read-only skeleton (mount namespace) and an unused network namespace
    /// to enter instead of building anew (-1: build everything in fresh namespaces). A box
    /// with host paths of its own has no skeleton but may still take a pooled network.
    int template_mount_fd = -1;
    int template_network_fd = -1;
    /// Root only: a resident box (see ResidentBox in sandbox.cpp), the namespaces of a box
    /// kept from run to run by a holder process, the init of its pid namespace. The judge
    /// thread starts the keeper in that pid namespace (resident_pid_ns_fd), the keeper enters
    /// the others through the holder's pidfd and scrubs the box after the run (scrub_box).
    /// -1: the keeper gets namespaces of its own.
    int resident_pidfd = -1;
    int resident_pid_ns_fd = -1;
    /// Root only, with template_mount_fd or resident_pidfd: an O_PATH fd of the ready box's
    /// root folder. setns into a mount namespace puts the caller at the namespace's own root,
    /// which is the box only where the judge's root is the machine's: in a chroot (a container
    /// or a VM that chroots into its real root) it is the tree above the chroot. The keeper
    /// goes to this folder and makes it its root after the setns.
    int root_fd = -1;
    /// The resident box's scratch has another size, or a direct run left something in it:
    /// the run replaces it by fresh tmpfs mounts before anything else.
    bool remount_scratch = false;
    /// The box has host paths of its own and is kept from run to run
    /// (SandboxOptions::resident_folders): its holder built it from this plan's lists. A
    /// scratch a run used retires such a box instead of being replaced: a host path under /tmp
    /// is bound inside the scratch's tmpfs and would go with it.
    bool resident_with_host_paths = false;
    /// Such a box's /box, /tmp and /dev/shm as the fresh box had them (inodes, blocks used):
    /// the keeper's scrub compares them, as /tmp holds the folders of binds under it.
    unsigned long scratch_unused_inodes[3] = {};
    unsigned long scratch_unused_blocks[3] = {};
};

/// Owns the strings and arrays a BoxPlan points into.
class BoxPlanStorage {
 public:
    BoxPlanStorage() = default;
    BoxPlanStorage(const BoxPlanStorage&) = delete;
    BoxPlanStorage& operator=(const BoxPlanStorage&) = delete;
    ~BoxPlanStorage();  ///< hands the network namespace back to the pool

    /// The plan for `options` under `limits`; throws RunnerError on a bad read-only path.
    /// `program`: the path of what is run (argv[0]; see ResidentBox in sandbox.cpp): a
    /// resident box serves one program, and another program's run gets a box of its own.
    /// `use_templates`: enter the shared skeleton when the box needs nothing of its own. Once
    /// per storage.
    const BoxPlan& make(const SandboxOptions& options,
                        const Limits& limits,
                        bool as_root,
                        const std::string& program,
                        bool use_templates = true);
    /// The plan of the shared skeleton itself (root's): every bind and link, no scratch.
    const BoxPlan& make_skeleton();

 private:
    std::vector<std::unique_ptr<std::string>> strings_;
    std::vector<BoxBind> binds_;
    std::vector<BoxLink> links_;
    std::vector<BoxLink> box_links_;
    std::vector<const char*> dirs_;
    BoxPlan plan_{};
    const char* keep(std::string text);
};

/// Whether boxes are made "as root": we are uid 0 and may become kSandboxUid/kSandboxGid (they
/// are mapped in our user namespace: not so for root of a user namespace that maps only 0).
/// Otherwise every box gets a user namespace of its own.
bool box_as_root();

/// Namespaces the keeper is cloned into for a sandboxed run.
int box_clone_flags(const BoxPlan& plan);

/// Judge side: the processes this thread starts from now on are born in the pid namespace
/// `pid_ns_fd` (a resident one), until leave_pid_namespace. Throws RunnerError.
void enter_pid_namespace(int pid_ns_fd);
/// Undoes enter_pid_namespace: the thread's children are born in its own pid namespace again.
/// Raw system calls only (a clone sharing our errno may run): aborts if it fails, as this
/// thread's later runs would otherwise start inside the namespace.
void leave_pid_namespace();
/// Judge side, before starting a keeper (or a direct run's program) for `plan`: its children go
/// into the resident box's pid namespace (a no-op for other plans). Throws RunnerError.
void enter_box_pid_namespace(const BoxPlan& plan);
/// Undoes enter_box_pid_namespace (as leave_pid_namespace).
void leave_box_pid_namespace(const BoxPlan& plan);
/// Judge side, after a run with a keeper in a resident box: `clean` is the keeper's scrub
/// result. A box that is not clean, or whose run did not end normally, is never used again:
/// its holder is killed and with it (the init of its pid namespace) whatever the run left.
void release_resident_box(const BoxPlan& plan, bool clean);
/// Judge side, after a direct run (no keeper: process_runner.cpp) in a resident box. `ended`:
/// every process of the run is gone; otherwise the box is retired as above. The judge checks
/// the box's scratch itself (fstatfs of each tmpfs): one a run left anything in is replaced by
/// the next run's program before its execve (BoxPlan::remount_scratch).
void release_resident_box_after_direct_run(const BoxPlan& plan, bool ended);

/// Judge side, root only: the calling thread's resident pid namespace for direct runs without
/// a box (the jury's programs). Its holder, the namespace's init, reaps what such a run leaves
/// behind, and killing it kills everything in the namespace. Its fd, or -1 when none can be
/// made (the run then has a keeper).
int lend_plain_pid_namespace();
/// Kills that holder, and with it whatever is in the namespace (a run that did not end
/// normally).
void retire_plain_pid_namespace();
/// Judge side: the pid of the holder (the init) of this thread's resident pid namespace
/// `pid_ns_fd` (a box's or the plain one), -1 when it is neither.
pid_t resident_namespace_init(int pid_ns_fd);

/// Keeper side, async-signal-safe, after a run in a resident box with every process of the
/// run reaped: empties the scratch (a tmpfs holding anything is replaced by a fresh one) and
/// checks that no SysV IPC object survived. Returns 0 when the box may serve the next run.
int scrub_box(const BoxPlan& plan, const char** what);

/// Keeper side, async-signal-safe: user namespace maps, then the box's mounts, then
/// pivot_root into it; the keeper's cwd is /box afterwards. Returns 0, or an errno with `what`
/// naming the failed step.
int build_box(const BoxPlan& plan, const char** what);

/// Program side, async-signal-safe, after the box is built and just before execve: drop to
/// the unprivileged ids, no_new_privs, the syscall filter. Returns 0 or an errno with `what`.
int shut_in_program(const BoxPlan& plan, const char** what);

/// The two halves of shut_in_program: the unprivileged ids (as root: setgroups, setresgid,
/// setresuid to 65534), and no_new_privs with the syscall filter. A box's spawner (spawner.hpp)
/// confines itself once and its programs inherit that; each program drops its ids itself.
int drop_to_box_ids(const BoxPlan& plan, const char** what);
int confine_syscalls(const char** what);

/// shut_in_program for a program a spawner started: checks that the filter and no_new_privs
/// it inherited are there, then drops to the box's ids.
int shut_in_spawned_program(const BoxPlan& plan, const char** what);

/// The program's syscall filter (classic BPF), for its tests: the instructions and their
/// count, and the syscall numbers it refuses with EPERM. Empty (nullptr, 0) where there is no
/// filter (not x86-64).
const ::sock_filter* syscall_filter(std::size_t* length);
const unsigned* syscall_filter_denied(std::size_t* count);

/// The key a box's spawner passes as clone's tls argument (unused without CLONE_SETTLS), the
/// only way through the filter for clone with CLONE_PARENT (see above the filter in
/// sandbox.cpp). Drawn at random once per process; false when it could not be drawn (then the
/// filter refuses every CLONE_PARENT and no spawner may be started).
bool spawner_clone_key(std::uint64_t* key);

/// The isolation string of RunResult for a run in such a box.
std::string box_description(bool as_root);

}  // namespace judge::detail

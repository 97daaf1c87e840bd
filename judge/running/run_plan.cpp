// The shared parts of a run (run_plan.hpp): judge-side helpers, the async-signal-safe helpers
// and the program's setup between clone and execve.
#include "running/run_plan.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstring>
#include <utility>
#include <vector>

namespace judge::detail {

[[noreturn]] void fail(const std::string& what, int error) {
    throw RunnerError("runner: " + what + ": " + std::strerror(error));
}

Pipe make_pipe(const char* role) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fail(std::string("pipe for ") + role);
    return {ScopedFd(fds[0]), ScopedFd(fds[1])};
}

bool running_as_root() {
    static const bool root = ::geteuid() == 0;
    return root;
}

CloneStack& run_stack() {
    thread_local CloneStack stack(1 << 20);
    return stack;
}

namespace {
thread_local std::vector<pid_t> abandoned_children;
}  // namespace

void abandon_child(pid_t pid) { abandoned_children.push_back(pid); }

void reap_abandoned_children() {
    std::erase_if(abandoned_children, [](pid_t pid) {
        int status = 0;
        long reaped = raw_syscall(SYS_wait4, pid, reinterpret_cast<long>(&status), WNOHANG, 0);
        return reaped == pid || reaped == -ECHILD;
    });
}

const char* stage_name(Stage stage) {
    switch (stage) {
        case Stage::Setpgid: return "setpgid";
        case Stage::Cgroup: return "joining the run's cgroup";
        case Stage::Dup: return "redirecting stdin/stdout/stderr";
        case Stage::Rlimit: return "setrlimit";
        case Stage::Chdir: return "chdir to the working directory";
        case Stage::Sched: return "returning to the default time slice";
        case Stage::Sandbox: return "shutting the program in";
        case Stage::Exec: return "execve";
    }
    return "?";
}

std::int64_t now_ns() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

std::int64_t timeval_ns(const timeval& tv) {
    return std::int64_t{tv.tv_sec} * 1'000'000'000 + std::int64_t{tv.tv_usec} * 1000;
}

void write_all(int fd, const void* data, std::size_t size) {
    const char* bytes = static_cast<const char*>(data);
    while (size > 0) {
        ssize_t written = ::write(fd, bytes, size);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        bytes += written;
        size -= static_cast<std::size_t>(written);
    }
}

/// Decimal digits of `value` into `out` (no terminator); returns the length.
int format_decimal(long value, char* out) {
    char digits[24];
    int count = 0;
    do {
        digits[count++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value > 0);
    for (int i = 0; i < count; ++i) out[i] = digits[count - 1 - i];
    return count;
}

/// "/proc/<pid>/<suffix>" into `out`.
void proc_path(pid_t pid, const char* suffix, char* out) {
    std::memcpy(out, "/proc/", 6);
    int length = 6 + format_decimal(pid, out + 6);
    out[length++] = '/';
    std::size_t suffix_length = std::strlen(suffix);
    std::memcpy(out + length, suffix, suffix_length + 1);
}

/// Reads a small /proc or cgroup file into `buffer` (terminated); returns the length or -1.
ssize_t read_file_at(int dirfd_or_fd, const char* path, char* buffer, std::size_t size) {
    int fd = path ? ::open(path, O_RDONLY | O_CLOEXEC) : dirfd_or_fd;
    if (fd < 0) return -1;
    ssize_t length = path ? ::read(fd, buffer, size - 1) : ::pread(fd, buffer, size - 1, 0);
    if (path) ::close(fd);
    if (length < 0) return -1;
    buffer[length] = '\0';
    return length;
}

bool wait_readable(int fd, std::int64_t deadline_ns) {
    for (;;) {
        std::int64_t left_ns = deadline_ns - now_ns();
        if (left_ns <= 0) return false;
        pollfd watched{fd, POLLIN, 0};
        timespec timeout{left_ns / 1'000'000'000, left_ns % 1'000'000'000};
        long ready = raw_syscall(SYS_ppoll, reinterpret_cast<long>(&watched), 1,
                                 reinterpret_cast<long>(&timeout), 0);
        if (ready > 0) return true;
        if (ready < 0 && ready != -EINTR) return false;
    }
}

std::atomic<bool> short_slice_in_use{false};

/// Sets the calling thread's slice (0: the kernel's default) at the nice value it has:
/// sched_setattr sets both, and the nice value must stay as it was.
bool set_time_slice(std::uint64_t runtime_ns) {
    SchedAttributes attributes;
    attributes.nice = static_cast<std::int32_t>(20 - ::syscall(SYS_getpriority, PRIO_PROCESS, 0));
    attributes.runtime_ns = runtime_ns;
    return ::syscall(SYS_sched_setattr, 0, &attributes, 0) == 0;
}

[[noreturn]] void fail_setup(SetupFailure& failure, Stage stage) {
    failure.error = errno;
    failure.stage = static_cast<int>(stage);
    ::_exit(127);
}

/// The program's process between clone and execve (shares the keeper's memory: it only makes
/// system calls and writes to `start->failure`).
int exec_program(void* argument) {
    auto* start = static_cast<ProgramStart*>(argument);
    const KeeperPlan& plan = *start->plan;
    SetupFailure& failure = start->failure;
    if (::setpgid(0, 0) != 0) fail_setup(failure, Stage::Setpgid);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the keeper dies -> so do we
    if (plan.cgroups) {
        // v1: "0" (ourselves) into each cgroup's `tasks`, not our pid into cgroup.procs: moving
        // the calling thread alone skips the machine-wide cgroup_threadgroup_rwsem, whose
        // writer waits for an RCU grace period (~80 us of every run's wall time here; a single-
        // threaded process is its one thread, and its children inherit the cgroups at fork).
        // v2 has only cgroup.procs for a domain cgroup: "0" there moves this process.
        for (int fd : plan.cgroup_tasks_fds)
            if (fd >= 0 && ::write(fd, "0", 1) != 1) fail_setup(failure, Stage::Cgroup);
    }
    if (::dup2(plan.stdin_fd, 0) < 0 || ::dup2(plan.stdout_pipe_write, 1) < 0 ||
        ::dup2(plan.stderr_pipe_write, 2) < 0)
        fail_setup(failure, Stage::Dup);
    const std::pair<int, rlim_t> limits[] = {
        {RLIMIT_CORE, 0},
        {RLIMIT_CPU, plan.rlimit_cpu_seconds},
        {RLIMIT_FSIZE, plan.rlimit_fsize_bytes},
        {RLIMIT_STACK, plan.rlimit_stack_bytes},
    };
    for (const auto& [resource, soft] : limits) {
        // The hard CPU limit one second above the soft one: SIGXCPU first, then SIGKILL.
        rlimit value{soft, resource == RLIMIT_CPU ? soft + 1 : soft};
        if (::setrlimit(resource, &value) != 0) fail_setup(failure, Stage::Rlimit);
    }
    // In a box the cwd is /box already (inherited from the keeper at the clone).
    if (!plan.box && plan.working_dir && ::chdir(plan.working_dir) != 0)
        fail_setup(failure, Stage::Chdir);
    // Default dispositions and an empty mask: execve keeps ignored signals ignored and the
    // mask as it is (the keeper blocks SIGCHLD); it resets caught ones itself. Without
    // CLONE_SIGHAND this changes our copy of the handler table, not the keeper's.
    if (!start->spawned) {
        struct sigaction default_action {};
        default_action.sa_handler = SIG_DFL;
        for (int i = 0; i < plan.reset_signals->count; ++i)
            ::sigaction(plan.reset_signals->numbers[i], &default_action, nullptr);
    }
    sigset_t empty;
    sigemptyset(&empty);
    ::sigprocmask(SIG_SETMASK, &empty, nullptr);
    if (plan.default_slice && !set_time_slice(0)) fail_setup(failure, Stage::Sched);
    if (plan.box) {
        // The program's file is not in the box: it is exec'ed through fd 3. Only a script keeps
        // fd 3 open past the execve (its interpreter reads it as /dev/fd/3).
        if (::dup2(plan.exe_fd, 3) < 0) fail_setup(failure, Stage::Dup);
        ::close_range(4, ~0U, 0);
        // Set either way: dup2 onto itself (the fd was 3 already) keeps its O_CLOEXEC.
        ::fcntl(3, F_SETFD, plan.exe_is_script ? 0 : FD_CLOEXEC);
        if (int error = start->spawned ? shut_in_spawned_program(*plan.box, &failure.what)
                                       : shut_in_program(*plan.box, &failure.what);
            error != 0) {
            errno = error;
            fail_setup(failure, Stage::Sandbox);
        }
        start->exec_ns = now_ns();
        ::syscall(SYS_execveat, 3, "", plan.argv, plan.envp, AT_EMPTY_PATH);
        fail_setup(failure, Stage::Exec);
    }
    ::close_range(3, ~0U, 0);  // only 0, 1 and 2 go into the program
    start->exec_ns = now_ns();
    ::execve(plan.argv[0], plan.argv, plan.envp);
    fail_setup(failure, Stage::Exec);
}

}  // namespace judge::detail

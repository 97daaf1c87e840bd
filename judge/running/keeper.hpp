// A run with a keeper (see the theory of operation in process_runner.cpp): the keeper process
// between the judge thread and the program, its supervision of the run, and, used by a direct
// run too, its output relays and limit checks. Internal to judge/running.
#pragma once

#include <fcntl.h>  // splice
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <functional>

#include "running/run_plan.hpp"

namespace judge::detail {

/// The keeper's direct children: the main process and the orphans reparented to it.
int keeper_children(pid_t* pids, int capacity);
/// Every live process of the run, breadth first from the keeper's children (children started
/// by a non-main thread are missed); returns the count, at most `capacity`.
int run_processes(pid_t* pids, int capacity);

/// The keeper's state. Its relays (drain_stdout, drain_stderr) and limit checks (check_limits)
/// serve a direct run too, on the judge thread. Async-signal-safe code only.
struct Keeper {
    const KeeperPlan& plan;
    KeeperReport report{};
    pid_t main_pid = -1;
    bool main_exited = false;  // noticed with WNOWAIT, not reaped yet
    bool main_reaped = false;
    std::int64_t start_ns = 0;
    std::int64_t reaped_cpu_ns = 0;  // rusage of every reaped process
    std::int64_t stderr_bytes = 0;
    bool stdout_open = plan.stdout_pipe_read >= 0, stderr_open = true;

    static void copy_text(char* out, std::size_t size, const char* text) {
        std::size_t length = text ? std::strlen(text) : 0;
        if (length >= size) length = size - 1;
        if (length > 0) std::memcpy(out, text, length);
        out[length] = '\0';
    }

    [[noreturn]] void die(const char* what, int error) {
        // Kill what we started before reporting (runguard's rule), then report.
        if (main_pid > 0) kill_and_reap_all();
        report.error_errno = error != 0 ? error : EIO;
        report.error_stage = -1;
        copy_text(report.error_what, sizeof report.error_what, what);
        write_all(plan.report_pipe_write, &report, sizeof report);
        ::_exit(1);
    }

    /// Reaps `pid` (or any child for -1), blocking or not; adds its rusage. Returns the pid.
    pid_t reap(pid_t pid, int options) {
        int status = 0;
        rusage usage{};
        pid_t reaped;
        do reaped = ::wait4(pid, &status, options, &usage);
        while (reaped < 0 && errno == EINTR);
        if (reaped <= 0) return reaped;
        reaped_cpu_ns += timeval_ns(usage.ru_utime) + timeval_ns(usage.ru_stime);
        if (usage.ru_maxrss > report.peak_rss_kib) report.peak_rss_kib = usage.ru_maxrss;
        if (reaped == main_pid) {
            main_reaped = true;
            report.main_status = status;
            if (!main_exited) report.wall_ns = now_ns() - start_ns;
            main_exited = true;
        } else if (main_exited || report.limit_hit != 0) {
            ++report.leftover_processes_killed;
        }
        return reaped;
    }

    /// Reaps orphans that exited on their own and notices (without reaping) the main's exit.
    void collect_exits() {
        while (!main_exited) {
            siginfo_t info{};
            if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return;
            if (info.si_pid == 0) return;
            if (info.si_pid == main_pid) {
                main_exited = true;
                report.wall_ns = now_ns() - start_ns;
                return;
            }
            reap(info.si_pid, 0);
        }
    }

    /// The kill sequence (see the top of the file): nothing of the run is left afterwards.
    void kill_and_reap_all() {
        if (!main_reaped) {
            // The main process is alive or a zombie, so its pid (the group id) is still ours;
            // once reaped, the group id could be recycled and is not used again.
            ::kill(-main_pid, SIGKILL);
            reap(main_pid, 0);
        }
        pid_t children[1024];
        for (;;) {
            // Usually nothing is left: ECHILD without reading /proc.
            siginfo_t info{};
            if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) break;
            int count = keeper_children(children, 1024);
            for (int i = 0; i < count; ++i) ::kill(children[i], SIGKILL);
            if (reap(-1, 0) < 0) break;  // ECHILD: nothing left
        }
    }

    /// Moves what is in the stdout pipe into the output file and counts it; stops one byte
    /// past the output limit (the run ends there, and the file need not grow any further).
    void drain_stdout() {
        while (stdout_open) {
            std::int64_t chunk = kStdoutPipeBytes;
            if (plan.output_limit_bytes > 0) {
                std::int64_t room = plan.output_limit_bytes + 1 - report.stdout_bytes;
                if (room <= 0) return;
                if (room < chunk) chunk = room;
            }
            ssize_t moved =
                ::splice(plan.stdout_pipe_read, nullptr, plan.stdout_file_fd, nullptr,
                         static_cast<std::size_t>(chunk), SPLICE_F_NONBLOCK | SPLICE_F_MOVE);
            if (moved < 0 && errno == EINVAL) {  // the output file does not take splice
                char buffer[16384];
                moved = ::read(plan.stdout_pipe_read, buffer,
                               chunk < 16384 ? static_cast<std::size_t>(chunk) : sizeof buffer);
                if (moved > 0) write_all(plan.stdout_file_fd, buffer, moved);
            }
            if (moved > 0) {
                report.stdout_bytes += moved;
                continue;
            }
            if (moved == 0)
                stdout_open = false;
            else if (errno == EINTR)
                continue;
            else if (errno != EAGAIN)
                stdout_open = false;
            return;
        }
    }

    /// Keeps the first kStderrCapBytes of stderr in the stderr file, drops the rest.
    void drain_stderr() {
        char buffer[16384];
        while (stderr_open) {
            ssize_t got = ::read(plan.stderr_pipe_read, buffer, sizeof buffer);
            if (got > 0) {
                std::int64_t room = kStderrCapBytes - stderr_bytes;
                if (room > 0) write_all(plan.stderr_file_fd, buffer, got < room ? got : room);
                stderr_bytes += got;
                continue;
            }
            if (got == 0)
                stderr_open = false;
            else if (errno == EINTR)
                continue;
            else if (errno != EAGAIN)
                stderr_open = false;
            return;
        }
    }

    /// CPU time of the whole run so far.
    std::int64_t run_cpu_ns() {
        char text[64];
        if (plan.cgroups) {
            // v2's cpu.stat starts "usage_usec N\n"; its counter runs on from earlier runs.
            constexpr std::size_t kKeyLength = sizeof "usage_usec " - 1;
            if (read_file_at(plan.cpu_usage_fd, nullptr, text, sizeof text) > 0) {
                if (!plan.cpu_usage_in_stat) return std::strtoll(text, nullptr, 10);
                if (std::strncmp(text, "usage_usec ", kKeyLength) == 0)
                    return std::strtoll(text + kKeyLength, nullptr, 10) * 1000 -
                           plan.cpu_usage_start_ns;
            }
        }
        // Without the cgroup: for each live process of the run, its CPU clock (all its
        // threads) and the CPU of the children it reaped (cutime + cstime, in clock ticks);
        // plus the rusage of the processes the keeper reaped.
        std::int64_t total = reaped_cpu_ns;
        pid_t processes[kMaxWatched];
        int count = run_processes(processes, kMaxWatched);
        for (int i = 0; i < count; ++i) {
            clockid_t clock;
            timespec ts{};
            if (::clock_getcpuclockid(processes[i], &clock) == 0 &&
                ::clock_gettime(clock, &ts) == 0)
                total += std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
            total += reaped_children_cpu_ns(processes[i]);
        }
        return total;
    }

    /// cutime + cstime of /proc/<pid>/stat (fields 16 and 17), in ns.
    std::int64_t reaped_children_cpu_ns(pid_t pid) {
        char path[64], text[1024];
        proc_path(pid, "stat", path);
        if (read_file_at(-1, path, text, sizeof text) <= 0) return 0;
        const char* field = std::strrchr(text, ')');  // the command name may hold anything
        if (!field) return 0;
        std::int64_t ticks = 0;
        for (int index = 2; index <= 17 && field; ++index) {  // field 2 ends at ')'
            field = std::strchr(field + 1, ' ');
            if (field && index + 1 >= 16 && index + 1 <= 17)
                ticks += std::strtoll(field + 1, nullptr, 10);
        }
        return ticks * (1'000'000'000 / plan.clock_ticks_per_second);
    }

    /// Private resident memory of the run's live processes (fallback only), in bytes: statm's
    /// resident minus shared (file-backed and shm pages), so the libraries every process maps
    /// are not counted once per process. Like the memory cgroup, which charges a page cache
    /// page only to the cgroup that read it first.
    std::int64_t children_rss_bytes() {
        std::int64_t total = 0;
        pid_t processes[kMaxWatched];
        int count = run_processes(processes, kMaxWatched);
        for (int i = 0; i < count; ++i) {
            char path[64], text[256];
            proc_path(processes[i], "statm", path);
            if (read_file_at(-1, path, text, sizeof text) <= 0) continue;
            char* field = nullptr;
            std::strtoll(text, &field, 10);  // size
            std::int64_t resident = std::strtoll(field, &field, 10);
            std::int64_t shared = std::strtoll(field, &field, 10);
            if (resident > shared) total += (resident - shared) * plan.page_size;
        }
        return total;
    }

    /// Checks the limits; returns the one hit (0 = none) and the time to the next check.
    int check_limits(std::int64_t& tick_ns) {
        std::int64_t cpu_ns = run_cpu_ns();
        std::int64_t wall_ns = now_ns() - start_ns;
        if (cpu_ns >= plan.cpu_limit_ns) return static_cast<int>(LimitHit::CpuTime);
        if (!plan.cgroups) {
            std::int64_t rss = children_rss_bytes();
            if (rss / 1024 > report.peak_rss_kib) report.peak_rss_kib = rss / 1024;
            if (rss > plan.memory_limit_bytes) return static_cast<int>(LimitHit::Memory);
        }
        if (wall_ns >= plan.wall_limit_ns) return static_cast<int>(LimitHit::WallTime);
        // CPU can grow at most cpu_count times faster than the wall clock.
        std::int64_t until_cpu = (plan.cpu_limit_ns - cpu_ns) / plan.cpu_count;
        std::int64_t until_wall = plan.wall_limit_ns - wall_ns;
        tick_ns = until_cpu < until_wall ? until_cpu : until_wall;
        if (tick_ns > kMaxTickNs) tick_ns = kMaxTickNs;
        if (tick_ns < kMinTickNs) tick_ns = kMinTickNs;
        return 0;
    }

    [[noreturn]] void run();

    /// The report of a program that failed before its execve.
    void note_setup_failure(const SetupFailure& failure) {
        report.error_stage = failure.stage;
        copy_text(report.error_what, sizeof report.error_what, failure.what);
        report.error_errno = failure.error != 0 ? failure.error : EIO;
    }

    /// The watch of a run, a keeper's and a direct run's alike, from the program's start until
    /// its main process has exited (main_exited) or a limit is hit (report.limit_hit): relays
    /// the output, checks the limits on a clock of its own, and sleeps on `wake_fd` (the
    /// keeper's SIGCHLD signalfd, or the program's pidfd), the judge's stop_fd and, from the
    /// first check on, the pipes. `on_wake(ready)` runs first and after every sleep (`ready`:
    /// wake_fd was readable) and sets main_exited when the main process has ended. False when
    /// ppoll failed (errno).
    template <typename OnWake>
    bool watch(int wake_fd, OnWake on_wake) {
        if (plan.stdout_pipe_read >= 0) ::fcntl(plan.stdout_pipe_read, F_SETFL, O_NONBLOCK);
        ::fcntl(plan.stderr_pipe_read, F_SETFL, O_NONBLOCK);
        // The first check after one tick, not at once: most programs of a judge run exit
        // sooner.
        std::int64_t tick_ns = plan.cpu_limit_ns / plan.cpu_count;
        if (plan.wall_limit_ns < tick_ns) tick_ns = plan.wall_limit_ns;
        tick_ns = tick_ns > kMaxTickNs ? kMaxTickNs : tick_ns < kMinTickNs ? kMinTickNs : tick_ns;
        std::int64_t next_check_ns = start_ns + tick_ns;
        // Until that first check only the program's exit wakes us, not its output: a pipe holds
        // 1 MiB (a program that writes more waits for the first check, at most one tick), and a
        // typical run then costs one wake-up instead of four (its output, the EOF of each pipe,
        // its exit).
        bool pipes_watched = false, woken = false;
        for (;;) {
            on_wake(woken);
            if (pipes_watched) {
                drain_stdout();
                drain_stderr();
            }
            if (main_exited) return true;
            if (plan.output_limit_bytes > 0 && report.stdout_bytes > plan.output_limit_bytes) {
                report.limit_hit = static_cast<int>(LimitHit::Output);
                return true;
            }
            std::int64_t now = now_ns();
            woken = false;
            if (now >= next_check_ns) {
                // Checks are timed by the clock, not by wake-ups: a chatty program wakes us often.
                int hit = check_limits(tick_ns);
                if (hit != 0) {
                    report.limit_hit = hit;
                    return true;
                }
                now = now_ns();
                next_check_ns = now + tick_ns;
                if (!pipes_watched) {
                    pipes_watched = true;
                    continue;  // drain what came before the check
                }
            }
            std::int64_t wait_ns = next_check_ns - now;
            pollfd watched[4] = {
                {wake_fd, POLLIN, 0},
                {pipes_watched && stdout_open ? plan.stdout_pipe_read : -1, POLLIN, 0},
                {pipes_watched && stderr_open ? plan.stderr_pipe_read : -1, POLLIN, 0},
                {plan.stop_fd, POLLIN, 0}};
            timespec timeout{wait_ns / 1'000'000'000, wait_ns % 1'000'000'000};
            if (::ppoll(watched, 4, &timeout, nullptr) < 0 && errno != EINTR) return false;
            woken = (watched[0].revents & POLLIN) != 0;
            // Stopped by the judge (RunRequest::stop_fd): ended as at a limit, none named.
            if (watched[3].revents != 0 && !woken) return true;
        }
    }
};

/// A run with a keeper: starts it, waits for it (at most the wall limit + kKeeperGraceMs) and
/// returns its report. A resident box is kept only when the keeper reports it scrubbed. Throws
/// RunnerError when the keeper did not come back or gave no report.
KeeperReport run_with_keeper(KeeperPlan& plan,
                             std::int64_t wall_ms,
                             const std::function<void()>& close_copies);

}  // namespace judge::detail

// Runner tests with real misbehaving programs (judge/fixtures/<outcome>/<name>.cpp): each must
// get its outcome, both with the cgroup controllers and with the rlimit + /proc fallback.
// Timing assertions have wide margins: the machine may be busy.
#include "running/process_runner.hpp"

#include "running/cgroup_pool.hpp"
#include "running/cpu_binding.hpp"
#include "running/scoped_fd.hpp"
#include "util/files.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/fixture_path.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

using test::fixture;

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// True when `pid` no longer exists, or the pid now belongs to another program. An unreaped
/// zombie is not gone: it would be a process the runner left behind.
bool process_gone(pid_t pid, const std::string& program) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    std::string stat = read_text("/proc/" + std::to_string(pid) + "/stat");
    std::size_t name_end = stat.rfind(')');
    if (name_end != std::string::npos && name_end + 2 < stat.size() && stat[name_end + 2] == 'Z')
        return false;
    std::error_code error;
    fs::path exe = fs::read_symlink("/proc/" + std::to_string(pid) + "/exe", error);
    return error || exe != fs::path(program);
}

/// Every process whose environment holds `marker` ("NAME=value"): what is left of a run.
std::vector<pid_t> processes_with(const std::string& marker) {
    std::vector<pid_t> found;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string environment = read_text(entry.path() / "environ");
        std::string stat = read_text(entry.path() / "stat");
        std::size_t name_end = stat.rfind(')');
        bool zombie = name_end != std::string::npos && name_end + 2 < stat.size() &&
                      stat[name_end + 2] == 'Z';
        if (!zombie && environment.find(marker + '\0') != std::string::npos)
            found.push_back(std::stoi(name));
    }
    return found;
}

/// Parameters: use cgroups (or force the fallback), run in the sandbox (or not), let the run go
/// without a keeper where it can (as root with cgroups and no box: a direct run) or force one.
struct RunnerMode {
    bool cgroups;
    bool sandbox;
    bool direct = true;
};

class ProcessRunner : public ::testing::TestWithParam<RunnerMode> {
 protected:
    void SetUp() override {
        if (GetParam().sandbox && !sandbox_support().available) {
            if (std::getenv("JUDGE_REQUIRE_SANDBOX"))
                FAIL() << "no sandbox here: " << sandbox_support().description;
            GTEST_SKIP() << "no sandbox here: " << sandbox_support().description;
        }
        // The box runs as another uid when we are root: let it write the pid file.
        ::chmod(dir_.path().c_str(), 0777);
    }
    RunRequest request_for(const std::string& name, Limits limits = {}) {
        RunRequest request;
        request.argv = {fixture(name), pid_file_for_program()};
        request.stdout_path = (dir_.path() / "out").string();
        request.stderr_path = (dir_.path() / "err").string();
        request.limits = limits;
        request.use_cgroups = GetParam().cgroups;
        request.sandbox.enabled = GetParam().sandbox;
        request.direct = GetParam().direct;
        // In a box the test's folder is the working folder /box (the pid file's way out).
        request.sandbox.work_dir = dir_.path().string();
        request.environment = {marker()};
        return request;
    }
    RunResult run(const RunRequest& request) {
        RunResult result = run_process(request);
        if (GetParam().cgroups && !result.memory_source.starts_with("cgroup")) {
            // The cgroup-v2 VM sets it: there every run must be measured by its cgroup.
            if (std::getenv("JUDGE_REQUIRE_CGROUPS"))
                ADD_FAILURE() << "cgroups are not in use: " << detail::cgroup_unavailable_reason();
            std::cerr << "note: cgroups are not available here; the fallback was used\n";
        }
        if (!GetParam().cgroups) {
            EXPECT_EQ(result.memory_source, "rusage");
        }
        EXPECT_EQ(result.isolation.rfind("sandbox", 0) == 0, request.sandbox.enabled)
            << result.isolation;
        EXPECT_NE(result.exited, result.signaled);
        return result;
    }
    /// The environment entry that marks this test's runs.
    std::string marker() const { return "JUDGE_RUNNER_TEST=" + dir_.path().string(); }
    std::string pid_file_for_program() const {
        return GetParam().sandbox ? "/box/pids" : pid_file().string();
    }
    fs::path pid_file() const { return dir_.path() / "pids"; }
    std::vector<pid_t> recorded_pids() const {
        std::vector<pid_t> pids;
        std::ifstream in(pid_file());
        for (pid_t pid; in >> pid;) pids.push_back(pid);
        return pids;
    }
    /// Every pid the fixture recorded is gone: nothing of the run was left behind. (In a box
    /// the recorded pids are the box's own: every process still marked with our environment
    /// entry is looked for instead.)
    void expect_all_gone(const std::string& name, std::size_t at_least) {
        std::vector<pid_t> pids = recorded_pids();
        EXPECT_GE(pids.size(), at_least) << "the fixture did not record its processes";
        if (!GetParam().sandbox) {
            for (pid_t pid : pids) EXPECT_TRUE(process_gone(pid, fixture(name))) << "pid " << pid;
        }
        EXPECT_EQ(processes_with(marker()).size(), 0u) << "a process of the run is left";
    }
    std::string out() const { return read_text(dir_.path() / "out"); }
    std::string err() const { return read_text(dir_.path() / "err"); }
    bool cgroups_in_use(const RunResult& result) const {
        return result.memory_source.starts_with("cgroup");
    }
    void expect_no_hang_on_a_stuck_program(bool own_folder);

    TempDir dir_{"runner-test"};
};

Limits limits_with(std::int64_t cpu_ms, std::int64_t wall_ms, std::int64_t memory_mib = 256) {
    Limits limits;
    limits.cpu_ms = cpu_ms;
    limits.wall_ms = wall_ms;
    limits.memory_kib = memory_mib * 1024;
    return limits;
}

TEST_P(ProcessRunner, EchoExitsZeroWithItsOutput) {
    RunRequest request = request_for("ac/echo");
    request.stdin_path = test::write_text(dir_.path() / "in", "hello\nworld 42\n").string();
    RunResult result = run(request);
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_EQ(out(), "hello\nworld 42\n");
    EXPECT_EQ(result.stdout_bytes, 15);
    EXPECT_EQ(err(), "echo: done\n");
    EXPECT_LT(result.cpu_ms, 500);
    EXPECT_LT(result.wall_ms, 2000);
    EXPECT_GT(result.peak_memory_kib, 0);
    EXPECT_LT(result.peak_memory_kib, 64 * 1024);
    EXPECT_EQ(result.leftover_processes_killed, 0);
}

TEST_P(ProcessRunner, PeakMemoryIsTheProgramsNotTheJudges) {
    // The keeper is a fork of the judge, and starts the program with clone(CLONE_VM |
    // CLONE_VFORK): at execve the kernel folds the old (shared) address space's high-water RSS
    // into the new process's ru_maxrss. Memory the judge holds must not show up as the tiny
    // program's peak.
    const std::size_t ballast_bytes = std::size_t{512} << 20;
    std::vector<char> ballast(ballast_bytes);
    for (std::size_t i = 0; i < ballast.size(); i += 4096) ballast[i] = static_cast<char>(i);
    RunRequest request = request_for("ac/echo", limits_with(2000, 5000, 1024));
    request.stdin_path = test::write_text(dir_.path() / "in", "tiny\n").string();
    RunResult result = run(request);
    EXPECT_EQ(out(), "tiny\n");
    EXPECT_GT(result.peak_memory_kib, 0);
    if (cgroups_in_use(result)) {
        // memory.peak of the run's own cgroup, joined before execve: the program's pages only.
        EXPECT_LT(result.peak_memory_kib, 10 * 1024)
            << "the judge held " << (ballast_bytes >> 20) << " MiB";
    } else {
        // KNOWN LIMIT of the rusage fallback: the keeper is a fork of the judge (its mm's
        // high-water RSS is set to the judge's RSS at fork), and execve folds that into the
        // program's ru_maxrss; munmap/MADV_DONTNEED in the keeper cannot lower it. Only a
        // keeper that is itself exec'd (or forked early from a small launcher) avoids it. So
        // here the peak is bounded by the judge's own high-water RSS, not the program's.
        struct rusage self {};
        ::getrusage(RUSAGE_SELF, &self);
        EXPECT_LE(result.peak_memory_kib, self.ru_maxrss + 10 * 1024);
        std::cerr << "note: rusage fallback reports " << result.peak_memory_kib / 1024
                  << " MiB for a tiny program while the judge holds " << (ballast_bytes >> 20)
                  << " MiB (known limit, see the comment)\n";
    }
    // Keep the ballast alive (and its pages touched) until after the run.
    __asm__ __volatile__("" : : "g"(ballast.data()) : "memory");
}

TEST_P(ProcessRunner, EmptyPathsMeanDevNull) {
    RunRequest request = request_for("ac/echo");
    request.stdout_path.clear();
    request.stderr_path.clear();
    RunResult result = run(request);
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.stdout_bytes, 0);
}

TEST_P(ProcessRunner, CapturesHoldOnlyThisRunsOutputWhereAnEarlierRunWroteMore) {
    // The captures are overwritten from their start and cut to what the run wrote (no
    // O_TRUNC first): a longer capture of an earlier run must not show behind this one's.
    test::write_text(dir_.path() / "out", std::string(10000, 'x'));
    test::write_text(dir_.path() / "err", std::string(10000, 'y'));
    RunRequest request = request_for("ac/echo");
    request.stdin_path = test::write_text(dir_.path() / "in", "short\n").string();
    RunResult result = run(request);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(out(), "short\n");
    EXPECT_EQ(err(), "echo: done\n");
}

TEST_P(ProcessRunner, StderrTextIsTheStartOfTheStderrFileWhenAskedFor) {
    RunRequest request = request_for("ac/echo");
    EXPECT_EQ(run(request).stderr_text, "");
    request.stderr_text_bytes = 4;
    EXPECT_EQ(run(request).stderr_text, "echo");
    request.stderr_text_bytes = 64 * 1024;
    EXPECT_EQ(run(request).stderr_text, "echo: done\n");
    EXPECT_EQ(err(), "echo: done\n");
}

TEST_P(ProcessRunner, CpuSpinIsCpuTime) {
    RunResult result = run(request_for("tle/spin", limits_with(500, 5000)));
    EXPECT_EQ(result.limit_hit, LimitHit::CpuTime);
    EXPECT_TRUE(result.signaled);
    EXPECT_EQ(result.term_signal, SIGKILL);
    EXPECT_GE(result.cpu_ms, 500);
    EXPECT_LT(result.cpu_ms, 800);  // killed by the keeper's check, not by RLIMIT_CPU (2 s)
    EXPECT_LT(result.wall_ms, 4000);
}

TEST_P(ProcessRunner, SleepIsWallTimeWithLittleCpu) {
    // A sleeping program is charged only its start: some milliseconds here, but 180 ms in the
    // emulated cgroup v2 VM (judge_vm_cgroup2.root), where starting a boxed program is ten
    // times slower. So the bound is a share of the wall time, far from either.
    RunResult result = run(request_for("tle/sleep", limits_with(5000, 1000)));
    EXPECT_EQ(result.limit_hit, LimitHit::WallTime);
    EXPECT_TRUE(result.signaled);
    EXPECT_LT(result.cpu_ms, result.wall_ms / 2);
    EXPECT_GE(result.wall_ms, 1000);
    EXPECT_LT(result.wall_ms, 5000);
}

// The memory tests' time limits are far from what they cost: they are about memory, and in the
// emulated cgroup v2 VM (judge_vm_cgroup2.*) page faults are slow and a vCPU's stolen time is
// charged to the program it ran (vector_growth took over 5 s of CPU there).
constexpr std::int64_t kRoomyCpuMs = 60'000, kRoomyWallMs = 120'000;

TEST_P(ProcessRunner, Touching1GiBUnder256MiBIsMemory) {
    RunResult result =
        run(request_for("mle/touch_1gib", limits_with(kRoomyCpuMs, kRoomyWallMs, 256)));
    EXPECT_EQ(result.limit_hit, LimitHit::Memory);
    EXPECT_EQ(out(), "");  // it never finished touching
    if (cgroups_in_use(result)) {
        EXPECT_LE(result.peak_memory_kib, 256 * 1024);
        EXPECT_GT(result.peak_memory_kib, 200 * 1024);
    } else {
        EXPECT_GT(result.peak_memory_kib, 256 * 1024);
    }
}

TEST_P(ProcessRunner, VectorGrowthPastTheLimitIsMemoryNotRuntimeError) {
    RunResult result =
        run(request_for("mle/vector_growth", limits_with(kRoomyCpuMs, kRoomyWallMs, 256)));
    EXPECT_EQ(result.limit_hit, LimitHit::Memory);
}

/// Whether this judge may give a program an unlimited stack (root, or no hard limit of its own).
bool may_unlimit_the_stack() {
    rlimit own{};
    return ::geteuid() == 0 ||
           (::getrlimit(RLIMIT_STACK, &own) == 0 && own.rlim_max == RLIM_INFINITY);
}

TEST_P(ProcessRunner, TheStackIsBoundOnlyByTheMemoryLimitAndThreadsGetTheDefaultStack) {
    // RLIMIT_STACK is unlimited, as DOMjudge's runguard sets it: recursion may use the whole
    // memory limit, and glibc gives a thread its default 2 MiB stack (sized from RLIMIT_STACK
    // otherwise: DOMjudge's test-multithread.c aborts on any other size).
    if (!may_unlimit_the_stack()) GTEST_SKIP() << "this judge's own stack has a hard limit";
    RunRequest request = request_for("ac/deep_stack", limits_with(kRoomyCpuMs, kRoomyWallMs, 128));
    request.argv.push_back("64");
    RunResult result = run(request);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_TRUE(result.exited && result.exit_code == 0) << err();
    EXPECT_EQ(out(),
              "stack rlimit unlimited\n"
              "thread stack 2048 KiB (default 2048 KiB)\n"
              "recursed 64 MiB\n");
    EXPECT_GT(result.peak_memory_kib, 64 * 1024);
}

TEST_P(ProcessRunner, RecursionPastTheMemoryLimitIsMemory) {
    RunRequest request = request_for("ac/deep_stack", limits_with(kRoomyCpuMs, kRoomyWallMs, 64));
    request.argv.push_back("256");
    RunResult result = run(request);
    EXPECT_EQ(result.limit_hit, LimitHit::Memory) << out();
    EXPECT_EQ(out().find("recursed"), std::string::npos);
}

TEST_P(ProcessRunner, AProgramUnderTheMemoryLimitIsNotMemory) {
    // 1 GiB touched under a 2 GiB limit: finishes normally. The time limits are far from what
    // the touching costs (0.5 s here) because a loaded CI machine took over 5 s of CPU for it
    // (page faults and reclaim are charged to the program); this test is about memory.
    RunResult result =
        run(request_for("mle/touch_1gib", limits_with(kRoomyCpuMs, kRoomyWallMs, 2048)));
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(out(), "touched 1 GiB\n");
    EXPECT_GT(result.peak_memory_kib, 1000 * 1024);
    EXPECT_LE(result.peak_memory_kib, 2048 * 1024);
}

TEST_P(ProcessRunner, MemoryARunLeavesChargedIsDroppedBeforeAnotherRunCountsIt) {
    // A run that reads a file leaves its page cache charged to the run's memory cgroup. The
    // next run on that set would count it in its peak: the pool's thread drops it first
    // (memory.force_empty), while the next run takes another set.
    const fs::path big = dir_.path() / "big";
    {
        std::string mebibyte(1 << 20, 'x');
        std::ofstream(big) << mebibyte << mebibyte << mebibyte << mebibyte << mebibyte << mebibyte
                           << mebibyte << mebibyte;
    }
    // Out of the page cache, so that the reader's run brings it in (and is charged for it).
    detail::ScopedFd file(::open(big.c_str(), O_RDONLY | O_CLOEXEC));
    ASSERT_GE(file.get(), 0);
    ASSERT_EQ(::fdatasync(file.get()), 0);
    ASSERT_EQ(::posix_fadvise(file.get(), 0, 0, POSIX_FADV_DONTNEED), 0);
    // A non-root judge's box runs as the judge's own uid, which could change the file: its
    // stdin is then a sealed copy the judge makes (and is charged for), so no run reads it.
    if (GetParam().sandbox && ::geteuid() != 0)
        GTEST_SKIP() << "a non-root box reads a copy of its input";
    const long dropped_before = detail::cgroup_sets_dropped_in_background();
    const Limits limits = limits_with(5000, 10000, 64);
    RunRequest reader = request_for("ac/echo", limits);
    reader.argv = {"/bin/cat"};
    reader.stdin_path = big.string();
    reader.stdout_path.clear();
    RunResult read = run(reader);
    ASSERT_EQ(read.exit_code, 0);
    if (!cgroups_in_use(read)) GTEST_SKIP() << "no cgroups: no pool";
    if (!detail::cgroup_sets_reused())
        GTEST_SKIP() << "each run gets a new cgroup here: nothing is left to a next run";
    EXPECT_GE(read.peak_memory_kib, 8 * 1024) << "the page cache was not charged to the run";
    for (int i = 0; i < 3; ++i) {  // whichever set they get, none counts the 8 MiB
        RunRequest tiny = request_for("ac/echo", limits);
        tiny.stdin_path = test::write_text(dir_.path() / "in", "tiny\n").string();
        RunResult result = run(tiny);
        EXPECT_EQ(out(), "tiny\n");
        EXPECT_LT(result.peak_memory_kib, 4 * 1024) << "run " << i;
    }
    // The drop itself was the pool thread's (within a generous time on a busy machine).
    for (int waited_ms = 0; waited_ms < 20'000; waited_ms += 10) {
        if (detail::cgroup_sets_dropped_in_background() > dropped_before) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_GT(detail::cgroup_sets_dropped_in_background(), dropped_before);
}

/// In a process of its own: a bound worker's run leaves 8 MiB of page cache charged, so that the
/// worker's thread starts the pool's thread to drop it. 0 when that thread may run on every CPU
/// of the process, 1 when not, 2 when the drop did not happen.
int dropper_cpus_after_a_bound_workers_run(const cpu_set_t& process_cpus) {
    TempDir dir("runner-test");
    const fs::path big = dir.path() / "big";
    std::ofstream(big) << std::string(8 << 20, 'x');
    detail::ScopedFd file(::open(big.c_str(), O_RDONLY | O_CLOEXEC));
    if (file.get() < 0 || ::fdatasync(file.get()) != 0 ||
        ::posix_fadvise(file.get(), 0, 0, POSIX_FADV_DONTNEED) != 0)
        return 2;
    std::thread([&] {
        const WorkerCpuBinding binding(0, WorkerCpuBinding::current_cpu(), true);
        RunRequest reader;
        reader.argv = {"/bin/cat"};
        reader.stdin_path = big.string();
        reader.limits = limits_with(5000, 10000, 64);
        run_process(reader);
    }).join();
    for (int waited_ms = 0; waited_ms < 20'000; waited_ms += 10) {
        if (detail::cgroup_sets_dropped_in_background() > 0) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (detail::cgroup_sets_dropped_in_background() == 0) return 2;
    std::fprintf(stderr, "the pool's thread may run on %d of %d CPUs\n",
                 detail::cgroup_dropper_cpu_count(), CPU_COUNT(&process_cpus));
    return detail::cgroup_dropper_cpu_count() == CPU_COUNT(&process_cpus) ? 0 : 1;
}

TEST(CgroupPoolThread, RunsOnEveryCpuOfTheProcessThoughABoundWorkerStartedIt) {
    // Its memory.force_empty on the worker's one CPU would delay that worker's runs. A death
    // test in the "threadsafe" style runs in a new process, where the pool's thread is started
    // by the bound worker whatever ran before in this one.
    cpu_set_t process_cpus;
    ASSERT_EQ(::sched_getaffinity(0, sizeof process_cpus, &process_cpus), 0);
    if (CPU_COUNT(&process_cpus) < 2) GTEST_SKIP() << "one CPU: nowhere else to run";
    RunRequest probe;
    probe.argv = {"/bin/true"};
    if (!run_process(probe).memory_source.starts_with("cgroup"))
        GTEST_SKIP() << "no cgroups: no pool";
    if (!detail::cgroup_sets_reused())
        GTEST_SKIP() << "each run gets a new cgroup here: nothing is dropped for a next run";
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::exit(dropper_cpus_after_a_bound_workers_run(process_cpus)),
                ::testing::ExitedWithCode(0), "");
}

TEST_P(ProcessRunner, NullDereferenceIsSigsegv) {
    RunResult result = run(request_for("re/null_deref"));
    EXPECT_TRUE(result.signaled);
    EXPECT_EQ(result.term_signal, SIGSEGV);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
}

TEST_P(ProcessRunner, ExitCodeThreeIsReported) {
    RunResult result = run(request_for("re/exit3"));
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_EQ(out(), "partial output\n");
}

TEST_P(ProcessRunner, OutputFloodIsOutput) {
    Limits limits = limits_with(5000, 10000);
    limits.output_kib = 1024;
    RunResult result = run(request_for("ole/flood", limits));
    EXPECT_EQ(result.limit_hit, LimitHit::Output);
    // Counted (and kept in the file) up to one byte past the limit, not a byte more.
    EXPECT_EQ(result.stdout_bytes, 1024 * 1024 + 1);
    EXPECT_EQ(fs::file_size(dir_.path() / "out"), 1024u * 1024u + 1u);
    EXPECT_LT(result.cpu_ms, 4000);
}

TEST_P(ProcessRunner, OutputExactlyAtTheLimitIsFine) {
    Limits limits = limits_with(2000, 5000);
    limits.output_kib = 4;
    RunRequest request = request_for("ac/echo", limits);
    request.stdin_path = test::write_text(dir_.path() / "in", std::string(4096, 'a')).string();
    RunResult result = run(request);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_EQ(result.stdout_bytes, 4096);

    request.stdin_path = test::write_text(dir_.path() / "in2", std::string(4097, 'a')).string();
    result = run(request);
    EXPECT_EQ(result.limit_hit, LimitHit::Output);
}

TEST_P(ProcessRunner, StderrIsCappedAt64KiB) {
    RunResult result = run(request_for("re/stderr_flood"));
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(result.exit_code, 5);
    EXPECT_EQ(err().size(), 64u * 1024u);
    EXPECT_EQ(err().substr(0, 64), std::string(63, '0') + "\n");
}

TEST_P(ProcessRunner, GrandchildInTheSameGroupIsKilledWhenTheParentExits) {
    RunResult result = run(request_for("leftover/grandchild_same_group", limits_with(3000, 6000)));
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_EQ(out(), "parent done\n");
    EXPECT_GE(result.leftover_processes_killed, 1);
    EXPECT_LT(result.wall_ms, 3000);  // the run ended with the parent, not at a limit
    expect_all_gone("leftover/grandchild_same_group", 1);
}

TEST_P(ProcessRunner, GrandchildThatCalledSetsidIsKilledToo) {
    RunResult result = run(request_for("leftover/grandchild_setsid", limits_with(3000, 6000)));
    EXPECT_TRUE(result.exited);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_EQ(out(), "parent done\n");
    EXPECT_GE(result.leftover_processes_killed, 1);
    EXPECT_LT(result.wall_ms, 3000);
    expect_all_gone("leftover/grandchild_setsid", 1);
}

TEST_P(ProcessRunner, ForkedSpinnersAreCpuTimeAndAllKilled) {
    RunResult result = run(request_for("tle/fork_spinners", limits_with(600, 10000)));
    EXPECT_EQ(result.limit_hit, LimitHit::CpuTime);
    // All five spinners count (the cgroup, or the /proc walk of the fallback): the limit is
    // reached on the sum, not on the main process alone.
    EXPECT_GE(result.cpu_ms, 600);
    EXPECT_LT(result.cpu_ms, 1000);
    EXPECT_GE(result.leftover_processes_killed, 1);
    expect_all_gone("tle/fork_spinners", 1);
}

TEST_P(ProcessRunner, ThreadsCountTogether) {
    RunResult result = run(request_for("tle/thread_spinners", limits_with(600, 10000)));
    EXPECT_EQ(result.limit_hit, LimitHit::CpuTime);
    EXPECT_GE(result.cpu_ms, 600);
    EXPECT_LT(result.cpu_ms, 1000);
}

TEST_P(ProcessRunner, IgnoringSigtermDoesNotHelp) {
    // A wall limit far away: on a loaded machine 300 ms of CPU can take seconds of wall. What
    // the runner guarantees is SIGKILL at the CPU limit, so the program gets no CPU time past it
    // beyond the limit check's tick (a runner that sent SIGTERM and waited would let it spin on).
    RunResult result = run(request_for("tle/ignore_sigterm", limits_with(300, 60000)));
    EXPECT_EQ(result.limit_hit, LimitHit::CpuTime);
    EXPECT_TRUE(result.signaled);
    EXPECT_EQ(result.term_signal, SIGKILL);
    EXPECT_LT(result.cpu_ms, 800);
}

TEST_P(ProcessRunner, ProcessCountLimitHoldsWithCgroupsAndForkBombsAreCleanedUp) {
    // CPU enough for 200 forks (the fallback's case) even on a busy machine. Which time limit
    // ends the spin is the machine's business (on two cores loaded 3.5 times over, 1.5 s of CPU
    // took more than 6 s of wall): the test is about the process limit and the cleanup.
    Limits limits = limits_with(1500, 30000);
    limits.max_processes = 10;
    RunResult result = run(request_for("tle/fork_bomb", limits));
    EXPECT_TRUE(result.limit_hit == LimitHit::CpuTime || result.limit_hit == LimitHit::WallTime)
        << static_cast<int>(result.limit_hit);
    if (cgroups_in_use(result)) {
        EXPECT_TRUE(result.process_limit_source.starts_with("cgroup"))
            << result.process_limit_source;
        int forks = -1;
        std::sscanf(out().c_str(), "fork failed after %d", &forks);
        EXPECT_GE(forks, 1) << out();
        EXPECT_LE(forks, 9) << out();  // 10 processes at once, the main one included
        EXPECT_GE(result.leftover_processes_killed, forks);
        expect_all_gone("tle/fork_bomb", static_cast<std::size_t>(std::max(forks, 1)));
    } else {
        // Without a pids cgroup the limit is not enforced (and says so), but the 200 children
        // are still all killed.
        EXPECT_EQ(result.process_limit_source, "none");
        EXPECT_EQ(out(), "forked 200\n");
        EXPECT_GE(result.leftover_processes_killed, 200);
        expect_all_gone("tle/fork_bomb", 200);
    }
}

TEST_P(ProcessRunner, AProgramThatStopsItselfEndsAtTheWallLimit) {
    // SIGSTOP to its own group: no exit, no CPU; the wall limit must still end the run (and
    // SIGKILL reaches a stopped process).
    RunRequest request = request_for("ac/echo", limits_with(2000, 500));
    request.argv = {"/bin/sh", "-c", "kill -STOP 0; echo not-reached"};
    auto start = std::chrono::steady_clock::now();
    RunResult result = run(request);
    EXPECT_EQ(result.limit_hit, LimitHit::WallTime);
    EXPECT_TRUE(result.signaled);
    EXPECT_EQ(out(), "");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

/// The body of AProgramThatOutlivesSigkillIsAnErrorAndNeverHangsTheJudge; `own_folder`: the box
/// binds the test's folder as /box (a box of the run's own, whose keeper is its init), else
/// root's resident box (its holder is the init).
void ProcessRunner::expect_no_hang_on_a_stuck_program(bool own_folder) {
    const fs::path freezer =
        "/sys/fs/cgroup/freezer/judge-runner-test-" + std::to_string(::getpid());
    ASSERT_EQ(::mkdir(freezer.c_str(), 0755), 0) << freezer;
    auto write = [&](const char* file, const std::string& text) {
        std::ofstream(freezer / file) << text << std::flush;
    };
    // Shared with the judging thread, which a regression leaves blocked for good.
    struct State {
        std::atomic<bool> first_done{false}, thawed{false}, threw{false}, second_done{false};
        RunResult second;
    };
    auto state = std::make_shared<State>();
    RunRequest request = request_for("ac/echo", limits_with(5000, 2000));
    request.argv = {"/bin/sh", "-c", "exec sleep 30"};
    RunRequest next = request_for("ac/echo");
    next.argv = {"/bin/echo", "next"};
    if (!own_folder) {
        request.sandbox.work_dir.clear();
        next.sandbox.work_dir.clear();
    }
    std::thread judge_thread([state, request, next] {
        try {
            run_process(request);
        } catch (const RunnerError&) {
            state->threw = true;
        }
        state->first_done = true;
        while (!state->thawed) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        state->second = run_process(next);
        state->second_done = true;
    });
    // Freeze the program as soon as it runs, well before its wall limit.
    std::vector<pid_t> frozen;
    for (int i = 0; i < 400 && frozen.empty(); ++i) {
        frozen = processes_with(marker());
        if (frozen.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    for (pid_t pid : frozen) write("tasks", std::to_string(pid));
    write("freezer.state", "FROZEN");
    auto wait_for = [](const std::atomic<bool>& flag, int seconds) {
        const auto start = std::chrono::steady_clock::now();
        while (!flag && std::chrono::steady_clock::now() - start < std::chrono::seconds(seconds))
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return flag.load();
    };
    const bool hung = !wait_for(state->first_done, 20);
    write("freezer.state", "THAWED");  // the killed program dies now
    state->thawed = true;
    const bool second_done = wait_for(state->second_done, 20);
    if (second_done)
        judge_thread.join();
    else
        judge_thread.detach();  // blocked for good (the failure below says so)
    for (int i = 0; i < 200 && !processes_with(marker()).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ::rmdir(freezer.c_str());
    ASSERT_FALSE(frozen.empty()) << "the program was not seen";
    EXPECT_FALSE(hung) << "the judge's thread hung on a program that outlived SIGKILL";
    ASSERT_TRUE(second_done) << "the judge's thread did not come back after the thaw";
    EXPECT_TRUE(state->threw) << "a program that outlived SIGKILL must be a runner error";
    EXPECT_TRUE(state->second.exited && state->second.exit_code == 0);
    EXPECT_EQ(out(), "next\n");
}

TEST_P(ProcessRunner, AProgramThatOutlivesSigkillIsAnErrorAndNeverHangsTheJudge) {
    // A process in a frozen cgroup (v1 freezer) takes SIGKILL only once thawed, as one in
    // uninterruptible sleep does. The run must end as a runner error after the grace, and the
    // judge's thread must go on: a namespace whose dying init waits for the stuck program (in
    // a direct run our own unreaped child) is abandoned, not waited for. Then the thread's
    // next run works.
    if (::geteuid() != 0 || !fs::is_directory("/sys/fs/cgroup/freezer"))
        GTEST_SKIP() << "needs root and the cgroup v1 freezer";
    for (bool own_folder : {true, false}) {
        if (!own_folder && !GetParam().sandbox) break;
        SCOPED_TRACE(own_folder ? "a box with the test's folder" : "a resident box");
        expect_no_hang_on_a_stuck_program(own_folder);
    }
}

TEST_P(ProcessRunner, ADirectRunHasNoKeeperBetweenTheJudgeAndTheProgram) {
    // As root with cgroups and no box the judge thread starts the program itself, in a pid
    // namespace of its own whose parent (the judge) is outside it: getppid() is 0. With a
    // keeper the keeper is the parent.
    RunRequest request = request_for("ac/echo");
    request.argv = {"/bin/sh", "-c", "echo $PPID"};
    RunResult result = run(request);
    ASSERT_TRUE(result.exited) << err();
    const bool direct =
        ::geteuid() == 0 && cgroups_in_use(result) && !GetParam().sandbox && GetParam().direct;
    if (direct)
        EXPECT_EQ(out(), "0\n");
    else
        EXPECT_NE(out(), "0\n");
}

TEST_P(ProcessRunner, WorkingDirectoryIsUsed) {
    RunRequest request = request_for("ac/echo");
    request.argv = {"/bin/pwd"};
    request.working_dir = dir_.path().string();
    RunResult result = run(request);
    EXPECT_EQ(result.exit_code, 0);
    // In a box, the working folder is mounted as /box.
    EXPECT_EQ(out(), (GetParam().sandbox ? std::string("/box") : dir_.path().string()) + "\n");
}

TEST_P(ProcessRunner, TheProgramGetsOnlyStandardFds) {
    // An fd the judge opened without O_CLOEXEC (as a library might) must not reach the program.
    int leaked = ::open("/dev/null", O_RDONLY);
    ASSERT_GE(leaked, 3);
    RunRequest request = request_for("ac/echo");
    request.argv = {"/bin/ls", "/proc/self/fd"};
    RunResult result = run(request);
    ::close(leaked);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(out(), "0\n1\n2\n3\n");  // 3 is ls's own handle on /proc/self/fd
}

TEST_P(ProcessRunner, IgnoredSignalsAreResetForTheProgram) {
    // The judge ignores SIGPIPE (most servers do); the program must still die of it.
    struct sigaction ignore {
    }, previous{};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &previous);
    RunRequest request = request_for("ac/echo");
    request.argv = {"/bin/sh", "-c", "kill -PIPE $$; echo survived"};
    RunResult result = run(request);
    ::sigaction(SIGPIPE, &previous, nullptr);
    EXPECT_TRUE(result.signaled);
    EXPECT_EQ(result.term_signal, SIGPIPE);
    EXPECT_EQ(out(), "");
}

/// The se.slice field of a /proc/<pid>/sched text, in ns (-1 when absent).
long long time_slice_ns(const std::string& sched) {
    std::size_t at = sched.find("se.slice ");
    if (at == std::string::npos) return -1;
    return std::atoll(sched.c_str() + sched.find(':', at) + 1);
}

TEST_P(ProcessRunner, ProgramsGetTheDefaultTimeSliceBackFromAShortSlicedJudge) {
    // The judge asks for a 0.1 ms slice (its bookkeeping is latency-bound); the programs it
    // runs must be scheduled as anywhere else, with the kernel's default slice. A thread of
    // its own, so that the short slice stays with this test.
    long long judge_slice = -1, default_slice = time_slice_ns(read_text("/proc/thread-self/sched"));
    RunResult result;
    std::thread judge_thread([&] {
        if (!use_short_time_slice()) return;
        judge_slice = time_slice_ns(read_text("/proc/thread-self/sched"));
        RunRequest request = request_for("ac/echo");
        request.argv = {"/bin/cat", "/proc/self/sched"};
        result = run(request);
    });
    judge_thread.join();
    if (judge_slice < 0) GTEST_SKIP() << "no custom time slices on this kernel";
    EXPECT_EQ(judge_slice, 100'000);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(time_slice_ns(out()), default_slice) << out();
}

TEST_P(ProcessRunner, ParallelRunsKeepTheirOwnOrphans) {
    // Like `judge run --jobs 4`: each run's setsid() escapee must be caught by its own keeper,
    // and each run's result must be its own.
    constexpr int kRuns = 4;
    std::vector<RunResult> results(kRuns);
    std::vector<TempDir> dirs;
    for (int i = 0; i < kRuns; ++i) dirs.emplace_back("runner-test");
    std::vector<std::thread> threads;
    for (int i = 0; i < kRuns; ++i) {
        threads.emplace_back([&, i] {
            RunRequest request;
            request.argv = {fixture(i % 2 ? "leftover/grandchild_setsid" : "ac/echo"),
                            (dirs[i].path() / "pids").string()};
            request.stdin_path =
                test::write_text(dirs[i].path() / "in", "run " + std::to_string(i) + "\n");
            request.stdout_path = (dirs[i].path() / "out").string();
            request.limits = limits_with(3000, 6000);
            request.use_cgroups = GetParam().cgroups;
            results[i] = run_process(request);
        });
    }
    for (auto& thread : threads) thread.join();
    for (int i = 0; i < kRuns; ++i) {
        EXPECT_TRUE(results[i].exited) << i;
        EXPECT_EQ(results[i].exit_code, 0) << i;
        EXPECT_EQ(results[i].limit_hit, LimitHit::None) << i;
        if (i % 2) {
            EXPECT_EQ(read_text(dirs[i].path() / "out"), "parent done\n");
            EXPECT_GE(results[i].leftover_processes_killed, 1) << i;
            std::ifstream in(dirs[i].path() / "pids");
            pid_t pid = 0;
            ASSERT_TRUE(in >> pid);
            EXPECT_TRUE(process_gone(pid, fixture("leftover/grandchild_setsid"))) << pid;
        } else {
            EXPECT_EQ(read_text(dirs[i].path() / "out"), "run " + std::to_string(i) + "\n");
        }
    }
}

TEST_P(ProcessRunner, BadRequestsAreRunnerErrors) {
    RunRequest request = request_for("ac/echo");
    request.argv.clear();
    EXPECT_THROW(run_process(request), RunnerError);

    request = request_for("ac/echo");
    request.argv = {(dir_.path() / "no_such_program").string()};
    EXPECT_THROW(run_process(request), RunnerError);

    request = request_for("ac/echo");
    request.stdin_path = (dir_.path() / "missing.in").string();
    EXPECT_THROW(run_process(request), RunnerError);

    request = request_for("ac/echo");
    request.stdout_path = (dir_.path() / "missing_folder" / "out").string();
    EXPECT_THROW(run_process(request), RunnerError);

    request = request_for("ac/echo");
    request.limits.cpu_ms = 0;
    EXPECT_THROW(run_process(request), RunnerError);
}

TEST_P(ProcessRunner, ExecFailureIsARunnerErrorNamingTheProgram) {
    // Executable bit but no valid format: execve fails in the child with ENOEXEC. What an
    // earlier run left in the output file is not left there as this run's.
    test::write_text(dir_.path() / "out", "an earlier run's output\n");
    fs::path bogus = test::write_text(dir_.path() / "bogus",
                                      "\x7f"
                                      "ELF garbage");
    ::chmod(bogus.c_str(), 0755);
    RunRequest request = request_for("ac/echo");
    request.argv = {bogus.string()};
    try {
        run_process(request);
        FAIL() << "no RunnerError";
    } catch (const RunnerError& error) {
        EXPECT_NE(std::string(error.what()).find("execve"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("bogus"), std::string::npos) << error.what();
    }
    EXPECT_EQ(out(), "");
}

// Fail closed (issue 28): a run that asks for a box where none can be made is a RunnerError,
// and nothing of it runs. The ctest judge_runner.fails_closed_where_no_sandbox_can_be_made runs
// this where no pid namespace can be made, with JUDGE_EXPECT_NO_SANDBOX=1; elsewhere a sandbox
// can be made and it is skipped.
TEST(FailClosed, ABoxAskedForWhereNoneCanBeMadeIsARunnerErrorAndNothingRuns) {
    if (sandbox_support().available) {
        if (std::getenv("JUDGE_EXPECT_NO_SANDBOX"))
            FAIL() << "a sandbox was made where none should be: " << sandbox_support().description;
        GTEST_SKIP() << "a sandbox can be made here";
    }
    TempDir dir("runner-test");
    fs::path trace = dir.path() / "ran";
    RunRequest request;
    request.argv = {"/bin/sh", "-c", "echo ran > " + trace.string()};
    request.sandbox.enabled = true;
    try {
        run_process(request);
        FAIL() << "no RunnerError";
    } catch (const RunnerError& error) {
        EXPECT_NE(std::string(error.what()).find("no sandbox can be made here"), std::string::npos)
            << error.what();
    }
    EXPECT_FALSE(fs::exists(trace));
    request.sandbox.enabled = false;  // asked for no box: it runs
    EXPECT_TRUE(run_process(request).exited);
    EXPECT_TRUE(fs::exists(trace));
}

INSTANTIATE_TEST_SUITE_P(Modes,
                         ProcessRunner,
                         ::testing::Values(RunnerMode{true, false},
                                           RunnerMode{true, false, false},
                                           RunnerMode{false, false},
                                           RunnerMode{true, true},
                                           RunnerMode{false, true}),
                         [](const ::testing::TestParamInfo<RunnerMode>& mode) {
                             return std::string(mode.param.sandbox ? "Sandbox" : "") +
                                    (mode.param.cgroups ? "Cgroups" : "Fallback") +
                                    (mode.param.direct ? "" : "Keeper");
                         });

}  // namespace
}  // namespace judge

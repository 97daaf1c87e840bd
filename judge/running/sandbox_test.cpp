// What a sandboxed run can and cannot reach: each test is one attack, run by /bin/sh or bash in
// a box, and asserts that it was contained. The same tests run with cgroups and with the
// fallback, as root (the box runs as uid 65534) and as an unprivileged user (a user namespace;
// CI runs judge_tests once more under `setpriv` as nobody).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "running/cpu_binding.hpp"
#include "running/process_runner.hpp"
#include "running/spawner.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

class Sandbox : public ::testing::TestWithParam<bool> {
 protected:
    void SetUp() override {
        if (!sandbox_support().available) {
            // as_nobody_test.sh and CI set this: there a missing sandbox is a failure.
            if (std::getenv("JUDGE_REQUIRE_SANDBOX"))
                FAIL() << "no sandbox here: " << sandbox_support().description;
            GTEST_SKIP() << "no sandbox here: " << sandbox_support().description;
        }
        char pattern[] = "/tmp/sandbox-test-XXXXXX";
        dir_ = ::mkdtemp(pattern);
    }
    void TearDown() override {
        std::error_code ignored;
        if (!dir_.empty()) fs::remove_all(dir_, ignored);
    }
    /// Runs `script` with /bin/bash in a box; stdout and stderr go to out() and err().
    RunResult run_script(const std::string& script, Limits limits = {}) {
        RunRequest request;
        request.argv = {"/bin/bash", "-c", script};
        request.stdin_path = stdin_path_;
        request.stdout_path = (dir_ / "out").string();
        request.stderr_path = (dir_ / "err").string();
        request.limits = limits;
        request.use_cgroups = GetParam();
        request.sandbox.enabled = true;
        RunResult result = run_process(request);
        EXPECT_EQ(result.isolation.rfind("sandbox", 0), 0u) << result.isolation;
        return result;
    }
    std::string out() const { return read_all(dir_ / "out"); }
    std::string err() const { return read_all(dir_ / "err"); }

    fs::path dir_;
    std::string stdin_path_;
};

TEST_P(Sandbox, SeesNoFileOfTheMachineButSystemLibraries) {
    fs::path secret = test::write_text(dir_ / "secret.ans", "42\n");
    ::chmod(dir_.c_str(), 0755);
    ::chmod(secret.c_str(), 0644);
    RunResult result =
        run_script("cat " + secret.string() + " || echo no-secret; ls / | tr '\\n' ' '; " +
                   "test -e /work -o -e /root -o -e /home -o -e /var && echo host; " +
                   "pwd; ls /usr/bin/g++ /bin/sh > /dev/null && echo libs");
    EXPECT_EQ(result.exit_code, 0) << err();
    std::string text = out();
    EXPECT_EQ(text.find("42"), std::string::npos) << text;
    EXPECT_NE(text.find("no-secret"), std::string::npos) << text;
    EXPECT_EQ(text.find("host"), std::string::npos) << text;
    EXPECT_NE(text.find("/box\nlibs\n"), std::string::npos) << text;
}

TEST_P(Sandbox, RunsUnprivilegedWithNoCapabilitiesUnderAFilter) {
    RunResult result = run_script(
        "id -u; grep -E '^(CapEff|CapPrm|NoNewPrivs|Seccomp):' /proc/self/status | tr -s '\\t ' ' "
        "'");
    EXPECT_EQ(result.exit_code, 0) << err();
    std::string uid = ::geteuid() == 0 ? "65534" : "1000";
    EXPECT_EQ(out(), uid +
                         "\nCapPrm: 0000000000000000\nCapEff: 0000000000000000\nNoNewPrivs: "
                         "1\nSeccomp: 2\n");
}

TEST_P(Sandbox, TheEnvironmentIsClearedToAFixedSet) {
    ::setenv("JUDGE_TEST_SECRET", "do-not-leak", 1);
    RunResult result = run_script("env | sort; cat /proc/1/environ 2>&1 | tr '\\0' ' '");
    ::unsetenv("JUDGE_TEST_SECRET");
    EXPECT_EQ(result.exit_code, 0) << err();
    EXPECT_EQ(out().find("do-not-leak"), std::string::npos) << out();
    EXPECT_NE(out().find("PATH=/usr/local/bin:/usr/bin:/bin\n"), std::string::npos) << out();
}

TEST_P(Sandbox, SeesOnlyItsOwnProcessesAndCannotSignalOrTraceTheKeeper) {
    // kill -9 -1 as root of the machine would end every process of it: here only the box's
    // (all but the caller and the keeper). The guard ($$ < 10: we are in a pid namespace)
    // keeps a broken sandbox from taking the machine down with the test.
    RunResult result = run_script(
        "kill -STOP 1; kill -9 1; echo keeper-alive; "
        "if [ $$ -lt 10 ]; then sleep 30 & kill -9 -1; fi; ls /proc | grep -c '^[0-9]'",
        {2000, 5000, 262144, 65536, 64});
    std::string text = out();
    EXPECT_EQ(result.exit_code, 0) << err();
    EXPECT_NE(text.find("keeper-alive\n"), std::string::npos) << text;
    int visible = std::atoi(text.substr(text.find('\n') + 1).c_str());
    EXPECT_GE(visible, 2) << text;    // bash, ls (grep runs in a subshell or after)
    EXPECT_LE(visible, 4) << text;    // ... and perhaps the keeper (visible to a non-root box)
    EXPECT_LT(result.wall_ms, 4000);  // the sleep was killed, nothing waited for it
}

TEST_P(Sandbox, HasNoNetworkNotEvenLoopback) {
    int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    ASSERT_GE(listener, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(::listen(listener, 4), 0);
    socklen_t length = sizeof address;
    ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
    std::string port = std::to_string(ntohs(address.sin_port));
    RunResult result = run_script("echo hi > /dev/tcp/127.0.0.1/" + port +
                                  " && echo tcp; echo hi > /dev/udp/127.0.0.1/" + port +
                                  " && echo udp; echo done");
    int accepted = ::accept(listener, nullptr, nullptr);
    ::close(listener);
    EXPECT_LT(accepted, 0) << "the box connected to the machine's loopback";
    EXPECT_EQ(out(), "done\n") << err();
}

TEST_P(Sandbox, ScratchFoldersArePrivateBoundedAndGoneAfterTheRun) {
    Limits limits;
    limits.memory_kib = 64 * 1024;
    std::string marker = "judge-sandbox-test-" + std::to_string(::getpid());
    // 100 MiB into /dev/shm under a 64 MiB limit: the memory cgroup (tmpfs pages are the
    // program's) or the tmpfs size stops it; 5000 files: the tmpfs's file count stops it.
    RunResult result = run_script(
        "touch /dev/shm/" + marker + " /tmp/" + marker + " /box/" + marker +
            "; for i in $(seq 5000); do : > /tmp/f$i || { echo files-stopped; break; }; done; "
            "head -c 104857600 /dev/zero > /dev/shm/big || echo space-stopped",
        limits);
    EXPECT_FALSE(result.exited && result.exit_code == 0 &&
                 out().find("space-stopped") == std::string::npos)
        << "100 MiB fitted: " << out();
    EXPECT_NE(out().find("files-stopped"), std::string::npos) << out() << err();
    EXPECT_FALSE(fs::exists("/dev/shm/" + marker));
    EXPECT_FALSE(fs::exists("/tmp/" + marker));
}

TEST_P(Sandbox, TheInputCannotBeChangedThroughProc) {
    stdin_path_ = test::write_text(dir_ / "case.in", "1 2\n").string();
    ::chmod(dir_.c_str(), 0755);
    RunResult result =
        run_script("echo tampered >> /proc/self/fd/0; chmod 777 /proc/self/fd/0; cat; echo end");
    EXPECT_EQ(read_all(stdin_path_), "1 2\n");
    EXPECT_EQ(fs::status(stdin_path_).permissions() & fs::perms::others_write, fs::perms::none);
    EXPECT_NE(out().find("1 2\n"), std::string::npos) << out();
}

TEST_P(Sandbox, NothingOfARunReachesTheNextRun) {
    // Root's boxes are resident (one per judge thread, checked after each run): what a run
    // leaves in the scratch folders and the processes it leaves running must be gone for the
    // next run all the same, and it can make no SysV IPC object that would outlive it.
    RunResult first = run_script(
        "for d in /tmp /box /dev/shm; do echo left > $d/left; mkdir $d/dir; : > $d/dir/f; done; "
        "(setsid sleep 30 > /dev/null 2>&1 &); for kind in -M4096 -Q -S1; do "
        "ipcmk $kind > /dev/null 2>&1 && echo made; done; echo $$");
    EXPECT_EQ(first.exit_code, 0) << err();
    std::string first_output = out();
    EXPECT_EQ(first_output.find("made"), std::string::npos) << first_output;
    run_script(
        "ls -A /tmp /box /dev/shm | tr '\\n' ' '; echo; ls /proc | grep -c '^[0-9]'; "
        "tail -n +2 /proc/sysvipc/shm /proc/sysvipc/msg /proc/sysvipc/sem | grep -c '[0-9]'; "
        "echo $$");
    std::istringstream lines(out());
    std::string folders, processes, ipc_objects, pid;
    std::getline(lines, folders);
    std::getline(lines, processes);
    std::getline(lines, ipc_objects);
    std::getline(lines, pid);
    EXPECT_EQ(folders, "/box:  /dev/shm:  /tmp: ") << out() << err();
    EXPECT_LE(std::atoi(processes.c_str()), 4) << out();  // bash, ls, grep, perhaps the keeper
    EXPECT_EQ(ipc_objects, "0") << out();
}

TEST_P(Sandbox, SysVIpcIsRefused) {
    // A SysV object would outlive its run in a resident box's ipc namespace.
    RunResult result = run_script(
        "for kind in -M4096 -Q -S1; do ipcmk $kind 2>&1 | grep -c 'not permitted'; done");
    EXPECT_EQ(out(), "1\n1\n1\n") << err();
}

TEST_P(Sandbox, ARunThatUsedTheScratchKeepsTheBoxButNotItsFiles) {
    // A direct run (no keeper) leaves the scratch to the judge's check: a used one is
    // replaced by the next run's program before its execve, in the same box (pids go on).
    if (::geteuid() != 0) GTEST_SKIP() << "a user-namespace box is made for every run";
    run_script("echo data > /tmp/x; mkdir /dev/shm/d; echo $$");
    int first_pid = std::atoi(out().c_str());
    run_script("ls -A /tmp /dev/shm /box | tr -d '\\n'; echo; echo $$");
    std::istringstream lines(out());
    std::string listing, pid;
    std::getline(lines, listing);
    std::getline(lines, pid);
    EXPECT_EQ(listing, "/box:/dev/shm:/tmp:") << out();
    EXPECT_GT(std::atoi(pid.c_str()), first_pid) << "a new box: " << out();
}

TEST_P(Sandbox, AnEmptyFileLeftByTheRunThatRenewedTheScratchIsGoneToo) {
    // The second run's program replaces the used scratch before its execve, then leaves an
    // empty file (an inode, no block) in the fresh one: the check after it must see that file
    // too, against what an empty scratch holds, not against what it found after the renewal.
    if (::geteuid() != 0) GTEST_SKIP() << "a user-namespace box is made for every run";
    run_script("echo data > /tmp/x");
    run_script(": > /tmp/y; : > /dev/shm/z");
    run_script("ls -A /tmp /dev/shm /box | tr -d '\\n'");
    EXPECT_EQ(out(), "/box:/dev/shm:/tmp:") << err();
}

TEST_P(Sandbox, ARootBoxIsReusedWhenTheRunLeftNothing) {
    // Making a box's namespaces and mounts was most of a sandboxed run's cost: root's runs on
    // one thread share one resident box while each leaves it clean (scratch emptied by the
    // scrub: a used /tmp is replaced, the box kept). In a kept box pids go on growing.
    if (::geteuid() != 0) GTEST_SKIP() << "a user-namespace box is made for every run";
    run_script("echo data > /tmp/x; echo $$");
    int first_pid = std::atoi(out().c_str());
    run_script("ls -A /tmp; echo $$");
    EXPECT_GT(std::atoi(out().c_str()), first_pid) << "a new box, or /tmp kept its file: " << out();
}

TEST_P(Sandbox, ABoxsSpawnerStartsItsProgramsAndIsReplacedWhenItDies) {
    // Root's direct runs (with cgroups) get their programs from the box's spawner, which
    // installed the filter once; one that died is replaced, and the run does not notice.
    RunResult probe = run_script("true");
    if (::geteuid() != 0 || probe.memory_source != "cgroup")
        GTEST_SKIP() << "spawners serve root's direct runs, which need cgroups";
    const long started = detail::spawners_started();
    const long spawned = detail::spawned_programs();
    for (int i = 0; i < 3; ++i) {
        RunResult result = run_script("grep -E '^(Seccomp|NoNewPrivs|Uid):' /proc/self/status");
        ASSERT_TRUE(result.exited && result.exit_code == 0) << err();
        EXPECT_EQ(out(), "Uid:\t65534\t65534\t65534\t65534\nNoNewPrivs:\t1\nSeccomp:\t2\n");
    }
    EXPECT_EQ(detail::spawned_programs() - spawned, 3);
    EXPECT_EQ(detail::spawners_started() - started, 0) << "the first run's spawner served all";
    const pid_t spawner = detail::resident_box_spawner_pid();
    ASSERT_GT(spawner, 0);
    ASSERT_EQ(::kill(spawner, SIGKILL), 0);
    RunResult after = run_script("echo alive");
    EXPECT_TRUE(after.exited && after.exit_code == 0) << err();
    EXPECT_EQ(out(), "alive\n");
    EXPECT_EQ(detail::spawners_started() - started, 1);
    EXPECT_NE(detail::resident_box_spawner_pid(), spawner);
    EXPECT_EQ(detail::spawned_programs() - spawned, 4);
}

TEST_P(Sandbox, ABoxsSpawnerFollowsItsThreadsCpuBinding) {
    // The spawner was started with all of this thread's CPUs (the first run); bound to one CPU
    // (a judge worker), the thread's box programs must be born there, and get them all back
    // once the binding is over.
    // (Without a spawner, a keeper or the program inherits the binding from the thread.)
    run_script("true");
    cpu_set_t all;
    ASSERT_EQ(::sched_getaffinity(0, sizeof all, &all), 0);
    if (CPU_COUNT(&all) < 2) GTEST_SKIP() << "one CPU: nothing to tell apart";
    auto program_cpus = [&] {
        RunResult result = run_script("grep Cpus_allowed_list /proc/self/status | cut -f2");
        EXPECT_TRUE(result.exited && result.exit_code == 0) << err();
        return out();
    };
    const std::string unbound = program_cpus();
    {
        WorkerCpuBinding binding(1, WorkerCpuBinding::current_cpu(), true);
        ASSERT_GE(binding.cpu(), 0);
        EXPECT_EQ(program_cpus(), std::to_string(binding.cpu()) + "\n");
    }
    EXPECT_EQ(program_cpus(), unbound);
    EXPECT_NE(unbound.find_first_of(",-"), std::string::npos) << unbound;
}

TEST_P(Sandbox, TheScratchIsSizedByEachRunsOwnLimit) {
    // A resident box's scratch was mounted for an earlier run's memory limit: a run with
    // another limit must get its own size, in each of /box, /tmp and /dev/shm.
    auto scratch_sizes = [&](std::int64_t memory_mib) {
        Limits limits;
        limits.memory_kib = memory_mib * 1024;
        run_script("df -k --output=size /box /tmp /dev/shm | tail -n +2 | tr -d ' ' | tr '\\n' ' '",
                   limits);
        return out();
    };
    EXPECT_EQ(scratch_sizes(64), "65536 65536 65536 ") << err();
    EXPECT_EQ(scratch_sizes(96), "98304 98304 98304 ") << err();
    EXPECT_EQ(scratch_sizes(64), "65536 65536 65536 ") << err();
}

INSTANTIATE_TEST_SUITE_P(Modes,
                         Sandbox,
                         ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& mode) {
                             return mode.param ? "Cgroups" : "Fallback";
                         });

/// Without a box, a program can stop its keeper (its parent): the judge must still come back
/// by the wall limit plus the grace, with a runner error, never hang.
TEST(KeeperBackstop, AStoppedKeeperCannotHangTheJudge) {
    RunRequest request;
    request.direct = false;  // a direct run has no keeper: its program's parent is the judge
    request.argv = {"/bin/sh", "-c", "kill -STOP $PPID; sleep 30"};
    request.limits.wall_ms = 500;
    auto start = std::chrono::steady_clock::now();
    EXPECT_THROW(run_process(request), RunnerError);
    auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_LT(waited, std::chrono::milliseconds(500 + kKeeperGraceMs + 3000));
}

}  // namespace
}  // namespace judge

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
#include <ctime>
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
    /// Limits that no script of these tests comes near on a loaded machine or in the slow
    /// emulated VM of CI (judge_vm_cgroup2: 3 s of wall time cut a loop of ipcmk short there):
    /// these tests are about isolation, not limits.
    static Limits roomy_limits() {
        Limits limits;
        limits.cpu_ms = 20'000;
        limits.wall_ms = 60'000;
        return limits;
    }
    /// A boxed run of `script` with /bin/bash; stdout and stderr go to out() and err().
    RunRequest script_request(const std::string& script, Limits limits = roomy_limits()) {
        RunRequest request;
        request.argv = {"/bin/bash", "-c", script};
        request.stdout_path = (dir_ / "out").string();
        request.stderr_path = (dir_ / "err").string();
        request.limits = limits;
        request.use_cgroups = GetParam();
        request.sandbox.enabled = true;
        return request;
    }
    /// Runs script_request(script, limits) with stdin_path_ as its input.
    RunResult run_script(const std::string& script, Limits limits = roomy_limits()) {
        RunRequest request = script_request(script, limits);
        request.stdin_path = stdin_path_;
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
    Limits limits = roomy_limits();
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
    if (::geteuid() != 0 || !probe.memory_source.starts_with("cgroup"))
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
        Limits limits = roomy_limits();
        limits.memory_kib = memory_mib * 1024;
        run_script("df -k --output=size /box /tmp /dev/shm | tail -n +2 | tr -d ' ' | tr '\\n' ' '",
                   limits);
        return out();
    };
    EXPECT_EQ(scratch_sizes(64), "65536 65536 65536 ") << err();
    EXPECT_EQ(scratch_sizes(96), "98304 98304 98304 ") << err();
    EXPECT_EQ(scratch_sizes(64), "65536 65536 65536 ") << err();
}

TEST_P(Sandbox, EachProgramHasABoxOfItsOwn) {
    // A resident box's pid counter tells how many processes its earlier runs made: only the
    // runs of one program (the cases of one submission) may share a box.
    if (::geteuid() != 0) GTEST_SKIP() << "a user-namespace box is made for every run";
    run_script("for i in $(seq 40); do /bin/true; done");
    run_script("echo $$");  // the same program's next run: the counter went on
    const int after_forks = std::atoi(out().c_str());
    ASSERT_GT(after_forks, 40) << out() << err();
    RunRequest other;  // another program: /bin/sh, not /bin/bash
    other.argv = {"/bin/sh", "-c", "echo $$"};
    other.stdout_path = (dir_ / "out").string();
    other.use_cgroups = GetParam();
    other.sandbox.enabled = true;
    run_process(other);
    EXPECT_LT(std::atoi(out().c_str()), 10) << "not a box of its own: " << out();
    run_script("echo $$");  // bash's box is kept
    EXPECT_GT(std::atoi(out().c_str()), after_forks) << out();
}

TEST_P(Sandbox, ABoxWithHostFoldersIsKeptWhileTheyAreTheSameFolders) {
    // A jury program's view (SandboxOptions::resident_folders): the folders are bound once and
    // the box kept from run to run, showing what is in them now, read-only; a folder made
    // anew, or a run that used the scratch (a bind under /tmp lives in that tmpfs), gets a
    // new box.
    if (::geteuid() != 0) GTEST_SKIP() << "a user-namespace box is made for every run";
    const fs::path shown = dir_ / "shown", feedback = dir_ / "feedback";
    auto make_shown = [&](const std::string& text) {
        fs::remove_all(shown);
        fs::create_directories(shown);
        std::ofstream(shown / "a") << text;
        fs::permissions(shown, fs::perms(0755));
    };
    make_shown("1");
    fs::create_directories(feedback);
    ASSERT_EQ(::chown(feedback.c_str(), 65534, 65534), 0);
    fs::permissions(dir_, fs::perms(0755));
    auto run_viewing = [&](const std::string& script) {
        // Roomy limits: the default ones cut a run short in the emulated VM (an empty output).
        RunRequest request = script_request(script);
        request.sandbox.read_only_paths = {shown.string()};
        request.sandbox.work_dir = feedback.string();
        request.sandbox.resident_folders = true;
        RunResult result = run_process(request);
        EXPECT_TRUE(result.exited && result.limit_hit == LimitHit::None)
            << script << ": exit " << result.exit_code << ", signal " << result.term_signal
            << ", limit hit " << static_cast<int>(result.limit_hit) << "; " << err();
        std::istringstream lines(out());
        std::string said, pid;
        std::getline(lines, said);
        std::getline(lines, pid);
        return std::pair{said, std::atoi(pid.c_str())};
    };
    const std::string a = (shown / "a").string();
    auto [first, first_pid] =
        run_viewing("cat " + a + "; echo; echo $$; echo w > /box/w; echo x 2>/dev/null > " + a +
                    " && echo WROTE");
    EXPECT_EQ(first, "1") << out() << err();
    EXPECT_EQ(read_all(feedback / "w"), "w\n");
    EXPECT_EQ(read_all(shown / "a"), "1");
    std::ofstream(shown / "a") << "2";  // the same folder, another file content
    auto [second, second_pid] = run_viewing("cat " + a + "; echo; echo $$");
    EXPECT_EQ(second, "2") << err();
    EXPECT_GT(second_pid, first_pid) << "not the same box";
    make_shown("3");  // the folder made anew: the box shows the new one
    auto [third, third_pid] = run_viewing("cat " + a + "; echo; echo $$; echo t > /tmp/t");
    EXPECT_EQ(third, "3") << err();
    EXPECT_LT(third_pid, first_pid + 1) << "the old box, which shows the removed folder";
    auto [fourth, fourth_pid] =
        run_viewing("cat " + a + " /tmp/t 2>/dev/null | tr -d '\\n'; echo; echo $$");
    EXPECT_EQ(fourth, "3") << "the scratch a run used is gone with its box";
    EXPECT_LT(fourth_pid, third_pid + 1);
}

TEST_P(Sandbox, TheWorkingFolderShowsTheProgramsFilesAsReadOnlyLinks) {
    // SandboxOptions::working_folder (a submission's files in the format's working folder):
    // /box holds a link to each entry, nothing else; what they name cannot be changed, and
    // what a run writes in /box does not reach the next run.
    const fs::path files = dir_ / "files";
    fs::create_directories(files / "lib");
    std::ofstream(files / "secondary.sh") << "echo sourced\n";
    std::ofstream(files / "lib" / "data") << "42\n";
    fs::permissions(dir_, fs::perms(0755));
    fs::permissions(files, fs::perms(0755));
    fs::permissions(files / "lib", fs::perms(0755));
    auto run_in_folder = [&](const std::string& script) {
        RunRequest request = script_request(script);
        request.sandbox.working_folder = files.string();
        RunResult result = run_process(request);
        EXPECT_TRUE(result.exited && result.limit_hit == LimitHit::None)
            << script << ": exit " << result.exit_code << "; " << err();
        return out();
    };
    EXPECT_EQ(run_in_folder("pwd; ls -A; . ./secondary.sh; cat lib/data; "
                            "echo x 2>/dev/null >> secondary.sh && echo APPENDED; "
                            "rm -f secondary.sh 2>/dev/null; echo left > mine; ls -A"),
              "/box\nlib\nsecondary.sh\nsourced\n42\n" +
                  std::string(::geteuid() == 0 ? "lib\nmine\nsecondary.sh\n"  // root's links
                                               : "lib\nmine\n"))
        << err();
    EXPECT_EQ(read_all(files / "secondary.sh"), "echo sourced\n");
    EXPECT_EQ(run_in_folder("ls -A"), "lib\nsecondary.sh\n") << "the first run's file is gone";
}

TEST_P(Sandbox, TheScratchFoldersTimesTellNothingOfEarlierRuns) {
    // A scratch folder left empty is kept for the next run: its times (a file made and
    // removed, a touch) would tell when an earlier run used it. Each run finds them at its
    // own start.
    run_script("touch /tmp /box /dev/shm; : > /tmp/x; rm /tmp/x");
    ::usleep(1'200'000);
    const std::time_t before = std::time(nullptr);
    run_script("stat -c '%X %Y %Z' /box /tmp /dev/shm | tr '\\n' ' '");
    std::istringstream times(out());
    int count = 0;
    for (long long seconds = 0; times >> seconds; ++count)
        EXPECT_GE(seconds, before) << "a time from before the run: " << out();
    EXPECT_EQ(count, 9) << out() << err();
}

TEST_P(Sandbox, CloneParentIsRefusedButForksSpawnsAndThreadsWork) {
    // A child made with CLONE_PARENT is its maker's sibling: the program's, the judge thread's
    // child. fork, vfork (posix_spawn, subprocess) and threads (clone3, then clone) still work.
    std::string script =
        "perl -e 'use POSIX (); my $pid = syscall(56, 0x8000 | 17, 0, 0, 0, 0);"
        " POSIX::_exit(0) if $pid == 0; print \"clone_parent \", ($pid < 0 ? $! + 0 : \"made\"),"
        " \"\\n\"; my $child = fork; exit 3 if $child == 0; waitpid($child, 0);"
        " print \"fork \", $? >> 8, \"\\n\"'";
    const bool python = fs::exists("/usr/bin/python3");
    if (python)
        script +=
            "; python3 -c 'import os, subprocess, threading\n"
            "t = threading.Thread(target=print, args=(\"thread\",)); t.start(); t.join()\n"
            "pid = os.posix_spawn(\"/bin/sh\", [\"sh\", \"-c\", \"exit 5\"], {})\n"
            "print(\"spawn\", os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))\n"
            "print(\"subprocess\", subprocess.run([\"/bin/sh\", \"-c\", \"exit 4\"]).returncode)'";
    // The roomy default limits: Python's start alone took over 1 s of CPU in the emulated
    // cgroup-v2 VM (judge/vm), and this test is about what the filter lets through.
    RunResult result = run_script(script);
    EXPECT_TRUE(result.exited && result.exit_code == 0) << err();
    EXPECT_EQ(out(), std::string("clone_parent 1\nfork 3\n") +
                         (python ? "thread\nspawn 5\nsubprocess 4\n" : ""))
        << err();
}

TEST_P(Sandbox, WhatDropsOrProbesThePageCacheIsRefused) {
    // Cached pages of /usr outlive every run: dropping them or asking which are cached would
    // let a run tell a later one something. Each call names its errno (1: EPERM, 95:
    // EOPNOTSUPP), or "done".
    RunResult result = run_script(
        "perl -e 'open(my $file, \"<\", \"/usr/bin/perl\") or die; my $fd = fileno($file);"
        " my $buffer = \"\\0\" x 64; my $range = pack(\"QQ\", 0, 4096);"
        " sub show { print \"$_[0] \", ($_[1] < 0 ? $! + 0 : \"done\"), \"\\n\" }"
        " show(\"fadvise\", syscall(221, $fd, 0, 0, 4));"
        " show(\"mincore\", syscall(27, 0, 0, $buffer));"
        " show(\"cachestat\", syscall(451, $fd, $range, $buffer, 0));"
        " show(\"preadv2_nowait\", syscall(327, $fd, 0, 0, 0, 0, 8));"
        " show(\"madvise_pageout\", syscall(28, 0, 0, 21));"
        " show(\"madvise_cold\", syscall(28, 0, 0, 20));"
        " show(\"preadv2\", syscall(327, $fd, 0, 0, 0, 0, 0));"
        " show(\"madvise_dontneed\", syscall(28, 0, 0, 4));'");
    EXPECT_TRUE(result.exited && result.exit_code == 0) << err();
    EXPECT_EQ(out(),
              "fadvise 1\nmincore 1\ncachestat 1\npreadv2_nowait 95\nmadvise_pageout 1\n"
              "madvise_cold 1\npreadv2 done\nmadvise_dontneed done\n")
        << err();
}

INSTANTIATE_TEST_SUITE_P(Modes,
                         Sandbox,
                         ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& mode) {
                             return mode.param ? "Cgroups" : "Fallback";
                         });

/// The filter refuses CLONE_PARENT in a box. A jury's program runs without one: as root with
/// cgroups, the judge thread starts it directly (no keeper), and a child it makes with
/// CLONE_PARENT is the judge thread's, out of reach of the namespace's init. The judge must
/// reap those children itself: neither wait for them until a runner error (they count in the
/// run's pids.current until reaped) nor keep their zombies.
TEST(DirectRun, ChildrenMadeWithCloneParentAreReapedByTheJudge) {
    if (::geteuid() != 0) GTEST_SKIP() << "direct runs are root's";
    RunRequest request;
    // 20 such children: the odd ones exit at once, the even ones sleep until the sweep.
    request.argv = {"/usr/bin/perl", "-e",
                    "use POSIX (); my $made = 0; for my $i (1 .. 20) {"
                    " my $pid = syscall(56, 0x8000 | 17, 0, 0, 0, 0);"
                    " if ($pid == 0) { sleep 30 if $i % 2 == 0; POSIX::_exit(0) }"
                    " $made++ if $pid > 0 } print \"$made\\n\""};
    request.stdout_path = "/dev/null";
    // Roomy: 21 perl processes take over a second of CPU in an emulated VM under load, and the
    // test is about reaping, not limits.
    request.limits.cpu_ms = 20'000;
    request.limits.wall_ms = 60'000;
    RunResult result;
    ASSERT_NO_THROW(result = run_process(request));
    if (!result.memory_source.starts_with("cgroup"))
        GTEST_SKIP() << "no cgroups: the run had a keeper";
    EXPECT_TRUE(result.exited && result.exit_code == 0)
        << "exit " << result.exit_code << ", signal " << result.term_signal << ", limit "
        << static_cast<int>(result.limit_hit) << ", cpu " << result.cpu_ms << " ms, wall "
        << result.wall_ms << " ms";
    EXPECT_GE(result.leftover_processes_killed, 10);
    // No zombie is left among this thread's children.
    std::ifstream children("/proc/thread-self/children");
    for (pid_t pid = 0; children >> pid;) {
        std::string stat = read_all("/proc/" + std::to_string(pid) + "/stat");
        std::size_t end = stat.rfind(')');
        ASSERT_NE(end, std::string::npos) << stat;
        EXPECT_NE(stat.substr(end + 2, 1), "Z") << "an unreaped child: " << stat;
    }
}

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

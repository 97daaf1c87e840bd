// What only a cgroup measures (issue 27): memory outside any process's resident set (two
// processes at once, tmpfs, a memfd, socket buffers) and the CPU of children the kernel reaps
// itself. Runs on whatever backend this machine gives (v1 here; v2 in the VM of
// judge/vm/cgroup2_vm.sh, as root and as nobody in a delegated cgroup). Without cgroups these
// tests skip, unless JUDGE_REQUIRE_CGROUPS is set (the VM sets it: there they must be measured),
// and JUDGE_EXPECT_MEMORY_SOURCE names the backend a run must say it was measured by.
#include "running/cgroup_pool.hpp"
#include "running/process_runner.hpp"
#include "running/sandbox.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "fixtures/fixture_path.hpp"
#include "util/files.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

using test::fixture;

Limits limits_of(std::int64_t cpu_ms, std::int64_t memory_mib) {
    Limits limits;
    limits.cpu_ms = cpu_ms;
    limits.wall_ms = 60'000;  // far: a loaded machine may take long; these are about CPU/memory
    limits.memory_kib = memory_mib * 1024;
    limits.max_processes = 16;
    return limits;
}

class CgroupMeasurement : public ::testing::TestWithParam<bool> {
 protected:
    void SetUp() override {
        if (GetParam() && !sandbox_support().available) GTEST_SKIP() << "no sandbox here";
        ::chmod(dir_.path().c_str(), 0777);  // a root judge's box runs as another uid
        RunResult probe = run("ac/echo", "", limits_of(5000, 64));
        if (!probe.memory_source.starts_with("cgroup")) {
            if (std::getenv("JUDGE_REQUIRE_CGROUPS"))
                FAIL() << "runs are not measured by cgroups here ("
                       << detail::cgroup_unavailable_reason() << ")";
            GTEST_SKIP() << "no cgroups here: " << detail::cgroup_unavailable_reason();
        }
    }

    RunResult run(const std::string& name,
                  const std::string& mode,
                  const Limits& limits,
                  const std::string& amount = "") {
        RunRequest request;
        request.argv = {fixture(name), GetParam() ? "/box/pids" : (dir_.path() / "pids").string()};
        if (!mode.empty()) request.argv.push_back(mode);
        if (!amount.empty()) request.argv.push_back(amount);
        request.stdout_path = (dir_.path() / "out").string();
        request.stderr_path = (dir_.path() / "err").string();
        request.limits = limits;
        request.sandbox.enabled = GetParam();
        request.sandbox.work_dir = dir_.path().string();
        RunResult result = run_process(request);
        if (const char* expected = std::getenv("JUDGE_EXPECT_MEMORY_SOURCE")) {
            EXPECT_EQ(result.memory_source, expected);
        }
        return result;
    }

    std::string out() const {
        std::ifstream in(dir_.path() / "out");
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

    TempDir dir_{"judge-measure"};
};

TEST_P(CgroupMeasurement, ACorrectProgramIsMeasuredByTheRunsCgroup) {
    RunResult result = run("ac/echo", "", limits_of(5000, 64));
    EXPECT_TRUE(result.exited && result.exit_code == 0);
    EXPECT_EQ(result.limit_hit, LimitHit::None);
    EXPECT_GT(result.peak_memory_kib, 0);
    EXPECT_LT(result.peak_memory_kib, 64 * 1024);
}

TEST_P(CgroupMeasurement, TwoProcessesOf48MiBAtOnceUnder64MiBAreMemory) {
    RunResult result = run("measure/beyond_rss", "two-hogs", limits_of(10'000, 64), "48");
    EXPECT_EQ(result.limit_hit, LimitHit::Memory) << out();
}

TEST_P(CgroupMeasurement, TwoProcessesOf16MiBUnder64MiBAreFine) {
    // The other side of the test above: the limit is the sum, not a wrong one.
    RunResult result = run("measure/beyond_rss", "two-hogs", limits_of(10'000, 64), "16");
    EXPECT_EQ(result.limit_hit, LimitHit::None) << out();
    EXPECT_EQ(out(), "held 16 MiB twice\n");
    EXPECT_GT(result.peak_memory_kib, 32 * 1024);
}

TEST_P(CgroupMeasurement, A96MiBFileInDevShmUnder64MiBIsNotAccepted) {
    // Outside a box /dev/shm is the machine's: only the box's own tmpfs is written.
    if (!GetParam()) GTEST_SKIP() << "writes only to a box's /dev/shm";
    RunResult result = run("measure/beyond_rss", "shm", limits_of(10'000, 64), "96");
    EXPECT_FALSE(result.exited && result.exit_code == 0 && result.limit_hit == LimitHit::None)
        << out();
}

TEST_P(CgroupMeasurement, A96MiBMemfdUnder64MiBIsMemory) {
    RunResult result = run("measure/beyond_rss", "memfd", limits_of(10'000, 64), "96");
    EXPECT_EQ(result.limit_hit, LimitHit::Memory) << out();
}

TEST_P(CgroupMeasurement, SocketBuffersOver64MiBAreMemory) {
    RunResult result = run("measure/beyond_rss", "sockets", limits_of(10'000, 64), "128");
    EXPECT_EQ(result.limit_hit, LimitHit::Memory) << out();
}

TEST_P(CgroupMeasurement, ChildrenTheKernelReapsCountTheirCpu) {
    // Two children of 1.5 s of CPU each, SIGCHLD ignored: no rusage reaches the program.
    RunResult result = run("measure/beyond_rss", "auto-reaped", limits_of(1000, 64), "150");
    EXPECT_EQ(result.limit_hit, LimitHit::CpuTime) << out();
    EXPECT_GE(result.cpu_ms, 1000);
}

TEST_P(CgroupMeasurement, ASpinnerStopsWithin1100MsOfCpuUnderA1sLimit) {
    RunResult result = run("tle/spin", "", limits_of(1000, 64));
    EXPECT_EQ(result.limit_hit, LimitHit::CpuTime);
    EXPECT_GE(result.cpu_ms, 1000);
    EXPECT_LE(result.cpu_ms, 1100);
}

TEST_P(CgroupMeasurement, A512MiBHogUnder64MiBIsMemoryNeverARuntimeError) {
    RunResult result = run("mle/vector_growth", "", limits_of(10'000, 64));
    EXPECT_EQ(result.limit_hit, LimitHit::Memory);
    EXPECT_LE(result.peak_memory_kib, 64 * 1024);
}

INSTANTIATE_TEST_SUITE_P(Modes,
                         CgroupMeasurement,
                         ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& boxed) {
                             return std::string(boxed.param ? "Sandbox" : "Plain");
                         });

}  // namespace
}  // namespace judge

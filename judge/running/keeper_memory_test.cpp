// The keeper may share the judge's memory (CLONE_VM, see process_runner.cpp): the judge's own
// size must never show in a program's peak memory. A judge that once held a lot of memory (its
// high-water mark stays) runs a tiny program under a small memory limit: no MLE, a small peak,
// in every mode. (execve counts the peak of the memory a process leaves into its ru_maxrss, so
// a keeper sharing the judge's memory in the rusage fallback would report the judge's peak.)
#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstring>

#include "running/process_runner.hpp"

namespace judge {
namespace {

constexpr std::size_t kJudgePeakBytes = std::size_t{192} << 20;
constexpr std::int64_t kProgramLimitKib = 64 * 1024;

/// Raises this process's resident high-water mark by kJudgePeakBytes, then gives it back.
void peak_and_release() {
    void* block = ::mmap(nullptr, kJudgePeakBytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(block, MAP_FAILED);
    std::memset(block, 1, kJudgePeakBytes);
    ::munmap(block, kJudgePeakBytes);
}

class KeeperMemory : public ::testing::TestWithParam<std::pair<bool, bool>> {};

TEST_P(KeeperMemory, TheJudgesPeakIsNotTheProgramsPeak) {
    const auto [cgroups, sandbox] = GetParam();
    if (sandbox && !sandbox_support().available) GTEST_SKIP() << sandbox_support().description;
    peak_and_release();
    RunRequest request;
    request.argv = {"/usr/bin/true"};
    request.limits.memory_kib = kProgramLimitKib;
    request.use_cgroups = cgroups;
    request.sandbox.enabled = sandbox;
    for (int run = 0; run < 3; ++run) {
        RunResult result = run_process(request);
        EXPECT_TRUE(result.exited && result.exit_code == 0) << result.memory_source;
        EXPECT_EQ(result.limit_hit, LimitHit::None) << result.memory_source;
        EXPECT_LT(result.peak_memory_kib, kProgramLimitKib) << result.memory_source;
    }
}

INSTANTIATE_TEST_SUITE_P(Modes,
                         KeeperMemory,
                         ::testing::Values(std::pair{true, false},
                                           std::pair{false, false},
                                           std::pair{true, true},
                                           std::pair{false, true}),
                         [](const auto& mode) {
                             return std::string(mode.param.second ? "Sandbox" : "") +
                                    (mode.param.first ? "Cgroups" : "Fallback");
                         });

}  // namespace
}  // namespace judge

#include "checking/jury_program.hpp"

#include <gtest/gtest.h>

#include "building/languages.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

JuryLimitsBasis basis() {
    JuryLimitsBasis result;
    result.solution.cpu_ms = 2000;
    result.solution.wall_ms = 9000;
    result.solution.memory_kib = 512 * 1024;
    result.solution.output_kib = 4096;
    result.jury_cpu_ms = 7000;
    return result;
}

TEST(JuryProgram, TheLimitsTable) {
    Limits generator = jury_limits(JuryRole::Generator, basis());
    EXPECT_EQ(generator.cpu_ms, 30000);
    EXPECT_EQ(generator.wall_ms, 61000);
    EXPECT_EQ(generator.output_kib, 256 * 1024);
    EXPECT_EQ(generator.max_processes, 16);
    for (JuryRole role : {JuryRole::Validator, JuryRole::Checker}) {
        Limits limits = jury_limits(role, basis());
        EXPECT_EQ(limits.cpu_ms, 7000);
        EXPECT_EQ(limits.wall_ms, 15000);
        EXPECT_EQ(limits.memory_kib, 4 * 1024 * 1024);
        EXPECT_EQ(limits.output_kib, 1024);
    }
    // The interactor waits as long as the solution may run.
    JuryLimitsBasis slow = basis();
    slow.solution.wall_ms = 60000;
    EXPECT_EQ(jury_limits(JuryRole::Interactor, basis()).wall_ms, 15000);
    EXPECT_EQ(jury_limits(JuryRole::Interactor, slow).wall_ms, 61000);
    Limits reference = jury_limits(JuryRole::Reference, basis());
    EXPECT_EQ(reference.cpu_ms, 2000);
    EXPECT_EQ(reference.memory_kib, 512 * 1024);
    Limits sanitized = jury_limits(JuryRole::SanitizedRerun, basis());
    EXPECT_EQ(sanitized.cpu_ms, 10000);
    EXPECT_EQ(sanitized.wall_ms, 45000);
    EXPECT_EQ(sanitized.memory_kib, 512 * 1024 + 1024 * 1024);
    EXPECT_EQ(sanitized.output_kib, 4096);
}

TEST(JuryProgram, ALanguageGetsItsProcessMinimum) {
    Language jvm_like = languages().front();
    jvm_like.min_processes = 64;
    EXPECT_EQ(jury_limits(JuryRole::Checker, basis(), &jvm_like).max_processes, 64);
    EXPECT_EQ(jury_limits(JuryRole::Checker, basis(), nullptr).max_processes, 16);
}

TEST(JuryProgram, BasisComesFromTheProblem) {
    ProblemSettings problem;
    problem.limits.cpu_ms = 1234;
    problem.jury_time_limit_ms = 4321;
    JuryLimitsBasis from = jury_basis(problem);
    EXPECT_EQ(from.solution.cpu_ms, 1234);
    EXPECT_EQ(from.jury_cpu_ms, 4321);
}

TEST(JuryProgram, RequestUsesCgroupsAndNoSandbox) {
    Program program;
    program.command = {"/bin/true"};
    RunRequest request = jury_request(JuryRole::Validator, program, {"--flag"}, basis());
    EXPECT_TRUE(request.use_cgroups);
    EXPECT_FALSE(request.sandbox.enabled);
    EXPECT_EQ(request.argv, (std::vector<std::string>{"/bin/true", "--flag"}));
    EXPECT_EQ(request.limits.cpu_ms, 7000);
}

TEST(JuryProgram, FailuresReadTheSameEverywhere) {
    RunResult run;
    run.exited = true;
    run.exit_code = 5;
    EXPECT_EQ(describe_jury_failure(JuryRole::Generator, run, {}, "bad -n"),
              "generator exited with code 5: bad -n");
    run.limit_hit = LimitHit::CpuTime;
    Limits limits;
    limits.cpu_ms = 30000;
    EXPECT_EQ(describe_jury_failure(JuryRole::Checker, run, limits, ""),
              "checker exceeded its CPU time limit of 30000 ms");
    EXPECT_FALSE(exited_cleanly(run));
    run.limit_hit = LimitHit::None;
    run.exit_code = 0;
    EXPECT_TRUE(exited_cleanly(run));
}

TEST(JuryProgram, ARunnerErrorIsAMessageNotAnException) {
    TempDir dir("jury-test");
    Program missing = test::as_program(dir.path() / "no-such-program");
    RunRequest request = jury_request(JuryRole::Generator, missing, {}, basis());
    JuryRun run = run_jury(JuryRole::Generator, request);
    ASSERT_TRUE(run.runner_error);
    EXPECT_EQ(run.runner_error->rfind("cannot run the generator: ", 0), 0u) << *run.runner_error;
}

}  // namespace
}  // namespace judge

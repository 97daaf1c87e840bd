#include "checking/judging.hpp"

#include <gtest/gtest.h>

#include <sched.h>

#include <csignal>
#include <fstream>
#include <set>
#include <string>

#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

Limits limits_of(std::int64_t cpu_ms, std::int64_t memory_kib = 65536) {
    Limits limits;
    limits.cpu_ms = cpu_ms;
    limits.wall_ms = 2 * cpu_ms + 1000;
    limits.memory_kib = memory_kib;
    limits.output_kib = 1024;
    return limits;
}

RunResult clean_exit(std::int64_t cpu_ms = 5) {
    RunResult run;
    run.exited = true;
    run.cpu_ms = cpu_ms;
    return run;
}

TEST(ClassifyRun, CleanExitLeavesItToTheChecker) {
    EXPECT_FALSE(classify_run(clean_exit(), limits_of(1000)).verdict.has_value());
}

TEST(ClassifyRun, LimitHitsComeBeforeTheExitStatus) {
    RunResult run;
    run.signaled = true;
    run.term_signal = SIGKILL;  // how a limit kill looks from the exit status alone
    run.limit_hit = LimitHit::CpuTime;
    EXPECT_EQ(classify_run(run, limits_of(1000)).verdict, Verdict::TLE);
    run.limit_hit = LimitHit::WallTime;
    EXPECT_EQ(classify_run(run, limits_of(1000)).verdict, Verdict::TLE);
    run.limit_hit = LimitHit::Memory;
    EXPECT_EQ(classify_run(run, limits_of(1000)).verdict, Verdict::MLE);
    run.limit_hit = LimitHit::Output;
    EXPECT_EQ(classify_run(run, limits_of(1000)).verdict, Verdict::OLE);
}

TEST(ClassifyRun, MeasuredValuesOverTheLimitCountEvenWithoutLimitHit) {
    EXPECT_EQ(classify_run(clean_exit(1001), limits_of(1000)).verdict, Verdict::TLE);
    RunResult big = clean_exit();
    big.peak_memory_kib = 70000;
    EXPECT_EQ(classify_run(big, limits_of(1000, 65536)).verdict, Verdict::MLE);
    // Exactly at the limit is still inside it.
    EXPECT_FALSE(classify_run(clean_exit(1000), limits_of(1000)).verdict.has_value());
}

TEST(ClassifyRun, SignalAndExitCodeAreRuntimeErrorsWithDetail) {
    RunResult crashed;
    crashed.signaled = true;
    crashed.term_signal = SIGSEGV;
    auto classification = classify_run(crashed, limits_of(1000));
    EXPECT_EQ(classification.verdict, Verdict::RE);
    EXPECT_EQ(classification.detail, "killed by signal 11 (SIGSEGV)");
    RunResult exit3 = clean_exit();
    exit3.exit_code = 3;
    classification = classify_run(exit3, limits_of(1000));
    EXPECT_EQ(classification.verdict, Verdict::RE);
    EXPECT_EQ(classification.detail, "exit code 3");
}

TEST(ClassifyRun, NeitherExitNorSignalIsJudgeError) {
    RunResult odd;
    EXPECT_EQ(classify_run(odd, limits_of(1000)).verdict, Verdict::JE);
}

TEST(NearLimit, TwentyPercentEitherSide) {
    EXPECT_FALSE(is_near_limit(0, 1000, 0.2));
    EXPECT_FALSE(is_near_limit(799, 1000, 0.2));
    EXPECT_TRUE(is_near_limit(800, 1000, 0.2));
    EXPECT_TRUE(is_near_limit(1000, 1000, 0.2));
    EXPECT_TRUE(is_near_limit(1200, 1000, 0.2));
    EXPECT_FALSE(is_near_limit(1201, 1000, 0.2));
}

CaseRun synthetic_run(Verdict verdict, std::int64_t cpu_ms) {
    CaseRun run;
    run.verdict = verdict;
    run.run.cpu_ms = cpu_ms;
    run.run.wall_ms = cpu_ms + 10;
    run.run.wall_us = (cpu_ms + 10) * 1000 + 400;
    run.message = std::string(short_code(verdict)) + " at " + std::to_string(cpu_ms);
    return run;
}

TEST(SummarizeRuns, SingleRun) {
    CaseResult result;
    result.runs = {synthetic_run(Verdict::WA, 30)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::WA);
    EXPECT_EQ(result.cpu_ms, 30);
    EXPECT_EQ(result.cpu_spread_ms, 0);
    EXPECT_FALSE(result.unstable);
    // Summed in microseconds: what whole milliseconds would cut is kept.
    EXPECT_EQ(result.programs_wall_us, 40400);
}

TEST(SummarizeRuns, MedianDecidesAndDisagreementIsUnstable) {
    CaseResult result;
    result.runs = {synthetic_run(Verdict::WA, 1000), synthetic_run(Verdict::AC, 950),
                   synthetic_run(Verdict::AC, 900)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::AC);
    EXPECT_EQ(result.cpu_ms, 950);
    EXPECT_EQ(result.message, "AC at 950");
    EXPECT_EQ(result.cpu_spread_ms, 100);
    EXPECT_TRUE(result.unstable);
    EXPECT_FALSE(result.decided_by_limit);

    result = CaseResult{};
    result.runs = {synthetic_run(Verdict::AC, 990), synthetic_run(Verdict::TLE, 1001),
                   synthetic_run(Verdict::TLE, 1002)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::TLE);
    EXPECT_TRUE(result.unstable);

    result = CaseResult{};
    result.runs = {synthetic_run(Verdict::AC, 850), synthetic_run(Verdict::AC, 870),
                   synthetic_run(Verdict::AC, 860)};
    summarize_runs(result);
    EXPECT_EQ(result.cpu_ms, 860);
    EXPECT_FALSE(result.unstable);
}

TEST(SummarizeRuns, EvenCountTakesLowerMiddle) {
    CaseResult result;
    result.runs = {synthetic_run(Verdict::WA, 1001), synthetic_run(Verdict::AC, 900)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::AC);
    EXPECT_TRUE(result.unstable);
}

// Issue 28: a TLE split over the reruns (one run over the limit, the median under it) is TLE.
TEST(SummarizeRuns, ALimitHitInAnyRunDecidesWhenRunsDisagree) {
    CaseResult result;
    result.runs = {synthetic_run(Verdict::TLE, 1003), synthetic_run(Verdict::AC, 950),
                   synthetic_run(Verdict::AC, 900)};
    result.runs[0].run.peak_memory_kib = 777;
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::TLE);
    EXPECT_TRUE(result.unstable);
    EXPECT_TRUE(result.decided_by_limit);
    EXPECT_EQ(result.message, "runs disagreed (TLE, AC, AC): a limit was hit, so TLE; TLE at 1003");
    // The figures of the run that decided, the spread of all.
    EXPECT_EQ(result.cpu_ms, 1003);
    EXPECT_EQ(result.wall_ms, 1013);
    EXPECT_EQ(result.peak_memory_kib, 777);
    EXPECT_EQ(result.cpu_spread_ms, 103);

    // Wherever the run that hit the limit is, and whatever the others said.
    result = CaseResult{};
    result.runs = {synthetic_run(Verdict::AC, 990), synthetic_run(Verdict::AC, 980),
                   synthetic_run(Verdict::TLE, 1001)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::TLE);
    result = CaseResult{};
    result.runs = {synthetic_run(Verdict::WA, 990), synthetic_run(Verdict::TLE, 1001),
                   synthetic_run(Verdict::WA, 980)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::TLE);
    EXPECT_EQ(result.message, "runs disagreed (WA, TLE, WA): a limit was hit, so TLE; TLE at 1001");
    for (Verdict limit : {Verdict::MLE, Verdict::OLE}) {
        result = CaseResult{};
        result.runs = {synthetic_run(Verdict::AC, 850), synthetic_run(limit, 860),
                       synthetic_run(Verdict::AC, 870)};
        summarize_runs(result);
        EXPECT_EQ(result.verdict, limit);
        EXPECT_TRUE(result.decided_by_limit);
    }
}

TEST(SummarizeRuns, SeveralLimitsDecideInTheOrderTleMleOle) {
    CaseResult result;
    result.runs = {synthetic_run(Verdict::OLE, 850), synthetic_run(Verdict::MLE, 860),
                   synthetic_run(Verdict::TLE, 1001)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::TLE);
    EXPECT_EQ(result.cpu_ms, 1001);
    result = CaseResult{};
    result.runs = {synthetic_run(Verdict::OLE, 850), synthetic_run(Verdict::AC, 860),
                   synthetic_run(Verdict::MLE, 870)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::MLE);
    EXPECT_EQ(result.cpu_ms, 870);
}

TEST(SummarizeRuns, RunsThatAgreeKeepTheMedian) {
    CaseResult result;
    result.runs = {synthetic_run(Verdict::TLE, 1010), synthetic_run(Verdict::TLE, 1002),
                   synthetic_run(Verdict::TLE, 1005)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::TLE);
    EXPECT_EQ(result.cpu_ms, 1005);
    EXPECT_EQ(result.message, "TLE at 1005");
    EXPECT_FALSE(result.unstable);
    EXPECT_FALSE(result.decided_by_limit);
    result = CaseResult{};
    result.runs = {synthetic_run(Verdict::AC, 850), synthetic_run(Verdict::AC, 830),
                   synthetic_run(Verdict::AC, 840)};
    summarize_runs(result);
    EXPECT_EQ(result.verdict, Verdict::AC);
    EXPECT_EQ(result.cpu_ms, 840);
    EXPECT_FALSE(result.decided_by_limit);
}

TEST(SolutionRunRequest, SandboxedByDefault) {
    ProblemSettings problem;
    problem.limits = limits_of(700);
    TestCase test_case;
    test_case.input = "/cases/1.in";
    JudgeOptions options;
    options.solution = test::as_program("/bin/solution");
    RunRequest request = solution_run_request(problem, test_case, options, "/work/secret_1", 2);
    EXPECT_TRUE(request.sandbox.enabled);
    EXPECT_EQ(request.argv, std::vector<std::string>{"/bin/solution"});
    EXPECT_EQ(request.stdin_path, "/cases/1.in");
    EXPECT_EQ(request.stdout_path, "/work/secret_1/run-2.out");
    EXPECT_EQ(request.stderr_path, "/work/secret_1/run-2.err");
    EXPECT_EQ(request.limits.cpu_ms, 700);
}

TEST(SolutionRunRequest, NoSandboxReachesTheRequest) {
    JudgeOptions options;
    options.sandbox = false;  // what judge run --no-sandbox sets
    RunRequest request = solution_run_request(ProblemSettings{}, TestCase{}, options, "/w", 0);
    EXPECT_FALSE(request.sandbox.enabled);
    EXPECT_FALSE(submission_sandbox(false).enabled);
    EXPECT_TRUE(submission_sandbox(true).enabled);
}

// judge_case with scripts for solution and checker: the checker compares output and answer.
class JudgeCase : public ::testing::Test {
 protected:
    TempDir dir{"judge-judging-test"};
    ProblemSettings problem;
    JudgeOptions options;
    TestCase test_case;

    void SetUp() override {
        problem.id = "t";
        problem.limits = limits_of(1000);
        options.work_dir = dir.path() / "work";
        options.checker = test::as_program(test::write_script(
            dir.path() / "checker.sh",
            "cmp -s \"$2\" \"$3\" && { echo 'ok same' >&2; exit 0; }; echo 'wrong answer "
            "differs' >&2; exit 1"));
        test_case.group = "secret";
        test_case.name = "1";
        test_case.input = test::write_text(dir.path() / "1.in", "1 2\n");
        test_case.answer = test::write_text(dir.path() / "1.ans", "3\n");
    }

    CaseResult judge(const std::string& solution_body) {
        options.solution =
            test::as_program(test::write_script(dir.path() / "solution.sh", solution_body));
        return judge_case(problem, test_case, options);
    }
};

TEST_F(JudgeCase, Accepted) {
    CaseResult result = judge("echo 3");
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    EXPECT_EQ(result.message, "ok same");
    EXPECT_EQ(result.runs.size(), 1u);
    EXPECT_GT(result.programs_wall_us, -1);
    EXPECT_FALSE(result.memory_source.empty());
    // The case's scratch folder is gone afterwards.
    EXPECT_FALSE(fs::exists(options.work_dir / case_folder_name(test_case)));
}

TEST_F(JudgeCase, WrongAnswerCarriesCheckerMessage) {
    CaseResult result = judge("echo 4");
    EXPECT_EQ(result.verdict, Verdict::WA);
    EXPECT_EQ(result.message, "wrong answer differs");
}

TEST_F(JudgeCase, ReadsTheInputOnStdin) {
    CaseResult result = judge("read a b; echo $((a + b))");
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
}

TEST_F(JudgeCase, RuntimeErrorSkipsChecker) {
    CaseResult result = judge("echo 3; exit 3");
    EXPECT_EQ(result.verdict, Verdict::RE);
    EXPECT_EQ(result.message, "exit code 3");
}

TEST_F(JudgeCase, RuntimeErrorShowsFirstLineOfStderr) {
    CaseResult result =
        judge("echo 'solution: Assertion n > 0 failed.' >&2; echo more >&2; kill -ABRT $$");
    EXPECT_EQ(result.verdict, Verdict::RE);
    EXPECT_EQ(result.message,
              "killed by signal 6 (SIGABRT); stderr: solution: Assertion n > 0 failed.");
}

TEST_F(JudgeCase, MissingAnswerIsJudgeError) {
    test_case.answer.reset();
    CaseResult result = judge("echo 3");
    EXPECT_EQ(result.verdict, Verdict::JE);
    EXPECT_NE(result.message.find("1.ans"), std::string::npos) << result.message;
    EXPECT_TRUE(result.runs.empty());
}

TEST_F(JudgeCase, MissingAnswerIsFineWhenCheckerNeedsNone) {
    problem.checker_needs_ans = false;
    test_case.answer.reset();
    options.checker = test::as_program(test::write_script(dir.path() / "any.sh", "exit 0"));
    EXPECT_EQ(judge("echo 3").verdict, Verdict::AC);
}

TEST_F(JudgeCase, CheckerFailIsJudgeErrorNotWrongAnswer) {
    options.checker = test::as_program(
        test::write_script(dir.path() / "fail.sh", "echo 'FAIL bad ans' >&2; exit 3"));
    CaseResult result = judge("echo 3");
    EXPECT_EQ(result.verdict, Verdict::JE);
    EXPECT_NE(result.message.find("FAIL bad ans"), std::string::npos);
}

TEST_F(JudgeCase, InvalidInputIsJudgeErrorNamingFile) {
    options.validators = {
        {test::as_program(test::write_script(dir.path() / "validator.sh",
                                             "echo 'n: expected an integer' >&2; exit 3")),
         JuryProtocol::Testlib, "validator"}};
    CaseResult result = judge("echo 3");
    EXPECT_EQ(result.verdict, Verdict::JE);
    EXPECT_NE(result.message.find("1.in"), std::string::npos) << result.message;
    EXPECT_NE(result.message.find("n: expected an integer"), std::string::npos);
    EXPECT_TRUE(result.runs.empty());
}

TEST_F(JudgeCase, ValidInputIsJudged) {
    options.validators = {
        {test::as_program(test::write_script(dir.path() / "validator.sh", "exit 0")),
         JuryProtocol::Testlib, "validator"}};
    EXPECT_EQ(judge("echo 3").verdict, Verdict::AC);
}

TEST_F(JudgeCase, FarFromLimitIsNotRerun) {
    options.reruns = 3;
    EXPECT_EQ(judge("echo 3").runs.size(), 1u);
}

TEST_F(JudgeCase, NearLimitIsRerunAndReportsMedian) {
    // A program that spins until its own CPU time (user + system, in 10 ms ticks, read by the
    // shell itself) reaches 850 ms lands within 20 % under the 1000 ms limit: it runs 1 + 2 times.
    problem.limits = limits_of(1000);
    problem.limits.wall_ms = 20'000;  // a busy machine stretches 850 ms of CPU
    options.reruns = 2;
    CaseResult result = judge(
        "while read -r pid comm state ppid pgrp session tty tpgid flags minflt cminflt majflt "
        "cmajflt utime stime rest < /proc/$$/stat && [ $((utime + stime)) -lt 85 ]; do :; done; "
        "echo 3");
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    ASSERT_EQ(result.runs.size(), 3u);
    EXPECT_FALSE(result.unstable);
    for (const auto& run : result.runs) EXPECT_GE(run.run.cpu_ms, 800);
}

TEST_F(JudgeCase, OverTheTimeLimitIsNotRerun) {
    // A TLE in any run decides the case: reruns could not change it.
    problem.limits = limits_of(300);
    options.reruns = 2;
    CaseResult result = judge("while :; do :; done");
    EXPECT_EQ(result.verdict, Verdict::TLE) << result.message;
    EXPECT_EQ(result.runs.size(), 1u);
}

// The runner's own word on the solution's run: a sandbox; where none can be made, no run at
// all (JE naming why), never a silent bare run.
TEST_F(JudgeCase, SolutionRunIsSandboxedByDefault) {
    CaseResult result = judge("echo 3");
    ASSERT_EQ(result.runs.size(), 1u);
    if (!sandbox_support().available) {
        EXPECT_EQ(result.verdict, Verdict::JE);
        EXPECT_NE(result.message.find("no sandbox can be made here"), std::string::npos)
            << result.message;
        return;
    }
    EXPECT_TRUE(result.runs[0].run.isolation.starts_with("sandbox"))
        << result.runs[0].run.isolation;
}

// Passes once the runner fills RunResult::isolation ("none": not asked for).
TEST_F(JudgeCase, NoSandboxRunsBare) {
    options.sandbox = false;
    CaseResult result = judge("echo 3");
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    ASSERT_EQ(result.runs.size(), 1u);
    EXPECT_EQ(result.runs[0].run.isolation, "none");
}

TEST_F(JudgeCase, KeepOutputs) {
    options.keep_outputs = true;
    judge("echo 3");
    EXPECT_TRUE(fs::exists(options.work_dir / "secret_1" / "run-0.out"));
}

// Twelve a+b cases judged by a shell solution; case `wrong` has a wrong answer on purpose.
struct TwelveCases {
    TempDir dir{"judge-judging-test"};
    ProblemSettings problem;
    JudgeOptions options;
    std::vector<TestCase> cases;

    explicit TwelveCases(int wrong) {
        problem.id = "t";
        problem.limits = limits_of(1000);
        options.work_dir = dir.path() / "work";
        options.checker =
            test::as_program(test::write_script(dir.path() / "checker.sh", "cmp -s \"$2\" \"$3\""));
        options.solution = test::as_program(
            test::write_script(dir.path() / "solution.sh", "read a b; echo $((a + b))"));
        for (int i = 0; i < 12; ++i) {
            TestCase test_case;
            test_case.name = std::to_string(i);
            test_case.input =
                test::write_text(dir.path() / (test_case.name + ".in"), std::to_string(i) + " 1\n");
            test_case.answer = test::write_text(dir.path() / (test_case.name + ".ans"),
                                                std::to_string(i == wrong ? 0 : i + 1) + "\n");
            cases.push_back(test_case);
        }
    }
};

TEST(JudgeCases, StopAtFirstFailureReturnsTheCasesUpToIt) {
    for (int jobs : {1, 3}) {
        TwelveCases twelve(4);
        twelve.options.stop_at_first_failure = true;
        auto results = judge_cases(twelve.problem, twelve.cases, twelve.options, jobs);
        ASSERT_EQ(results.size(), 5u) << jobs << " jobs";
        for (std::size_t i = 0; i < results.size(); ++i)
            EXPECT_EQ(results[i].verdict, i == 4 ? Verdict::WA : Verdict::AC) << i;
    }
}

TEST(JudgeCases, ParallelKeepsOrderAndReportsEachCase) {
    TwelveCases twelve(5);
    const auto& cases = twelve.cases;
    std::vector<int> seen(cases.size(), 0);
    auto results = judge_cases(twelve.problem, cases, twelve.options, 3,
                               [&](std::size_t index, const CaseResult&) { ++seen[index]; });
    ASSERT_EQ(results.size(), cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        EXPECT_EQ(results[i].test_case.name, cases[i].name);
        EXPECT_EQ(results[i].verdict, i == 5 ? Verdict::WA : Verdict::AC) << i;
        EXPECT_EQ(seen[i], 1);
    }
}

TEST(JudgeCases, EachWorkerAndTheProgramsItStartsStayOnOneCpu) {
    // Each worker is bound to a CPU of its own (wrapping around): the checker it starts records
    // where it may run. Without the binding, the programs get the judge's CPUs; either way the
    // calling thread has its own back at the end.
    cpu_set_t all;
    ASSERT_EQ(::sched_getaffinity(0, sizeof all, &all), 0);
    const std::string own_list = [] {
        std::ifstream status("/proc/thread-self/status");
        for (std::string line; std::getline(status, line);)
            if (line.rfind("Cpus_allowed_list:", 0) == 0) return line.substr(line.find('\t') + 1);
        return std::string();
    }();
    for (bool bind : {true, false}) {
        for (int jobs : {1, 2}) {
            TwelveCases twelve(-1);
            twelve.options.bind_workers_to_cpus = bind;
            twelve.options.sandbox = false;  // the checker records into a host file
            const fs::path seen = twelve.dir.path() / "cpus";
            twelve.options.checker = test::as_program(
                test::write_script(twelve.dir.path() / "recording-checker.sh",
                                   "grep Cpus_allowed_list /proc/self/status | cut -f2 >> " +
                                       seen.string() + "; cmp -s \"$2\" \"$3\""));
            auto results = judge_cases(twelve.problem, twelve.cases, twelve.options, jobs);
            ASSERT_EQ(results.size(), 12u);
            for (const CaseResult& result : results) EXPECT_EQ(result.verdict, Verdict::AC);
            std::ifstream in(seen);
            std::set<std::string> lists;
            for (std::string list; std::getline(in, list);) lists.insert(list);
            ASSERT_FALSE(lists.empty());
            for (const std::string& list : lists) {
                if (bind) {
                    EXPECT_EQ(list.find_first_of(",-"), std::string::npos) << jobs << ": " << list;
                } else {
                    EXPECT_EQ(list, own_list) << jobs;
                }
            }
            if (bind) {
                EXPECT_LE(lists.size(), static_cast<std::size_t>(std::min(jobs, CPU_COUNT(&all))));
            }
            cpu_set_t after;
            ASSERT_EQ(::sched_getaffinity(0, sizeof after, &after), 0);
            EXPECT_TRUE(CPU_EQUAL(&after, &all)) << bind << ", " << jobs << " jobs";
        }
    }
}

TEST(JudgeCases, AWorkersFolderKeepsOnlyItsCapturesFromCaseToCase) {
    // Each worker judges its cases in one folder: the output files are reused (one inode for
    // all the cases of --jobs 1), anything else a case left there is gone before the next
    // (here a checker's file and a link named like an output), and the folder at the end.
    for (int jobs : {1, 2}) {
        TwelveCases twelve(-1);
        twelve.options.sandbox = false;  // only an unboxed checker can leave files there
        const fs::path inodes = twelve.dir.path() / "inodes";
        twelve.options.checker = test::as_program(test::write_script(
            twelve.dir.path() / "leaving-checker.sh",
            "d=$(dirname \"$2\"); [ -e \"$d/left\" ] || [ -L \"$d/run-7.out\" ] && exit 1; "
            "touch \"$d/left\"; ln -s /dev/null \"$d/run-7.out\"; stat -c %i \"$2\" >> " +
                inodes.string() + "; cmp -s \"$2\" \"$3\""));
        auto results = judge_cases(twelve.problem, twelve.cases, twelve.options, jobs);
        ASSERT_EQ(results.size(), 12u);
        for (std::size_t i = 0; i < results.size(); ++i)
            EXPECT_EQ(results[i].verdict, Verdict::AC) << jobs << " jobs, case " << i;
        std::ifstream in(inodes);
        std::set<std::string> distinct;
        for (std::string inode; in >> inode;) distinct.insert(inode);
        EXPECT_LE(distinct.size(), static_cast<std::size_t>(jobs)) << jobs << " jobs";
        EXPECT_TRUE(fs::is_empty(twelve.options.work_dir)) << jobs << " jobs";
    }
}

TEST(JudgeCases, AWorkersFolderMadeAgainByAJuryProgramIsStillCleared) {
    // A checker that removes its worker's folder and makes it again, with a file in it: the
    // next case must not see that file (the folder's listing follows the new folder).
    TwelveCases twelve(-1);
    twelve.options.sandbox = false;  // only an unboxed checker can remake the folder
    twelve.options.checker = test::as_program(test::write_script(
        twelve.dir.path() / "remaking-checker.sh",
        "d=$(dirname \"$2\"); [ -e \"$d/left\" ] && exit 1; cmp -s \"$2\" \"$3\" || exit 1; "
        "rm -rf \"$d\"; mkdir \"$d\"; touch \"$d/left\""));
    auto results = judge_cases(twelve.problem, twelve.cases, twelve.options, 1);
    ASSERT_EQ(results.size(), 12u);
    for (std::size_t i = 0; i < results.size(); ++i)
        EXPECT_EQ(results[i].verdict, Verdict::AC) << "case " << i << ": " << results[i].message;
}

// The checker is a jury program and runs in its box: it reads the input, the output and the
// answer, and can write nothing of the host, not even beside the output or the input. With a
// worker's folder kept from case to case (no keep_outputs) a root judge's box shows the
// folder of the cases and the worker's whole, read-only, and is kept from case to case.
TEST(JudgeCases, TheCheckerIsBoxed) {
    if (!sandbox_support().available) GTEST_SKIP() << sandbox_support().description;
    for (bool keep_outputs : {true, false}) {
        TwelveCases twelve(-1);
        const fs::path escaped = twelve.dir.path() / "escaped";
        // /bin/sh -c: a binary (a #! script would need its fd 3 across the execve).
        twelve.options.checker.command = {
            "/bin/sh", "-c",
            "echo x >" + escaped.string() +
                " 2>/dev/null; touch \"$(dirname \"$2\")/left\" 2>/dev/null && exit 3; "
                "touch \"$(dirname \"$1\")/left\" 2>/dev/null && exit 4; cmp -s \"$2\" \"$3\"",
            "checker"};
        twelve.options.keep_outputs = keep_outputs;
        auto results = judge_cases(twelve.problem, twelve.cases, twelve.options, 1);
        ASSERT_EQ(results.size(), 12u);
        for (const CaseResult& result : results)
            EXPECT_EQ(result.verdict, Verdict::AC) << keep_outputs << ": " << result.message;
        EXPECT_FALSE(fs::exists(escaped));
        EXPECT_FALSE(fs::exists(twelve.dir.path() / "left"));
        for (const TestCase& test_case : twelve.cases)
            EXPECT_FALSE(
                fs::exists(twelve.options.work_dir / case_folder_name(test_case) / "left"));
    }
}

// The testlib interactor writes its output for the checker in its box's folder: a link it
// leaves there instead of a file is JE, and the checker (whose box would show it the link's
// target at that path) never runs.
TEST(JudgeInteractive, AnInteractorsOutputThatIsALinkIsJudgeError) {
    if (!sandbox_support().available) GTEST_SKIP() << sandbox_support().description;
    TempDir dir("judge-judging-test");
    ProblemSettings problem;
    problem.id = "t";
    problem.limits = limits_of(1000);
    problem.interactive = true;
    JudgeOptions options;
    options.work_dir = dir.path() / "work";
    options.solution =
        test::as_program(test::write_script(dir.path() / "solution.sh", "read x; echo $x"));
    options.interactor.command = {"/bin/sh", "-c", "echo 1; read y; ln -s /etc/passwd \"$2\"",
                                  "interactor"};
    const fs::path ran = dir.path() / "checker-ran";
    options.checker = test::as_program(
        test::write_script(dir.path() / "checker.sh", "touch " + ran.string() + "; exit 0"));
    options.sandbox = true;
    TestCase test_case;
    test_case.name = "1";
    test_case.input = test::write_text(dir.path() / "1.in", "1\n");
    test_case.answer = test::write_text(dir.path() / "1.ans", "1\n");
    CaseResult result = judge_case(problem, test_case, options);
    EXPECT_EQ(result.verdict, Verdict::JE) << result.message;
    EXPECT_NE(result.message.find("not a regular file"), std::string::npos) << result.message;
    EXPECT_FALSE(fs::exists(ran));
}

}  // namespace
}  // namespace judge

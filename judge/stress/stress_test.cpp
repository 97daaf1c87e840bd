#include "stress/stress.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

// A stand-in for judging a seed: fails (WA) on `failing`, a judge error on `broken`, records
// every seed it judged.
struct FakeJudge {
    std::set<long long> failing, broken;
    std::mutex mutex;
    std::set<long long> judged;
    std::set<fs::path> dirs;

    Trial operator()(long long seed, const fs::path& dir) {
        {
            std::lock_guard lock(mutex);
            judged.insert(seed);
            dirs.insert(dir);
        }
        Trial trial;
        trial.input = "seed " + std::to_string(seed);
        trial.isolation = "sandbox (test)";
        if (failing.count(seed)) {
            trial.failure = Verdict::WA;
            trial.message = "wrong on " + std::to_string(seed);
        }
        if (broken.count(seed)) trial.judge_error = "generator broke on " + std::to_string(seed);
        return trial;
    }
};

SeedRun run(FakeJudge& judge, SeedSchedule schedule, const fs::path& dir) {
    return run_seeds(
        schedule, [&](long long seed, const fs::path& worker) { return judge(seed, worker); }, dir);
}

TEST(StressSeeds, NoFailureJudgesEverySeedOnce) {
    TempDir dir("stress-test");
    for (int jobs : {1, 3}) {
        FakeJudge judge;
        SeedRun result = run(judge, {5, 40, jobs, 0, {}}, dir.path());
        EXPECT_FALSE(result.first_event);
        EXPECT_EQ(result.seeds_done, 36);
        EXPECT_EQ(judge.judged.size(), 36u);
        EXPECT_EQ(*judge.judged.begin(), 5);
        EXPECT_EQ(*judge.judged.rbegin(), 40);
        EXPECT_EQ(result.isolations, std::set<std::string>{"sandbox (test)"});
        // Each worker in a folder of its own: w0 ... w<jobs-1> (a fast worker may take all seeds).
        EXPECT_LE(judge.dirs.size(), static_cast<std::size_t>(jobs));
        for (const fs::path& worker : judge.dirs) {
            EXPECT_EQ(worker.parent_path(), dir.path());
            std::string name = worker.filename().string();
            ASSERT_EQ(name[0], 'w');
            EXPECT_LT(std::stoi(name.substr(1)), jobs);
        }
    }
}

TEST(StressSeeds, FirstFailureBySeedOrderWhateverTheJobs) {
    TempDir dir("stress-test");
    for (int jobs : {1, 2, 4, 8}) {
        FakeJudge judge;
        judge.failing = {37, 41, 90};
        SeedRun result = run(judge, {1, 100, jobs, 0, {}}, dir.path());
        ASSERT_TRUE(result.first_event) << jobs;
        EXPECT_EQ(result.first_event->first, 37) << jobs;
        EXPECT_EQ(result.first_event->second.message, "wrong on 37");
        // Every seed below the failure was judged (seeds above it may have been in flight on
        // other workers: how many depends on the machine, not on the engine).
        for (long long seed = 1; seed <= 37; ++seed) EXPECT_TRUE(judge.judged.count(seed)) << seed;
    }
}

TEST(StressSeeds, NoSeedStartsAfterTheFailureIsKnown) {
    // One worker: the event is known before the next seed is claimed.
    TempDir dir("stress-test");
    FakeJudge judge;
    judge.failing = {37};
    SeedRun result = run(judge, {1, 100, 1, 0, {}}, dir.path());
    EXPECT_EQ(result.seeds_done, 37);
    EXPECT_EQ(*judge.judged.rbegin(), 37);
}

TEST(StressSeeds, AJudgeErrorIsAnEventToo) {
    TempDir dir("stress-test");
    FakeJudge judge;
    judge.failing = {30};
    judge.broken = {12};
    SeedRun result = run(judge, {1, 100, 2, 0, {}}, dir.path());
    ASSERT_TRUE(result.first_event);
    EXPECT_EQ(result.first_event->first, 12);
    EXPECT_EQ(result.first_event->second.judge_error, "generator broke on 12");
}

TEST(StressSeeds, StopEndsTheRunBeforeTheNextSeed) {
    TempDir dir("stress-test");
    FakeJudge judge;
    std::atomic<int> polls{0};
    SeedSchedule schedule{1, 1000, 1, 0, [&] { return ++polls > 10; }};
    SeedRun result = run(judge, schedule, dir.path());
    EXPECT_EQ(result.seeds_done, 10);
    EXPECT_FALSE(result.first_event);
}

TEST(StressSeeds, TimeBoundStopsStartingSeeds) {
    TempDir dir("stress-test");
    FakeJudge judge;
    // A tiny bound: at least one seed starts only if the clock allows; never all of them.
    SeedRun result = run(judge, {1, 1'000'000'000, 2, 1e-9, {}}, dir.path());
    EXPECT_LT(result.seeds_done, 1'000'000'000);
}

TEST(StressSeeds, ProgressIsCalledOncePerSeed) {
    TempDir dir("stress-test");
    FakeJudge judge;
    long long calls = 0, last = 0;
    run_seeds(
        {1, 25, 3, 0, {}},
        [&](long long seed, const fs::path& worker) { return judge(seed, worker); }, dir.path(),
        [&](long long done, double) {
            ++calls;  // one call at a time: no lock needed
            EXPECT_EQ(done, last + 1);
            last = done;
        });
    EXPECT_EQ(calls, 25);
}

TEST(StressSeeds, SeedArgsAndRanges) {
    EXPECT_EQ(seed_args({"-n", "5"}, 17), (std::vector<std::string>{"-n", "5", "-seed", "17"}));
    EXPECT_EQ(parse_seed_range("3-9"), (std::pair<long long, long long>{3, 9}));
    EXPECT_EQ(parse_seed_range("4"), (std::pair<long long, long long>{4, 4}));
    for (const char* bad : {"", "9-3", "-1", "a-b", "1-", "1-2x"})
        EXPECT_THROW(parse_seed_range(bad), JudgeError) << bad;
}

// Programs as shell scripts; the validator and the reference count their runs in `log`.
StressPrograms counting_programs(const fs::path& dir, const std::string& reference_body) {
    fs::path log = dir / "log";
    StressPrograms programs;
    programs.generator = test::as_program(test::write_script(dir / "gen", "echo 1 2"));
    programs.validators.push_back(
        {test::as_program(test::write_script(dir / "val", "echo v >> " + log.string())),
         JuryProtocol::Testlib, "validator"});
    programs.reference = test::as_program(
        test::write_script(dir / "ref", "echo r >> " + log.string() + "\n" + reference_body));
    programs.solution = test::as_program(test::write_script(dir / "sol", "echo 3"));
    programs.checker = test::as_program(test::write_script(dir / "chk", "exit 0"));
    return programs;
}

std::string log_of(const fs::path& dir) {
    try {
        return read_file(dir / "log");
    } catch (const JudgeError&) {
        return "";
    }
}

TEST(StressJudge, TheJuryAnswersARepeatedCaseOnce) {
    TempDir dir("stress-test");
    ProblemSettings problem;
    StressJudge judge(problem, counting_programs(dir.path(), "echo 3"), false);
    fs::path work = dir.path() / "work";
    fs::create_directories(work);
    for (int seed = 1; seed <= 5; ++seed) {
        Trial trial = judge.judge_args({"-seed", std::to_string(seed)}, work);
        EXPECT_FALSE(trial.failure);
        EXPECT_FALSE(trial.judge_error) << *trial.judge_error;
        EXPECT_EQ(trial.reference_output, "3\n");
    }
    // The generator made the same case five times: validated and answered once.
    EXPECT_EQ(log_of(dir.path()), "v\nr\n");
    EXPECT_EQ(judge.jury_cache_hits(), 4);
    // A different case is the jury's again.
    judge.judge_text("2 2\n", work);
    EXPECT_EQ(log_of(dir.path()), "v\nr\nv\nr\n");
}

TEST(StressJudge, AFailingReferenceIsNeverCached) {
    TempDir dir("stress-test");
    ProblemSettings problem;
    StressJudge judge(problem, counting_programs(dir.path(), "exit 4"), false);
    fs::path work = dir.path() / "work";
    fs::create_directories(work);
    for (int seed = 1; seed <= 3; ++seed) {
        Trial trial = judge.judge_args({"-seed", std::to_string(seed)}, work);
        ASSERT_TRUE(trial.judge_error);
        EXPECT_NE(trial.judge_error->find("the reference failed"), std::string::npos)
            << *trial.judge_error;
    }
    EXPECT_EQ(log_of(dir.path()), "v\nr\nv\nr\nv\nr\n");
    EXPECT_EQ(judge.jury_cache_hits(), 0);
}

}  // namespace
}  // namespace judge

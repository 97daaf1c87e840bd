// Polygon's scoring: each-test and complete-group groups, dependencies, checker points; and how a
// testlib checker's quitp points reach it (run_checker, exit 7).
#include "checking/scoring.hpp"

#include <gtest/gtest.h>

#include "checking/checker_protocol.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

// samples (each-test, 0 points), group1 (complete-group, 20 points given), group2 (each-test,
// tests of 10 + 30 points), group3 (complete-group without points: its tests' 15 + 25, needs
// group2).
ScoringPlan plan() {
    ScoringPlan plan;
    plan.groups = {{"samples", false, std::nullopt, {}},
                   {"group1", true, 20.0, {}},
                   {"group2", false, std::nullopt, {"group1"}},
                   {"group3", true, std::nullopt, {"group2"}}};
    plan.tests = {{"tests/1", "samples", 0}, {"tests/2", "group1", 0},  {"tests/3", "group1", 0},
                  {"tests/4", "group2", 10}, {"tests/5", "group2", 30}, {"tests/6", "group3", 15},
                  {"tests/7", "group3", 25}};
    return plan;
}

std::map<std::string, ScoredOutcome> all(Verdict verdict) {
    std::map<std::string, ScoredOutcome> outcomes;
    for (int i = 1; i <= 7; ++i)
        outcomes["tests/" + std::to_string(i)] = {verdict, std::nullopt, std::nullopt};
    return outcomes;
}

TEST(Scoring, EveryTestPassedIsTheMaxScore) {
    Score score = compute_score(plan(), all(Verdict::AC));
    EXPECT_EQ(score.score, 100);
    EXPECT_EQ(score.max_score, 100);
    ASSERT_EQ(score.groups.size(), 4u);
    EXPECT_EQ(score.groups[1].max_score, 20);  // the group's points, not its tests' (0)
    EXPECT_EQ(score.groups[3].max_score, 40);  // no points: its tests' sum
    EXPECT_TRUE(score.groups[3].passed);
    EXPECT_EQ(describe_score(score),
              "100/100  (samples 0/0, group1 20/20, group2 40/40, group3 40/40)");
}

TEST(Scoring, EachTestCountsPassedTestsCompleteGroupAllOrNothing) {
    std::map<std::string, ScoredOutcome> outcomes = all(Verdict::AC);
    outcomes["tests/5"].verdict = Verdict::WA;  // group2: 10 of 40, and not passed
    Score score = compute_score(plan(), outcomes);
    EXPECT_EQ(score.groups[2].score, 10);
    EXPECT_FALSE(score.groups[2].passed);
    // group3's tests passed, but it needs group2: 0, and says why.
    EXPECT_EQ(score.groups[3].score, 0);
    EXPECT_EQ(score.groups[3].blocked_by, "group2");
    EXPECT_EQ(describe_score(score),
              "30/100  (samples 0/0, group1 20/20, group2 10/40, group3 0/40 needs group2)");
    outcomes = all(Verdict::AC);
    outcomes["tests/7"].verdict = Verdict::TLE;
    EXPECT_EQ(compute_score(plan(), outcomes).groups[3].score, 0);  // complete-group: nothing
}

TEST(Scoring, DependenciesAreTransitive) {
    std::map<std::string, ScoredOutcome> outcomes = all(Verdict::AC);
    outcomes["tests/2"].verdict = Verdict::RE;  // group1 fails: group2 and (through it) group3
    Score score = compute_score(plan(), outcomes);
    EXPECT_EQ(score.groups[2].blocked_by, "group1");
    EXPECT_EQ(score.groups[2].score, 0);
    EXPECT_FALSE(score.groups[2].passed);
    EXPECT_EQ(score.groups[3].blocked_by, "group2");
    EXPECT_EQ(score.score, 0);
}

TEST(Scoring, CheckerPointsAsPointsOrAsPercent) {
    std::map<std::string, ScoredOutcome> outcomes = all(Verdict::AC);
    outcomes["tests/5"].checker_points = 7.5;  // of 30
    Score score = compute_score(plan(), outcomes);
    EXPECT_EQ(score.groups[2].score, 17.5);
    EXPECT_FALSE(score.groups[2].passed);  // partial: not the whole 30
    EXPECT_EQ(score.groups[3].blocked_by, "group2");
    ScoringPlan percent = plan();
    percent.checker_points_as_percent = true;
    outcomes["tests/5"].checker_points = 50;  // half of 30
    EXPECT_EQ(compute_score(percent, outcomes).groups[2].score, 25);
    outcomes["tests/5"].checker_points = 100;  // the whole: passed
    EXPECT_TRUE(compute_score(percent, outcomes).groups[2].passed);
    EXPECT_EQ(compute_score(percent, outcomes).score, 100);
    // In a complete-group group, a partial test is a failed one.
    outcomes["tests/6"].checker_points = 99;
    EXPECT_EQ(compute_score(percent, outcomes).groups[3].score, 0);
}

TEST(Scoring, PartialResultsAreWrongAnswersWorthTheirPoints) {
    ScoringPlan percent = plan();
    percent.checker_points_as_percent = true;
    EXPECT_EQ(partial_result(percent, "tests/5", 50), "partial: 15 of 30 points");
    EXPECT_EQ(partial_result(percent, "tests/5", 100), "");
    EXPECT_EQ(partial_result(plan(), "tests/5", 7.5), "partial: 7.5 of 30 points");
    EXPECT_EQ(partial_result(plan(), "tests/5", 30), "");
    EXPECT_EQ(partial_result(plan(), "tests/99", 1), "");
    // judge_case made it WA: still worth its points, and not passed.
    std::map<std::string, ScoredOutcome> outcomes = all(Verdict::AC);
    outcomes["tests/5"] = {Verdict::WA, 50.0, std::nullopt};
    Score score = compute_score(percent, outcomes);
    EXPECT_EQ(score.groups[2].score, 25);
    EXPECT_FALSE(score.groups[2].passed);
    EXPECT_EQ(score.groups[3].blocked_by, "group2");
    EXPECT_EQ(score.score, 45);
    // A WA without points (the checker's exit 1) is worth nothing.
    outcomes["tests/5"] = {Verdict::WA, std::nullopt, std::nullopt};
    EXPECT_EQ(compute_score(percent, outcomes).groups[2].score, 10);
}

TEST(Scoring, TestsWithoutGroupAndNotJudged) {
    ScoringPlan plain;
    plain.tests = {{"tests/1", "", 0.5}, {"tests/2", "", 1}, {"tests/3", "", 2}};
    EXPECT_TRUE(has_points(plain));
    std::map<std::string, ScoredOutcome> outcomes = {
        {"tests/1", {Verdict::AC, std::nullopt, std::nullopt}},
        {"tests/2", {Verdict::AC, std::nullopt, std::nullopt}}};
    Score score = compute_score(plain, outcomes);
    EXPECT_EQ(score.score, 1.5);
    EXPECT_EQ(score.tests_not_judged, 1);
    EXPECT_TRUE(score.groups.empty());  // no groups: the total alone
    EXPECT_EQ(describe_score(score), "1.5/3.5  (1 test not judged)");
    // With groups, the tests without one are a group of their own, each-test.
    plain.tests.push_back({"tests/4", "g", 4});
    outcomes["tests/4"] = {Verdict::AC, std::nullopt, std::nullopt};
    EXPECT_EQ(describe_score(compute_score(plain, outcomes)),
              "5.5/7.5  (g 4/4, (no group) 1.5/3.5; 1 test not judged)");
}

TEST(Scoring, NoPointsNoScore) {
    ScoringPlan plain;
    plain.groups = {{"g", true, std::nullopt, {}}};
    plain.tests = {{"tests/1", "g", 0}};
    EXPECT_FALSE(has_points(plain));
}

TEST(Scoring, CyclesAndMissingGroupsAreRefused) {
    ScoringPlan cycle = plan();
    cycle.groups[1].dependencies = {"group3"};
    EXPECT_THROW(compute_score(cycle, {}), JudgeError);
    ScoringPlan missing = plan();
    missing.groups[1].dependencies = {"nope"};
    EXPECT_THROW(compute_score(missing, {}), JudgeError);
}

TEST(Scoring, PointsPrintWithoutTrailingNoise) {
    EXPECT_EQ(format_points(20), "20");
    EXPECT_EQ(format_points(0.5), "0.5");
    EXPECT_EQ(format_points(0.1 + 0.2), "0.3");
    EXPECT_EQ(format_points(100.0 / 3), "33.333333");
    EXPECT_EQ(format_points(-0.0), "0");
    EXPECT_EQ(format_points(1e-12), "0");
}

TEST(TestlibPoints, ParsedFromQuitpMessage) {
    EXPECT_EQ(parse_testlib_points("points 0.5 half of it"), 0.5);
    EXPECT_EQ(parse_testlib_points("points 12"), 12.0);
    EXPECT_EQ(parse_testlib_points("3.25 ok"), 3.25);
    EXPECT_EQ(parse_testlib_points("points"), std::nullopt);
    EXPECT_EQ(parse_testlib_points("points abc"), std::nullopt);
    EXPECT_EQ(parse_testlib_points("points 5x"), std::nullopt);
    EXPECT_EQ(parse_testlib_points("points -1"), std::nullopt);
    EXPECT_EQ(parse_testlib_points("points nan"), std::nullopt);
}

class PointsChecker : public ::testing::Test {
 protected:
    TempDir dir{"judge-points-test"};
    fs::path input = test::write_text(dir.path() / "in", "1 2\n");
    fs::path output = test::write_text(dir.path() / "out", "3\n");
    fs::path answer = test::write_text(dir.path() / "ans", "3\n");

    CheckResult check(const std::string& body, bool points) {
        fs::path checker = test::write_script(dir.path() / "checker.sh", body);
        CheckFiles files{input, output, answer, dir.path(), {}, {}};
        files.testlib_points = points;
        return run_checker(test::as_program(checker), JuryProtocol::Testlib, files);
    }
};

TEST_F(PointsChecker, ExitSevenIsOkWithPointsWhenAsked) {
    CheckResult result = check("echo 'points 0.5 half' >&2; exit 7", true);
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok) << result.message;
    EXPECT_EQ(result.points, 0.5);
    EXPECT_EQ(result.message, "points 0.5 half");
    // Not asked (a problem without scoring): an unknown exit code, as before.
    result = check("echo 'points 0.5 half' >&2; exit 7", false);
    EXPECT_EQ(result.outcome, CheckerOutcome::Crashed);
    EXPECT_EQ(result.points, std::nullopt);
    // Exit 7 without a number: the checker broke its protocol, JE naming why.
    result = check("echo 'points lots' >&2; exit 7", true);
    EXPECT_EQ(result.outcome, CheckerOutcome::Crashed);
    EXPECT_NE(result.message.find("without a non-negative number"), std::string::npos)
        << result.message;
    EXPECT_EQ(check("echo ok >&2; exit 0", true).points, std::nullopt);
}

// ---- A problem package's scores (compute_package_score) ----

// A 2025-09 secret (max 100, sum) of group1 (sum, 40: 20 a case), group2 (min, 60, needs
// group1) and group3 (pass-fail, 0: a group that only has to pass).
PackageScoringPlan plan_2025() {
    PackageScoringPlan plan;
    plan.format_2025 = true;
    plan.sample_cases = {"sample/1"};
    plan.root.name = "secret";
    plan.root.max_score = 100;
    ScoreNode group1, group2;
    group1.name = "secret/group1";
    group1.max_score = 40;
    group1.cases = {"secret/group1/1", "secret/group1/2"};
    group2.name = "secret/group2";
    group2.aggregation = ScoreAggregation::Min;
    group2.max_score = 60;
    group2.cases = {"secret/group2/1", "secret/group2/2"};
    group2.require_pass = {"secret/group1"};
    plan.root.groups = {group1, group2};
    return plan;
}

std::map<std::string, ScoredOutcome> all_2025(Verdict verdict) {
    std::map<std::string, ScoredOutcome> outcomes;
    for (const char* name :
         {"sample/1", "secret/group1/1", "secret/group1/2", "secret/group2/1", "secret/group2/2"})
        outcomes[name] = {verdict, std::nullopt, std::nullopt};
    return outcomes;
}

TEST(PackageScoring, AcceptedCasesWithoutScoreFilesScoreTheirMaximum) {
    Score score = compute_package_score(plan_2025(), all_2025(Verdict::AC));
    EXPECT_EQ(score.score, 100);
    EXPECT_EQ(score.max_score, 100);
    EXPECT_EQ(score.judge_error, "");
    EXPECT_EQ(describe_score(score), "100/100  (secret/group1 40/40, secret/group2 60/60)");
    ASSERT_EQ(score.groups.size(), 2u);
    EXPECT_EQ(score.groups[1].aggregation, "min");
}

TEST(PackageScoring, SumAddsMinTakesTheLeastScoreFilesCount) {
    std::map<std::string, ScoredOutcome> outcomes = all_2025(Verdict::AC);
    outcomes["secret/group1/1"].checker_points = 5;       // score.txt: of at most 20
    outcomes["secret/group2/1"].score_multiplier = 0.25;  // of 60: 15
    Score score = compute_package_score(plan_2025(), outcomes);
    EXPECT_EQ(score.groups[0].score, 25);  // 5 + 20
    EXPECT_EQ(score.groups[1].score, 15);  // min(15, 60)
    EXPECT_EQ(score.score, 40);
    EXPECT_EQ(score.judge_error, "");
}

TEST(PackageScoring, FailedCaseScoresNothingAndRequirePassBlocks) {
    std::map<std::string, ScoredOutcome> outcomes = all_2025(Verdict::AC);
    outcomes["secret/group1/2"].verdict = Verdict::WA;
    Score score = compute_package_score(plan_2025(), outcomes);
    EXPECT_EQ(score.groups[0].score, 20);
    EXPECT_FALSE(score.groups[0].passed);
    EXPECT_EQ(score.groups[1].score, 0);  // all its cases AC, but group1 did not pass
    EXPECT_EQ(score.groups[1].blocked_by, "secret/group1");
    EXPECT_EQ(describe_score(score),
              "20/100  (secret/group1 20/40, secret/group2 0/60 needs secret/group1)");
    // require_pass: sample, on secret.
    PackageScoringPlan needs_sample = plan_2025();
    needs_sample.root.require_pass = {"sample"};
    outcomes = all_2025(Verdict::AC);
    outcomes["sample/1"].verdict = Verdict::TLE;
    EXPECT_EQ(compute_package_score(needs_sample, outcomes).score, 0);
    // A case not judged is worth nothing and counted.
    outcomes = all_2025(Verdict::AC);
    outcomes.erase("secret/group2/2");
    score = compute_package_score(plan_2025(), outcomes);
    EXPECT_EQ(score.groups[1].score, 0);
    EXPECT_EQ(score.tests_not_judged, 1);
}

TEST(PackageScoring, PassFailAggregationAllOrNothing) {
    PackageScoringPlan plan = plan_2025();
    plan.root.groups[0].aggregation = ScoreAggregation::PassFail;
    std::map<std::string, ScoredOutcome> outcomes = all_2025(Verdict::AC);
    EXPECT_EQ(compute_package_score(plan, outcomes).groups[0].score, 40);
    outcomes["secret/group1/1"].verdict = Verdict::RE;
    EXPECT_EQ(compute_package_score(plan, outcomes).groups[0].score, 0);
    // secret itself pass-fail over cases of its own.
    PackageScoringPlan flat;
    flat.format_2025 = true;
    flat.root.name = "secret";
    flat.root.aggregation = ScoreAggregation::PassFail;
    flat.root.max_score = 100;
    flat.root.cases = {"secret/1", "secret/2"};
    outcomes = {{"secret/1", {Verdict::AC, std::nullopt, std::nullopt}},
                {"secret/2", {Verdict::AC, std::nullopt, std::nullopt}}};
    EXPECT_EQ(compute_package_score(flat, outcomes).score, 100);
    outcomes["secret/2"].verdict = Verdict::WA;
    EXPECT_EQ(compute_package_score(flat, outcomes).score, 0);
}

TEST(PackageScoring, ScoreFilesTheFormatForbidsAreJudgeErrors) {
    std::map<std::string, ScoredOutcome> outcomes = all_2025(Verdict::AC);
    outcomes["secret/group1/1"].checker_points = 25;  // over its maximum of 20
    EXPECT_EQ(compute_package_score(plan_2025(), outcomes).judge_error,
              "secret/group1/1: score.txt says 25, over the case's maximum 20");
    PackageScoringPlan plan = plan_2025();
    plan.root.groups[0].aggregation = ScoreAggregation::PassFail;
    outcomes = all_2025(Verdict::AC);
    outcomes["secret/group1/2"].checker_points = 1;
    EXPECT_EQ(compute_package_score(plan, outcomes).judge_error,
              "secret/group1/2: a score file in a pass-fail group");
    // An unbounded secret and group: score.txt is needed, a multiplier is meaningless.
    PackageScoringPlan unbounded = plan_2025();
    unbounded.root.max_score = std::nullopt;
    unbounded.root.groups[0].max_score = std::nullopt;
    outcomes = all_2025(Verdict::AC);
    outcomes["secret/group1/1"].checker_points = 1234.5;
    outcomes["secret/group1/2"].checker_points = 0.5;
    Score score = compute_package_score(unbounded, outcomes);
    EXPECT_EQ(score.groups[0].score, 1235);
    EXPECT_EQ(score.judge_error, "");
    EXPECT_EQ(describe_score(score),
              "1295/unbounded  (secret/group1 1235/unbounded, secret/group2 60/60)");
    outcomes["secret/group1/2"].checker_points = std::nullopt;
    EXPECT_EQ(compute_package_score(unbounded, outcomes).judge_error,
              "secret/group1/2: accepted without a score.txt in an unbounded group");
    outcomes["secret/group1/2"].score_multiplier = 0.5;
    EXPECT_EQ(compute_package_score(unbounded, outcomes).judge_error,
              "secret/group1/2: score_multiplier.txt in an unbounded group (score.txt is needed)");
    // A group over its own max_score (its cases' maxima sum to more than it).
    PackageScoringPlan over = plan_2025();
    over.root.max_score = 50;
    EXPECT_EQ(compute_package_score(over, all_2025(Verdict::AC)).judge_error,
              "secret scores 100, over its max_score 50");
}

// Legacy: data (sum) holding sample (no accept_score: nothing) and secret (sum) of small
// (accept_score 10, two cases) and medium (accept_score 20): DOMjudge's addone.
PackageScoringPlan plan_legacy() {
    ScoreNode sample, secret, small, medium;
    sample.name = "sample";
    sample.cases = {"sample/1"};
    small.name = "secret/small";
    small.accept_score = 10;
    small.cases = {"secret/small/1", "secret/small/2"};
    medium.name = "secret/medium";
    medium.accept_score = 20;
    medium.cases = {"secret/medium/1"};
    secret.name = "secret";
    secret.groups = {small, medium};
    PackageScoringPlan plan;
    plan.root.groups = {sample, secret};
    return plan;
}

std::map<std::string, ScoredOutcome> all_legacy(Verdict verdict) {
    std::map<std::string, ScoredOutcome> outcomes;
    for (const char* name : {"sample/1", "secret/small/1", "secret/small/2", "secret/medium/1"})
        outcomes[name] = {verdict, std::nullopt, std::nullopt};
    return outcomes;
}

TEST(PackageScoring, LegacyAcceptScoreIsTheGroupsWhenEveryCaseIsAccepted) {
    Score score = compute_package_score(plan_legacy(), all_legacy(Verdict::AC));
    EXPECT_EQ(score.score, 30);
    EXPECT_EQ(score.max_score, 30);
    EXPECT_EQ(describe_score(score),
              "30/30  (sample 0/0, secret 30/30, secret/small 10/10, secret/medium 20/20)");
    std::map<std::string, ScoredOutcome> outcomes = all_legacy(Verdict::AC);
    outcomes["secret/small/2"].verdict = Verdict::WA;
    EXPECT_EQ(compute_package_score(plan_legacy(), outcomes).score, 20);
}

TEST(PackageScoring, LegacyGraderFlagsAndScoreFiles) {
    PackageScoringPlan plan = plan_legacy();
    plan.root.groups[1].aggregation = ScoreAggregation::Avg;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 15);
    plan.root.groups[1].aggregation = ScoreAggregation::Min;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 10);
    plan.root.groups[1].aggregation = ScoreAggregation::Max;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 20);
    // score.txt replaces accept_score: each case's (a WA's too, as DOMjudge counts it; a crash
    // 0), summed.
    std::map<std::string, ScoredOutcome> outcomes = all_legacy(Verdict::AC);
    outcomes["secret/small/1"].checker_points = 3;
    outcomes["secret/small/2"] = {Verdict::WA, 4.0, std::nullopt};
    outcomes["secret/medium/1"] = {Verdict::RE, 7.0, std::nullopt};
    Score score = compute_package_score(plan_legacy(), outcomes);
    EXPECT_EQ(score.groups[2].score, 7);
    EXPECT_EQ(score.groups[3].score, 0);
    EXPECT_EQ(score.score, 7);
    // ignore_sample: the sample's score does not count (a score.txt there would).
    plan = plan_legacy();
    plan.root.groups[0].accept_score = 1;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 31);
    plan.root.ignore_sample = true;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 30);
}

TEST(PackageScoring, ProblemtoolsReadsAcceptScorePerCase) {
    PackageScoringPlan plan = plan_legacy();
    plan.legacy_reading = LegacyReading::Problemtools;
    // Each case its accept_score (the sample the default 1), summed: 1 + 20 + 20.
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 41);
    plan.root.ignore_sample = true;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).score, 40);
    // A failed case scores reject_score; with on_reject: break, what follows it does not count.
    std::map<std::string, ScoredOutcome> outcomes = all_legacy(Verdict::AC);
    outcomes["secret/small/1"] = {Verdict::WA, std::nullopt, std::nullopt};
    plan.root.groups[1].groups[0].reject_score = 2;
    EXPECT_EQ(compute_package_score(plan, outcomes).groups[2].score, 12);  // 2 + 10
    plan.root.groups[1].groups[0].break_on_reject = true;
    EXPECT_EQ(compute_package_score(plan, outcomes).groups[2].score, 2);
    // score.txt replaces accept_score for an AC case.
    outcomes = all_legacy(Verdict::AC);
    outcomes["secret/medium/1"].checker_points = 7;
    EXPECT_EQ(compute_package_score(plan, outcomes).groups[3].score, 7);
}

TEST(PackageScoring, LegacyScoreOutsideItsRangeIsAJudgeError) {
    PackageScoringPlan plan = plan_legacy();
    plan.root.groups[1].max_score = 25;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).judge_error,
              "secret scores 30, outside its range [-inf, 25]");
    plan.root.groups[1].max_score = 100;
    plan.root.groups[1].min_score = 0;
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).judge_error, "");
    EXPECT_EQ(compute_package_score(plan, all_legacy(Verdict::AC)).groups[1].max_score, 100);
}

// The score files of a Kattis output validator, through run_checker (a scoring package).
class ScoreFiles : public ::testing::Test {
 protected:
    TempDir dir{"judge-score-files-test"};
    fs::path input = test::write_text(dir.path() / "in", "1 2\n");
    fs::path output = test::write_text(dir.path() / "out", "3\n");
    fs::path answer = test::write_text(dir.path() / "ans", "3\n");

    // A validator whose body writes into its feedback folder "$3".
    CheckResult check(const std::string& body, bool score_files = true) {
        fs::path validator = test::write_script(dir.path() / "validator.sh", body);
        CheckFiles files{input, output, answer, dir.path() / "case", {}, {}};
        fs::create_directories(files.scratch_dir);
        files.score_files = score_files;
        return run_checker(test::as_program(validator), JuryProtocol::Kattis, files, 10000, false);
    }
};

TEST_F(ScoreFiles, ScoreAndMultiplierAreRead) {
    CheckResult result = check("echo ' 12.5 ' > \"$3/score.txt\"; exit 42");
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok) << result.message;
    EXPECT_EQ(result.points, 12.5);
    result = check("echo 0.25 > \"$3/score_multiplier.txt\"; exit 42");
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok) << result.message;
    EXPECT_EQ(result.score_multiplier, 0.25);
    EXPECT_EQ(result.points, std::nullopt);
    // None: the case's default (checking/scoring.hpp); a problem not scored does not read them.
    EXPECT_EQ(check("exit 42").points, std::nullopt);
    EXPECT_EQ(check("echo 5 > \"$3/score.txt\"; exit 42", false).points, std::nullopt);
}

TEST_F(ScoreFiles, BadScoreFilesAreJudgeErrors) {
    struct Bad {
        const char* body;
        const char* message;
    };
    for (const Bad& bad : {
             Bad{"echo lots > \"$3/score.txt\"; exit 42",
                 "score.txt holds 'lots', not a non-negative number"},
             Bad{"echo -1 > \"$3/score.txt\"; exit 42",
                 "score.txt holds '-1', not a non-negative number"},
             Bad{"echo 1 2 > \"$3/score.txt\"; exit 42",
                 "score.txt holds '1 2', not a non-negative number"},
             Bad{": > \"$3/score.txt\"; exit 42", "score.txt holds '', not a non-negative number"},
             Bad{"echo 1.5 > \"$3/score_multiplier.txt\"; exit 42",
                 "score_multiplier.txt holds '1.5', not a number in [0, 1]"},
             Bad{"echo 1 > \"$3/score.txt\"; echo 1 > \"$3/score_multiplier.txt\"; exit 42",
                 "the validator wrote both score.txt and score_multiplier.txt"},
             Bad{"echo 3 > \"$3/score.txt\"; exit 43",
                 "the validator wrote score.txt for an output it rejected"},
         }) {
        CheckResult result = check(bad.body);
        EXPECT_EQ(result.outcome, CheckerOutcome::Crashed) << bad.body;
        EXPECT_EQ(to_verdict(result.outcome), Verdict::JE);
        EXPECT_EQ(result.message, bad.message) << bad.body;
    }
}

TEST_F(ScoreFiles, RejectedOutputMayScoreBefore2025) {
    fs::path validator =
        test::write_script(dir.path() / "reject.sh", "echo 0 > \"$3/score.txt\"; exit 43");
    CheckFiles files{input, output, answer, dir.path() / "case", {}, {}};
    fs::create_directories(files.scratch_dir);
    files.score_files = files.rejected_may_score = true;
    CheckResult result =
        run_checker(test::as_program(validator), JuryProtocol::Kattis, files, 10000, false);
    EXPECT_EQ(result.outcome, CheckerOutcome::WrongAnswer) << result.message;
    EXPECT_EQ(result.points, 0);
}

TEST_F(ScoreFiles, LinkIsNotFollowed) {
    test::write_text(dir.path() / "secret_number", "7\n");
    CheckResult result =
        check("ln -s '" + (dir.path() / "secret_number").string() + "' \"$3/score.txt\"; exit 42");
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok) << result.message;
    EXPECT_EQ(result.points, std::nullopt);
}

TEST_F(ScoreFiles, CheckerFailIsMarkedFailed) {
    // testlib's FAIL (exit 3): the field Polygon's tag `failed` reads, whatever the message.
    fs::path checker = test::write_script(dir.path() / "fail.sh", "echo broken >&2; exit 3");
    CheckFiles files{input, output, answer, dir.path(), {}, {}};
    CheckResult result =
        run_checker(test::as_program(checker), JuryProtocol::Testlib, files, 10000, false);
    EXPECT_EQ(result.outcome, CheckerOutcome::Fail);
    EXPECT_TRUE(result.failed);
    checker = test::write_script(dir.path() / "crash.sh", "echo 'checker FAIL' >&2; exit 5");
    result = run_checker(test::as_program(checker), JuryProtocol::Testlib, files, 10000, false);
    EXPECT_FALSE(result.failed);  // a crash whose message looks like a FAIL is none
}

}  // namespace
}  // namespace judge

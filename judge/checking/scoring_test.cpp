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
    for (int i = 1; i <= 7; ++i) outcomes["tests/" + std::to_string(i)] = {verdict, std::nullopt};
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
    outcomes["tests/5"] = {Verdict::WA, 50.0};
    Score score = compute_score(percent, outcomes);
    EXPECT_EQ(score.groups[2].score, 25);
    EXPECT_FALSE(score.groups[2].passed);
    EXPECT_EQ(score.groups[3].blocked_by, "group2");
    EXPECT_EQ(score.score, 45);
    // A WA without points (the checker's exit 1) is worth nothing.
    outcomes["tests/5"] = {Verdict::WA, std::nullopt};
    EXPECT_EQ(compute_score(percent, outcomes).groups[2].score, 10);
}

TEST(Scoring, TestsWithoutGroupAndNotJudged) {
    ScoringPlan plain;
    plain.tests = {{"tests/1", "", 0.5}, {"tests/2", "", 1}, {"tests/3", "", 2}};
    EXPECT_TRUE(has_points(plain));
    std::map<std::string, ScoredOutcome> outcomes = {{"tests/1", {Verdict::AC, std::nullopt}},
                                                     {"tests/2", {Verdict::AC, std::nullopt}}};
    Score score = compute_score(plain, outcomes);
    EXPECT_EQ(score.score, 1.5);
    EXPECT_EQ(score.tests_not_judged, 1);
    EXPECT_TRUE(score.groups.empty());  // no groups: the total alone
    EXPECT_EQ(describe_score(score), "1.5/3.5  (1 test not judged)");
    // With groups, the tests without one are a group of their own, each-test.
    plain.tests.push_back({"tests/4", "g", 4});
    outcomes["tests/4"] = {Verdict::AC, std::nullopt};
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

}  // namespace
}  // namespace judge

// Scores of a problem with points (Codeforces Polygon's groups and points, docs/polygon.md): from
// each case's verdict, its points and the checker's partial points (testlib quitp), each group's
// score and the total, as Polygon counts them. Pure: the reader makes the plan
// (polygon_scoring_plan), judge run the outcomes, the reports show the Score.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checking/verdict.hpp"

namespace judge {

/// A group of tests and how its points count.
struct ScoringGroup {
    std::string name;
    /// Polygon's "complete-group": the group's points only when every test of it passes fully;
    /// otherwise "each-test": the sum of its tests' scores.
    bool complete_group = false;
    /// The group's points (complete-group); nullopt: the sum of its tests' points.
    std::optional<double> points;
    /// Groups that must pass fully first (transitively); otherwise this one scores 0.
    std::vector<std::string> dependencies;
};

/// One test: the case it is (TestCase::display_name()), its group ("" for none: each-test) and
/// its points (0 when not given).
struct ScoredTest {
    std::string case_name;
    std::string group;
    double points = 0;
};

/// What a problem's score is made of. Groups named by a test but not listed in `groups` are
/// each-test groups without dependencies (Polygon's default).
struct ScoringPlan {
    std::vector<ScoringGroup> groups;
    std::vector<ScoredTest> tests;
    /// A checker's points are a percentage of the test's points, not points (Polygon's
    /// treat-points-from-checker-as-percent).
    bool checker_points_as_percent = false;
};

/// What judging found for one case.
struct ScoredOutcome {
    Verdict verdict = Verdict::JE;
    std::optional<double> checker_points;  ///< testlib quitp's points (the checker's exit 7)
};

/// One group's result.
struct GroupScore {
    std::string name;  ///< "" for the tests without a group
    bool complete_group = false;
    double score = 0;
    double max_score = 0;
    /// Every test of it passed fully (AC, with the whole of its points when the checker gave
    /// points) and no dependency failed.
    bool passed = false;
    /// The first of its dependencies that did not pass fully (its tests, or one of its own
    /// dependencies), which makes this group score 0; "" when none.
    std::string blocked_by;
    int tests = 0;
};

/// A problem's score: the groups in the plan's order (the tests without a group last, when there
/// are groups too), and the total.
struct Score {
    double score = 0;
    double max_score = 0;
    std::vector<GroupScore> groups;
    int tests_not_judged = 0;  ///< tests of the plan without an outcome: 0 points, not passed
};

/// Whether the plan has points at all (a test's or a group's): a problem without them has no
/// score, and its reports say nothing of one.
bool has_points(const ScoringPlan& plan);

/// The score of `outcomes` (by case name) under `plan`. A test scores its points when AC; with
/// checker points (AC, or WA as partial_result made it), those points (or that percentage of its
/// points); 0 otherwise, and 0 when it has no outcome (not judged). An each-test group scores the
/// sum of its tests' scores; a complete-group group its points (else the sum of its tests' points)
/// when every test passed fully, else 0; a group with a dependency that did not pass fully
/// (transitively) 0. Max scores are what every test fully passed would give. Throws JudgeError for
/// a dependency cycle or a dependency on a group the plan does not have (the reader refuses both
/// first).
Score compute_score(const ScoringPlan& plan, const std::map<std::string, ScoredOutcome>& outcomes);

/// "partial: 15 of 30 points" when `checker_points` (testlib quitp's, for the case `case_name`)
/// fall short of the whole of its test's points (with checker_points_as_percent, of 100):
/// Codeforces' PARTIAL verdict, which this judge gives as WA (the test is not passed, and a
/// complete-group group or a dependency fails with it). "" when they do not, or the plan has no
/// such test.
std::string partial_result(const ScoringPlan& plan,
                           const std::string& case_name,
                           double checker_points);

/// Points as a person writes them: "20", "0.5", "33.333333" (at most six decimals, no trailing
/// zeros, never "-0").
std::string format_points(double points);

/// "45/100  (samples 0/0, group1 20/20, group2 25/40, group3 0/40 needs group2)": the total, then
/// each group (the tests without a group as "(no group)"), and "; N tests not judged" when some
/// were not. Only the total when there are no groups.
std::string describe_score(const Score& score);

}  // namespace judge

// Scores of a problem with points (Codeforces Polygon's groups and points, docs/polygon.md): from
// each case's verdict, its points and the checker's partial points (testlib quitp), each group's
// score and the total, as Polygon counts them. Pure: the reader makes the plan
// (polygon_scoring_plan), judge run the outcomes, the reports show the Score.
//
// And the scores of a problem package of `type: scoring` (Kattis, ICPC, DOMjudge;
// docs/judge-run.md): a tree of test data groups (PackageScoringPlan, made by
// problems/package_scoring.hpp), each case scored from the output validator's score.txt (or its
// default), each group aggregated, into the same Score.
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
    /// testlib quitp's points (the checker's exit 7); a package's score.txt (the output
    /// validator's score for the case, an absolute number).
    std::optional<double> checker_points;
    /// A 2025-09 package's score_multiplier.txt: the fraction [0, 1] of the case's maximum.
    std::optional<double> score_multiplier;
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
    /// A package's aggregation ("sum", "min", "pass-fail", "avg", "max"); "" for Polygon's
    /// groups (complete_group says which).
    std::string aggregation;
};

/// A problem's score: the groups in the plan's order (the tests without a group last, when there
/// are groups too), and the total.
struct Score {
    double score = 0;
    double max_score = 0;
    std::vector<GroupScore> groups;
    int tests_not_judged = 0;  ///< tests of the plan without an outcome: 0 points, not passed
    /// Why the score is the judge's failure, not the submission's (a package's score.txt where
    /// the format forbids one, a group over its max_score, ...): the submission's verdict is
    /// then JE. "" when none.
    std::string judge_error;
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
/// were not. Only the total when there are no groups. An unbounded maximum (infinity) is
/// "unbounded"; a judge error ends it: "; JE: why".
std::string describe_score(const Score& score);

/// How a package's test data group makes its score from its cases' and sub-groups' scores.
enum class ScoreAggregation {
    PassFail,  ///< 2025-09: its max_score when every case is AC, else 0
    Sum,
    Min,
    Max,  ///< legacy grader flag
    Avg,  ///< legacy grader flag
};

/// "pass-fail", "sum", "min", "max", "avg".
std::string aggregation_name(ScoreAggregation aggregation);

/// A test data group of a package, as it scores.
struct ScoreNode {
    std::string name;  ///< its folder under data/ ("secret/group1"); "" for data/ itself
    ScoreAggregation aggregation = ScoreAggregation::Sum;
    /// 2025-09's max_score (nullopt: unbounded). Legacy: the upper end of `range`, when finite.
    std::optional<double> max_score;
    /// Legacy: the lower end of `range`, when finite (a score below it is a judge error).
    std::optional<double> min_score;
    std::vector<std::string> cases;  ///< the cases directly in it (display names), in order
    std::vector<ScoreNode> groups;   ///< its sub-groups, in order
    /// 2025-09's require_pass: the groups ("sample", "secret/group1") whose every case must be
    /// AC, else this one scores 0.
    std::vector<std::string> require_pass;
    /// Legacy (as DOMjudge reads testdata.yaml): the score of its cases when none wrote a
    /// score.txt: accept_score when every one is AC, else reject_score; none: they add nothing.
    std::optional<double> accept_score;
    double reject_score = 0;
    /// Legacy grader flag ignore_sample: its sub-group "sample" does not count.
    bool ignore_sample = false;
    /// Legacy `on_reject: break` (problemtools' reading): the parts after its first one that is
    /// not AC do not count (problemtools stops judging the group there).
    bool break_on_reject = false;
};

/// How legacy and 2023-07 testdata.yaml files are read: the two judges disagree.
enum class LegacyReading {
    /// problemtools' (the format's words): every folder is a group inheriting its parent's
    /// keys; accept_score and reject_score are each case's score, aggregated with the
    /// sub-groups' by grader_flags; on_reject: break drops the parts after a failure.
    Problemtools,
    /// DOMjudge's (SubmissionService): only folders with a file are groups, no inheritance;
    /// accept_score is a group of cases' score when every case is AC (ScoreNode).
    Domjudge,
};

/// What a package's score is made of.
struct PackageScoringPlan {
    /// 2025-09's rules (a case's maximum is its group's max_score, divided among the cases of a
    /// sum group; a score file only for an AC case of a sum or min group; ...). Otherwise the
    /// legacy and 2023-07 rules, read as `legacy_reading` says (see compute_package_score).
    bool format_2025 = false;
    LegacyReading legacy_reading = LegacyReading::Domjudge;
    ScoreNode root;  ///< 2025-09: secret; legacy and 2023-07: data
    /// The cases of data/sample (2025-09: what `require_pass: sample` needs; never scored).
    std::vector<std::string> sample_cases;
};

/// The score of `outcomes` (by case name) under a package's `plan`.
///
/// 2025-09 (the format's "Scoring problems"): a case that is not AC scores 0; an AC one its
/// score.txt, or its score_multiplier.txt times its maximum, or its maximum (its group's
/// max_score, divided by its number of cases in a sum group); a pass-fail group its max_score
/// when every case is AC; a sum group the sum, a min group the minimum of its parts; a group
/// whose require_pass is not met 0. A judge error (Score::judge_error): a score file in a
/// pass-fail group, in an unbounded group no score.txt or a score_multiplier.txt, a score over
/// its case's or its group's maximum.
///
/// Legacy and 2023-07 (testdata.yaml), DOMjudge's reading: a group of cases scores the scores
/// its cases' validator wrote (score.txt, of an AC or WA case; 0 for another verdict), or when
/// none wrote one its accept_score when every case is AC (else reject_score); a group of groups
/// their scores. problemtools' reading: each case scores its score.txt or accept_score when AC,
/// else reject_score; a group its cases' and sub-groups' scores up to its first failure with
/// break_on_reject. Each aggregated by its grader flag (sum, min, max, avg); a score outside the
/// group's range is a judge error.
///
/// A case without an outcome (not judged) counts as not AC, in tests_not_judged.
Score compute_package_score(const PackageScoringPlan& plan,
                            const std::map<std::string, ScoredOutcome>& outcomes);

}  // namespace judge

// How a problem package of type scoring scores a submission (the format's "Scoring problems";
// docs/judge-run.md): its test data groups read into the tree checking/scoring.hpp evaluates.
#pragma once

#include <optional>
#include <vector>

#include "checking/scoring.hpp"
#include "problems/problem.hpp"

namespace judge {

/// The scoring plan of the package `problem` over its `cases` (discover_package_cases); nullopt
/// for a package that is not of type scoring (nothing is scored).
///
/// 2025-09: data/secret/test_group.yaml's max_score (default 100, or `unbounded`),
/// score_aggregation (default sum) and require_pass (only `sample`), and each group's
/// (data/secret/<group>/test_group.yaml: default unbounded, pass-fail); the cases directly in
/// secret (or in its folders without a test_group.yaml) are secret's.
///
/// Legacy and 2023-07 (testdata.yaml), read as one of the two judges that grade them does
/// (LegacyReading): as DOMjudge does for a package made for it (a domjudge-problem.ini, a
/// .timelimit, or a submission with an @EXPECTED_SCORE@ line: DOMjudge's expectations are in its
/// reading), else as problemtools does (the format's words). DOMjudge: data/ and every folder
/// below it with a testdata.yaml is a group, whose parent is the nearest such folder above it
/// and whose cases are those of its own folder (a case of a folder without one, data/sample
/// without a testdata.yaml say, scores nothing); each reads its own file only. problemtools:
/// every folder is a group, each inheriting the keys of its parent's (on_reject, default
/// break). Keys: accept_score, reject_score, range (`0 100`; `inf` allowed), grader_flags (sum,
/// min, max, avg, ignore_sample; the verdict flags are read and change nothing: the verdict is
/// the first case that is not AC). Throws JudgeError "FILE: why" for `grading: custom` (a custom
/// grader is not run by this judge), an unknown grader flag, a value of the wrong kind.
std::optional<PackageScoringPlan> package_scoring_plan(const ProblemSettings& problem,
                                                       const std::vector<TestCase>& cases);

}  // namespace judge

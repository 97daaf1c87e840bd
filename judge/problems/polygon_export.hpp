// `judge export` of a Codeforces Polygon package: the package (problems/polygon_package.hpp)
// written as an ICPC/Kattis package (2023-07-draft, or 2025-09) that `judge verify` judges as it
// judges the Polygon package: every solution the same verdict. docs/polygon.md says what goes
// where.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problems/export.hpp"
#include "problems/problem.hpp"

namespace judge {

/// Writes the Polygon package `problem` (load_polygon_problem: its judged testset) into `out`, a
/// folder that must not exist yet; `cases` are its cases (discover_polygon_cases), made already
/// (prepare_polygon_cases: generated inputs and the main solution's answers are in the cache):
/// - problem.yaml: the package's name, a uuid named after its short name (the same on every
///   export), type (scoring when the testset has groups or points), the testset's limits;
/// - statement/problem.<lang>.tex (or .md with `markdown_statement`) from statement-sections/
///   (English first): legend, input, output, interaction, scoring and notes, without the
///   examples; images beside them are copied. A package without sections gets a minimal
///   statement naming it;
/// - data/sample (the tests with sample="true") and data/secret, numbered as in the testset
///   (01, 02, ...); with groups, data/secret/<group>/ with the group's scoring (testdata.yaml
///   for 2023-07-draft, test_group.yaml for 2025-09), a sample test also in its group's folder;
/// - output_validator/: the checker's source, the testlib.h it includes and
///   polygon_kattis_wrapper.cpp (polygon_kattis_wrapper_source); input_validators/<name>/ the
///   same for each C++ validator. An interactive package's output_validator/ holds the
///   interactor's and the checker's sources and headers, the wrapper and a `build` script that
///   compiles each alone and the wrapper as `run` (type: interactive);
/// - submissions/<folder>/ by tag (see polygon_submission_folder); 2025-09 says the tags with no
///   folder of their own in submissions/submissions.yaml.
/// What is left out (other testsets, tags without a place, sources the judge does not build) is
/// named in the summary's notes. Throws JudgeError naming the package for what has no form in a
/// package: file input or output, a checker or interactor that is not C++.
ExportSummary export_polygon_package(const ProblemSettings& problem,
                                     const std::vector<TestCase>& cases,
                                     const std::filesystem::path& out,
                                     PackageVersion version = PackageVersion::Draft2023_07,
                                     bool markdown_statement = false);

/// Where a solution of Polygon's `tag` goes under submissions/ in `version`, and the 2025-09
/// submissions.yaml rule that says the rest of the tag ("" for none): main and accepted
/// "accepted"; wrong-answer and presentation-error "wrong_answer" (the format has no
/// presentation error: its output validator says 43, a wrong answer); time-limit-exceeded
/// "time_limit_exceeded"; memory-limit-exceeded "run_time_error" (the format's folder for it);
/// in 2025-09 rejected "rejected", and the two-verdict tags in folders of their own, which have
/// no default rule (a submissions.yaml rule adds to its folder's default: in
/// time_limit_exceeded/ an accepted solution would fail): time-limit-exceeded-or-accepted
/// "time_limit_exceeded_or_accepted" with `permitted: [AC, TLE]`,
/// time-limit-exceeded-or-memory-limit-exceeded "time_limit_exceeded_or_memory_limit_exceeded"
/// with `permitted: [AC, TLE, RTE]`, `required: [TLE, RTE]` (a memory limit is a run-time error
/// in the format). Empty folder: no place in `version` (those three in 2023-07-draft; failed,
/// the checker must fail, in both).
struct SubmissionPlace {
    std::string folder;
    std::string rule;  ///< a YAML flow map: "{required: [AC, TLE]}"
};
SubmissionPlace polygon_submission_folder(const std::string& tag, PackageVersion version);

/// What polygon_kattis_wrapper.cpp is made for in an exported program folder.
enum class WrapperRole {
    OutputValidator,  ///< compiled with the checker: testlib 0 → 42, 1, 2 and points → 43, else
                      ///< a failure
    InputValidator,   ///< compiled with a validator: exit 0 → 42, else 43
    Interactive,      ///< an interactive package's validator, `run`, built alone by the folder's
                      ///< `build` beside the interactor and the checker, which it runs
};

/// problems/polygon_kattis_wrapper.cpp, compiled into the judge, for `role`; a checker's points
/// (testlib quitp) are percentages when `points_as_percent` (the package's
/// treat-points-from-checker-as-percent): 100 or more is then the whole test, accepted; other
/// points are Polygon's partial result, a wrong answer.
std::string polygon_kattis_wrapper_source(WrapperRole role, bool points_as_percent = false);

}  // namespace judge

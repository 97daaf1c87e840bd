// Codeforces Polygon packages (problem.xml beside files/, solutions/, tests/...; a folder, or the
// zip Polygon gives), read into the judge's ProblemSettings and cases as a Kattis package is
// (problems/package.hpp). What is read and what is not yet: docs/polygon.md.
//
// A Polygon package usually ships the inputs of its manual tests only: generated tests come from
// their `cmd` (`gen 10 20`: an executable of <executables>, built from its source), and answers
// from the main solution. Both are made on first use into the cache (ProblemSettings::
// generated_dir), keyed by what they come from, so a second run makes nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "building/compiler.hpp"
#include "checking/scoring.hpp"
#include "problems/package.hpp"
#include "problems/problem.hpp"

namespace judge {

/// Whether `path` is a Polygon package: a folder holding problem.xml (and no problem.yaml, which
/// would make it a Kattis package), or a file whose name ends in ".zip".
bool is_polygon_package(const std::filesystem::path& path);

/// A program of the package: its source, relative to the package's folder, and Polygon's type of
/// it ("cpp.g++17", "python.3", "java11"...).
struct PolygonSource {
    std::string path;
    std::string type;
    int line = 0;  ///< where problem.xml names it, for messages
};

/// One test of a testset. Polygon numbers them from 1 in the order of <tests>.
struct PolygonTest {
    int index = 0;
    std::string method;  ///< "manual" or "generated"
    std::string cmd;     ///< a generated test's command: "gen 10 20"
    /// A test of a generator that writes several at once (Polygon's script `gen 3 > {3-24}`;
    /// problem.xml: each test has cmd="gen 3" and from-file="3", "4", ...): the file of that
    /// name the generator wrote in its working folder (testlib's startTest). "" for its stdout.
    std::string from_file;
    bool sample = false;
    std::string group;             ///< the <group> it belongs to; "" for none
    std::optional<double> points;  ///< the points it is worth (each-test groups, or no groups)
    int line = 0;
};

/// A <group> of a testset's <groups>: how its tests' points count.
struct PolygonGroup {
    std::string name;
    /// "complete-group": the group's points only when every test passes; "each-test": each
    /// passed test's points (Polygon's default).
    std::string points_policy = "each-test";
    std::optional<double> points;  ///< the group's points (complete-group), when given
    /// "complete", "icpc", "points", "none": what a contestant is shown (read, for export).
    std::string feedback_policy;
    std::vector<std::string> dependencies;  ///< groups that must pass first
    int line = 0;
};

struct PolygonTestset {
    std::string name;  ///< "tests", "subtask1"...
    std::int64_t time_limit_ms = 0;
    std::int64_t memory_limit_bytes = 0;
    std::string input_pattern;   ///< printf pattern: "tests/%02d"
    std::string answer_pattern;  ///< "tests/%02d.a"
    std::vector<PolygonTest> tests;
    std::vector<PolygonGroup> groups;  ///< empty when the testset has no <groups>
    int line = 0;

    /// The group named `name`; nullptr when there is none.
    const PolygonGroup* group(const std::string& name) const;
};

/// One of a validator's or the checker's own tests (<assets><validators><validator><testset>,
/// <assets><checker><testset>): the verdict the program must give on it.
struct PolygonJuryTest {
    int index = 0;        ///< numbered from 1 in the order of <tests>
    std::string verdict;  ///< validator: "valid", "invalid"; checker: "ok", "wrong-answer"...
    int line = 0;
};

/// A validator's or the checker's tests: printf patterns as a testset's (a checker test has an
/// input, the output to check and the answer: files/tests/checker-tests/%02d, %02d.o, %02d.a).
struct PolygonJuryTestset {
    std::string input_pattern;   ///< "files/tests/validator-tests/%02d"
    std::string output_pattern;  ///< the checker's only
    std::string answer_pattern;  ///< the checker's only
    std::vector<PolygonJuryTest> tests;
    /// How many more tests <test-count> says than <tests> lists (a revision listing none): their
    /// verdicts are unknown.
    int unlisted_count = 0;
    int line = 0;
};

struct PolygonSolution {
    std::string tag;  ///< "main", "accepted", "wrong-answer"...
    PolygonSource source;
};

/// What problem.xml says.
struct PolygonPackage {
    std::filesystem::path root;      ///< the package's folder
    std::filesystem::path xml_file;  ///< root / "problem.xml"
    std::string short_name;
    std::string name;                     ///< the English name, else the first one, else short_name
    std::string input_file, output_file;  ///< <judging input-file output-file>: "" = stdin/stdout
    /// <judging treat-points-from-checker-as-percent="true">: a checker's points (testlib quitp)
    /// are a percentage of the test's points rather than points.
    bool checker_points_as_percent = false;
    std::vector<PolygonTestset> testsets;
    std::optional<PolygonSource> checker;
    std::string checker_type;  ///< "testlib"
    std::optional<PolygonSource> interactor;
    std::vector<PolygonSource> validators;
    /// validator_tests[i]: the own tests of validators[i] (none when it has no <testset>).
    std::vector<PolygonJuryTestset> validator_tests;
    PolygonJuryTestset checker_tests;  ///< the checker's own tests
    std::vector<PolygonSource> executables;
    std::vector<PolygonSolution> solutions;
    /// A package made for Windows (a <binary type="exe.win32">): its text files have CRLF ends,
    /// judged as copies with LF ends (discover_polygon_cases).
    bool windows = false;

    /// The testset named `name`; nullptr when there is none.
    const PolygonTestset* testset(const std::string& name) const;
    /// The executable whose source's file name without extension is `name` ("gen" for
    /// files/gen.cpp); nullptr when there is none.
    const PolygonSource* executable(const std::string& name) const;
    /// The solution tagged "main"; nullptr when there is none.
    const PolygonSolution* main_solution() const;
};

/// Parses `root`/problem.xml. Throws JudgeError "FILE:LINE: why" for XML that does not parse
/// and for what the judge cannot read (no testset, a test-path pattern that is no printf
/// pattern of one integer, a limit that is no positive number, a path leaving the package).
PolygonPackage read_polygon_package(const std::filesystem::path& root);

/// `pattern` (printf, one integer: %d, %02d, %3d; %% is a '%') with `index`: "tests/%02d", 7 gives
/// "tests/07", 100 gives "tests/100". Throws JudgeError naming the pattern when it has no or more
/// than one conversion, or one that is not an integer's.
std::string format_test_path(const std::string& pattern, int index);

/// Polygon's tag as the verdict folders verify knows (checking/verify.hpp): main and accepted
/// "accepted", wrong-answer "wrong_answer", time-limit-exceeded-or-accepted
/// "time_limit_exceeded,accepted", ..., failed "failed" (the checker must fail: a folder of no
/// Kattis package, verified by failed_as_expected of checking/verify.hpp); nullopt for an
/// unknown tag.
std::optional<std::string> expectation_of_tag(const std::string& tag);

/// Whether the judge builds a source of Polygon's `type`: cpp.*, c.*, java*, python.3 and
/// python.pypy3. "" when it does; otherwise why not, for a skipped submission.
std::string unbuilt_source_type(const std::string& type);

/// Unpacks the Polygon zip `zip` into `cache_dir`/polygon/<hash of the zip> (once: a second call
/// finds it there) and returns that folder. Refuses (JudgeError naming the entry) entries whose
/// name is absolute or has a ".." part, and archives over 4 GiB unpacked or 100000 entries; writes
/// only regular files and folders (never a link).
std::filesystem::path unpack_polygon_zip(const std::filesystem::path& zip,
                                         const std::filesystem::path& cache_dir);

/// The judge's settings of the package at `root` (unpacked), judging its testset `testset`
/// ("" = "tests", else the first one). `generated_dir` is where generated tests and answers go.
/// Throws JudgeError naming the file for what it does not support yet: an interactor, file
/// input or output (input-file / output-file), a checker that is not testlib's; and for a testset
/// that does not exist (naming those that do).
ProblemSettings load_polygon_problem(const std::filesystem::path& root,
                                     const std::string& testset,
                                     const std::filesystem::path& generated_dir);

/// The cases of the problem's testset, in order: group = the testset's name, name = the test's
/// number. A test's input: the package's file (input-path-pattern) when it ships one, else (a
/// generated test) the cached one; its answer: the package's file (answer-path-pattern), else the
/// main solution's cached output. Nothing is made here (prepare_polygon_cases does). Throws
/// JudgeError naming the file for a manual test whose file is missing, a generated test whose
/// executable is not in <executables> or whose source is missing, a missing answer without a
/// main solution.
std::vector<TestCase> discover_polygon_cases(const ProblemSettings& problem);

/// How the problem's testset scores (checking/scoring.hpp), by the case names of
/// discover_polygon_cases: each test's group and points, the testset's <groups> (points-policy,
/// points, dependencies) and treat-points-from-checker-as-percent. nullopt when the testset has no
/// points (has_points): then nothing is scored.
std::optional<ScoringPlan> polygon_scoring_plan(const ProblemSettings& problem);

/// Makes what `cases` (some of discover_polygon_cases) lack: each generated input (its
/// executable built from its source and run boxed as a generator; its stdout is the input, or
/// for a test with from-file the file of that name it wrote in its working folder, an empty
/// folder of its own: one run makes every test of the same cmd) and
/// each answer (the main solution run boxed as the reference). Written atomically into the
/// cache, so a failure leaves nothing half made. Throws JudgeError naming the test and the
/// program when one does not compile or fails.
void prepare_polygon_cases(Compiler& compiler,
                           const ProblemSettings& problem,
                           const std::vector<TestCase>& cases,
                           bool sandbox);

/// The package's solutions as submissions to verify, the accepted ones (main first) first. A
/// source type the judge does not build, or a tag it does not verify, is listed with its reason
/// (expectation_error: skipped). Throws JudgeError naming the file when a source is missing.
std::vector<ExpectedSubmission> polygon_submissions(const ProblemSettings& problem);

/// The main solution's source (judge run's default submission). Throws JudgeError when the
/// package has none.
std::filesystem::path polygon_main_solution(const ProblemSettings& problem);

}  // namespace judge

// judge verify: judge every submission of a problem and compare its final verdict with the one
// its folder promises (checking/verify.hpp has the rules).
//
// Order of work: the jury programs are compiled and every input validated once (not once per
// submission); the accepted submissions are judged first, since without a given time limit
// their slowest case sets it (problemtools' rule); then the others, time_limit_exceeded ones at
// the safety margin above the limit. Every case of every submission is judged, for the matrix
// (checking/verify_matrix.hpp: which cases kill which submission, how close the limit is); with
// --matrix none, judging a submission stops at its first case that is not AC: that case decides
// a contest judge's verdict, and a TLE submission would otherwise spend the limit on every case.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "building/compiler.hpp"
#include "checking/judging.hpp"
#include "checking/report.hpp"
#include "checking/scoring.hpp"
#include "checking/validation.hpp"
#include "checking/verify.hpp"
#include "checking/verify_matrix.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/package.hpp"
#include "problems/package_scoring.hpp"
#include "problems/polygon_contest.hpp"
#include "problems/polygon_package.hpp"
#include "problems/problem.hpp"
#include "running/cgroup_pool.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/interrupt.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

#if !defined(JUDGE_VERSION) || !defined(JUDGE_GIT_COMMIT)
#error "JUDGE_VERSION and JUDGE_GIT_COMMIT come from judge/CMakeLists.txt (cmake/Version.cmake)"
#endif

namespace {

// The --html page names the judge that made it.
constexpr const char* kJudgeVersion = "judge " JUDGE_VERSION " (commit " JUDGE_GIT_COMMIT ")";

// The submissions to verify: a package's submissions/<verdict>/; for one of this project's
// problems, its solution and brute first, then testdata/<id>/submissions/<verdict>/.
std::vector<ExpectedSubmission> submissions_of(const ProblemSettings& problem) {
    if (problem.format == ProblemFormat::Polygon) return polygon_submissions(problem);
    std::vector<ExpectedSubmission> submissions;
    std::error_code error;
    if (problem.format == ProblemFormat::Repository) {
        if (fs::is_regular_file(problem.solution_source(), error))
            submissions.push_back(expected_submission(problem.solution_source(), "accepted"));
        if (fs::is_regular_file(problem.brute_source(), error))
            submissions.push_back(expected_submission(problem.brute_source(), "reference"));
    }
    std::vector<std::string> unknown_folders;
    for (ExpectedSubmission& listed : list_submissions(problem.submissions_dir(), &unknown_folders,
                                                       problem.package_version, problem.constants))
        submissions.push_back(std::move(listed));
    settle_folder_time_roles(submissions);
    for (const std::string& folder : unknown_folders)
        std::cerr << "judge: note: "
                  << escape_control((problem.submissions_dir() / folder).string())
                  << " names no verdict: its submissions are not verified\n";
    for (const ExpectedSubmission& submission : submissions)
        if (!submission.note.empty())
            std::cerr << "judge: note: " << escape_control(submission.note) << "\n";
    // Accepted ones (those that bound the limit from below) first: without a given limit, they
    // set it.
    std::stable_partition(submissions.begin(), submissions.end(),
                          [](const ExpectedSubmission& s) { return s.lower_bounds_time_limit; });
    return submissions;
}

// A path as shown: relative to the problem's folder (or the project root) when inside it.
std::string shown_path(const ProblemSettings& problem, const fs::path& path) {
    // Lexically: a package's submission may be a link to another (BAPCtools' do), and is shown
    // where it is listed, not where it points.
    fs::path relative = path.lexically_normal().lexically_relative(problem.root);
    if (relative.empty() || *relative.begin() == "..") return path.string();
    return relative.string();
}

// The judged cases' outcomes by name, for the score.
std::map<std::string, ScoredOutcome> scored_outcomes(const std::vector<CaseResult>& cases) {
    std::map<std::string, ScoredOutcome> outcomes;
    for (const CaseResult& result : cases)
        outcomes[result.test_case.display_name()] = {result.verdict, result.checker_points,
                                                     result.score_multiplier};
    return outcomes;
}

// The requirements on the score of `verified` (its rules', its @EXPECTED_SCORE@): when one is
// broken, or the score is the judge's failure, it is not as expected and the message says why.
void check_score(VerifiedSubmission& verified,
                 const std::vector<VerdictRule>& rules,
                 const std::optional<double>& expected_score) {
    if (verified.score && !verified.score->judge_error.empty()) {
        verified.got = Verdict::JE;
        verified.as_expected = false;
        verified.message = "score: " + verified.score->judge_error;
        return;
    }
    std::optional<std::pair<double, double>> expected;
    if (expected_score) expected = std::pair{*expected_score, *expected_score};
    std::string broken = score_expectation_broken(rules, expected, verified.score);
    if (broken.empty()) return;
    // Both failures are told when the verdict was not as expected either.
    verified.message = verified.as_expected ? broken : verified.message + "; " + broken;
    verified.as_expected = false;
}

// Fills got, slowest case, cases judged and message from the judged cases. With `rules` (a
// 2025-09 package's), they decide whether it is as expected; its folder otherwise (none: only
// its score is promised, any verdict but JE will do).
void record_cases(VerifiedSubmission& verified,
                  const std::vector<CaseResult>& cases,
                  const std::vector<VerdictRule>& rules,
                  const std::optional<double>& expected_score,
                  bool kattis_package) {
    std::vector<Verdict> verdicts;
    bool some_case_accepted = false;
    for (const CaseResult& result : cases) {
        verdicts.push_back(result.verdict);
        some_case_accepted = some_case_accepted || result.verdict == Verdict::AC;
        if (verified.slowest_case.empty() || result.cpu_ms > verified.slowest_cpu_ms) {
            verified.slowest_case = result.test_case.display_name();
            verified.slowest_cpu_ms = result.cpu_ms;
        }
        if (result.verdict != Verdict::AC && verified.message.empty())
            verified.message = result.test_case.display_name() + " " +
                               std::string(short_code(result.verdict)) +
                               (result.message.empty() ? "" : ": " + result.message);
    }
    verified.cases_judged = static_cast<std::int64_t>(cases.size());
    verified.got = aggregate(verdicts).value_or(Verdict::JE);
    if (cases.empty()) verified.message = "no case judged";
    if (verified.got == Verdict::AC) verified.message = "every case AC";
    std::vector<CaseOutcome> outcomes;
    for (const CaseResult& result : cases)
        outcomes.push_back({result.test_case.display_name(), result.verdict, result.message,
                            result.checker_failed});
    if (rules.empty() && verified.expected == "failed") {  // Polygon's tag: the checker must FAIL
        std::string broken = failed_tag_broken(outcomes);
        verified.as_expected = broken.empty();
        if (!broken.empty()) verified.message = broken;
    } else if (rules.empty() && verified.expected.rfind("score ", 0) == 0) {
        verified.as_expected = verified.got != Verdict::JE;  // DOMjudge's score-only promise
    } else if (rules.empty()) {
        verified.as_expected = verdict_as_expected(verified.expected, verified.got,
                                                   some_case_accepted, kattis_package);
    } else {
        std::string broken = rules_broken(rules, outcomes);
        verified.as_expected = broken.empty();
        if (!broken.empty()) verified.message = broken;
    }
    check_score(verified, rules, expected_score);
}

class Verifier {
 public:
    Verifier(const OpenProblem& open, const VerifyOptions& options)
        : problem_(open.problem),
          options_(options),
          compiler_(open.context.root, open.context.cache_dir, "g++", open.context.compile_limits) {
        require_submission_isolation(options.no_sandbox);
        compiler_.set_sandbox(!options.no_sandbox);
    }

    /// False once a run was not measured by its cgroups (as RunReport::exact).
    bool exact() const { return exact_; }

    VerifyReport run() {
        std::vector<ExpectedSubmission> submissions = submissions_of(problem_);
        if (submissions.empty())
            throw JudgeError("no submissions to verify in " + problem_.submissions_dir().string());
        cases_ = problem_cases(problem_);
        if (cases_.empty()) throw JudgeError("no cases (NAME.in) in " + problem_.dir.string());
        require_answers(problem_, cases_);
        jobs_ = std::min(options_.jobs > 0 ? options_.jobs : default_jobs(),
                         static_cast<int>(cases_.size()));
        compile_checking_programs(compiler_, problem_, !options_.no_validate, judge_options_);
        prepare_problem_cases(compiler_, problem_, cases_, !options_.no_sandbox);
        // Every input once, here, rather than once per submission in judge_case: boxed unless
        // --no-sandbox, under the package's validation_time, as judge_case would run them.
        require_valid_inputs(judge_options_.validators, cases_, jobs_, !options_.no_sandbox,
                             problem_.jury_time_limit_ms);
        judge_options_.validators.clear();
        judge_options_.reruns = options_.reruns;
        judge_options_.bind_workers_to_cpus = !options_.no_cpu_binding;
        judge_options_.sandbox = !options_.no_sandbox;
        judge_options_.stop_at_first_failure = !wants_matrix();
        judge_options_.stop = &interrupt_flag();
        // A Polygon testset with points is judged as judge run judges it: a checker's partial
        // points (quitp) below a test's whole points are WA, not AC.
        if (problem_.format == ProblemFormat::Polygon) scoring_ = polygon_scoring_plan(problem_);
        if (scoring_) judge_options_.scoring = &*scoring_;
        // A package of type scoring: each submission's score from its cases' score files.
        package_scoring_ = package_scoring_plan(problem_, cases_);

        VerifyReport report;
        report.problem =
            problem_.format == ProblemFormat::Package ? problem_.root.string() : problem_.id;
        report.time_limit_source = problem_.time_limit_source;
        // Without a given limit, the accepted ones run under a generous one that they then set.
        std::int64_t limit_ms =
            problem_.time_limit_given ? problem_.limits.cpu_ms : kProbeTimeLimitMs;
        std::int64_t slowest_accepted_ms = 0;
        bool limit_set = problem_.time_limit_given;
        // Once the accepted ones are judged (they come first), they set the limit.
        auto set_limit_from_accepted = [&] {
            limit_ms = time_limit_from_accepted_ms(slowest_accepted_ms, problem_.ac_to_time_limit,
                                                   problem_.time_resolution_s);
            report.time_limit_source =
                derived_time_limit_source(problem_.ac_to_time_limit, problem_.time_resolution_s);
            limit_set = true;
            settle_accepted(report, limit_ms);
        };
        std::vector<CompiledSubmission> compiled = compile_all(submissions);
        for (std::size_t i = 0; i < submissions.size(); ++i) {
            const ExpectedSubmission& submission = submissions[i];
            if (!submission.lower_bounds_time_limit && !limit_set) set_limit_from_accepted();
            std::int64_t run_limit_ms = submission.upper_bounds_time_limit
                                            ? tle_margin_ms(limit_ms, problem_.time_limit_to_tle)
                                            : limit_ms;
            report.submissions.push_back(verify_one(submission, compiled[i], run_limit_ms));
            cells_.push_back(std::move(last_cells_));
            if (interrupted()) throw JudgeError("interrupted: no report written");
            const VerifiedSubmission& last = report.submissions.back();
            if (submission.lower_bounds_time_limit && !last.skipped)
                slowest_accepted_ms = std::max(slowest_accepted_ms, last.slowest_cpu_ms);
        }
        if (!limit_set) set_limit_from_accepted();
        report.time_limit_ms = limit_ms;
        return report;
    }

    /// Whether every case of every submission is judged: for the matrix on the terminal or in
    /// --html.
    bool wants_matrix() const { return options_.matrix != "none" || !options_.html_file.empty(); }

    // A Polygon testset's <group> of each case ("tests/3" -> "1"; the testset's name for a test
    // of no group), which the per-group layout gathers by; empty for the other formats, whose
    // TestCase::group is the group.
    std::map<std::string, std::string> polygon_groups_of_cases() const {
        std::map<std::string, std::string> groups;
        if (problem_.format != ProblemFormat::Polygon) return groups;
        PolygonPackage package = read_polygon_package(problem_.root);
        const PolygonTestset* set = package.testset(problem_.testset);
        if (!set) return groups;
        for (const PolygonTest& test : set->tests)  // named as discover_polygon_cases names them
            groups[set->name + "/" + std::to_string(test.index)] =
                test.group.empty() ? set->name : test.group;
        return groups;
    }

    /// The matrix of `report` (what run() returned): the cells judged for each submission.
    VerifyMatrix matrix(const VerifyReport& report) const {
        std::vector<MatrixCase> cases;
        std::map<std::string, std::string> polygon_groups = polygon_groups_of_cases();
        for (const TestCase& test_case : cases_) {
            std::string name = test_case.display_name();
            auto group = polygon_groups.find(name);
            cases.push_back(
                {name, group != polygon_groups.end() ? group->second : test_case.group});
        }
        VerifyMatrix matrix = make_verify_matrix(report, std::move(cases), cells_);
        matrix.problem = problem_.name.empty() ? report.problem : problem_.name;
        matrix.memory_limit_kib = problem_.limits.memory_kib;
        return matrix;
    }

 private:
    // A submission's compile, made before any submission is judged (compile_all).
    struct CompiledSubmission {
        CompileResult result;
        std::exception_ptr error;  // what the compile threw, met again where it is judged
    };

    // Every submission's compile, --jobs at a time, before any is judged: the compiles are
    // independent and one at a time they were most of the wall time of a package in slow
    // languages (Kotlin's and Scala's compilers take seconds each); none runs beside a judged run,
    // whose core it would take. A submission the package or its expectation already decides is
    // not compiled.
    std::vector<CompiledSubmission> compile_all(
        const std::vector<ExpectedSubmission>& submissions) {
        std::vector<CompiledSubmission> compiled(submissions.size());
        const int jobs = std::min(options_.jobs > 0 ? options_.jobs : default_jobs(),
                                  static_cast<int>(submissions.size()));
        if (is_terminal(2))
            std::cerr << "compile " << submissions.size() << " submissions (" << jobs
                      << " at a time)\n";
        std::atomic<std::size_t> next{0};
        run_workers(
            jobs,
            [&](int) {
                for (std::size_t i = next++; i < submissions.size() && !interrupted(); i = next++) {
                    const ExpectedSubmission& submission = submissions[i];
                    if (!submission.expectation_error.empty() || !submission.package_error.empty())
                        continue;
                    try {
                        std::optional<TempDir> substituted;
                        PreparedSubmission prepared =
                            submission_source(problem_, submission.path, submission.choice,
                                              submission.has_links, substituted);
                        compiled[i].result = compiler_.compile(
                            prepared.source, SourceKind::Solution, {}, prepared.choice);
                    } catch (...) {
                        compiled[i].error = std::current_exception();
                    }
                }
            },
            submissions.size());
        if (interrupted()) throw JudgeError("interrupted: no report written");
        return compiled;
    }

    // Once the limit is derived: an accepted submission judged under the probe limit whose
    // slowest case is over the derived limit would be TLE there (possible only with a
    // multiplier below 1 or by rounding down).
    static void settle_accepted(VerifyReport& report, std::int64_t limit_ms) {
        // Every submission judged so far bounds the limit from below (they come first).
        for (VerifiedSubmission& submission : report.submissions) {
            if (submission.skipped) continue;
            submission.cpu_limit_ms = limit_ms;
            if (submission.got == Verdict::AC && submission.slowest_cpu_ms > limit_ms) {
                submission.got = Verdict::TLE;
                submission.as_expected = false;
                submission.message = submission.slowest_case + " is over the derived limit";
            }
        }
    }

    VerifiedSubmission verify_one(const ExpectedSubmission& submission,
                                  const CompiledSubmission& compile,
                                  std::int64_t limit_ms) {
        VerifiedSubmission verified;
        last_cells_.clear();
        verified.path = shown_path(problem_, submission.path);
        verified.expected = submission.folder;
        if (verified.expected.empty() && submission.expected_score)
            verified.expected = "score " + format_points(*submission.expected_score);
        verified.cpu_limit_ms = limit_ms;
        if (is_terminal(2))
            std::cerr << "verify " << escape_control(verified.path) << " (" << submission.folder
                      << ", " << limit_ms << " ms)\n";
        if (!submission.expectation_error.empty()) {
            verified.skipped = submission.expectation_error;
            return verified;
        }
        if (!submission.package_error.empty()) {  // the package's fault: JE, never skipped
            verified.got = Verdict::JE;
            verified.message = submission.package_error;
            return verified;
        }
        const CompileResult& compiled = compile.result;
        try {
            if (compile.error) std::rethrow_exception(compile.error);
        } catch (const UnsupportedLanguage& unsupported) {
            verified.skipped = unsupported.what();
            return verified;
        } catch (const JudgeError& error) {
            verified.got = Verdict::JE;
            verified.message = error.what();
            return verified;
        }
        if (!compiled.note.empty()) std::cerr << "judge: note: " << compiled.note << "\n";
        if (!compiled.ok) {
            verified.got = Verdict::CE;
            verified.message = "compile error: " + first_line(compiled.message);
            // Rules judge cases and a compile error has none: then its @EXPECTED_RESULTS@ line,
            // if any, says whether a compile error may be.
            verified.as_expected =
                submission.rules.empty()
                    ? verdict_as_expected(submission.folder, Verdict::CE, false)
                    : !submission.results_line.empty() &&
                          verdict_as_expected(submission.results_line, Verdict::CE, false);
            return verified;
        }
        verified.language = compiled.program.language->name;
        ProblemSettings problem = problem_;
        problem.limits = with_time_limit(problem.limits, limit_ms);
        JudgeOptions options = judge_options_;
        options.solution = compiled.program;
        // The format's rules may speak of any case, and a score is of every case: then every
        // case is judged.
        options.stop_at_first_failure =
            !submission.judge_every_case && !wants_matrix() && !scoring_ && !package_scoring_;
        TempDir work_dir("judge-verify", fast_temp_base());
        options.work_dir = work_dir.path();
        std::vector<CaseResult> cases = judge_cases(problem, cases_, options, jobs_);
        for (const CaseResult& result : cases)
            for (const CaseRun& run : result.runs)
                if ((run.run.exited || run.run.signaled) &&
                    !run.run.memory_source.starts_with("cgroup"))
                    exact_ = false;
        std::map<std::string, ScoredOutcome> outcomes = scored_outcomes(cases);
        if (scoring_) verified.score = compute_score(*scoring_, outcomes);
        if (package_scoring_) verified.score = compute_package_score(*package_scoring_, outcomes);
        record_cases(verified, cases, submission.rules, submission.expected_score,
                     problem_.format == ProblemFormat::Package);
        // judge_cases keeps the order of cases_ (up to the first failure with the fast path).
        for (const CaseResult& result : cases)
            last_cells_.push_back(MatrixCell{result.verdict, result.cpu_ms});
        return verified;
    }

    ProblemSettings problem_;
    const VerifyOptions& options_;
    Compiler compiler_;
    JudgeOptions judge_options_;
    std::optional<ScoringPlan> scoring_;  // judge_options_.scoring points to it
    std::optional<PackageScoringPlan> package_scoring_;
    std::vector<TestCase> cases_;
    int jobs_ = 1;
    bool exact_ = true;
    // cells_[i]: the cases judged for the i-th submission verified, in case order (the matrix).
    std::vector<std::vector<std::optional<MatrixCell>>> cells_;
    std::vector<std::optional<MatrixCell>> last_cells_;  // verify_one's, for run() to keep
};

}  // namespace

int run_verify(const GlobalOptions& global, const VerifyOptions& options) {
    OpenProblem open = open_problem(global, options.problem);
    if (!options.json_file.empty()) require_writable_folder(options.json_file, "--json");
    if (!options.junit_file.empty()) require_writable_folder(options.junit_file, "--junit");
    if (!options.html_file.empty()) require_writable_folder(options.html_file, "--html");
    InterruptGuard interrupt_guard;
    Verifier verifier(open, options);
    VerifyReport report = verifier.run();

    if (!verifier.exact())
        std::cout << inexact_measurement_note(detail::cgroup_unavailable_reason()) << "\n";
    std::cout << format_verify_table(report) << "\n";
    VerifyMatrix matrix = verifier.matrix(report);
    matrix.judge_version = kJudgeVersion;
    std::optional<MatrixLayout> layout = matrix_layout(options.matrix, matrix.cases.size());
    if (layout && *layout != MatrixLayout::None) {
        // Colour only on a terminal, and never when NO_COLOR is set (as judge run's table).
        const char* no_color = std::getenv("NO_COLOR");
        std::cout << format_verify_matrix(matrix, *layout,
                                          is_terminal(1) && !(no_color && *no_color))
                  << "\n";
    }
    std::cout << "time limit: " << report.time_limit_ms << " ms ("
              << escape_control(report.time_limit_source) << ")\n";
    std::cout << verify_summary_line(report) << "\n";
    std::cout.flush();
    if (!options.json_file.empty())
        write_file_atomically(options.json_file, verify_to_json(report).dump(2) + "\n");
    if (!options.junit_file.empty())
        write_file_atomically(options.junit_file, verify_to_junit_xml(report));
    if (!options.html_file.empty()) {
        // --matrix none with --html: the page still shows every case (they were all judged).
        MatrixLayout page_layout = layout && *layout != MatrixLayout::None
                                       ? *layout
                                       : *matrix_layout("auto", matrix.cases.size());
        write_file_atomically(options.html_file, verify_matrix_html(matrix, page_layout));
    }
    return report.count_not_as_expected() == 0 ? 0 : 1;
}

// judge verify CONTEST: each problem of a Polygon contest package in turn, its own report, then
// one line per problem. Exit status: 2 when some problem could not be verified (a bad package),
// else 1 when some submission was not as expected, else 0.
int run_verify_contest(const GlobalOptions& global, const VerifyOptions& options) {
    if (!options.json_file.empty() || !options.junit_file.empty())
        throw JudgeError(
            "--json and --junit write one problem's report: verify a contest's problems one by "
            "one (problems/<short-name>) for them");
    if (!options.html_file.empty())
        throw JudgeError(
            "--html writes one problem's matrix: verify a contest's problems one by one "
            "(problems/<short-name>) for it");
    PolygonContest contest =
        read_polygon_contest(polygon_contest_folder(options.problem, package_cache_dir(global)));
    std::vector<std::string> outcomes;
    int worst = 0;
    for (const PolygonContestProblem& problem : contest.problems) {
        std::string label = (problem.index.empty() ? "" : problem.index + " ") + problem.short_name;
        std::cout << "== problem " << escape_control(label) << " ("
                  << escape_control(problem.folder.string()) << ")\n";
        std::cout.flush();
        VerifyOptions one = options;
        one.problem = problem.folder.string();
        int status = 0;
        std::string outcome;
        try {
            status = run_verify(global, one);
            outcome =
                status == 0 ? "every submission as expected" : "some submission not as expected";
        } catch (const JudgeError& error) {
            if (interrupted()) throw;
            status = 2;
            outcome = std::string("not verified: ") + error.what();
            std::cerr << "judge: error: " << escape_control(error.what()) << "\n";
        }
        worst = std::max(worst, status);
        outcomes.push_back(label + ": " + outcome);
    }
    std::cout << "contest " << escape_control(contest.name) << ": " << contest.problems.size()
              << " problem(s)\n";
    for (const std::string& line : outcomes) std::cout << "  " << escape_control(line) << "\n";
    return worst;
}

}  // namespace judge

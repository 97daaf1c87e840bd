// judge run: compile a solution, judge it on a problem's cases, report.
//
// Everything that can be wrong with the command line or the problem (missing problem, settings,
// checker, .ans, solution; unwritable report folder) is found before the first case runs, so a
// bad call fails in one line with exit status 2 and writes nothing.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "building/compiler.hpp"
#include "checking/judging.hpp"
#include "checking/report.hpp"
#include "checking/scoring.hpp"
#include "checking/verify.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/package.hpp"
#include "problems/package_scoring.hpp"
#include "problems/polygon_package.hpp"
#include "problems/problem.hpp"
#include "running/cgroup_pool.hpp"
#include "stress/diagnose.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/interrupt.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// --diagnose: the first case whose verdict is a fault of the solution (not AC, not JE) is run
// again with the solution rebuilt under the sanitizers, and what they say is shown and recorded.
const CaseResult* first_failing_case(const RunReport& report) {
    auto failing = std::find_if(report.cases.begin(), report.cases.end(), [](const CaseResult& c) {
        return c.verdict != Verdict::AC && c.verdict != Verdict::JE && c.verdict != Verdict::CE;
    });
    return failing == report.cases.end() ? nullptr : &*failing;
}

// Says which case is rerun, before the slow sanitized build, so a terminal shows it meanwhile.
void announce_diagnosis(const CaseResult* failing) {
    std::cout << "\n";
    if (!failing) {
        std::cout << "diagnose: no failing case to diagnose\n";
        return;
    }
    std::cout << "diagnose " << failing->test_case.display_name() << " ("
              << short_code(failing->verdict) << "): solution rebuilt with "
              << "-fsanitize=address,undefined -g and run again:\n";
    std::cout.flush();
}

// Reruns `failing` (null: none failed) under the sanitizers; the record for the reports.
DiagnosisRecord compute_diagnosis(Compiler& compiler,
                                  const fs::path& solution,
                                  const Limits& limits,
                                  bool sandbox,
                                  const RunReport& report,
                                  const CaseResult* failing) {
    DiagnosisRecord record;
    if (report.compile_error) {
        record.summary = "no case to diagnose: the solution does not compile";
        return record;
    }
    if (!failing) {
        record.summary = "no failing case to diagnose";
        return record;
    }
    Diagnosis diagnosis = diagnose(compiler, solution, failing->test_case.input, limits, sandbox);
    record.case_name = failing->test_case.display_name();
    record.verdict = failing->verdict;
    record.sanitized_build = diagnosis.compiled;
    record.sanitizer_report = diagnosis.report;
    record.summary = describe_diagnosis(diagnosis);
    return record;
}

// What the sanitizers said (after announce_diagnosis); nothing when no case was rerun.
void print_diagnosis(const DiagnosisRecord& record) {
    if (record.case_name.empty()) return;
    // The sanitizers' report is the program's own stderr: describe_diagnosis marked each of its
    // lines as the submission's (quote_lines); never its escape codes.
    std::cout << escape_control(record.summary, true);
    std::cout.flush();
}

// The judged cases' outcomes by name, for compute_score.
std::map<std::string, ScoredOutcome> outcomes_of(const std::vector<CaseResult>& cases) {
    std::map<std::string, ScoredOutcome> outcomes;
    for (const CaseResult& result : cases)
        outcomes[result.test_case.display_name()] = {result.verdict, result.checker_points,
                                                     result.score_multiplier};
    return outcomes;
}

// What judge run judges: the source, and its entry in the package's one listing of its
// submissions (package_submissions) when it is one of them.
struct RunSubmission {
    fs::path path;
    std::optional<ExpectedSubmission> listed;
};

// The solution named, or the one judge run takes when none is: solutions/<id>.cpp, a Polygon
// package's main solution, or a package's first accepted submission. Both come from the same
// listing judge verify makes (the package's format version and constants), so a submission is
// the same one whether named or taken by default, with the language, entry point and
// constants the package gives it.
RunSubmission solution_to_run(const ProblemSettings& problem, const std::string& named) {
    RunSubmission run;
    if (named.empty() && problem.format == ProblemFormat::Repository) {
        run.path = problem.solution_source();
        return run;
    }
    if (named.empty() && problem.format == ProblemFormat::Polygon) {
        run.path = polygon_main_solution(problem);
        return run;
    }
    std::vector<ExpectedSubmission> submissions = package_submissions(problem);
    std::error_code error;
    for (ExpectedSubmission& submission : submissions) {
        bool chosen = named.empty()
                          ? submission.folder == "accepted" && submission.package_error.empty() &&
                                submission.expectation_error.empty()
                          : fs::equivalent(submission.path, named, error);
        if (!chosen) continue;
        run.path = named.empty() ? submission.path : fs::path(named);
        run.listed = std::move(submission);
        return run;
    }
    if (named.empty())
        throw JudgeError("problem package " + problem.root.string() +
                         " has no submissions/accepted/ program: name one with --solution FILE");
    run.path = named;
    return run;
}

// A package that gives no time limit gets the one its accepted submissions set, as judge verify
// derives it: each is judged on every case under the probe limit, and the slowest one's CPU
// time x ac_to_time_limit (rounded as the version says) is the limit. nullopt when none could
// be judged (none listed, or none in a language built here): the 1 s default then stands.
std::optional<std::int64_t> limit_from_accepted(Compiler& compiler,
                                                const ProblemSettings& problem,
                                                const std::vector<TestCase>& cases,
                                                JudgeOptions options,
                                                int jobs) {
    std::vector<ExpectedSubmission> accepted;
    for (ExpectedSubmission& submission : package_submissions(problem))
        if (submission.lower_bounds_time_limit && submission.package_error.empty() &&
            submission.expectation_error.empty())
            accepted.push_back(std::move(submission));
    if (accepted.empty()) return std::nullopt;
    std::cerr << "judge: no time limit in the package: judging its " << accepted.size()
              << " accepted submission" << (accepted.size() == 1 ? "" : "s")
              << " first, which set it (as judge verify does)\n";
    ProblemSettings probe = problem;
    probe.limits = with_time_limit(problem.limits, kProbeTimeLimitMs);
    std::optional<std::int64_t> slowest_ms;
    for (const ExpectedSubmission& submission : accepted) {
        CompileResult compiled;
        try {
            std::optional<TempDir> copy;
            PreparedSubmission prepared = submission_source(
                problem, submission.path, submission.choice, submission.has_links, copy);
            compiled = compiler.compile(prepared.source, SourceKind::Solution, {}, prepared.choice);
        } catch (const UnsupportedLanguage&) {
            continue;
        }
        if (!compiled.ok) continue;
        options.solution = compiled.program;
        TempDir work_dir("judge-run", fast_temp_base());
        options.work_dir = work_dir.path();
        std::int64_t submission_ms = 0;
        for (const CaseResult& result : judge_cases(probe, cases, options, jobs))
            submission_ms = std::max(submission_ms, result.cpu_ms);
        if (interrupted()) throw JudgeError("interrupted: no report written");
        slowest_ms = std::max(slowest_ms.value_or(0), submission_ms);
    }
    if (!slowest_ms) return std::nullopt;
    return time_limit_from_accepted_ms(*slowest_ms, problem.ac_to_time_limit,
                                       problem.time_resolution_s);
}

}  // namespace

int run_run(const GlobalOptions& global, const RunOptions& options) {
    OpenProblem open = open_problem(global, options.problem);
    const Context& context = open.context;
    ProblemSettings& problem = open.problem;

    RunSubmission submission = solution_to_run(problem, options.solution);
    const fs::path& solution = submission.path;
    std::error_code error;
    if (!fs::exists(solution, error))
        throw JudgeError("solution " + solution.string() + " not found");
    // A link out of the package: verify's JE, refused here before anything runs.
    if (submission.listed && !submission.listed->package_error.empty())
        throw JudgeError(submission.listed->package_error);

    std::vector<TestCase> cases =
        options.cases_dir.empty() ? problem_cases(problem) : discover_cases_in(options.cases_dir);
    std::string where = options.cases_dir.empty() ? problem.dir.string() : options.cases_dir;
    if (cases.empty()) throw JudgeError("no cases (NAME.in) in " + where);
    // A package of type scoring is scored over all its cases (those --tests leaves out: 0).
    std::optional<PackageScoringPlan> package_scoring;
    if (options.cases_dir.empty()) package_scoring = package_scoring_plan(problem, cases);
    cases = filter_cases(std::move(cases), options.tests);
    if (cases.empty())
        throw JudgeError("no case of " + where + " matches --tests '" + options.tests + "'");
    require_answers(problem, cases);
    // A Polygon testset with points is scored (the verdict stays the first failure's).
    std::optional<ScoringPlan> scoring;
    if (problem.format == ProblemFormat::Polygon && options.cases_dir.empty())
        scoring = polygon_scoring_plan(problem);
    require_writable_folder(options.json_file, "--json");
    require_writable_folder(options.junit_file, "--junit");
    if (options.jobs < 0) throw JudgeError("--jobs must be at least 1");
    if (options.reruns < 0) throw JudgeError("--reruns must be at least 0");

    Compiler compiler(context.root, context.cache_dir, "g++", context.compile_limits);
    require_submission_isolation(options.no_sandbox);
    compiler.set_sandbox(!options.no_sandbox);
    JudgeOptions judge_options;
    compile_checking_programs(compiler, problem, !options.no_validate, judge_options);
    if (options.cases_dir.empty())
        prepare_problem_cases(compiler, problem, cases, !options.no_sandbox);
    judge_options.reruns = options.reruns;
    judge_options.sandbox = !options.no_sandbox;
    judge_options.bind_workers_to_cpus = !options.no_cpu_binding;
    int jobs =
        std::min(options.jobs > 0 ? options.jobs : default_jobs(), static_cast<int>(cases.size()));
    if (scoring) judge_options.scoring = &*scoring;

    RunReport report;
    report.problem_id =
        problem.format == ProblemFormat::Package ? problem.root.string() : problem.id;
    report.time_limit_source = problem.time_limit_source;
    report.solution = solution.string();
    report.limits = problem.limits;
    report.sandbox_requested = judge_options.sandbox;
    // More threads than cases would only make the overhead figure lie.
    report.jobs = jobs;

    // A package's submission is built as judge verify builds it: from a copy with its constants
    // substituted and its links read (kept for --diagnose), in the language the package gives.
    std::optional<TempDir> prepared;
    PreparedSubmission source =
        submission.listed ? submission_source(problem, solution, submission.listed->choice,
                                              submission.listed->has_links, prepared)
                          : PreparedSubmission{solution, {}};
    CompileResult compiled =
        compiler.compile(source.source, SourceKind::Solution, {}, source.choice);
    // A cached binary that no longer matched its recorded hash was rebuilt: say so.
    if (!compiled.note.empty()) std::cerr << "judge: note: " << compiled.note << "\n";
    if (!compiled.ok) {
        report.compile_error = compiled.message;
    } else {
        // Once the solution compiles (a submission that cannot run needs no limit).
        if (problem.format == ProblemFormat::Package && !problem.time_limit_given &&
            options.cases_dir.empty()) {
            InterruptGuard interrupt_guard;
            judge_options.stop = &interrupt_flag();
            if (std::optional<std::int64_t> limit_ms = limit_from_accepted(
                    compiler, problem, problem_cases(problem), judge_options, jobs)) {
                problem.limits = with_time_limit(problem.limits, *limit_ms);
                report.limits = problem.limits;
                report.time_limit_source =
                    derived_time_limit_source(problem.ac_to_time_limit, problem.time_resolution_s);
            }
        }
        judge_options.solution = compiled.program;
        report.language = std::string(compiled.program.language->name) + ", " +
                          compiler.language_version(*compiled.program.language);
        TempDir work_dir("judge-run", fast_temp_base());
        judge_options.work_dir = work_dir.path();
        InterruptGuard interrupt_guard;
        judge_options.stop = &interrupt_flag();
        bool terminal = is_terminal(2);
        ProgressLine progress(std::cerr, terminal, cases.size());
        auto start = std::chrono::steady_clock::now();
        report.cases =
            judge_cases(problem, cases, judge_options, report.jobs,
                        [&](std::size_t, const CaseResult& result) { progress.update(result); });
        report.total_wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::steady_clock::now() - start)
                                   .count();
        progress.finish();
        if (interrupted()) throw JudgeError("interrupted: no report written");
    }
    finish_totals(report);
    if (!report.exact) report.cgroups_unavailable_reason = detail::cgroup_unavailable_reason();
    if (scoring) report.score = compute_score(*scoring, outcomes_of(report.cases));
    if (package_scoring)
        report.score = compute_package_score(*package_scoring, outcomes_of(report.cases));

    // Colour only on a terminal, and never when NO_COLOR is set (no-color.org).
    const char* no_color = std::getenv("NO_COLOR");
    print_table(std::cout, report, is_terminal(1) && !(no_color && *no_color));
    std::cout << "\n";
    print_summary(std::cout, report);
    std::cout.flush();
    if (options.diagnose) {
        const CaseResult* failing = first_failing_case(report);
        if (!report.compile_error) announce_diagnosis(failing);
        report.diagnosis = compute_diagnosis(compiler, source.source, problem.limits,
                                             judge_options.sandbox, report, failing);
        print_diagnosis(*report.diagnosis);
    }
    if (!options.json_file.empty())
        write_file_atomically(options.json_file, to_json(report).dump(2) + "\n");
    if (!options.junit_file.empty())
        write_file_atomically(options.junit_file, to_junit_xml(report));
    // A score the judge could not give (a validator breaking the format's score rules) is JE.
    if (report.score && !report.score->judge_error.empty()) return exit_status(Verdict::JE);
    return exit_status(*report.verdict());
}

}  // namespace judge

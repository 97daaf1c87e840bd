// Judging one case: run the solution under the problem's limits, map the run to a verdict, check
// the output, and rerun cases whose CPU time lands near the limit.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "building/program.hpp"
#include "checking/checker_protocol.hpp"
#include "checking/scoring.hpp"
#include "checking/verdict.hpp"
#include "problems/problem.hpp"
#include "running/process_runner.hpp"

namespace judge {

/// A compiled input validator and how it speaks.
struct InputValidator {
    Program program;
    JuryProtocol protocol = JuryProtocol::Testlib;
    /// Its file or folder name in a package's input_validators/: which words of a case's
    /// InputValidatorArgs it gets.
    std::string name;
};

/// How judge_case works: the compiled programs and the knobs. Paths are owned by the caller.
struct JudgeOptions {
    Program solution;  ///< the submission
    /// The output checker: a testlib checker or a Kattis output validator (for an interactive
    /// package, the interactor too); empty for the default validator, or when a testlib
    /// interactor's verdict is final (checker: none).
    Program checker;
    /// A testlib interactor (this project's layout, interactive problems); empty otherwise.
    Program interactor;
    /// Input validators: every input is validated first by each, and an invalid one is JE naming
    /// the file and the validator's message (the solution is not run).
    std::vector<InputValidator> validators;
    /// Extra runs of a case whose CPU time is near the limit (see is_near_limit); 0 disables.
    int reruns = 2;
    /// "Near the limit" margin as a fraction of the CPU limit, either side.
    double near_limit_fraction = 0.20;
    /// Folder for outputs and stderr captures; judge_case makes a sub-folder per case under it.
    /// judge_cases gives each worker one sub-folder, `job-<k>`, for all of its cases (emptied
    /// between cases but for the output and stderr files, which are truncated when reused),
    /// unless keep_outputs.
    std::filesystem::path work_dir;
    /// Keep each case's sub-folder (outputs, stderr captures) instead of removing it when the
    /// case is judged. The folder is `work_dir / case_folder_name(test_case)`.
    bool keep_outputs = false;
    /// When set and true, judge_cases starts no further case (Ctrl-C); cases not started are
    /// left as JE "not judged: interrupted". Owned by the caller; may be set from a signal
    /// handler (lock-free atomic).
    const std::atomic<bool>* stop = nullptr;
    /// judge_cases starts no case after the first (in case order) whose verdict is not AC, and
    /// returns the cases up to that one only: a contest judge's final verdict, at the cost of
    /// the cases it needs (judge verify).
    bool stop_at_first_failure = false;
    /// judge_cases binds each worker to one CPU (WorkerCpuBinding, running/cpu_binding.hpp):
    /// its runs start and stay there.
    bool bind_workers_to_cpus = true;
    /// Run the solution in the sandbox (submission_sandbox()) and the jury's programs
    /// (validators, checker, interactor) in theirs (JuryBox); false is --no-sandbox.
    bool sandbox = true;
    /// The problem's points (a Polygon testset with points; owned by the caller), or null: a
    /// case the checker gives less than the whole of its test's points (testlib quitp) is WA,
    /// "partial: 15 of 30 points; ..." (Codeforces' PARTIAL), not AC (partial_result).
    const ScoringPlan* scoring = nullptr;
};

/// How every run of a submission is shut in (the solution in judge run, stress and selftest, and
/// its sanitized rerun): the sandbox with its default scratch sizes, or none when `enabled` is
/// false (--no-sandbox, for machines that forbid namespaces). Jury programs do not use it.
SandboxOptions submission_sandbox(bool enabled);

/// A request that runs a submission `program` (no arguments) under the problem's `limits`, in
/// submission_sandbox(`sandboxed`). The caller fills the files. Every run of a submission starts
/// here: judge run's, stress's and selftest's.
RunRequest submission_request(const Program& program, const Limits& limits, bool sandboxed);

/// The verdict of a run alone, before any checker (pure). Limit hits come first (CpuTime and
/// WallTime -> TLE, Memory -> MLE, Output -> OLE) whatever the exit status says; then a signal or
/// a non-zero exit code -> RE; a clean exit 0 -> nullopt (the checker decides).
struct RunClassification {
    std::optional<Verdict> verdict;
    std::string detail;  ///< e.g. "signal 11 (SIGSEGV)", "exit code 3", "CPU time limit 1000 ms"
};
RunClassification classify_run(const RunResult& run, const Limits& limits);

/// True when |cpu_ms - limit_ms| <= fraction * limit_ms: a case to rerun.
bool is_near_limit(std::int64_t cpu_ms, std::int64_t limit_ms, double fraction);

/// What the submission options.solution makes of `test_case`, as Polygon's doall makes an answer
/// from the main solution: one run as judge_case would run it (the problem's limits, its box,
/// file input/output, the interactor), in `case_dir`, without a checker; its output (the file it
/// wrote with file output), or for an interactive problem the interactor's output (tout).
/// Throws JudgeError "`where`: VERDICT: why" when that run is not clean (a limit, a crash, the
/// interactor rejecting, a runner error).
std::string reference_output(const ProblemSettings& problem,
                             const TestCase& test_case,
                             const JudgeOptions& options,
                             const std::filesystem::path& case_dir,
                             const std::string& where);

/// The sub-folder of JudgeOptions::work_dir that judge_case uses for `test_case`:
/// display_name() with '/' replaced by '_'. Run k (0-based) writes `run-<k>.out` and
/// `run-<k>.err` there.
std::string case_folder_name(const TestCase& test_case);

/// The request for run `index` (0-based) of the solution on `test_case`: stdin from its input,
/// `run-<index>.out` and `run-<index>.err` in `case_dir`, the problem's limits, and
/// submission_sandbox(options.sandbox). Pure.
RunRequest solution_run_request(const ProblemSettings& problem,
                                const TestCase& test_case,
                                const JudgeOptions& options,
                                const std::filesystem::path& case_dir,
                                int index);

/// One run of the solution on a case, checked.
struct CaseRun {
    RunResult run;
    Verdict verdict = Verdict::JE;
    /// Checker message, TLE/MLE/OLE detail, RE detail followed by "; stderr: " and the first line
    /// of the program's stderr when it wrote one, or the JE reason.
    std::string message;
    std::int64_t checker_wall_us = 0;
    /// A testlib checker's points (quitp, exit 7; Polygon packages): the verdict is AC, or WA
    /// for a partial result (JudgeOptions::scoring). A scoring package's score.txt (the output
    /// validator's score for an accepted output).
    std::optional<double> checker_points;
    /// A scoring package's score_multiplier.txt (2025-09), the fraction of the case's maximum.
    std::optional<double> score_multiplier;
    /// JE because the checker or interactor said FAIL (testlib's exit 3; CheckResult::failed),
    /// not because it crashed or the judge failed: what Polygon's tag `failed` promises.
    bool checker_failed = false;
    /// A multi-pass problem (ProblemSettings::multi_pass): the passes run, the last of which
    /// decided; `run` then holds the largest figures of any pass, and checker_wall_us the
    /// wall time of the other passes too. 0 for a problem of one pass.
    int passes = 0;
};

/// The judged case: the median run (or the run that hit a limit, see summarize_runs), and all
/// runs when it was rerun.
struct CaseResult {
    TestCase test_case;
    Verdict verdict = Verdict::JE;     ///< the verdict of the median run (by CPU time)
    std::string message;               ///< of the median run
    std::int64_t cpu_ms = 0;           ///< median run's CPU time
    std::int64_t wall_ms = 0;          ///< median run's wall time
    std::int64_t peak_memory_kib = 0;  ///< median run's peak memory
    std::string memory_source;         ///< "rusage" or "cgroup" (from the runner)
    std::vector<CaseRun> runs;         ///< every run in the order made (1 + reruns when near)
    std::int64_t cpu_spread_ms = 0;    ///< max - min CPU time over runs (0 for one run)
    bool unstable = false;             ///< runs disagreed on the verdict
    /// Runs disagreed and one hit a limit: verdict, message and figures are that run's, not the
    /// median's (summarize_runs).
    bool decided_by_limit = false;
    /// Sum of the wall times of every program this case ran (solution runs, checker runs,
    /// validator): what the judge's overhead is measured against.
    std::int64_t programs_wall_us = 0;
    /// The median run's CaseRun::checker_points and score_multiplier (none when a limit
    /// decided), and its checker_failed.
    std::optional<double> checker_points;
    std::optional<double> score_multiplier;
    bool checker_failed = false;
    /// The deciding run's CaseRun::passes (a multi-pass problem; 0 otherwise).
    int passes = 0;
};

/// The verdicts of a limit hit, in the order that decides between them when runs hit different
/// limits (summarize_runs).
inline constexpr Verdict kLimitVerdicts[] = {Verdict::TLE, Verdict::MLE, Verdict::OLE};

/// Fills verdict, message, figures, spread, unstable and decided_by_limit of `result` from
/// `result.runs` (at least one run): the median run by CPU time decides (the lower middle for an
/// even count); unstable when any run's verdict differs from it. But when runs disagree and some
/// run hit a limit (a verdict of kLimitVerdicts), the first run with the first such verdict of
/// kLimitVerdicts decides instead, with its figures, and the message says so: "runs disagreed
/// (TLE, AC, AC): a limit was hit, so TLE; <that run's message>". Adds the runs' wall times to
/// programs_wall_us. Pure.
void summarize_runs(CaseResult& result);

/// Judges one case under `problem.limits`: the input validators, then the solution, then the
/// output check of problem.output_check; for an interactive problem the solution and the
/// interactor together (see interact_once in judging.cpp for who decides); for a multi-pass
/// problem, each pass the output validator asks for (run_passes in judging.cpp). Thread-safe
/// (different cases may be judged at once). Never throws for a failure of the case: a missing .ans
/// when the checker needs one, a runner error, a checker failure or an invalid input are JE
/// results with the reason in `message`.
CaseResult judge_case(const ProblemSettings& problem,
                      const TestCase& test_case,
                      const JudgeOptions& options);

/// Judges `cases` on `jobs` threads (jobs >= 1); results in the order of `cases` (with
/// options.stop_at_first_failure, only up to the first that is not AC).
/// `on_done(index, result)` is called after each case, from the worker threads but never from two
/// at once (for a progress line).
std::vector<CaseResult> judge_cases(
    const ProblemSettings& problem,
    const std::vector<TestCase>& cases,
    const JudgeOptions& options,
    int jobs,
    const std::function<void(std::size_t, const CaseResult&)>& on_done = {});

}  // namespace judge

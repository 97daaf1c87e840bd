#include "checking/judging.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <numeric>
#include <optional>
#include <string_view>
#include <system_error>

#include "checking/checker_protocol.hpp"
#include "checking/default_validator.hpp"
#include "running/box_files.hpp"
#include "running/cpu_binding.hpp"
#include "running/interaction.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

RunClassification classify_run(const RunResult& run, const Limits& limits) {
    RunClassification result;
    // Limit hits first: a program killed at the limit dies of a signal, and that is not an RE.
    // The measured values are checked too, so a run that ended just over a limit before the
    // runner could react still gets the limit's verdict.
    if (run.limit_hit == LimitHit::CpuTime || run.cpu_ms > limits.cpu_ms) {
        result.verdict = Verdict::TLE;
        result.detail = "CPU time over the " + std::to_string(limits.cpu_ms) + " ms limit";
    } else if (run.limit_hit == LimitHit::WallTime) {
        result.verdict = Verdict::TLE;
        result.detail = "wall time over the " + std::to_string(limits.wall_ms) + " ms limit (CPU " +
                        std::to_string(run.cpu_ms) + " ms)";
    } else if (run.limit_hit == LimitHit::Memory || run.peak_memory_kib > limits.memory_kib) {
        result.verdict = Verdict::MLE;
        result.detail =
            "memory over the " + std::to_string(limits.memory_kib / 1024) + " MiB limit";
    } else if (run.limit_hit == LimitHit::Output) {
        result.verdict = Verdict::OLE;
        result.detail = "output over the " + std::to_string(limits.output_kib) + " KiB limit";
    } else if (run.signaled) {
        result.verdict = Verdict::RE;
        result.detail = "killed by " + signal_name(run.term_signal);
    } else if (!run.exited) {
        result.verdict = Verdict::JE;
        result.detail = "the runner reported neither an exit nor a signal";
    } else if (run.exit_code != 0) {
        result.verdict = Verdict::RE;
        result.detail = "exit code " + std::to_string(run.exit_code);
    }
    return result;
}

bool is_near_limit(std::int64_t cpu_ms, std::int64_t limit_ms, double fraction) {
    double distance =
        static_cast<double>(cpu_ms > limit_ms ? cpu_ms - limit_ms : limit_ms - cpu_ms);
    return distance <= fraction * static_cast<double>(limit_ms);
}

std::string case_folder_name(const TestCase& test_case) {
    std::string name = test_case.display_name();
    std::replace(name.begin(), name.end(), '/', '_');
    return name;
}

SandboxOptions submission_sandbox(bool enabled) {
    SandboxOptions sandbox;
    sandbox.enabled = enabled;
    return sandbox;
}

RunRequest submission_request(const Program& program, const Limits& limits, bool sandboxed) {
    RunRequest request;
    request.limits = limits;
    request.sandbox = submission_sandbox(sandboxed);
    set_program(request, program);
    if (sandboxed) request.sandbox.working_folder = program.working_folder;
    return request;
}

RunRequest solution_run_request(const ProblemSettings& problem,
                                const TestCase& test_case,
                                const JudgeOptions& options,
                                const fs::path& case_dir,
                                int index) {
    RunRequest request = submission_request(options.solution, problem.limits, options.sandbox);
    request.stdin_path = test_case.input.string();
    request.stdout_path = (case_dir / ("run-" + std::to_string(index) + ".out")).string();
    request.stderr_path = (case_dir / ("run-" + std::to_string(index) + ".err")).string();
    return request;
}

namespace {

// The output validator's flags for a case: the package's validator_flags, then the group's.
std::vector<std::string> validator_flags(const ProblemSettings& problem,
                                         const TestCase& test_case) {
    std::vector<std::string> flags = problem.validator_flags;
    flags.insert(flags.end(), test_case.output_validator_flags.begin(),
                 test_case.output_validator_flags.end());
    return flags;
}

CheckResult default_check(const ProblemSettings& problem,
                          const TestCase& test_case,
                          const fs::path& output) {
    CheckResult result;
    try {
        DefaultValidatorFlags flags =
            parse_default_validator_flags(validator_flags(problem, test_case));
        // The output is at most the output limit (the runner stopped it there); the answer is
        // the jury's: read whole.
        std::string expected = read_file(*test_case.answer);
        std::string got =
            read_file(output, static_cast<std::size_t>(problem.limits.output_kib) * 1024 + 1);
        DefaultValidation validation = default_validate(expected, got, flags);
        result.outcome = validation.accepted ? CheckerOutcome::Ok : CheckerOutcome::WrongAnswer;
        result.message = validation.message;
    } catch (const JudgeError& error) {
        result.outcome = CheckerOutcome::Crashed;
        result.message = error.what();
    }
    return result;
}

// The folders a jury program of a case may be shown whole (JuryBox::shown_folders): those
// holding the case's input and answer (the problem's data, or the folder given with --cases)
// and the worker's folder, where that is kept from case to case (not with keep_outputs), so
// that the program's box can be too. The box's uid reads only what any user of the machine may.
std::vector<std::string> jury_view(const JudgeOptions& options,
                                   const TestCase& test_case,
                                   const fs::path& case_dir) {
    if (options.keep_outputs) return {};
    std::vector<std::string> folders;
    auto add_folder_of = [&](const fs::path& file, bool is_folder) {
        fs::path normal = fs::absolute(file).lexically_normal();
        if (!normal.has_filename()) normal = normal.parent_path();
        std::string folder = (is_folder ? normal : normal.parent_path()).string();
        if (std::find(folders.begin(), folders.end(), folder) == folders.end())
            folders.push_back(std::move(folder));
    };
    add_folder_of(test_case.input, false);
    if (test_case.answer) add_folder_of(*test_case.answer, false);
    add_folder_of(case_dir, true);
    return folders;
}

// A scoring package's validator may write score.txt (checking/scoring.hpp reads it); for a
// rejected output too before 2025-09 (DOMjudge counts a wrong answer's score).
bool rejected_may_score(const ProblemSettings& problem) {
    return problem.package_version.rfind("2025-09", 0) != 0;
}

// Checks the output of a run that ended cleanly: the problem's kind of output check.
// `keep_feedback`: a later pass of a multi-pass case (the feedback folder as the last left it).
CheckResult check_output(const ProblemSettings& problem,
                         const TestCase& test_case,
                         const JudgeOptions& options,
                         const fs::path& output,
                         const fs::path& case_dir,
                         bool keep_feedback = false) {
    if (problem.output_check == OutputCheck::DefaultValidator)
        return default_check(problem, test_case, output);
    CheckFiles files = check_files(test_case.input, output,
                                   test_case.answer ? *test_case.answer : fs::path(), case_dir);
    files.shown_folders = jury_view(options, test_case, case_dir);
    // Polygon scores a checker's quitp (checking/scoring.hpp); elsewhere exit 7 stays unknown.
    files.testlib_points = problem.format == ProblemFormat::Polygon;
    files.score_files = problem.scoring;
    files.rejected_may_score = rejected_may_score(problem);
    JuryProtocol protocol = JuryProtocol::Testlib;
    if (problem.output_check == OutputCheck::KattisValidator) {
        protocol = JuryProtocol::Kattis;
        files.flags = validator_flags(problem, test_case);
        files.keep_feedback = keep_feedback;
    }
    return run_checker(options.checker, protocol, files, problem.jury_time_limit_ms,
                       options.sandbox);
}

// What the interaction alone decided (an interactor's verdict, a Kattis validator's): no checker
// of its own ran.
CheckResult outcome_only(CheckerOutcome outcome, const std::string& message) {
    CheckResult check;
    check.outcome = outcome;
    check.message = message;
    return check;
}

// What an interactive validator of a package said (Ok or Rejected, with its message), and, for
// a scoring package, the score files it wrote in its feedback folder, as run_checker reads an
// output validator's: a score file against the format's rules is the validator's fault (JE).
CheckResult interactive_validator_outcome(const ProblemSettings& problem,
                                          CheckerOutcome said,
                                          const std::string& message,
                                          const fs::path& feedback) {
    CheckResult check = outcome_only(said, message);
    if (problem.scoring)
        add_score_files(check, feedback, rejected_may_score(problem), message,
                        "interactive validator: ");
    return check;
}

// The verdict and message of a check, onto `result`.
void apply_check(CaseRun& result, const CheckResult& check) {
    result.checker_wall_us += check.wall_us;
    result.verdict = to_verdict(check.outcome);
    result.message = check.message;
    result.checker_points = check.points;
    result.score_multiplier = check.score_multiplier;
    result.checker_failed = check.failed;
}

// The first line of stderr usually names a crash (an assertion, an exception).
void add_stderr(CaseRun& result, const std::string& stderr_path) {
    std::string said = first_line_of_file(stderr_path, 160);
    if (!said.empty()) result.message += "; stderr: " + said;
}

bool testlib_accepted(const RunResult& run) { return run.exited && run.exit_code == 0; }
bool kattis_accepted(const RunResult& run) { return run.exited && run.exit_code == kKattisAccept; }

// The name of pass `pass` (1-based) of run `index` of a case: "run-<index>" for the first (as for
// a problem of one pass), "run-<index>-pass-<pass>" for a later pass of a multi-pass case, whose
// output, stderr and input (.out, .err, .in) are kept apart from the first's.
std::string pass_stem(int index, int pass) {
    std::string stem = "run-" + std::to_string(index);
    if (pass > 1) stem += "-pass-" + std::to_string(pass);
    return stem;
}

// solution_run_request for pass `pass` of run `index` (pass_stem's files).
RunRequest pass_request(const ProblemSettings& problem,
                        const TestCase& test_case,
                        const JudgeOptions& options,
                        const fs::path& case_dir,
                        int index,
                        int pass) {
    RunRequest request = solution_run_request(problem, test_case, options, case_dir, index);
    if (pass > 1) {
        request.stdout_path = (case_dir / (pass_stem(index, pass) + ".out")).string();
        request.stderr_path = (case_dir / (pass_stem(index, pass) + ".err")).string();
    }
    return request;
}

// One run of an interactive problem: the solution and the interactor in a dialogue. Who decides
// follows problemtools (and DOMjudge): an interactor that failed is JE; an interactor that
// rejected before the solution ended decides (the solution may have died of it, say of SIGPIPE);
// otherwise a solution over a limit or crashed gets that verdict; otherwise the interactor's
// (and, in this project's layout, the checker's on what the interactor wrote for it).
//
// `kept_output` given (the main solution making an answer, reference_output): no checker runs,
// and a run the interactor accepted is AC with the interactor's output (tout) named there.
// `pass` > 1: a later pass of a multi-pass case (pass_request; the feedback folder is kept).
CaseRun interact_once(const ProblemSettings& problem,
                      const TestCase& test_case,
                      const JudgeOptions& options,
                      const fs::path& case_dir,
                      int index,
                      fs::path* kept_output = nullptr,
                      int pass = 1) {
    CaseRun result;
    RunRequest solution = pass_request(problem, test_case, options, case_dir, index, pass);
    const bool kattis = problem.format == ProblemFormat::Package;
    const JuryProtocol protocol = kattis ? JuryProtocol::Kattis : JuryProtocol::Testlib;
    const Program& interactor_program = kattis ? options.checker : options.interactor;
    // The interactor's one writable folder: the Kattis feedback folder, or the folder of the
    // output it writes for the checker (testlib's tout), a fresh one for each run.
    fs::path feedback = fs::absolute(case_dir / (kattis ? "feedback" : "interactor"));
    const std::string tout_name = "run-" + std::to_string(index) + ".tout";
    fs::path interactor_output = feedback / tout_name;
    fs::path input = fs::absolute(test_case.input).lexically_normal();
    std::string answer = test_case.answer
                             ? fs::absolute(*test_case.answer).lexically_normal().string()
                             : "/dev/null";
    JuryBox box;
    box.enabled = options.sandbox;
    box.read_only = {input.string(), answer};
    box.shown_folders = jury_view(options, test_case, case_dir);
    box.writable_dir = feedback.string();
    // A later pass finds the folder as the pass before left it (the format keeps its files).
    std::string failed = pass > 1 && is_plain_folder(feedback)
                             ? std::string()
                             : prepare_jury_writable_dir(box, feedback);
    if (!failed.empty()) {
        result.message = "cannot run the interactor: " + failed;
        return result;
    }
    std::vector<std::string> args;
    if (kattis) {
        args = {input.string(), answer, jury_writable_path(box)};
        for (const std::string& flag : validator_flags(problem, test_case)) args.push_back(flag);
    } else {
        args = {input.string(), jury_writable_path(box, tout_name), answer};
    }
    RunRequest interactor =
        jury_request(JuryRole::Interactor, interactor_program, args, jury_basis(problem), box);
    interactor.stderr_path = (case_dir / "interactor.err").string();
    if (auto refusal = jury_box_refusal(interactor)) {
        result.message = "cannot run the interactor: " + *refusal;
        return result;
    }

    InteractionResult interaction;
    try {
        // Polygon judges a submission out of time TLE even after a rejecting interactor (below):
        // there it runs on; elsewhere the interactor's rejection ends it.
        interaction =
            run_interaction(solution, interactor, kattis ? kattis_accepted : testlib_accepted,
                            problem.format != ProblemFormat::Polygon);
    } catch (const RunnerError& error) {
        result.verdict = Verdict::JE;
        result.message = std::string("runner error: ") + error.what();
        return result;
    }
    result.run = interaction.submission;
    result.checker_wall_us = interaction.interactor.wall_us;
    CheckerOutcome said = map_checker_exit(interaction.interactor, protocol);
    std::string message = kattis ? kattis_judge_message(feedback) : std::string();
    if (message.empty()) message = first_line_of_file(interactor.stderr_path, 300);
    if (said == CheckerOutcome::Crashed || said == CheckerOutcome::Fail) {
        result.verdict = Verdict::JE;
        result.message = said == CheckerOutcome::Fail
                             ? "interactor FAIL: " + message
                             : describe_jury_failure(JuryRole::Interactor, interaction.interactor,
                                                     interactor.limits, message);
        result.checker_failed = said == CheckerOutcome::Fail;
        return result;
    }
    // Cut off at its output limit: the interactor judged a stream the relay had cut.
    if (interaction.submission_output_exceeded) {
        RunClassification cut = classify_run(result.run, problem.limits);
        result.verdict = cut.verdict.value_or(Verdict::OLE);
        result.message = cut.detail;
        return result;
    }
    RunClassification classification = classify_run(result.run, problem.limits);
    // Polygon (Codeforces): a submission out of time is TLE whatever the interactor said, even
    // when it rejected first (the submission spinning on after a wrong answer is still TLE).
    const bool out_of_time =
        problem.format == ProblemFormat::Polygon && classification.verdict == Verdict::TLE;
    if (said != CheckerOutcome::Ok && interaction.interactor_first && !out_of_time) {
        apply_check(result, kattis ? interactive_validator_outcome(problem, said, message, feedback)
                                   : outcome_only(said, message));
        return result;
    }
    if (classification.verdict) {
        result.verdict = *classification.verdict;
        result.message = classification.detail;
        if (result.verdict == Verdict::RE) add_stderr(result, solution.stderr_path);
        return result;
    }
    if (kattis) {
        apply_check(result, interactive_validator_outcome(problem, said, message, feedback));
        return result;
    }
    if (said != CheckerOutcome::Ok || (options.checker.empty() && !kept_output)) {
        apply_check(result, outcome_only(said, message));
        return result;
    }
    // The checker's box shows it the interactor's output at its host path: a link the
    // interactor left there would show it the link's target instead.
    if (std::string bad = jury_output_problem(interactor_output); !bad.empty()) {
        result.message = "interactor accepted, but " + bad + " for the checker";
        return result;
    }
    if (kept_output) {
        *kept_output = interactor_output;
        result.verdict = Verdict::AC;
        return result;
    }
    apply_check(
        result,
        run_checker(options.checker, JuryProtocol::Testlib,
                    check_files(input, interactor_output,
                                answer == "/dev/null" ? fs::path() : fs::path(answer), case_dir),
                    problem.jury_time_limit_ms, options.sandbox));
    return result;
}

// The folder of a case shown to a submission with file input/output as its /box.
constexpr const char* kBoxFolder = "box";

bool uses_named_files(const ProblemSettings& problem) {
    return !problem.input_file.empty() || !problem.output_file.empty();
}

// A submission with file input/output (ProblemSettings::input_file, output_file): its working
// folder is the case's box folder, emptied and given the input under its name
// (running/box_files.hpp), and the named file replaces stdin or stdout (then /dev/null and
// discarded). "" or why the folder could not be made (JE).
std::string use_named_files(const ProblemSettings& problem,
                            const TestCase& test_case,
                            const JudgeOptions& options,
                            const fs::path& box,
                            RunRequest& request) {
    // As the box's own /box: a tmpfs of the memory limit's size (a root judge mounts one).
    std::string failed =
        stage_box_folder(box, options.sandbox && sandbox_support().as_root, problem.input_file,
                         test_case.input, problem.limits.memory_kib);
    if (!failed.empty()) return "cannot prepare the submission's folder: " + failed;
    if (options.sandbox) {
        request.sandbox.work_dir = box.string();
        // The working folder's links in the judge's folder (the box's builder makes them only
        // in a /box of its own); the input file overrides one of the same name, as the
        // format's `.files` do.
        failed = link_working_folder(box, request.sandbox.working_folder,
                                     {problem.input_file, problem.output_file});
        if (!failed.empty()) return "cannot prepare the submission's folder: " + failed;
    } else {
        request.working_dir = box.string();
    }
    if (!problem.input_file.empty()) request.stdin_path.clear();
    if (!problem.output_file.empty()) request.stdout_path.clear();
    return "";
}

// The output file a run with file output left in its box, copied to `output` for the checker.
// A file that is not the program's plain output (none, a link, a FIFO, a folder, unreadable) is
// its doing: WA naming it; one over the output limit is OLE; the judge failing to read it, JE.
// nullopt when it was read.
std::optional<CaseRun> take_output_file(const ProblemSettings& problem,
                                        const fs::path& box,
                                        const fs::path& output,
                                        CaseRun result) {
    BoxOutput got =
        collect_box_output(box, problem.output_file, problem.limits.output_kib * 1024, output);
    switch (got.status) {
        case BoxOutputStatus::Read: return std::nullopt;
        case BoxOutputStatus::TooLarge: result.verdict = Verdict::OLE; break;
        case BoxOutputStatus::JudgeFailed: result.verdict = Verdict::JE; break;
        case BoxOutputStatus::Missing:
        case BoxOutputStatus::NotRegular:
        case BoxOutputStatus::Unreadable: result.verdict = Verdict::WA; break;
    }
    result.message = got.reason;
    return result;
}

// One run of the solution and its check. `kept_output` given (reference_output): no check; a
// run that ended cleanly is AC with its output's file named there. `pass` > 1: a later pass of a
// multi-pass case (run_passes), on test_case.input, the input that pass was given.
CaseRun run_once(const ProblemSettings& problem,
                 const TestCase& test_case,
                 const JudgeOptions& options,
                 const fs::path& case_dir,
                 int index,
                 fs::path* kept_output = nullptr,
                 int pass = 1) {
    if (problem.interactive)
        return interact_once(problem, test_case, options, case_dir, index, kept_output, pass);
    CaseRun result;
    RunRequest request = pass_request(problem, test_case, options, case_dir, index, pass);
    const fs::path output = request.stdout_path;
    const fs::path box = fs::absolute(case_dir / kBoxFolder);
    struct ReleaseBox {
        const fs::path* box;
        ~ReleaseBox() {
            if (box) release_box_folder(*box);
        }
    } release{uses_named_files(problem) ? &box : nullptr};
    if (uses_named_files(problem)) {
        result.message = use_named_files(problem, test_case, options, box, request);
        if (!result.message.empty()) return result;
    }
    try {
        result.run = run_process(request);
    } catch (const RunnerError& error) {
        result.verdict = Verdict::JE;
        result.message = std::string("runner error: ") + error.what();
        return result;
    }
    RunClassification classification = classify_run(result.run, problem.limits);
    if (classification.verdict) {
        result.verdict = *classification.verdict;
        result.message = classification.detail;
        if (result.verdict == Verdict::RE) add_stderr(result, request.stderr_path);
        return result;
    }
    if (!problem.output_file.empty())
        if (std::optional<CaseRun> refused = take_output_file(problem, box, output, result))
            return *refused;
    if (kept_output) {
        *kept_output = output;
        result.verdict = Verdict::AC;
        return result;
    }
    apply_check(result, check_output(problem, test_case, options, output, case_dir, pass > 1));
    if (options.scoring && result.verdict == Verdict::AC && result.checker_points) {
        std::string partial =
            partial_result(*options.scoring, test_case.display_name(), *result.checker_points);
        if (!partial.empty()) {
            result.verdict = Verdict::WA;
            result.message = partial + (result.message.empty() ? "" : "; " + result.message);
        }
    }
    return result;
}

// The file a multi-pass validator leaves in its feedback folder to ask for another pass.
constexpr const char* kNextPassFile = "nextpass.in";

// A multi-pass run after one more pass: the last pass's verdict, message, check and exit status
// (it decided), with each figure the largest of any pass (every pass has the whole limits, so
// that is the one to hold against them). The wall time of the solution's other passes is added
// to checker_wall_us, so that a case's programs_wall_us still counts every program it ran.
void add_pass(CaseRun& total, const CaseRun& pass) {
    const CaseRun before = total;
    total = pass;
    total.run.cpu_ms = std::max(before.run.cpu_ms, pass.run.cpu_ms);
    total.run.cpu_us = std::max(before.run.cpu_us, pass.run.cpu_us);
    total.run.wall_ms = std::max(before.run.wall_ms, pass.run.wall_ms);
    total.run.wall_us = std::max(before.run.wall_us, pass.run.wall_us);
    total.run.peak_memory_kib = std::max(before.run.peak_memory_kib, pass.run.peak_memory_kib);
    total.checker_wall_us = before.checker_wall_us + pass.checker_wall_us + before.run.wall_us +
                            pass.run.wall_us - total.run.wall_us;
}

// What a multi-pass validator appended to the feedback folder's judgemessage.txt in one pass
// (the format asks it to append, for combined feedback over the passes): the file's size
// before the pass, and after it the first line of what lies past that size. Only a regular file
// of the folder itself is read, as kattis_judge_message reads it.
std::int64_t judge_message_bytes(const fs::path& feedback) {
    struct stat info {};
    fs::path file = feedback / "judgemessage.txt";
    if (::lstat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return 0;
    return static_cast<std::int64_t>(info.st_size);
}

std::string judge_message_after(const fs::path& feedback, std::int64_t offset) {
    fs::path file = feedback / "judgemessage.txt";
    int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return "";
    struct stat info {};
    std::string text;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        char buffer[1024];
        ssize_t got = ::pread(fd, buffer, sizeof buffer, static_cast<off_t>(offset));
        if (got > 0) text.assign(buffer, static_cast<std::size_t>(got));
    }
    ::close(fd);
    return first_line(text, 300);
}

// The message of a later pass whose validator judged it: the run's message is the first line
// of judgemessage.txt, which an appending validator wrote in an earlier pass; what it appended
// in this pass says why this pass was judged so. Unchanged otherwise.
void use_this_passes_judge_message(CaseRun& pass_run,
                                   const fs::path& feedback,
                                   std::int64_t bytes_before,
                                   const std::string& first_line_before) {
    if (pass_run.verdict != Verdict::AC && pass_run.verdict != Verdict::WA) return;
    if (judge_message_bytes(feedback) <= bytes_before) return;
    const std::string first_line_now = kattis_judge_message(feedback);
    if (first_line_now != first_line_before || pass_run.message != first_line_now) return;
    std::string appended = judge_message_after(feedback, bytes_before);
    if (!appended.empty()) pass_run.message = appended;
}

// Moves the next pass's input out of the validator's feedback folder (the format: "nextpass.in
// will be removed before the next pass") to `next_input`, a file of the judge's that every box
// of the next pass may read. "" or why it cannot be used (JE).
std::string take_next_pass_input(const fs::path& request, const fs::path& next_input) {
    // The folder was the validator's to write: a link there could name any file of the host.
    if (std::string bad = jury_output_problem(request); !bad.empty()) return bad;
    try {
        std::string input = read_file(request);
        std::ofstream out(next_input, std::ios::binary | std::ios::trunc);
        out << input;
        out.close();
        std::error_code error;
        if (out) fs::permissions(next_input, fs::perms(0644), error);  // boxes run as another uid
        if (!out || error) return "cannot write " + next_input.string();
        fs::remove(request, error);
        if (error) return "cannot remove " + request.string() + ": " + error.message();
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

// A run of a multi-pass case (ProblemSettings::multi_pass; the format's "Multi-pass
// validation", as problemtools and BAPCtools run it): pass 1 on the case's input; while the
// output validator accepts and leaves a nextpass.in in its feedback folder, the submission runs
// again on that input, in a fresh box under the same limits, and the validator is given it as
// its input file (the answer file stays the case's) and finds its feedback folder as the pass
// before left it. The first pass that is not AC gives the run its verdict; a validator that
// rejects and leaves a nextpass.in, or asks for a pass beyond validation_passes, is JE (the
// format calls both a judge error). The message names the pass; the figures are add_pass's.
CaseRun run_passes(const ProblemSettings& problem,
                   const TestCase& test_case,
                   const JudgeOptions& options,
                   const fs::path& case_dir,
                   int index) {
    CaseRun total;
    TestCase pass_case = test_case;
    const fs::path feedback = fs::absolute(case_dir / "feedback");
    const fs::path next_pass = feedback / kNextPassFile;
    for (int pass = 1;; ++pass) {
        const std::int64_t message_bytes = pass > 1 ? judge_message_bytes(feedback) : 0;
        const std::string message_before = pass > 1 ? kattis_judge_message(feedback) : "";
        CaseRun pass_run = run_once(problem, pass_case, options, case_dir, index, nullptr, pass);
        if (pass > 1)
            use_this_passes_judge_message(pass_run, feedback, message_bytes, message_before);
        add_pass(total, pass_run);
        total.passes = pass;
        const std::string at = "pass " + std::to_string(pass) + ": ";
        auto judge_error = [&](const std::string& why) {
            total.verdict = Verdict::JE;
            total.message = at + why;
            total.checker_points = std::nullopt;
            return total;
        };
        std::error_code error;
        const bool asked = fs::exists(fs::symlink_status(next_pass, error));
        if (asked && total.verdict == Verdict::WA)
            return judge_error("the output validator rejected the output but left a " +
                               std::string(kNextPassFile) + " (a judge error, as the format says)" +
                               (total.message.empty() ? "" : "; " + total.message));
        if (total.verdict != Verdict::AC) {
            total.message = at + total.message;
            return total;
        }
        if (!asked) {
            std::string passes = std::to_string(pass) + (pass == 1 ? " pass" : " passes");
            total.message = passes + (total.message.empty() ? "" : "; " + total.message);
            return total;
        }
        if (pass >= problem.validation_passes)
            return judge_error("the output validator asked for pass " + std::to_string(pass + 1) +
                               ", beyond limits.validation_passes (" +
                               std::to_string(problem.validation_passes) +
                               "): a judge error, as the format says");
        const fs::path next_input =
            fs::absolute(case_dir / (pass_stem(index, pass + 1) + ".in")).lexically_normal();
        if (std::string failed = take_next_pass_input(next_pass, next_input); !failed.empty())
            return judge_error("the output validator's " + std::string(kNextPassFile) +
                               " cannot be used: " + failed);
        pass_case.input = next_input;
    }
}

// One run of the solution on a case as judge_case makes it: its passes for a multi-pass problem.
CaseRun judge_run(const ProblemSettings& problem,
                  const TestCase& test_case,
                  const JudgeOptions& options,
                  const fs::path& case_dir,
                  int index) {
    if (problem.multi_pass) return run_passes(problem, test_case, options, case_dir, index);
    return run_once(problem, test_case, options, case_dir, index);
}

}  // namespace

void summarize_runs(CaseResult& result) {
    std::vector<std::size_t> order(result.runs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return result.runs[a].run.cpu_ms < result.runs[b].run.cpu_ms;
    });
    const CaseRun& median = result.runs[order[(order.size() - 1) / 2]];
    result.verdict = median.verdict;
    result.message = median.message;
    result.checker_points = median.checker_points;
    result.score_multiplier = median.score_multiplier;
    result.checker_failed = median.checker_failed;
    result.passes = median.passes;
    result.cpu_ms = median.run.cpu_ms;
    result.wall_ms = median.run.wall_ms;
    result.peak_memory_kib = median.run.peak_memory_kib;
    result.memory_source = median.run.memory_source;
    result.cpu_spread_ms =
        result.runs[order.back()].run.cpu_ms - result.runs[order.front()].run.cpu_ms;
    result.unstable = false;
    result.decided_by_limit = false;
    for (const CaseRun& run : result.runs) {
        if (run.verdict != result.verdict) result.unstable = true;
        result.programs_wall_us += run.run.wall_us + run.checker_wall_us;
    }
    if (!result.unstable) return;
    // Runs that disagree where one hit a limit: that run decides. A submission over the limit in
    // one run of three is over it (the median would say AC), and a program that spreads its work
    // over the reruns gains nothing. Several limits: TLE, then MLE, then OLE (kLimitVerdicts).
    for (Verdict limit : kLimitVerdicts) {
        auto hit = std::find_if(result.runs.begin(), result.runs.end(),
                                [&](const CaseRun& run) { return run.verdict == limit; });
        if (hit == result.runs.end()) continue;
        std::string verdicts;
        for (const CaseRun& run : result.runs) {
            if (!verdicts.empty()) verdicts += ", ";
            verdicts += short_code(run.verdict);
        }
        result.decided_by_limit = true;
        result.verdict = limit;
        result.checker_points = std::nullopt;
        result.score_multiplier = std::nullopt;
        result.checker_failed = false;
        result.passes = hit->passes;
        result.message = "runs disagreed (" + verdicts + "): a limit was hit, so " +
                         std::string(short_code(limit)) +
                         (hit->message.empty() ? "" : "; " + hit->message);
        result.cpu_ms = hit->run.cpu_ms;
        result.wall_ms = hit->run.wall_ms;
        result.peak_memory_kib = hit->run.peak_memory_kib;
        result.memory_source = hit->run.memory_source;
        return;
    }
}

namespace {

/// Whether `name` is a capture the runs of a case write from its start and cut to what they
/// wrote before anything reads it (the solution's run-<k>.out and run-<k>.err, the jury
/// programs' own): such a regular file may stay in a worker's folder for its next case.
bool is_reusable_capture(std::string_view name) {
    for (const char* fixed :
         {"checker.out", "checker.err", "validator.out", "validator.err", "interactor.err"})
        if (name == fixed) return true;
    if (name.rfind("run-", 0) != 0) return false;
    std::size_t dot = name.find('.');
    if (dot == std::string_view::npos || dot == 4) return false;
    for (std::size_t i = 4; i < dot; ++i)
        if (name[i] < '0' || name[i] > '9') return false;
    const std::string_view extension = name.substr(dot);
    return extension == ".out" || extension == ".err";
}

/// Whether `name` is the writable folder of a case's jury program (the Kattis feedback folder,
/// a testlib interactor's output folder: interact_once, check_output) or the submission's box
/// folder with file input/output (run_once; emptied before each use too, stage_box_folder).
bool is_jury_writable_folder(std::string_view name) {
    return name == "feedback" || name == "interactor" || name == kBoxFolder;
}

/// A worker's folder, kept from case to case and emptied for the next case but for the
/// reusable captures: creating and removing a folder and four files a case was ~10 % of the
/// judge's own cost on tiny cases. Anything else a case left (a feedback folder, an
/// interactor's output, a jury program's file or link) is removed, so no case sees what the
/// one before it left. The folder is listed through a directory stream held open (a rewind and
/// a read), not opened, checked and closed again for every case; it is opened again if the
/// folder at its path is another one (a jury program removed and made it again).
class WorkerFolder {
 public:
    explicit WorkerFolder(fs::path path) : path_(std::move(path)) { open(); }
    WorkerFolder(const WorkerFolder&) = delete;
    WorkerFolder& operator=(const WorkerFolder&) = delete;
    ~WorkerFolder() { close(); }

    /// False when the folder could not be opened (its worker then judges every case in a
    /// folder of its own).
    bool is_open() const { return dir_ != nullptr; }

    void clear_for_next_case() {
        struct stat now {};
        if (::stat(path_.c_str(), &now) != 0 || now.st_ino != opened_.st_ino ||
            now.st_dev != opened_.st_dev) {
            close();
            open();
        }
        if (!dir_) {  // gone, and not made again: nothing of it can be read by the next case
            std::error_code ignored;
            fs::create_directories(path_, ignored);
            return;
        }
        std::vector<std::string> leftovers;
        ::rewinddir(dir_);
        while (const dirent* entry = ::readdir(dir_)) {
            std::string_view name = entry->d_name;
            if (name == "." || name == "..") continue;
            // The type from the entry (no stat where the file system gives it): a link named
            // like a capture goes too.
            bool regular = entry->d_type == DT_REG, folder = entry->d_type == DT_DIR;
            if (entry->d_type == DT_UNKNOWN) {
                struct stat info {};
                const bool known =
                    ::fstatat(::dirfd(dir_), entry->d_name, &info, AT_SYMLINK_NOFOLLOW) == 0;
                regular = known && S_ISREG(info.st_mode);
                folder = known && S_ISDIR(info.st_mode);
            }
            // A jury program's writable folder stays (emptied before each use,
            // prepare_jury_writable_dir): its box, kept from case to case, shows this very
            // folder as its /box.
            if (folder && is_jury_writable_folder(name)) continue;
            if (!regular || !is_reusable_capture(name)) leftovers.emplace_back(name);
        }
        for (const std::string& name : leftovers) {
            std::error_code ignored;
            fs::remove_all(path_ / name, ignored);
        }
    }

 private:
    void open() {
        dir_ = ::opendir(path_.c_str());
        if (dir_ && ::fstat(::dirfd(dir_), &opened_) != 0) close();
    }
    void close() {
        if (dir_) ::closedir(dir_);
        dir_ = nullptr;
    }

    fs::path path_;
    DIR* dir_ = nullptr;
    struct stat opened_ {};
};

/// judge_case in `case_dir`: made and removed here (unless options.keep_outputs), or, when
/// `reused` is given, that worker's folder, which exists already and is cleared for the next
/// case.
CaseResult judge_case_in(const ProblemSettings& problem,
                         const TestCase& test_case,
                         const JudgeOptions& options,
                         const fs::path& case_dir,
                         WorkerFolder* reused) {
    CaseResult result;
    result.test_case = test_case;
    auto judge_error = [&](std::string message) {
        result.verdict = Verdict::JE;
        result.message = std::move(message);
        return result;
    };
    if (problem.checker_needs_ans && !test_case.answer) {
        fs::path expected = fs::path(test_case.input).replace_extension(".ans");
        return judge_error("missing " + expected.string() + " (the checker needs an answer)");
    }

    if (!reused) {
        std::error_code error;
        fs::create_directories(case_dir, error);
        if (error)
            return judge_error("cannot create " + case_dir.string() + ": " + error.message());
    }
    struct Cleanup {
        const fs::path& dir;
        bool keep;
        WorkerFolder* reused;
        ~Cleanup() {
            std::error_code ignored;
            if (reused)
                reused->clear_for_next_case();
            else if (!keep)
                fs::remove_all(dir, ignored);
        }
    } cleanup{case_dir, options.keep_outputs, reused};

    for (const InputValidator& validator : options.validators) {
        ValidationResult validation =
            run_validator(validator.program, validator.protocol, test_case.input, case_dir,
                          test_case.input_validator_flags.of(validator.name),
                          problem.jury_time_limit_ms, options.sandbox);
        result.programs_wall_us += validation.wall_us;
        if (validation.validator_failed)
            return judge_error(validation.message + " (on " + test_case.input.string() + ")");
        if (!validation.valid)
            return judge_error("invalid input " + test_case.input.string() + ": " +
                               validation.message);
    }

    result.runs.push_back(judge_run(problem, test_case, options, case_dir, 0));
    // A first run over the time limit is not rerun: a TLE in any run decides the case
    // (summarize_runs: TLE outranks every other verdict), so reruns could not change it, and a
    // time limit cut the run, so its CPU time says nothing a median could refine. (verify of a
    // package with TLE submissions: a third of the time spinning.)
    if (options.reruns > 0 && result.runs[0].verdict != Verdict::JE &&
        result.runs[0].verdict != Verdict::TLE &&
        is_near_limit(result.runs[0].run.cpu_ms, problem.limits.cpu_ms,
                      options.near_limit_fraction)) {
        for (int rerun = 1; rerun <= options.reruns; ++rerun)
            result.runs.push_back(judge_run(problem, test_case, options, case_dir, rerun));
    }

    summarize_runs(result);
    return result;
}

}  // namespace

CaseResult judge_case(const ProblemSettings& problem,
                      const TestCase& test_case,
                      const JudgeOptions& options) {
    return judge_case_in(problem, test_case, options,
                         options.work_dir / case_folder_name(test_case), nullptr);
}

std::string reference_output(const ProblemSettings& problem,
                             const TestCase& test_case,
                             const JudgeOptions& options,
                             const fs::path& case_dir,
                             const std::string& where) {
    std::error_code error;
    fs::create_directories(case_dir, error);
    if (error) throw JudgeError("cannot create " + case_dir.string() + ": " + error.message());
    TestCase without_answer = test_case;
    without_answer.answer.reset();  // what is being made
    fs::path output;
    CaseRun run = run_once(problem, without_answer, options, case_dir, 0, &output);
    if (run.verdict != Verdict::AC || output.empty())
        throw JudgeError(where + ": " + std::string(short_code(run.verdict)) +
                         (run.message.empty() ? "" : ": " + run.message));
    return read_file(output);
}

std::vector<CaseResult> judge_cases(
    const ProblemSettings& problem,
    const std::vector<TestCase>& cases,
    const JudgeOptions& options,
    int jobs,
    const std::function<void(std::size_t, const CaseResult&)>& on_done) {
    std::vector<CaseResult> results(cases.size());
    for (std::size_t index = 0; index < cases.size(); ++index) {
        results[index].test_case = cases[index];
        results[index].verdict = Verdict::JE;
        results[index].message = "not judged: interrupted";
    }
    std::atomic<std::size_t> next{0};
    // The lowest index of a case that was not AC (stop_at_first_failure): cases after it are
    // neither started nor returned; cases before it were all started earlier (indices are
    // taken in order), so the returned prefix is complete.
    std::atomic<std::size_t> first_failure{cases.size()};
    std::mutex done_mutex;
    auto worker = [&](int slot) {
        // Without keep_outputs a worker judges its cases in one folder of its own, kept from
        // case to case (see WorkerFolder), and removed at the end.
        const fs::path folder = options.work_dir / ("job-" + std::to_string(slot));
        bool reused = false;
        if (!options.keep_outputs) {
            std::error_code error;
            fs::remove_all(folder, error);
            reused = !error && fs::create_directories(folder, error) && !error;
        }
        struct RemoveAtEnd {
            const fs::path& folder;
            bool armed;
            ~RemoveAtEnd() {
                std::error_code ignored;
                if (armed) fs::remove_all(folder, ignored);
            }
        } remove_at_end{folder, reused};
        std::optional<WorkerFolder> worker_folder;
        if (reused) worker_folder.emplace(folder);
        if (worker_folder && !worker_folder->is_open()) worker_folder.reset();
        for (std::size_t index = next++; index < cases.size(); index = next++) {
            if (options.stop && options.stop->load()) return;
            if (index > first_failure.load()) return;
            try {
                results[index] = worker_folder ? judge_case_in(problem, cases[index], options,
                                                               folder, &*worker_folder)
                                               : judge_case(problem, cases[index], options);
            } catch (const std::exception& error) {
                // Out of memory, a file-system error...: this case is JE, the others go on.
                results[index].test_case = cases[index];
                results[index].verdict = Verdict::JE;
                results[index].message = std::string("judge error: ") + error.what();
            }
            if (options.stop_at_first_failure && results[index].verdict != Verdict::AC) {
                std::size_t seen = first_failure.load();
                while (index < seen && !first_failure.compare_exchange_weak(seen, index)) {}
            }
            if (on_done) {
                std::lock_guard lock(done_mutex);
                on_done(index, results[index]);
            }
        }
    };
    run_bound_workers(jobs, options.bind_workers_to_cpus, worker, cases.size());
    if (first_failure.load() < cases.size()) results.resize(first_failure.load() + 1);
    return results;
}

}  // namespace judge

// judge stress: generate cases seed by seed, compare the solution with a reference through the
// checker, and on the first failure shrink the case, show it, save it under testdata/<id>/stress/
// and diagnose the solution with the sanitizers. The solution (and its sanitized rerun) runs in
// the sandbox unless --no-sandbox; the generator, validator, reference and checker are the
// jury's and do not.
//
// Exit status: 0 no failure, 1 a failure was found, 2 JE (the generator, validator, reference or
// checker failed) or misuse.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "building/compiler.hpp"
#include "checking/checker_protocol.hpp"
#include "checking/judging.hpp"
#include "checking/report.hpp"  // is_terminal, describe_isolation
#include "checking/validation.hpp"
#include "commands/commands.hpp"
#include "problems/problem.hpp"
#include "stress/diagnose.hpp"
#include "stress/shrinker.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/interrupt.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

struct StressOptions {
    std::string problem;
    std::string solution;
    std::string against = "brute";
    std::string seeds;
    double time_seconds = 0;
    std::string gen_args;
    int jobs = 1;
    int shrink_tests = 300;
    bool no_shrink = false;
    bool no_save = false;
    bool no_diagnose = false;
    bool no_sandbox = false;
};

// The compiled programs of a stress run.
struct Programs {
    Program generator;
    std::vector<InputValidator> validators;
    Program solution;
    Program reference;
    Program checker;
};

// What one case gave. `failure` is the solution's verdict when it failed; `judge_error` is set
// when a jury program failed (that stops the run).
struct Trial {
    std::optional<Verdict> failure;
    std::optional<std::string> judge_error;
    std::string message;  // checker message or run detail
    std::string input, solution_output, reference_output;
    std::optional<std::string> isolation;  // RunResult::isolation, when the solution ran
};

std::string slurp(const fs::path& file) {
    try {
        return read_file(file, 1 << 20);
    } catch (const std::exception&) {
        return "";
    }
}

std::string helper_failure(const char* who, const RunResult& run, const fs::path& err_file) {
    std::string what = std::string(who);
    if (run.limit_hit != LimitHit::None)
        what += " hit a limit";
    else if (run.signaled)
        what += " was killed by " + signal_name(run.term_signal);
    else
        what += " exited with code " + std::to_string(run.exit_code);
    std::string said = first_line_of_file(err_file, 300);
    if (!said.empty()) what += ": " + said;
    return what;
}

class Stress {
 public:
    // `sandbox`: the solution runs in the sandbox (false: --no-sandbox); the jury's programs
    // (generator, validator, reference, checker) never do.
    Stress(const ProblemSettings& problem, Programs programs, bool sandbox)
        : problem_(problem), programs_(std::move(programs)), sandbox_(sandbox) {}

    // Runs the generator; returns the case text, or sets trial.judge_error.
    std::optional<std::string> generate(const std::vector<std::string>& args,
                                        const fs::path& dir,
                                        Trial& trial) const {
        RunRequest request;
        request.limits = helper_limits(10000);
        request.limits.output_kib = 256 * 1024;
        set_program(request, programs_.generator, args);
        request.stdout_path = (dir / "gen.out").string();
        request.stderr_path = (dir / "gen.err").string();
        request.use_cgroups = true;  // a jury program too: its process limit must hold
        RunResult run = run_process(request);
        if (!(run.exited && run.exit_code == 0 && run.limit_hit == LimitHit::None)) {
            trial.judge_error = helper_failure("generator", run, request.stderr_path) +
                                " (generator args: " + join_args(args) + ")";
            return std::nullopt;
        }
        return read_file(request.stdout_path);
    }

    // Judges one case text: validate, run the reference and the solution, check. While
    // shrinking, a candidate with judge_error (invalid, or the reference breaks on it) is just
    // "not the same failure": the shrinker proposed it, the generator did not.
    Trial judge_text(const std::string& text, const fs::path& dir) const {
        Trial trial;
        trial.input = text;
        fs::path input = dir / "case.in";
        write_file_atomically(input, text);
        if (!programs_.validators.empty()) {
            const InputValidator& validator = programs_.validators[0];
            ValidationResult validation =
                run_validator(validator.program, validator.protocol, input, dir);
            if (validation.validator_failed) {
                trial.judge_error = validation.message;
                return trial;
            }
            if (!validation.valid) {
                trial.judge_error = "the generator made an invalid case: " + validation.message;
                return trial;
            }
        }
        // The same run for both; what a failure means differs: the reference's is the judge's
        // (JE), the solution's is the contestant's verdict.
        ProgramRun reference = run_program(programs_.reference, input, dir, "ref", false);
        trial.reference_output = reference.output;
        if (reference.failure.verdict) {
            trial.judge_error = "the reference failed (" +
                                std::string(short_code(*reference.failure.verdict)) + ", " +
                                reference.failure.detail + ")";
            if (!reference.said.empty()) *trial.judge_error += ": " + reference.said;
            return trial;
        }
        ProgramRun solution = run_program(programs_.solution, input, dir, "sol", sandbox_);
        trial.solution_output = solution.output;
        trial.isolation = solution.isolation;
        if (solution.failure.verdict) {
            trial.failure = *solution.failure.verdict;
            trial.message = solution.failure.detail;
            if (!solution.said.empty()) trial.message += "; stderr: " + solution.said;
            return trial;
        }
        CheckResult check = run_checker(programs_.checker, JuryProtocol::Testlib,
                                        {input, dir / "sol.out", dir / "ref.out", dir, {}});
        trial.message = check.message;
        Verdict verdict = to_verdict(check.outcome);
        if (verdict == Verdict::JE)
            trial.judge_error = check.message;
        else if (verdict != Verdict::AC)
            trial.failure = verdict;
        return trial;
    }

    // Generates with `args` and judges the case.
    Trial judge_args(const std::vector<std::string>& args, const fs::path& dir) const {
        Trial trial;
        std::optional<std::string> text = generate(args, dir, trial);
        if (!text) return trial;
        return judge_text(*text, dir);
    }

    const Programs& programs() const { return programs_; }

 private:
    // One run of `binary` on `input` under the problem's limits, writing `name`.out and
    // `name`.err in `dir`, in the submission sandbox when `sandboxed`: what it printed, the
    // run's own failure (RE, TLE, ...; no verdict when it ran cleanly), then the first line of
    // its stderr, and how it was shut in.
    struct ProgramRun {
        std::string output;
        RunClassification failure;
        std::string said;
        std::string isolation;
    };
    ProgramRun run_program(const Program& program,
                           const fs::path& input,
                           const fs::path& dir,
                           const std::string& name,
                           bool sandboxed) const {
        RunRequest request;
        request.limits = problem_.limits;
        request.sandbox = submission_sandbox(sandboxed);
        set_program(request, program);
        request.stdin_path = input.string();
        request.stdout_path = (dir / (name + ".out")).string();
        request.stderr_path = (dir / (name + ".err")).string();
        RunResult run = run_process(request);
        ProgramRun result{
            slurp(request.stdout_path), classify_run(run, problem_.limits), {}, run.isolation};
        if (result.failure.verdict) result.said = first_line_of_file(request.stderr_path, 200);
        return result;
    }

    const ProblemSettings& problem_;
    Programs programs_;
    bool sandbox_;
};

// Parses "A-B" (A <= B, both >= 0).
std::pair<long long, long long> parse_seed_range(const std::string& text) {
    std::size_t dash = text.find('-', 1);
    try {
        std::size_t used = 0;
        if (dash == std::string::npos) {
            long long seed = std::stoll(text, &used);
            if (used != text.size() || seed < 0) throw std::invalid_argument("bad");
            return {seed, seed};
        }
        long long first = std::stoll(text.substr(0, dash), &used);
        if (used != dash) throw std::invalid_argument("bad");
        std::string rest = text.substr(dash + 1);
        long long last = std::stoll(rest, &used);
        if (used != rest.size() || first < 0 || last < first) throw std::invalid_argument("bad");
        return {first, last};
    } catch (const std::exception&) {
        throw JudgeError("--seeds '" + text + "': expected A-B with 0 <= A <= B (or one seed)");
    }
}

// Shows at most `max_lines` lines of a text, indented.
std::string excerpt(const std::string& text, std::size_t max_lines = 20) {
    if (text.empty()) return "  (empty)\n";
    std::string out;
    std::size_t start = 0, lines = 0;
    while (start < text.size() && lines < max_lines) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        if (line.size() > 200) line = line.substr(0, 200) + "...";
        // A program's output, shown: its escape codes never reach the terminal raw.
        out += "  " + escape_control(line) + "\n";
        start = end + 1;
        ++lines;
    }
    if (start < text.size()) {
        std::size_t rest = static_cast<std::size_t>(
            std::count(text.begin() + static_cast<long>(start), text.end(), '\n'));
        out += "  ... (" + std::to_string(rest + 1) + " more lines)\n";
    }
    return out;
}

// Saves the shrunk case as stress/NAME.in + NAME.ans; returns the .in path. An identical case
// already saved is reused, a different one under the same name gets a suffix.
fs::path save_case(const ProblemSettings& problem,
                   long long seed,
                   const std::string& input,
                   const std::string& answer) {
    fs::path dir = problem.dir / "stress";
    std::error_code error;
    fs::create_directories(dir, error);
    if (error) throw JudgeError("cannot create " + dir.string() + ": " + error.message());
    for (int attempt = 1;; ++attempt) {
        std::string name = "seed-" + std::to_string(seed);
        if (attempt > 1) name += "-" + std::to_string(attempt);
        fs::path in = dir / (name + ".in"), ans = dir / (name + ".ans");
        if (fs::exists(in, error)) {
            if (slurp(in) == input && slurp(ans) == answer) return in;
            continue;
        }
        write_file_atomically(ans, answer);
        write_file_atomically(in, input);
        return in;
    }
}

int run_stress(const GlobalOptions& global, const StressOptions& options) {
    Context context = make_context(global);
    ProblemSettings problem = load_problem(context.root, options.problem);
    if (!options.seeds.empty() && options.time_seconds > 0)
        throw JudgeError("--seeds and --time exclude each other");
    auto [first_seed, last_seed] =
        parse_seed_range(options.seeds.empty() ? "1-100" : options.seeds);
    bool timed = options.time_seconds > 0;
    if (timed) last_seed = std::numeric_limits<long long>::max() - 1;
    std::vector<std::string> base_args;
    try {
        base_args = split_args(options.gen_args);
    } catch (const std::invalid_argument& error) {
        throw JudgeError(std::string("--gen-args: ") + error.what());
    }
    for (const std::string& arg : base_args)
        if (arg == "-seed" || arg == "--seed")
            throw JudgeError("--gen-args must not hold -seed (stress passes -seed N itself)");

    fs::path solution_source =
        options.solution.empty() ? problem.solution_source() : fs::path(options.solution);
    fs::path reference_source =
        options.against == "brute" ? problem.brute_source() : fs::path(options.against);
    fs::path generator_source = find_source(problem.root / "generators", problem.id);
    std::error_code error;
    if (!fs::is_regular_file(solution_source, error))
        throw JudgeError("solution " + solution_source.string() + " not found");
    if (!fs::is_regular_file(reference_source, error))
        throw JudgeError("reference " + reference_source.string() + " not found");

    // Ctrl-C from here on stops the run cleanly: no seed starts, the shrinker stops, nothing is
    // saved, the scratch folder goes with the unwinding, exit status 2 with one line.
    InterruptGuard interrupt_guard;
    auto stop_if_interrupted = [](const std::string& when) {
        if (interrupted()) throw JudgeError("interrupted " + when + ": nothing saved");
    };
    Compiler compiler(context.root, context.cache_dir, "g++", context.compile_limits);
    compiler.set_sandbox(!options.no_sandbox);
    Programs programs;
    CompileResult solution;
    try {
        programs.generator =
            compile_jury_program(compiler, generator_source, SourceKind::Generator);
        programs.validators = compile_input_validators(compiler, problem);
        programs.checker =
            compile_jury_program(compiler, problem.checker_source(), SourceKind::Checker);
        programs.reference = compile_jury_program(compiler, reference_source, SourceKind::Solution);
        solution = compiler.compile(solution_source, SourceKind::Solution);
    } catch (const JudgeError&) {
        stop_if_interrupted("while compiling");  // the compiler got the Ctrl-C too
        throw;
    }
    stop_if_interrupted("while compiling");
    if (!solution.ok) {
        std::cout << "CE: " << solution_source.string() << " does not compile:\n"
                  << excerpt(solution.message, 15);
        return 1;
    }
    programs.solution = solution.program;
    Stress stress(problem, programs, !options.no_sandbox);

    // The seeds: workers claim them in order; after an event (failure or JE) at seed s no
    // seed above s is started, so every seed below the first event has been judged and the
    // event reported is the first by seed order, whatever --jobs is.
    TempDir work("judge-stress", fast_temp_base());
    std::atomic<long long> next_seed{first_seed};
    std::atomic<long long> first_event{std::numeric_limits<long long>::max()};
    std::atomic<long long> seeds_done{0};
    std::mutex mutex;  // guards events and the progress line
    std::vector<std::pair<long long, Trial>> events;
    std::set<std::string> isolations;  // of the solution's runs over the seeds
    auto start = std::chrono::steady_clock::now();
    auto elapsed_s = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    bool terminal = is_terminal(2);
    double last_draw = -1;
    auto worker = [&](int index) {
        fs::path dir = work.path() / ("w" + std::to_string(index));
        fs::create_directories(dir);
        while (true) {
            if (interrupted()) return;
            if (timed && elapsed_s() >= options.time_seconds) return;
            long long seed = next_seed++;
            if (seed > last_seed || seed > first_event.load()) return;
            std::vector<std::string> args = base_args;
            args.push_back("-seed");
            args.push_back(std::to_string(seed));
            Trial trial = stress.judge_args(args, dir);
            std::lock_guard lock(mutex);
            ++seeds_done;
            if (trial.isolation) isolations.insert(*trial.isolation);
            if (trial.failure || trial.judge_error) {
                events.emplace_back(seed, std::move(trial));
                if (seed < first_event.load()) first_event = seed;
            }
            double now = elapsed_s();
            if (terminal && now - last_draw >= 0.1) {
                last_draw = now;
                std::fprintf(
                    stderr, "\r\033[K[stress %s] seeds %lld%s  %.1f cases/s  %.1f s",
                    problem.id.c_str(), seeds_done.load(),
                    timed ? "" : ("/" + std::to_string(last_seed - first_seed + 1)).c_str(),
                    static_cast<double>(seeds_done.load()) / std::max(now, 1e-9), now);
                std::fflush(stderr);
            }
        }
    };
    int jobs = std::max(1, options.jobs);
    if (jobs == 1) {
        worker(0);
    } else {
        std::vector<std::jthread> threads;
        for (int i = 0; i < jobs; ++i) threads.emplace_back(worker, i);
    }
    double seconds = elapsed_s();
    if (terminal) std::fprintf(stderr, "\r\033[K");
    long long done = seeds_done.load();
    // Checked before the events: a solution killed by the same Ctrl-C is no failure of it.
    stop_if_interrupted("after " + std::to_string(done) + " seeds");
    char rate[128];
    std::snprintf(rate, sizeof rate, "%.1f cases/s, %.2f s, %d job%s",
                  static_cast<double>(done) / std::max(seconds, 1e-9), seconds, jobs,
                  jobs == 1 ? "" : "s");
    // One line, and only when the solution ran unsandboxed: the exception worth saying.
    std::string isolation = describe_isolation(!options.no_sandbox, isolations);
    auto note_isolation = [&] {
        if (isolation.starts_with("NONE")) std::cout << "isolation: " << isolation << "\n";
    };

    if (events.empty()) {
        long long last_run = first_seed + done - 1;
        std::cout << "stress " << problem.id << ": no failure in " << done << " seeds ("
                  << first_seed << "-" << last_run << "): " << solution_source.string()
                  << " agrees with " << reference_source.string() << " (" << rate << ")\n";
        note_isolation();
        return 0;
    }
    auto first = std::min_element(events.begin(), events.end(),
                                  [](const auto& a, const auto& b) { return a.first < b.first; });
    long long seed = first->first;
    Trial failing = std::move(first->second);
    std::vector<std::string> args = base_args;
    args.push_back("-seed");
    args.push_back(std::to_string(seed));
    if (failing.judge_error) {
        std::cout << "JE on seed " << seed << " (generator args: " << join_args(args)
                  << "): " << *failing.judge_error << "\n";
        note_isolation();
        return 2;
    }
    Verdict kind = *failing.failure;
    std::cout << "FAIL on seed " << seed << " after " << done << " seeds (" << rate
              << "): " << short_code(kind) << " " << failing.message << "\n";
    std::cout << "generator args: " << join_args(args) << "\n";
    note_isolation();
    std::cout.flush();  // shrinking takes a while: say what was found first (also into a pipe)

    // Shrink: the generator's size options first (same seed), then the text itself. Every
    // accepted candidate becomes the current one, so the last accepted trial is the result.
    fs::path shrink_dir = work.path() / "shrink";
    fs::create_directories(shrink_dir);
    Trial shrunk = failing;
    std::vector<std::string> shrunk_args = args;
    ShrinkStats stats;
    if (!options.no_shrink) {
        shrunk_args = shrink_generator_args(
            args,
            [&](const std::vector<std::string>& candidate) {
                stop_if_interrupted("while shrinking");
                Trial trial = stress.judge_args(candidate, shrink_dir);
                if (trial.judge_error || trial.failure != kind) return false;
                shrunk = std::move(trial);
                return true;
            },
            options.shrink_tests / 3, stats);
        if (shrunk_args != args)
            std::cout << "shrunk generator args: " << join_args(shrunk_args) << "\n";
        shrink_text(
            shrunk.input,
            [&](const std::string& candidate) {
                stop_if_interrupted("while shrinking");
                Trial trial = stress.judge_text(candidate, shrink_dir);
                if (trial.judge_error || trial.failure != kind) return false;
                shrunk = std::move(trial);
                return true;
            },
            options.shrink_tests, stats);
    }
    stop_if_interrupted("while shrinking");
    std::cout << "\ncase (" << shrunk.input.size() << " bytes";
    if (!options.no_shrink)
        std::cout << ", shrunk from " << failing.input.size() << " bytes by " << stats.tests
                  << " trial runs";
    std::cout << "):\n"
              << excerpt(shrunk.input) << "solution output:\n"
              << excerpt(shrunk.solution_output) << "reference output:\n"
              << excerpt(shrunk.reference_output) << "verdict: " << short_code(*shrunk.failure)
              << " " << shrunk.message << "\n";
    if (!options.no_save) {
        fs::path saved = save_case(problem, seed, shrunk.input, shrunk.reference_output);
        std::cout << "saved: " << fs::relative(saved, problem.root, error).string()
                  << " (+ .ans from the reference): `judge run " << problem.id
                  << "` now judges it\n";
    }
    std::cout.flush();
    if (!options.no_diagnose) {
        fs::path input = shrink_dir / "diagnose.in";
        write_file_atomically(input, shrunk.input);
        Diagnosis diagnosis =
            diagnose(compiler, solution_source, input, problem.limits, !options.no_sandbox);
        std::cout << "\nsanitizers (solution rebuilt with -fsanitize=address,undefined -g):\n"
                  << escape_control(describe_diagnosis(diagnosis), true);
    }
    return 1;
}

}  // namespace

void setup_stress(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<StressOptions>();
    auto* command = app.add_subcommand(
        "stress", "Compare a solution with a reference on generated cases; shrink a failure");
    command->add_option("problem", options->problem, "Problem id (a folder of testdata/)")
        ->required();
    command->add_option("--solution", options->solution,
                        "Source to test (default: solutions/<problem>.cpp)");
    command
        ->add_option("--against", options->against,
                     "Reference: 'brute' (solutions/brute/<problem>.cpp) or a source file")
        ->capture_default_str();
    command->add_option("--seeds", options->seeds, "Seeds A-B (default 1-100)");
    command
        ->add_option("--time", options->time_seconds,
                     "Run seeds from 1 on for this many seconds instead of --seeds")
        ->check(CLI::PositiveNumber);
    command->add_option("--gen-args", options->gen_args,
                        "Generator arguments before -seed N (e.g. \"-n 10 -max 100\")");
    command->add_option("--jobs,-j", options->jobs, "Seeds judged in parallel")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    command
        ->add_option("--shrink-tests", options->shrink_tests,
                     "Most candidate cases the shrinker may judge")
        ->capture_default_str()
        ->check(CLI::Range(0, 100000));
    command->add_flag("--no-shrink", options->no_shrink, "Show the failing case as generated");
    command->add_flag("--no-save", options->no_save,
                      "Do not save the failing case under testdata/<problem>/stress/");
    command->add_flag("--no-diagnose", options->no_diagnose,
                      "Do not rebuild the solution with sanitizers after a failure");
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxHelp);
    command->callback([options, &global] {
        int status = run_stress(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

}  // namespace judge

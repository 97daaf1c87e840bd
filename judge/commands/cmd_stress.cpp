// judge stress: generate cases seed by seed, compare the solution with a reference through the
// checker, and on the first failure shrink the case, show it, save it under testdata/<id>/stress/
// and diagnose the solution with the sanitizers. The solution (and its sanitized rerun) runs in
// the sandbox unless --no-sandbox; so do the generator, validator, reference and checker, in
// the jury's boxes (jury_program.hpp).
//
// Exit status: 0 no failure, 1 a failure was found, 2 JE (the generator, validator, reference or
// checker failed) or misuse.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <system_error>
#include <tuple>
#include <vector>

#include "building/compiler.hpp"
#include "checking/report.hpp"  // ProgressLine, is_terminal, describe_isolation, quote_lines
#include "checking/validation.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/problem.hpp"
#include "running/cgroup_pool.hpp"
#include "stress/diagnose.hpp"
#include "stress/shrinker.hpp"
#include "stress/stress.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/interrupt.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Shows at most `max_lines` lines of a program's text (the solution's output or compiler
// message; the case and the reference's output too, alike): each marked as quoted and escaped
// (quote_lines), so that none passes for a line of the judge's nor reaches the terminal raw.
std::string excerpt(const std::string& text, std::size_t max_lines = 20) {
    if (text.empty()) return "  (empty)\n";
    return quote_lines(text, max_lines, 200);
}

}  // namespace

int run_stress(const GlobalOptions& global, const StressOptions& options) {
    Context context = make_context(global);
    ProblemSettings problem = load_problem(context.root, options.problem);
    if (!options.seeds.empty() && options.time_seconds > 0)
        throw JudgeError("--seeds and --time exclude each other");
    SeedSchedule schedule;
    std::tie(schedule.first_seed, schedule.last_seed) =
        parse_seed_range(options.seeds.empty() ? "1-100" : options.seeds);
    schedule.jobs = std::max(1, options.jobs);
    schedule.bind_workers_to_cpus = !options.no_cpu_binding;
    schedule.time_seconds = options.time_seconds;
    bool timed = options.time_seconds > 0;
    if (timed) schedule.last_seed = std::numeric_limits<long long>::max() - 1;
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
    require_submission_isolation(options.no_sandbox);
    compiler.set_sandbox(!options.no_sandbox);
    StressPrograms programs;
    CompileResult solution;
    try {
        programs.generator =
            compile_jury_program(compiler, problem.generator_source(), SourceKind::Generator);
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
    StressJudge judge(problem, programs, !options.no_sandbox);

    TempDir work("judge-stress", fast_temp_base());
    ProgressLine progress(std::cerr, is_terminal(2), 0);
    const std::string total =
        timed ? "" : "/" + std::to_string(schedule.last_seed - schedule.first_seed + 1);
    schedule.stop = [] { return interrupted(); };
    SeedRun seeds = run_seeds(
        schedule,
        [&](long long seed, const fs::path& dir) {
            return judge.judge_args(seed_args(base_args, seed), dir);
        },
        work.path(),
        [&](long long done, double seconds) {
            char line[160];
            std::snprintf(line, sizeof line, "[stress %s] seeds %lld%s  %.1f cases/s  %.1f s",
                          problem.id.c_str(), done, total.c_str(),
                          static_cast<double>(done) / std::max(seconds, 1e-9), seconds);
            progress.show(line);
        });
    progress.finish();
    long long done = seeds.seeds_done;
    // Checked before the events: a solution killed by the same Ctrl-C is no failure of it.
    stop_if_interrupted("after " + std::to_string(done) + " seeds");
    char rate[128];
    std::snprintf(rate, sizeof rate, "%.1f cases/s, %.2f s, %d job%s",
                  static_cast<double>(done) / std::max(seeds.seconds, 1e-9), seeds.seconds,
                  schedule.jobs, schedule.jobs == 1 ? "" : "s");
    // As every report: runs not measured by cgroups are said first (kInexactMeasurementNote).
    if (!seeds.exact)
        std::cout << inexact_measurement_note(detail::cgroup_unavailable_reason()) << "\n";
    // One line, and only when the solution ran unsandboxed: the exception worth saying.
    std::string isolation = describe_isolation(!options.no_sandbox, seeds.isolations);
    auto note_isolation = [&] {
        if (isolation.starts_with("NONE")) std::cout << "isolation: " << isolation << "\n";
    };

    if (!seeds.first_event) {
        long long last_run = schedule.first_seed + done - 1;
        std::cout << "stress " << problem.id << ": no failure in " << done << " seeds ("
                  << schedule.first_seed << "-" << last_run << "): " << solution_source.string()
                  << " agrees with " << reference_source.string() << " (" << rate << ")\n";
        note_isolation();
        return 0;
    }
    auto& [seed, failing] = *seeds.first_event;
    std::vector<std::string> args = seed_args(base_args, seed);
    if (failing.judge_error) {
        std::cout << "JE on seed " << seed << " (generator args: " << join_args(args)
                  << "): " << *failing.judge_error << "\n";
        note_isolation();
        return 2;
    }
    std::cout << "FAIL on seed " << seed << " after " << done << " seeds (" << rate
              << "): " << short_code(*failing.failure) << " " << failing.message << "\n";
    std::cout << "generator args: " << join_args(args) << "\n";
    note_isolation();
    std::cout.flush();  // shrinking takes a while: say what was found first (also into a pipe)

    fs::path shrink_dir = work.path() / "shrink";
    fs::create_directories(shrink_dir);
    ShrunkFailure shrunk{failing, args, {}};
    if (!options.no_shrink) {
        shrunk = shrink_failure(judge, failing, args, options.shrink_tests, shrink_dir,
                                [&] { stop_if_interrupted("while shrinking"); });
        if (shrunk.args != args)
            std::cout << "shrunk generator args: " << join_args(shrunk.args) << "\n";
    }
    stop_if_interrupted("while shrinking");
    const Trial& result = shrunk.trial;
    std::cout << "\ncase (" << result.input.size() << " bytes";
    if (!options.no_shrink)
        std::cout << ", shrunk from " << failing.input.size() << " bytes by " << shrunk.stats.tests
                  << " trial runs";
    std::cout << "):\n"
              << excerpt(result.input) << "solution output:\n"
              << excerpt(result.solution_output) << "reference output:\n"
              << excerpt(result.reference_output) << "verdict: " << short_code(*result.failure)
              << " " << result.message << "\n";
    if (!options.no_save) {
        fs::path saved = save_stress_case(problem, seed, result.input, result.reference_output);
        std::cout << "saved: " << fs::relative(saved, problem.root, error).string()
                  << " (+ .ans from the reference): `judge run " << problem.id
                  << "` now judges it\n";
    }
    std::cout.flush();
    if (!options.no_diagnose) {
        fs::path input = shrink_dir / "diagnose.in";
        write_file_atomically(input, result.input);
        Diagnosis diagnosis =
            diagnose(compiler, solution_source, input, problem.limits, !options.no_sandbox);
        std::cout << "\nsanitizers (solution rebuilt with -fsanitize=address,undefined -g):\n"
                  << escape_control(describe_diagnosis(diagnosis), true);
    }
    return 1;
}

}  // namespace judge

// The judge's command line: every subcommand's options and help texts, on CLI11. The only file
// of the judge, with main.cpp and help.cpp, that includes CLI11 (command_options.hpp says why);
// each subcommand's work is its run_<name> in cmd_<name>.cpp.
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "checking/verify_matrix.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"

namespace judge {

namespace {

// --no-cpu-binding (run, verify, stress): workers not bound to a core each.
void add_cpu_binding_option(CLI::App& command, bool& no_cpu_binding) {
    command.add_flag("--no-cpu-binding", no_cpu_binding,
                     "Let the kernel place each worker's runs on any core (default: each worker "
                     "and its runs stay on one core of their own, as judgehosts bound to cores)");
}

// The options `run` and `verify` share: --jobs, --no-cpu-binding, --reruns (near the limit),
// --json, --junit.
void add_judging_options(CLI::App& command, JudgingOptions& options) {
    command
        .add_option("--jobs,-j", options.jobs,
                    "Cases judged in parallel; verify also compiles this many submissions at "
                    "once first (default: the number of cores)")
        ->check(CLI::Range(1, 256));
    add_cpu_binding_option(command, options.no_cpu_binding);
    command
        .add_option("--reruns", options.reruns,
                    "Extra runs of a case whose CPU time is within 20% of the limit (not of one "
                    "already over it: a TLE in any run decides)")
        ->capture_default_str()
        ->check(CLI::Range(0, 20));
    command.add_option("--json", options.json_file, "Write the JSON report to this file");
    command.add_option("--junit", options.junit_file, "Write a JUnit XML report to this file");
}

}  // namespace

void setup_export(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<ExportOptions>();
    auto* command = app.add_subcommand(
        "export",
        "Write one of this project's problems, or a Polygon package, as an ICPC/Kattis problem "
        "package (problem.yaml, statement/, data/, validators, submissions) for other contest "
        "systems");
    command
        ->add_option("problem", options->problem,
                     "Problem id (a folder of testdata/), or a Polygon package (a folder with "
                     "problem.xml, or its .zip; --testset NAME picks the testset written)")
        ->required();
    command
        ->add_option("out", options->out,
                     "The package to write: a new folder, or a .zip archive; must not exist")
        ->required();
    command->add_option("--format", options->format,
                        "problem_format_version to write: 2023-07-draft (the default; what "
                        "problemtools reads) or 2025-09 (what BAPCtools reads)");
    command->add_option("--statement", options->statement,
                        "The statement's form, one file as the format allows: md (problemtools "
                        "reads it; the default for 2023-07-draft) or tex (problemtools and "
                        "BAPCtools read it; the default for 2025-09 and for a Polygon package, "
                        "whose statement is LaTeX)");
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxHelp);
    command->callback([options, &global] {
        int status = run_export(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

void setup_gen(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<GenOptions>();
    auto* command = app.add_subcommand(
        "gen", "Rebuild testdata/<problem>/secret/ from secret/plan.txt (generator + solution)");
    command->add_option("problem", options->problem, "Problem id (a folder of testdata/)")
        ->required();
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxJuryHelp);
    command->callback([options, &global] {
        int status = run_gen(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

void setup_list(CLI::App& app, const GlobalOptions& global) {
    auto packages = std::make_shared<std::vector<std::string>>();
    auto* command = app.add_subcommand(
        "list",
        "Show the problems under testdata/, or the problem packages named, with their case "
        "counts and limits");
    command->add_option("packages", *packages, "Folders of problem packages to show instead");
    command->callback([packages, &global] {
        int status = packages->empty() ? run_list(global) : list_packages(global, *packages);
        if (status != 0) throw CommandExit{status};
    });
}

void setup_run(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<RunOptions>();
    auto* command = app.add_subcommand("run", "Judge a solution on a problem's cases");
    command
        ->add_option("problem", options->problem,
                     "Problem id (a folder of testdata/), or the folder of a problem package "
                     "(problem.yaml, data/...)")
        ->required();
    command->add_option("--solution", options->solution,
                        "Source to judge: a file or a folder of sources; C, C++, Java or Python 3 "
                        "(default: solutions/<problem>.cpp, or a package's first "
                        "submissions/accepted/ program)");
    command->add_option("--tests", options->tests,
                        "Judge only the cases whose name (group/NAME or NAME) matches this glob");
    command->add_option("--cases", options->cases_dir,
                        "Judge the NAME.in/NAME.ans cases of this folder instead of testdata/");
    add_judging_options(*command, *options);
    command->add_flag("--no-validate", options->no_validate,
                      "Do not run the input validator on the cases");
    command->add_flag("--diagnose", options->diagnose,
                      "Rerun the first failing case (not AC, not JE) with the solution rebuilt "
                      "under -fsanitize=address,undefined and show what the sanitizers say");
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxHelp);
    command->callback([options, &global] {
        int status = run_run(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

void setup_selftest(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<SelftestOptions>();
    auto* command = app.add_subcommand(
        "selftest",
        "Check the checker fixtures and the invalid inputs (validator and solution), or a "
        "Polygon package's validator and checker tests");
    command
        ->add_option("problem", options->problem,
                     "Problem id (a folder of testdata/), or a Polygon package (its folder or "
                     "zip): its validator and checker tests")
        ->required();
    command->add_option("--solution", options->solution,
                        "Solution run on the invalid inputs (default: solutions/<problem>.cpp)");
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxHelp);
    command->callback([options, &global] {
        int status = run_selftest(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

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
    add_cpu_binding_option(*command, options->no_cpu_binding);
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

void setup_validate(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<ValidateOptions>();
    auto* command =
        app.add_subcommand("validate", "Run the problem's input validator on its inputs or files");
    command->add_option("problem", options->problem, "Problem id (a folder of testdata/)")
        ->required();
    command->add_option("files", options->files,
                        "Inputs to validate (default: every NAME.in of testdata/<problem>/)");
    command->add_option("--jobs,-j", options->jobs, "Files validated in parallel")
        ->check(CLI::Range(1, 256));
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxJuryHelp);
    command->callback([options, &global] {
        int status = run_validate(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

void setup_verify(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<VerifyOptions>();
    auto* command = app.add_subcommand(
        "verify",
        "Judge every submission of a problem and compare each verdict with the one its folder "
        "(submissions/accepted, wrong_answer, time_limit_exceeded, ...) promises");
    command
        ->add_option("problem", options->problem,
                     "Problem id (its solution, brute and testdata/<id>/submissions/), or the "
                     "folder of a problem package")
        ->required();
    add_judging_options(*command, *options);
    command->add_flag("--no-validate", options->no_validate,
                      "Do not run the input validators on the cases first");
    command->add_flag("--no-sandbox", options->no_sandbox, kNoSandboxHelp);
    command
        ->add_option("--matrix", options->matrix,
                     "The matrix of submissions x cases, each cell the verdict and CPU ms, each "
                     "row the margin against the time limit: tests (a column per case), groups "
                     "(per group: the most severe verdict, the largest time), auto (tests up to " +
                         std::to_string(kMaxTestColumns) +
                         " cases, else groups), or none (judging a submission stops at its first "
                         "failing case: faster, no matrix)")
        ->check(CLI::IsMember({"auto", "tests", "groups", "none"}))
        ->capture_default_str();
    command->add_option("--html", options->html_file,
                        "Write the matrix as a self-contained HTML page (every case is judged, "
                        "even with --matrix none)");
    command->callback([options, &global] {
        int status = names_polygon_contest(global, options->problem)
                         ? run_verify_contest(global, *options)
                         : run_verify(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

}  // namespace judge

// judge export: one of this project's problems as a problem package (a folder, or a .zip), for
// the contest systems that read the ICPC/Kattis format (problems/export.hpp says what goes in).
#include <iostream>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "commands/commands.hpp"
#include "problems/export.hpp"
#include "problems/problem.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

struct ExportOptions {
    std::string problem;
    std::string out;
};

bool ends_with_zip(const std::string& path) {
    return path.size() > 4 && path.compare(path.size() - 4, 4, ".zip") == 0;
}

int run_export(const GlobalOptions& global, const ExportOptions& options) {
    Context context = make_context(global);
    ProblemSettings problem = load_problem(context.root, options.problem);
    std::vector<TestCase> cases = discover_cases(problem.dir);
    if (cases.empty()) throw JudgeError("no cases (NAME.in) in " + problem.dir.string());
    require_answers(problem, cases);
    fs::path out = fs::absolute(options.out);
    std::error_code error;
    if (!fs::is_directory(out.parent_path(), error))
        throw JudgeError(options.out + ": folder " + out.parent_path().string() +
                         " does not exist");
    if (fs::exists(out, error)) throw JudgeError(options.out + " exists already");

    ExportSummary summary;
    if (ends_with_zip(options.out)) {
        TempDir scratch("judge-export", fs::temp_directory_path());
        summary = export_package(problem, cases, scratch.path() / problem.id);
        write_zip(scratch.path() / problem.id, out);
    } else {
        summary = export_package(problem, cases, out);
    }
    for (const std::string& note : summary.notes)
        std::cerr << "judge: note: " << escape_control(note) << "\n";
    std::cout << "exported " << problem.id << " to " << escape_control(options.out) << ": "
              << summary.sample_cases << " sample and " << summary.secret_cases << " secret cases, "
              << summary.submissions << " submission(s)"
              << (summary.statement ? ", the statement" : "") << "\n";
    return 0;
}

}  // namespace

void setup_export(CLI::App& app, const GlobalOptions& global) {
    auto options = std::make_shared<ExportOptions>();
    auto* command = app.add_subcommand(
        "export",
        "Write one of this project's problems as an ICPC/Kattis problem package (2023-07 "
        "problem.yaml, data/, validators, submissions) for other contest systems");
    command->add_option("problem", options->problem, "Problem id (a folder of testdata/)")
        ->required();
    command
        ->add_option("out", options->out,
                     "The package to write: a new folder, or a .zip archive; must not exist")
        ->required();
    command->callback([options, &global] {
        int status = run_export(global, *options);
        if (status != 0) throw CommandExit{status};
    });
}

}  // namespace judge

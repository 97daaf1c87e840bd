// judge export: one of this project's problems, or a Codeforces Polygon package, as a problem
// package (a folder, or a .zip), for the contest systems that read the ICPC/Kattis format
// (problems/export.hpp and problems/polygon_export.hpp say what goes in).
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "building/compiler.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/export.hpp"
#include "problems/polygon_export.hpp"
#include "problems/polygon_package.hpp"
#include "problems/problem.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

bool ends_with_zip(const std::string& path) {
    return path.size() > 4 && path.compare(path.size() - 4, 4, ".zip") == 0;
}

}  // namespace

int run_export(const GlobalOptions& global, const ExportOptions& options) {
    std::optional<PackageVersion> version = parse_package_version(options.format);
    if (!version)
        throw JudgeError("--format " + escape_control(options.format) +
                         ": not a version judge export writes (2023-07-draft, 2025-09)");
    if (!options.statement.empty() && options.statement != "tex" && options.statement != "md")
        throw JudgeError("--statement " + escape_control(options.statement) +
                         ": not a statement form judge export writes (md, tex)");
    // A Polygon package's statement is LaTeX (its statement-sections): written as it is unless
    // Markdown is asked for.
    bool polygon = is_polygon_package(options.problem);
    // By default the form that the tool reading the version takes: 2023-07-draft is
    // problemtools' (Markdown: pandoc renders it, where LaTeX needs plasTeX 3, which Debian does
    // not package), 2025-09 BAPCtools' (LaTeX only).
    bool markdown = options.statement.empty() ? *version == PackageVersion::Draft2023_07 && !polygon
                                              : options.statement == "md";
    ProblemSettings problem;
    std::vector<TestCase> cases;
    if (polygon) {
        // Its generated tests and the main solution's answers are made (or found in the cache)
        // first: the package holds them all.
        OpenProblem open = open_problem(global, options.problem);
        problem = open.problem;
        cases = problem_cases(problem);
        Compiler compiler(open.context.root, open.context.cache_dir, "g++",
                          open.context.compile_limits);
        require_submission_isolation(options.no_sandbox);
        compiler.set_sandbox(!options.no_sandbox);
        prepare_problem_cases(compiler, problem, cases, !options.no_sandbox);
    } else {
        if (!global.testset.empty())
            throw JudgeError("--testset " + global.testset +
                             ": only a Polygon package has testsets");
        Context context = make_context(global);
        problem = load_problem(context.root, options.problem);
        cases = discover_cases(problem.dir);
        if (cases.empty()) throw JudgeError("no cases (NAME.in) in " + problem.dir.string());
        require_answers(problem, cases);
    }
    fs::path out = fs::absolute(options.out);
    std::error_code error;
    if (!fs::is_directory(out.parent_path(), error))
        throw JudgeError(options.out + ": folder " + out.parent_path().string() +
                         " does not exist");
    if (fs::exists(out, error)) throw JudgeError(options.out + " exists already");

    auto write = [&](const fs::path& folder) {
        return polygon ? export_polygon_package(problem, cases, folder, *version, markdown)
                       : export_package(problem, cases, folder, *version, markdown);
    };
    ExportSummary summary;
    if (ends_with_zip(options.out)) {
        TempDir scratch("judge-export", fs::temp_directory_path());
        summary = write(scratch.path() / problem.id);
        write_zip(scratch.path() / problem.id, out);
    } else {
        summary = write(out);
    }
    for (const std::string& note : summary.notes)
        std::cerr << "judge: note: " << escape_control(note) << "\n";
    std::cout << "exported " << problem.id << " to " << escape_control(options.out) << ": "
              << summary.sample_cases << " sample and " << summary.secret_cases << " secret cases, "
              << summary.submissions << " submission(s)"
              << (summary.statement ? ", the statement" : "") << " (problem_format_version "
              << package_version_name(*version) << ")\n";
    return 0;
}

}  // namespace judge

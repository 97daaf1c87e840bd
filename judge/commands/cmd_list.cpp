// judge list: the problems under <root>/testdata with their case counts, limits and checker; or
// the problem packages named on the command line (a Polygon contest package: each problem).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/package.hpp"
#include "problems/polygon_contest.hpp"
#include "problems/polygon_package.hpp"
#include "problems/problem.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/table.hpp"

namespace judge {

namespace {

// The output check, after the kinds of problem that change how it is run: "interactive, custom:
// output_validator", "multi-pass, ...", "interactive, multi-pass, ...".
std::string output_check_name(const ProblemSettings& problem) {
    std::string name = problem.output_check == OutputCheck::DefaultValidator ? "default"
                       : problem.output_check == OutputCheck::KattisValidator
                           ? "custom: " + problem.output_validator.filename().string()
                           : problem.checker;
    if (problem.multi_pass) name = "multi-pass, " + name;
    return problem.interactive ? "interactive, " + name : name;
}

// The packages to show for those named: each itself, a Polygon contest's problems in its order
// (named "CONTEST: A sum"), with the name open_problem takes.
std::vector<std::pair<std::string, std::string>> expand_contests(
    const GlobalOptions& global,
    const std::vector<std::string>& names,
    std::vector<std::string>& errors) {
    std::vector<std::pair<std::string, std::string>> shown;
    for (const std::string& name : names) {
        if (!names_polygon_contest(global, name)) {
            shown.emplace_back(name, name);
            continue;
        }
        try {
            PolygonContest contest =
                read_polygon_contest(polygon_contest_folder(name, package_cache_dir(global)));
            for (const PolygonContestProblem& problem : contest.problems)
                shown.emplace_back(name + ": " +
                                       (problem.index.empty() ? "" : problem.index + " ") +
                                       problem.short_name,
                                   problem.folder.string());
        } catch (const JudgeError& error) {
            errors.push_back(error.what());
        }
    }
    return shown;
}

}  // namespace

// The packages named: name, case counts (sample, secret with its groups), limits and where the
// time limit comes from, the output check, the input validators and the submissions to verify.
int list_packages(const GlobalOptions& global, const std::vector<std::string>& names) {
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"package", "sample", "secret", "CPU ms", "MiB", "output check",
                    "input validators", "submissions", "time limit from"});
    std::vector<std::string> errors;
    for (const auto& [shown, name] : expand_contests(global, names, errors)) {
        try {
            OpenProblem open = open_problem(global, name);
            const ProblemSettings& problem = open.problem;
            int sample = 0, secret = 0;
            for (const TestCase& test_case : problem_cases(problem))
                ++(test_case.group.rfind("sample", 0) == 0 ? sample : secret);
            rows.push_back({shown, std::to_string(sample), std::to_string(secret),
                            std::to_string(problem.limits.cpu_ms),
                            std::to_string(problem.limits.memory_kib / 1024),
                            output_check_name(problem),
                            std::to_string(problem.input_validators.size()),
                            std::to_string(problem.format == ProblemFormat::Polygon
                                               ? polygon_submissions(problem).size()
                                               : package_submissions(problem).size()),
                            problem.time_limit_source});
        } catch (const JudgeError& error) {
            errors.push_back(error.what());
        }
    }
    std::cout << escape_control(
        format_table(rows, {false, true, true, true, true, false, true, true}),
        /*keep_newlines=*/true);
    std::cout.flush();
    for (const auto& error : errors) std::cerr << "judge: error: " << escape_control(error) << "\n";
    return errors.empty() ? 0 : 2;
}

int run_list(const GlobalOptions& global) {
    Context context = make_context(global);
    std::vector<std::string> ids = list_problem_ids(context.root);
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"problem", "sample", "secret", "stress", "CPU ms", "wall ms", "MiB", "checker",
                    "validator"});
    int status = 0;
    std::vector<std::string> errors;
    for (const auto& id : ids) {
        try {
            ProblemSettings settings = load_problem(context.root, id);
            auto cases = discover_cases(settings.dir);
            int counts[3] = {0, 0, 0};
            for (const auto& test_case : cases)
                for (int group = 0; group < 3; ++group)
                    if (test_case.group == kCaseGroups[group]) ++counts[group];
            rows.push_back({id, std::to_string(counts[0]), std::to_string(counts[1]),
                            std::to_string(counts[2]), std::to_string(settings.limits.cpu_ms),
                            std::to_string(settings.limits.wall_ms),
                            std::to_string(settings.limits.memory_kib / 1024),
                            settings.interactive
                                ? settings.checker + " (interactor " + settings.interactor + ")"
                                : settings.checker,
                            settings.validator.empty() ? "-" : settings.validator});
        } catch (const JudgeError& error) {
            errors.push_back(error.what());
            status = 2;
        }
    }
    // Numbers right-aligned, names left-aligned.
    std::cout << escape_control(format_table(rows, {false, true, true, true, true, true, true}),
                                /*keep_newlines=*/true);
    std::cout << ids.size() << " problem(s) in " << (context.root / "testdata").string() << "\n";
    std::cout.flush();
    for (const auto& error : errors) std::cerr << "judge: error: " << escape_control(error) << "\n";
    return status;
}

}  // namespace judge

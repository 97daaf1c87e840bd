// judge list: the problems under <root>/testdata with their case counts, limits and checker.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/commands.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "problems/problem.hpp"

namespace judge {

namespace {

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
                            std::to_string(settings.limits.memory_kib / 1024), settings.checker,
                            settings.validator.empty() ? "-" : settings.validator});
        } catch (const JudgeError& error) {
            errors.push_back(error.what());
            status = 2;
        }
    }
    std::vector<std::size_t> widths(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t column = 0; column < row.size(); ++column)
            widths[column] = std::max(widths[column], row[column].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t column = 0; column < row.size(); ++column) {
            std::string padding(widths[column] - row[column].size(), ' ');
            // Numbers right-aligned, names left-aligned.
            bool numeric = column >= 1 && column <= 6;
            line += numeric ? padding + row[column] : row[column] + padding;
            if (column + 1 < row.size()) line += "  ";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        std::cout << escape_control(line) << "\n";
    }
    std::cout << ids.size() << " problem(s) in " << (context.root / "testdata").string() << "\n";
    std::cout.flush();
    for (const auto& error : errors) std::cerr << "judge: error: " << escape_control(error) << "\n";
    return status;
}

}  // namespace

void setup_list(CLI::App& app, const GlobalOptions& global) {
    auto* command = app.add_subcommand(
        "list", "Show the problems under testdata/ with their case counts and limits");
    command->callback([&global] {
        int status = run_list(global);
        if (status != 0) throw CommandExit{status};
    });
}

}  // namespace judge

#include "commands/help.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

#include <CLI/CLI.hpp>

namespace judge {

namespace {

struct CommandExamples {
    const char* command;  ///< "" for `judge` itself
    const char* examples;
};

// One line per example: the command, then what it does. Problem ids are this repository's
// (judge list); `judge run` and friends find the project root from the working folder.
constexpr CommandExamples kExamples[] = {
    {"",
     "  judge list                          the problems of this project and their limits\n"
     "  judge run quell                     judge solutions/quell.cpp on testdata/quell/\n"
     "  judge stress quell --seeds 1-500    compare it with solutions/brute/quell.cpp\n"
     "  judge <command> --help              each command's options and examples"},
    {"run",
     "  judge run quell                            solutions/quell.cpp on every case\n"
     "  judge run quell --solution my.cpp --tests 'sample/*'\n"
     "                                             another source, on the samples only\n"
     "  judge run quell --json report.json -j 1    a JSON report, one case at a time\n"
     "  judge run path/to/package                  a problem package (problem.yaml, data/)"},
    {"list",
     "  judge list                         the problems under testdata/, cases and limits\n"
     "  judge list path/to/package         a problem package's cases and limits"},
    {"verify",
     "  judge verify quell                 each program of testdata/quell/submissions/<verdict>/\n"
     "                                     (and the solution and brute) gets its folder's verdict\n"
     "  judge verify path/to/package       the same for a package's submissions/"},
    {"export",
     "  judge export quell quell.zip                    a Kattis/ICPC package (problemtools)\n"
     "  judge export quell out/quell --format 2025-09   a folder in the newer format (BAPCtools)"},
    {"stress",
     "  judge stress quell --seeds 1-500                solution against brute on 500 cases\n"
     "  judge stress quell --solution my.cpp --time 60  a minute of seeds against the brute\n"
     "  judge stress quell --gen-args \"-n 5\"            small cases (generator arguments)"},
    {"gen",
     "  judge gen quell                    rebuild testdata/quell/secret/ from its plan.txt"},
    {"validate",
     "  judge validate quell               every NAME.in of testdata/quell/\n"
     "  judge validate quell my.in         one file of your own"},
    {"selftest",
     "  judge selftest quell               checker fixtures (testdata/quell/checker/) and\n"
     "                                     invalid inputs (testdata/quell/invalid/)"},
};

const char* examples_of(const std::string& command) {
    for (const CommandExamples& entry : kExamples)
        if (command == entry.command) return entry.examples;
    return nullptr;
}

// Optimal string alignment distance: insertions, deletions, replacements, and a swap of two
// neighbouring characters ("--jbos" is one step from "--jobs").
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

// The command whose arguments were being read: the last subcommand parsed (a subcommand's own
// subcommands included), else the app itself.
const CLI::App* innermost_command(const CLI::App* app) {
    while (true) {
        std::vector<CLI::App*> parsed = app->get_subcommands();
        if (parsed.empty()) return app;
        app = parsed.back();
    }
}

// "judge run" for the run subcommand, "judge" for the app.
std::string command_line_name(const CLI::App* command) {
    std::string name;
    for (const CLI::App* at = command; at; at = at->get_parent())
        name = at->get_parent() ? " " + at->get_name() + name : "judge" + name;
    return name;
}

// Every spelling of an option that `command` takes: its own, and (options fall through) those
// of the commands it lies in.
std::vector<std::string> option_names(const CLI::App* command) {
    std::vector<std::string> names;
    for (const CLI::App* at = command; at; at = at->get_parent())
        for (const CLI::Option* option : at->get_options()) {
            for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
            for (const std::string& name : option->get_snames()) names.push_back("-" + name);
        }
    return names;
}

std::vector<std::string> subcommand_names(const CLI::App* command) {
    std::vector<std::string> names;
    for (const CLI::App* sub : command->get_subcommands([](const CLI::App*) { return true; }))
        names.push_back(sub->get_name());
    return names;
}

// "did you mean" lines for the arguments nobody took: an option near one of the command's, a
// word near one of its subcommands.
std::string suggestions_for_leftovers(const CLI::App* app, const CLI::App* command) {
    std::string out;
    for (const std::string& arg : app->remaining(true)) {
        bool is_option = arg.size() > 1 && arg[0] == '-';
        std::string typed = is_option ? arg.substr(0, arg.find('=')) : arg;
        std::vector<std::string> candidates =
            is_option ? option_names(command) : subcommand_names(command);
        std::string meant = nearest_name(typed, candidates);
        if (!meant.empty()) out += typed + ": did you mean " + meant + "?\n";
    }
    return out;
}

}  // namespace

std::string nearest_name(std::string_view typed, const std::vector<std::string>& candidates) {
    if (typed.empty()) return "";
    std::string_view bare = typed.substr(typed.find_first_not_of('-') == std::string_view::npos
                                             ? typed.size()
                                             : typed.find_first_not_of('-'));
    if (bare.size() >= 3)
        for (const std::string& candidate : candidates)
            if (candidate.size() > typed.size() && candidate.compare(0, typed.size(), typed) == 0)
                return candidate;
    std::string best;
    std::size_t best_distance = std::numeric_limits<std::size_t>::max();
    for (const std::string& candidate : candidates) {
        std::size_t distance = edit_distance(typed, candidate);
        if (distance < best_distance) best_distance = distance, best = candidate;
    }
    std::size_t allowed = std::clamp<std::size_t>(best.size() / 3, 1, 3);
    return best_distance > 0 && best_distance <= allowed ? best : "";
}

void add_examples(CLI::App& app) {
    if (const char* examples = examples_of("")) app.footer(std::string("Examples:\n") + examples);
    for (CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
        if (const char* examples = examples_of(command->get_name()))
            command->footer(std::string("Examples:\n") + examples);
}

std::string explain_parse_error(const CLI::App* app, const CLI::Error& error) {
    const CLI::App* command = innermost_command(app);
    std::string out = std::string(error.what()) + "\n";
    std::string meant = suggestions_for_leftovers(app, command);
    out += meant;
    // A missing argument or subcommand: show how the command is called.
    if (meant.empty() && error.get_name() == "RequiredError") {
        if (command == app && !subcommand_names(app).empty()) {
            out += "Commands:";
            for (const std::string& name : subcommand_names(app)) out += " " + name;
            out += "\n";
        } else if (const char* examples = examples_of(command->get_name())) {
            std::string first(examples);
            out += "For example:\n" + first.substr(0, first.find('\n')) + "\n";
        }
    }
    out += "Run `" + command_line_name(command) + " --help` for its options and examples.\n";
    return out;
}

}  // namespace judge

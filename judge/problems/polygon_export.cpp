#include "problems/polygon_export.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "building/compiler.hpp"  // find_quoted_include, quoted_include_names
#include "problems/name_uuid.hpp"
#include "problems/polygon_package.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// problems/polygon_kattis_wrapper.cpp as a string literal (judge/CMakeLists.txt makes it).
const char* const kWrapperSource =
#include "polygon_kattis_wrapper.inc"
    ;

// A number as YAML writes it: "2", "1.5", "0.25".
std::string number_text(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

bool is_cpp_source(const fs::path& file) {
    std::string extension = file.extension().string();
    return extension == ".cpp" || extension == ".cc" || extension == ".cxx";
}

// A Python 3 jury program (Polygon's python.3 and python.pypy3; not python.2).
bool is_python3_source(const PolygonSource& source) {
    return fs::path(source.path).extension() == ".py" && source.type.rfind("python.2", 0) != 0;
}

// A jury program the export adapts to the package format: C++ (testlib) or Python 3.
bool is_adapted_source(const PolygonSource& source) {
    return is_cpp_source(source.path) || is_python3_source(source);
}

// Polygon's statement languages as the format's codes (ISO 639-1).
std::string language_code(const std::string& language) {
    static const std::map<std::string, std::string> kCodes = {
        {"english", "en"},    {"russian", "ru"},   {"chinese", "zh"}, {"ukrainian", "uk"},
        {"french", "fr"},     {"german", "de"},    {"spanish", "es"}, {"polish", "pl"},
        {"portuguese", "pt"}, {"japanese", "ja"},  {"korean", "ko"},  {"italian", "it"},
        {"kazakh", "kk"},     {"vietnamese", "vi"}};
    auto found = kCodes.find(language);
    return found == kCodes.end() ? "en" : found->second;
}

// --- statement ------------------------------------------------------------------------------

struct StatementSource {
    fs::path dir;             // statement-sections/<language>; empty when there is none
    std::string code = "en";  // its language's code
    std::string name;         // the problem's name in it
};

// statement-sections/english, else the first language there.
StatementSource pick_statement(const fs::path& root, const std::string& fallback_name) {
    StatementSource source;
    source.name = fallback_name;
    std::error_code error;
    fs::path sections = root / "statement-sections";
    std::vector<fs::path> languages;
    for (const auto& entry : fs::directory_iterator(sections, error))
        if (entry.is_directory(error)) languages.push_back(entry.path());
    if (languages.empty()) return source;
    std::sort(languages.begin(), languages.end());
    auto english = std::find_if(languages.begin(), languages.end(),
                                [](const fs::path& dir) { return dir.filename() == "english"; });
    source.dir = english != languages.end() ? *english : languages.front();
    source.code = language_code(source.dir.filename().string());
    if (fs::is_regular_file(source.dir / "name.tex", error)) {
        std::string name = read_file(source.dir / "name.tex");
        while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
            name.pop_back();
        if (!name.empty()) source.name = name;
    }
    return source;
}

std::string section_text(const fs::path& dir, const char* file) {
    std::error_code error;
    if (dir.empty() || !fs::is_regular_file(dir / file, error)) return "";
    std::string text = read_file(dir / file);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return text;
}

// The statement from the sections (legend, input, output, interaction, scoring, notes); the
// examples stay out (the format shows data/sample). Images beside the sections are copied.
void export_statement(const PolygonPackage& package,
                      const fs::path& building,
                      bool markdown,
                      ExportSummary& summary,
                      StatementSource& source) {
    source = pick_statement(package.root, package.name);
    struct Section {
        const char* file;
        const char* heading;
    };
    static const Section kSections[] = {
        {"legend.tex", ""},         {"input.tex", "Input"},
        {"output.tex", "Output"},   {"interaction.tex", "Interaction"},
        {"scoring.tex", "Scoring"}, {"notes.tex", "Notes"}};
    std::string body;
    for (const Section& section : kSections) {
        std::string text = section_text(source.dir, section.file);
        if (text.empty()) continue;
        if (*section.heading)
            body += markdown ? std::string("## ") + section.heading + "\n\n"
                             : std::string("\\section*{") + section.heading + "}\n";
        body += text + "\n\n";
    }
    summary.statement = !body.empty();
    if (body.empty()) {
        // The format requires a statement: one that names where the problem comes from.
        body = "This problem was exported from the Polygon package " + package.short_name +
               " (judge export), which has no statement sections.\n";
        summary.notes.push_back("no statement-sections/ in the package: a placeholder statement");
    }
    fs::path folder = building / "statement";
    if (markdown)
        write_text(folder / ("problem." + source.code + ".md"), body);
    else
        write_text(folder / ("problem." + source.code + ".tex"),
                   "\\problemname{" + source.name + "}\n\n" + body);
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(source.dir, error)) {
        std::string extension = entry.path().extension().string();
        if (entry.is_regular_file(error) &&
            (extension == ".png" || extension == ".jpg" || extension == ".jpeg" ||
             extension == ".gif" || extension == ".svg"))
            copy_file_to(entry.path(), folder / entry.path().filename());
    }
}

// --- data -----------------------------------------------------------------------------------

// A test's file name: its number, zero-padded to the widest (at least 2 digits), so that name
// order is test order.
std::string case_name(int index, std::size_t count) {
    std::string number = std::to_string(index);
    std::size_t width = std::max<std::size_t>(2, std::to_string(count).size());
    if (number.size() < width) number.insert(0, width - number.size(), '0');
    return number;
}

// The scoring of one group of the testset (or of data/secret when the testset has points but no
// groups), in the format's own file.
struct GroupScore {
    std::string folder;  // "" for data/secret itself
    const PolygonGroup* group = nullptr;
    std::vector<double> points;  // its tests' points
    /// 2023-07-draft: its tests' points differ (each-test), so each test is a subgroup of its
    /// own (split_test_yaml_2023) and this folder holds no case.
    bool split = false;
};

// 2023-07-draft gives every case of a group one accept_score: a test of an each-test group whose
// tests' points differ is a group of its own, `points` its accept_score.
std::string split_test_yaml_2023(const std::string& group, int index, double points) {
    std::ostringstream yaml;
    yaml << "# Polygon test " << index << " of group '" << group << "': " << number_text(points)
         << " points.\n"
         << "on_reject: continue\ngrading: default\ngrader_flags: sum\n"
         << "accept_score: " << number_text(points) << "\nrange: 0 " << number_text(points) << "\n";
    return yaml.str();
}

std::string testdata_yaml_2023(const GroupScore& score, std::vector<std::string>& notes) {
    double total = 0;
    for (double points : score.points) total += points;
    bool complete = score.group && score.group->points_policy == "complete-group";
    if (complete && score.group->points) total = *score.group->points;
    std::ostringstream yaml;
    yaml << "# Polygon " << (score.group ? "group '" + score.group->name + "'" : "testset") << ": "
         << (complete ? "complete-group" : "each-test") << ", " << number_text(total)
         << " points.\n";
    yaml << "on_reject: " << (complete ? "break" : "continue") << "\n"
         << "grading: default\n"
         << "grader_flags: " << (complete ? "min" : "sum") << "\n";
    bool uniform = std::adjacent_find(score.points.begin(), score.points.end(),
                                      std::not_equal_to<>()) == score.points.end();
    if (complete)
        yaml << "accept_score: " << number_text(total) << "\n";
    else if (!score.points.empty() && !score.split)
        yaml << "accept_score: " << number_text(score.points.front()) << "\n";
    if (!complete && !uniform && !score.split)
        notes.push_back("group '" + score.folder +
                        "': its tests' points differ; 2023-07-draft gives each test of a "
                        "group the same accept_score (the first test's)");
    yaml << "range: 0 " << number_text(total) << "\n";
    if (score.group && !score.group->dependencies.empty())
        notes.push_back("group '" + score.group->name +
                        "' depends on other groups: 2023-07-draft has no way to say it "
                        "(2025-09's require_pass does)");
    return yaml.str();
}

std::string test_group_yaml_2025(const GroupScore& score, std::vector<std::string>& notes) {
    double total = 0;
    for (double points : score.points) total += points;
    bool complete = score.group && score.group->points_policy == "complete-group";
    if (complete && score.group->points) total = *score.group->points;
    std::ostringstream yaml;
    yaml << "# Polygon " << (score.group ? "group '" + score.group->name + "'" : "testset") << ": "
         << (complete ? "complete-group" : "each-test") << ", " << number_text(total)
         << " points.\n";
    if (total != std::round(total))
        notes.push_back("group '" + score.folder + "': " + number_text(total) +
                        " points written as " + number_text(std::round(total)) +
                        " (2025-09's max_score is an integer)");
    yaml << "max_score: " << static_cast<long long>(std::llround(total)) << "\n"
         << "score_aggregation: " << (complete ? "min" : "sum") << "\n";
    if (score.group && !score.group->dependencies.empty()) {
        yaml << "require_pass: [";
        for (std::size_t i = 0; i < score.group->dependencies.size(); ++i)
            yaml << (i ? ", " : "") << yaml_quoted("secret/" + score.group->dependencies[i]);
        yaml << "]\n";
    }
    return yaml.str();
}

// Writes data/sample and data/secret (with the groups' folders and scoring); returns whether the
// problem is a scoring one.
bool export_data(const PolygonTestset& set,
                 const std::vector<TestCase>& cases,
                 const fs::path& building,
                 PackageVersion version,
                 ExportSummary& summary) {
    std::map<int, const PolygonTest*> tests;
    for (const PolygonTest& test : set.tests) tests[test.index] = &test;
    bool grouped = !set.groups.empty();
    bool scoring = grouped || std::any_of(set.tests.begin(), set.tests.end(),
                                          [](const PolygonTest& t) { return t.points; });
    std::map<std::string, GroupScore> scores;  // by folder under data/secret
    // A test counts in data/secret (a sample too when it has points or a group: 2023-07-draft's
    // data/testdata.yaml ignores data/sample's score, as Polygon's samples have none).
    auto in_secret = [&](const PolygonTest& test) {
        return !test.sample || (grouped && !test.group.empty()) || test.points.value_or(0) > 0;
    };
    auto folder_of = [&](const PolygonTest& test) {
        return grouped ? (test.group.empty() ? std::string("ungrouped") : test.group)
                       : std::string();
    };
    std::set<std::string> split_groups;  // 2023-07-draft: each-test groups of differing points
    if (scoring && version == PackageVersion::Draft2023_07) {
        std::map<std::string, std::set<double>> points_by_folder;
        for (const PolygonTest& test : set.tests)
            if (in_secret(test)) points_by_folder[folder_of(test)].insert(test.points.value_or(0));
        for (const auto& [folder, points] : points_by_folder) {
            const PolygonGroup* group = grouped ? set.group(folder) : nullptr;
            bool complete = group && group->points_policy == "complete-group";
            if (points.size() > 1 && !complete) split_groups.insert(folder);
        }
    }
    for (const TestCase& test_case : cases) {
        const PolygonTest* test = tests[std::stoi(test_case.name)];
        if (!test)
            throw JudgeError("case " + test_case.display_name() + " is no test of the testset");
        if (!test_case.answer)
            throw JudgeError("case " + test_case.display_name() + " has no answer");
        std::string name = case_name(test->index, set.tests.size());
        std::vector<fs::path> folders;
        if (test->sample) folders.push_back(building / "data" / "sample");
        std::string group = folder_of(*test);
        if (in_secret(*test)) {
            bool split = split_groups.count(group) > 0;
            fs::path folder = building / "data" / "secret" / group;
            if (split) {
                folder /= name;
                write_text(folder / "testdata.yaml",
                           split_test_yaml_2023(group, test->index, test->points.value_or(0)));
            }
            folders.push_back(folder);
            if (scoring) {
                GroupScore& score = scores[group];
                score.folder = group;
                score.group = set.group(test->group);
                score.points.push_back(test->points.value_or(0));
                score.split = split;
            }
        }
        for (const fs::path& folder : folders) {
            copy_file_to(test_case.input, folder / (name + ".in"));
            copy_file_to(*test_case.answer, folder / (name + ".ans"));
        }
        ++(test->sample ? summary.sample_cases : summary.secret_cases);
    }
    for (const auto& [folder, score] : scores) {
        fs::path dir = building / "data" / "secret" / folder;
        if (version == PackageVersion::V2025_09)
            write_text(dir / "test_group.yaml", test_group_yaml_2025(score, summary.notes));
        else
            write_text(dir / "testdata.yaml", testdata_yaml_2023(score, summary.notes));
    }
    if (grouped && version == PackageVersion::Draft2023_07)
        write_text(building / "data" / "secret" / "testdata.yaml",
                   "# The groups' scores are summed; every group is judged.\n"
                   "on_reject: continue\ngrading: default\ngrader_flags: sum\n");
    // Without it, each sample case would score the default accept_score (1) in the total.
    if (scoring && version == PackageVersion::Draft2023_07)
        write_text(building / "data" / "testdata.yaml",
                   "# The score is data/secret's: the samples count for nothing, as in Polygon.\n"
                   "on_reject: continue\ngrading: default\ngrader_flags: sum ignore_sample\n");
    return scoring;
}

// --- jury programs --------------------------------------------------------------------------

// Copies the C++ source `source` and the headers it includes from the package (its testlib.h)
// into `folder`, each under its file name; `written` (a file name to where it came from) is
// shared by the programs of one folder: two different files of one name are refused. Returns
// the source's name in the folder.
std::string copy_with_headers(const PolygonPackage& package,
                              const PolygonSource& source,
                              const fs::path& folder,
                              std::map<std::string, fs::path>& written) {
    fs::path file = package.root / source.path;
    std::vector<fs::path> search = {package.root / "files", package.root};
    std::set<fs::path> done;
    std::vector<fs::path> pending = {file};
    while (!pending.empty()) {
        fs::path current = pending.back().lexically_normal();
        pending.pop_back();
        if (!done.insert(current).second) continue;
        std::string name = current.filename().string();
        auto [place, added] = written.emplace(name, current);
        if (!added && place->second != current && read_file(place->second) != read_file(current))
            throw JudgeError(current.string() + " and " + place->second.string() +
                             " would both be " + (folder.filename() / name).string() +
                             " of the export: rename one");
        if (added) copy_file_to(current, folder / name);
        for (const std::string& include : quoted_include_names(read_file(current))) {
            std::optional<fs::path> header = find_quoted_include(current, include, search);
            if (!header)
                throw JudgeError(current.string() + " includes \"" + include +
                                 "\", which is not in the package");
            pending.push_back(*header);
        }
    }
    return file.filename().string();
}

// A C++ testlib program as a package program folder: its source, the headers it includes from
// the package (its testlib.h), and the wrapper that speaks the package protocol.
void export_testlib_program(const PolygonPackage& package,
                            const PolygonSource& source,
                            const fs::path& folder,
                            WrapperRole role) {
    std::map<std::string, fs::path> written;
    copy_with_headers(package, source, folder, written);
    write_text(folder / "polygon_kattis_wrapper.cpp",
               polygon_kattis_wrapper_source(role, package.checker_points_as_percent));
}

void write_executable(const fs::path& file, const std::string& text) {
    write_text(file, text);
    fs::permissions(file, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add);
}

// A name the build script may say in single quotes.
std::string shell_quoted(const std::string& name) {
    if (name.find('\'') != std::string::npos)
        throw JudgeError("the file name " + name + " has a quote the build script cannot say");
    return "'" + name + "'";
}

// A Python 3 checker or validator (Polygon's protocol: `checker <in> <output> <answer>`, testlib's
// exit codes; a validator reads stdin) as a package program folder: its source and the format's
// `build` and `run` scripts (problemtools needs `build`; it only makes sure `run` is
// executable), `run` speaking the package protocol as polygon_kattis_wrapper.cpp does for C++:
// a checker's 0 is 42, 1 and 2 are 43, points (7, "points X") 43, or 42 for X >= 100 with
// `points_as_percent`, anything else 1; a validator's 0 is 42, another exit 43, a signal 1.
void export_python_program(const PolygonPackage& package,
                           const PolygonSource& source,
                           const fs::path& folder,
                           WrapperRole role) {
    std::string name = fs::path(source.path).filename().string();
    for (const char* reserved : {"build", "run"})
        if (name == reserved)
            throw JudgeError(source.path + ": its name " + reserved +
                             " is the format's own script: rename it");
    fs::create_directories(folder);
    fs::copy_file(package.root / source.path, folder / name, fs::copy_options::overwrite_existing);
    const std::string head =
        "#!/bin/sh\n# Written by `judge export` (cp-judge): the Polygon package's Python 3 " +
        std::string(role == WrapperRole::InputValidator ? "validator" : "checker") + " " + name +
        "\n";
    write_executable(folder / "build",
                     head +
                         "# Nothing to build: `run` starts it (executable as written).\n"
                         "[ -x run ] || chmod +x run\n");
    std::string program = "\"$(dirname \"$0\")\"/" + shell_quoted(name);
    if (role == WrapperRole::InputValidator) {
        write_executable(folder / "run",
                         head +
                             "# run < input: exit 0 is valid (42), another exit invalid (43).\n"
                             "python3 " +
                             program +
                             "\ncode=$?\n"
                             "if [ \"$code\" -eq 0 ]; then exit 42; fi\n"
                             "if [ \"$code\" -lt 128 ]; then exit 43; fi\n"
                             "exit 1\n");
        return;
    }
    std::string whole = package.checker_points_as_percent
                            ? "    awk -v p=\"$points\" 'BEGIN { exit !(p >= 100) }' && exit 42\n"
                            : "";
    write_executable(
        folder / "run",
        head +
            "# run <in> <ans> <feedback_dir> [flags] < output: the checker as Polygon runs it,\n"
            "# `checker <in> <output> <ans>`, its message in judgemessage.txt.\n"
            "feedback=$3\n"
            "cat > \"$feedback/team_output\" || exit 1\n"
            "python3 " +
            program +
            " \"$1\" \"$feedback/team_output\" \"$2\" 2>> \"$feedback/judgemessage.txt\"\n"
            "case $? in\n"
            "0) exit 42 ;;\n"
            "1 | 2) exit 43 ;;\n"
            "7)\n"
            "    points=$(sed -n 's/^points \\([-+0-9.eE]*\\).*/\\1/p' "
            "\"$feedback/judgemessage.txt\" | "
            "tail -n 1)\n"
            "    [ -n \"$points\" ] || exit 1\n" +
            whole +
            "    exit 43 ;;\n"
            "*) exit 1 ;;\n"
            "esac\n");
}

// An interactive package's output validator: the interactor and the checker are two testlib
// programs, each with its main, so they are not compiled together as a program folder's sources
// are: the format's `build` script (run in a copy of the folder, with `c++` on the path) compiles
// each alone, and the wrapper as `run`, the validator, which runs both (its comment says how).
void export_interactive_validator(const PolygonPackage& package, const fs::path& folder) {
    std::map<std::string, fs::path> written;
    std::string interactor = copy_with_headers(package, *package.interactor, folder, written);
    std::string checker = copy_with_headers(package, *package.checker, folder, written);
    for (const char* reserved :
         {"build", "run", "interactor", "checker", "README", "polygon_kattis_wrapper.cpp"})
        if (written.count(reserved))
            throw JudgeError(written[reserved].string() + ": its name " + reserved +
                             " is the export's own in output_validator/: rename it");
    write_text(
        folder / "polygon_kattis_wrapper.cpp",
        polygon_kattis_wrapper_source(WrapperRole::Interactive, package.checker_points_as_percent));
    // The judge builds a Polygon package's C++ programs as C++17 (building/languages.cpp). The
    // two testlib programs compile at once: one after the other they take most of a build's
    // wall time limit (60 s in this judge and BAPCtools) on a busy machine. A Python 3 one is
    // started by a script of its own under the name run calls (`interactor`, `checker`).
    std::string compiles, waits;
    auto add_program = [&](const std::string& name, const PolygonSource& source,
                           const std::string& copied) {
        if (is_python3_source(source)) {
            write_executable(folder / name,
                             "#!/bin/sh\n# Written by `judge export` (cp-judge): the Polygon "
                             "package's Python 3 " +
                                 name + ".\nexec python3 \"$(dirname \"$0\")\"/" +
                                 shell_quoted(copied) + " \"$@\"\n");
            compiles += "[ -x " + name + " ] || chmod +x " + name + "\n";
            return;
        }
        compiles += "c++ -O2 -std=gnu++17 -o " + name + " " + shell_quoted(copied) + " &\n" + name +
                    "=$!\n";
        waits += "wait \"$" + name + "\"\n";
    };
    add_program("interactor", *package.interactor, interactor);
    add_program("checker", *package.checker, checker);
    write_executable(folder / "build",
                     "#!/bin/sh\n"
                     "# Written by `judge export` (cp-judge): the Polygon package's interactor and "
                     "checker,\n# each compiled alone (two testlib programs, two mains) or "
                     "started by a script (Python 3),\n# and `run`, the validator that runs them "
                     "(polygon_kattis_wrapper.cpp says how).\nset -e\n" +
                         compiles + "c++ -O2 -std=gnu++17 -o run polygon_kattis_wrapper.cpp\n" +
                         waits);
    auto described = [](const PolygonSource& source, const std::string& copied, const char* name) {
        return copied + (is_python3_source(source)
                             ? std::string("; Python 3, started by the script `") + name + "`"
                             : std::string());
    };
    write_text(folder / "README",
               "The output validator of an interactive Polygon package (judge export, cp-judge).\n"
               "`build` compiles the package's interactor (" +
                   described(*package.interactor, interactor, "interactor") + ") and checker (" +
                   described(*package.checker, checker, "checker") +
                   "), each C++ one with the package's testlib.h, and run "
                   "(polygon_kattis_wrapper.cpp).\n"
                   "It needs a C++17 compiler as `c++` and a POSIX system (fork, exec, poll).\n"
                   "run <in> <ans> <feedback_dir>: the interactor talks with the submission on "
                   "run's stdin and\nstdout, writing feedback_dir/tout; when it accepts, the "
                   "checker judges tout against <ans>.\n"
                   "testlib's 0 is 42, 1 and 2 are 43, anything else is the validator's failure "
                   "(exit 1).\n");
}

void export_jury_programs(const PolygonPackage& package,
                          const fs::path& building,
                          ExportSummary& summary) {
    const std::string where = package.xml_file.string();
    if (!package.checker) throw JudgeError(where + ": no <checker> in <assets>");
    if (!is_adapted_source(*package.checker))
        throw JudgeError(where + ":" + std::to_string(package.checker->line) + ": checker " +
                         package.checker->path + " (" + package.checker->type +
                         "): only a C++ testlib or a Python 3 checker is adapted to the package "
                         "format's output validator");
    if (package.interactor) {
        if (!is_adapted_source(*package.interactor))
            throw JudgeError(
                where + ":" + std::to_string(package.interactor->line) + ": interactor " +
                package.interactor->path + " (" + package.interactor->type +
                "): only a C++ testlib or a Python 3 interactor is adapted to the package "
                "format's output validator");
        export_interactive_validator(package, building / "output_validator");
    } else if (is_python3_source(*package.checker)) {
        export_python_program(package, *package.checker, building / "output_validator",
                              WrapperRole::OutputValidator);
    } else {
        export_testlib_program(package, *package.checker, building / "output_validator",
                               WrapperRole::OutputValidator);
    }
    std::set<std::string> names;
    for (const PolygonSource& validator : package.validators) {
        std::string name = fs::path(validator.path).stem().string();
        if (!is_adapted_source(validator)) {
            summary.notes.push_back("validator " + validator.path + " (" + validator.type +
                                    ") left out: only C++ testlib and Python 3 validators are "
                                    "adapted");
            continue;
        }
        if (!names.insert(name).second) continue;
        if (is_python3_source(validator))
            export_python_program(package, validator, building / "input_validators" / name,
                                  WrapperRole::InputValidator);
        else
            export_testlib_program(package, validator, building / "input_validators" / name,
                                   WrapperRole::InputValidator);
    }
    if (names.empty())
        summary.notes.push_back(
            "no input validator: the package has no C++ or Python 3 one (the format "
            "requires one)");
}

// --- submissions ----------------------------------------------------------------------------

void export_submissions(const PolygonPackage& package,
                        const fs::path& building,
                        PackageVersion version,
                        ExportSummary& summary) {
    std::string rules;
    std::vector<std::string> left_out;
    for (const PolygonSolution& solution : package.solutions) {
        fs::path source = package.root / solution.source.path;
        std::string file = source.filename().string();
        if (std::string why = unbuilt_source_type(solution.source.type); !why.empty()) {
            left_out.push_back(solution.source.path + ": " + why);
            continue;
        }
        SubmissionPlace place = polygon_submission_folder(solution.tag, version);
        if (place.folder.empty()) {
            left_out.push_back(solution.source.path + " (tag " + solution.tag +
                               "): no place for it in " + package_version_name(version));
            continue;
        }
        copy_file_to(source, building / "submissions" / place.folder / file);
        ++summary.submissions;
        if (!place.rule.empty())
            rules += yaml_quoted(place.folder + "/" + file) + ": " + place.rule + "\n";
        if (solution.tag == "presentation-error")
            summary.notes.push_back(solution.source.path +
                                    " (presentation-error) is under wrong_answer/: the format "
                                    "has no presentation error");
    }
    if (!rules.empty())
        write_text(building / "submissions" / "submissions.yaml",
                   "# Polygon tags with no folder of their own (judge export).\n" + rules);
    for (const std::string& solution : left_out)
        summary.notes.push_back("solution " + solution + ": left out");
}

std::string problem_yaml(const PolygonPackage& package,
                         const ProblemSettings& problem,
                         const StatementSource& statement,
                         bool scoring,
                         PackageVersion version) {
    std::int64_t output_mib = (problem.limits.output_kib + 1023) / 1024;
    std::ostringstream yaml;
    yaml << "# Exported from the Polygon package " << package.short_name << ", testset "
         << problem.testset << ", by `judge export` (cp-judge).\n"
         << "problem_format_version: " << package_version_name(version) << "\n";
    if (statement.code == "en")
        yaml << "name: " << yaml_quoted(statement.name) << "\n";
    else
        yaml << "name:\n  " << statement.code << ": " << yaml_quoted(statement.name) << "\n";
    yaml << "# Named after the package's short name: every export of it has the same uuid.\n"
         << "uuid: " << name_based_uuid("urn:cp-judge:polygon:" + package.short_name) << "\n"
         << "type: "
         << (package.interactor ? (scoring ? "[scoring, interactive]" : "interactive")
                                : (scoring ? "scoring" : "pass-fail"))
         << "\n"
         << "# Polygon packages name no license.\n"
         << "license: unknown\n"
         << "limits:\n"
         << "  time_limit: " << number_text(static_cast<double>(problem.limits.cpu_ms) / 1000.0)
         << "\n";
    std::int64_t resolution_ms = time_resolution_ms(problem.limits.cpu_ms);
    if (version == PackageVersion::V2025_09 && resolution_ms != 1000)
        yaml << "  time_resolution: " << number_text(static_cast<double>(resolution_ms) / 1000.0)
             << "\n";
    yaml << "  memory: " << (problem.limits.memory_kib + 1023) / 1024 << "\n"
         << "  output: " << output_mib << "\n";
    return yaml.str();
}

}  // namespace

SubmissionPlace polygon_submission_folder(const std::string& tag, PackageVersion version) {
    bool v2025 = version == PackageVersion::V2025_09;
    if (tag == "main" || tag == "accepted") return {"accepted", ""};
    if (tag == "wrong-answer" || tag == "presentation-error") return {"wrong_answer", ""};
    if (tag == "time-limit-exceeded") return {"time_limit_exceeded", ""};
    if (tag == "memory-limit-exceeded") return {"run_time_error", ""};
    if (!v2025) return {};
    if (tag == "rejected") return {"rejected", ""};
    // Folders of their own: a rule in submissions.yaml adds to its folder's default rule, so in
    // time_limit_exceeded/ (at least one TLE) an accepted solution would fail.
    if (tag == "time-limit-exceeded-or-accepted")
        return {"time_limit_exceeded_or_accepted", "{permitted: [AC, TLE]}"};
    if (tag == "time-limit-exceeded-or-memory-limit-exceeded")
        return {"time_limit_exceeded_or_memory_limit_exceeded",
                "{permitted: [AC, TLE, RTE], required: [TLE, RTE]}"};
    return {};
}

std::string polygon_kattis_wrapper_source(WrapperRole role, bool points_as_percent) {
    std::string head =
        "// Written by `judge export` (cp-judge) from its "
        "judge/problems/polygon_kattis_wrapper.cpp.\n";
    if (points_as_percent) head += "#define POLYGON_KATTIS_POINTS_PERCENT 1\n";
    if (role == WrapperRole::InputValidator) head += "#define POLYGON_KATTIS_INPUT_VALIDATOR 1\n";
    if (role == WrapperRole::Interactive) head += "#define POLYGON_KATTIS_INTERACTIVE 1\n";
    return head + kWrapperSource;
}

ExportSummary export_polygon_package(const ProblemSettings& problem,
                                     const std::vector<TestCase>& cases,
                                     const fs::path& out,
                                     PackageVersion version,
                                     bool markdown_statement) {
    PolygonPackage package = read_polygon_package(problem.root);
    const std::string where = package.xml_file.string();
    if (!package.input_file.empty() || !package.output_file.empty())
        throw JudgeError(where + ": file input or output (input-file '" + package.input_file +
                         "', output-file '" + package.output_file +
                         "') has no form in the package format (stdin and stdout only)");
    const PolygonTestset* set = package.testset(problem.testset);
    if (!set) throw JudgeError(where + ": no testset '" + problem.testset + "'");
    std::error_code error;
    if (fs::exists(out, error)) throw JudgeError(out.string() + " exists already");

    ExportSummary summary;
    // Built beside `out` and renamed when whole: an interrupted export leaves no half package.
    fs::path building = out.parent_path() / ("." + out.filename().string() + ".tmp");
    fs::remove_all(building, error);
    fs::create_directories(building, error);
    if (error) throw JudgeError("cannot create " + building.string() + ": " + error.message());
    try {
        StatementSource statement;
        export_statement(package, building, markdown_statement, summary, statement);
        bool scoring = export_data(*set, cases, building, version, summary);
        for (const PolygonTestset& other : package.testsets)
            if (&other != set)
                summary.notes.push_back("testset '" + other.name + "' (" +
                                        std::to_string(other.tests.size()) +
                                        " tests) left out: a package has one set of data "
                                        "(--testset " +
                                        other.name + " exports it)");
        export_jury_programs(package, building, summary);
        export_submissions(package, building, version, summary);
        write_text(building / "problem.yaml",
                   problem_yaml(package, problem, statement, scoring, version));
        fs::rename(building, out, error);
        if (error) throw JudgeError("cannot create " + out.string() + ": " + error.message());
    } catch (...) {
        fs::remove_all(building, error);
        throw;
    }
    return summary;
}

}  // namespace judge

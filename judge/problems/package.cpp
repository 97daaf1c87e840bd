#include "problems/package.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <system_error>

#include "building/languages.hpp"
#include "checking/default_validator.hpp"  // split_words
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxYamlBytes = 1 << 20;

// Parses a YAML file; a missing file is an empty map. Errors name the file and the place.
YAML::Node read_yaml(const fs::path& file) {
    std::error_code error;
    if (!fs::exists(file, error)) return YAML::Node(YAML::NodeType::Map);
    if (!fs::is_regular_file(file, error))
        throw JudgeError("cannot read " + file.string() + ": not a regular file");
    std::string text = read_file(file, kMaxYamlBytes + 1);
    if (text.size() > kMaxYamlBytes)
        throw JudgeError(file.string() + " is larger than " + std::to_string(kMaxYamlBytes >> 10) +
                         " KiB");
    try {
        YAML::Node node = YAML::Load(text);
        if (node.IsNull()) return YAML::Node(YAML::NodeType::Map);  // an empty file
        if (!node.IsMap())
            throw JudgeError(file.string() + ": expected a map of keys at the top level");
        return node;
    } catch (const YAML::Exception& exception) {
        throw JudgeError(file.string() + ":" + std::to_string(exception.mark.line + 1) + ":" +
                         std::to_string(exception.mark.column + 1) + ": " + exception.msg);
    }
}

// One key's value read with checks: every error says the file and the key.
class Keys {
 public:
    Keys(YAML::Node node, fs::path file, std::string prefix = "")
        : node_(std::move(node)), file_(std::move(file)), prefix_(std::move(prefix)) {}

    bool has(const std::string& key) const { return node_[key] && !node_[key].IsNull(); }

    [[noreturn]] void fail(const std::string& key, const std::string& why) const {
        throw JudgeError(file_.string() + ": '" + prefix_ + key + "' " + why);
    }

    std::optional<std::string> text(const std::string& key) const {
        if (!has(key)) return std::nullopt;
        if (!node_[key].IsScalar()) fail(key, "must be a text");
        return node_[key].as<std::string>();
    }

    std::optional<double> number(const std::string& key) const {
        if (!has(key)) return std::nullopt;
        try {
            if (!node_[key].IsScalar()) throw YAML::Exception(YAML::Mark(), "");
            double value = node_[key].as<double>();
            if (!std::isfinite(value) || value <= 0) fail(key, "must be a positive number");
            return value;
        } catch (const YAML::Exception&) {
            fail(key, "must be a number, got '" + describe(node_[key]) + "'");
        }
    }

    Keys map(const std::string& key) const {
        if (!has(key)) return Keys(YAML::Node(YAML::NodeType::Map), file_, prefix_ + key + ".");
        if (!node_[key].IsMap()) fail(key, "must be a map of keys");
        return Keys(node_[key], file_, prefix_ + key + ".");
    }

    /// A text, or a list of texts (a 2023-07 `type`), as words.
    std::vector<std::string> words(const std::string& key) const {
        if (!has(key)) return {};
        const YAML::Node value = node_[key];
        if (value.IsScalar()) return split_words(value.as<std::string>());
        if (!value.IsSequence()) fail(key, "must be a text or a list of texts");
        std::vector<std::string> all;
        for (const YAML::Node& item : value) {
            if (!item.IsScalar()) fail(key, "must be a list of texts");
            for (std::string& word : split_words(item.as<std::string>())) all.push_back(word);
        }
        return all;
    }

    const YAML::Node& node() const { return node_; }
    const fs::path& file() const { return file_; }

 private:
    static std::string describe(const YAML::Node& node) {
        if (node.IsScalar()) return node.as<std::string>();
        return node.IsSequence() ? "a list" : "a map";
    }
    YAML::Node node_;
    fs::path file_;
    std::string prefix_;
};

// The problem's name: a text, or a map from language to text (2023-07): English first.
std::string package_name(const Keys& keys, const std::string& fallback) {
    if (!keys.has("name")) return fallback;
    const YAML::Node& name = keys.node()["name"];
    if (name.IsScalar()) return name.as<std::string>();
    if (!name.IsMap()) keys.fail("name", "must be a text or a map from language to text");
    if (name["en"] && name["en"].IsScalar()) return name["en"].as<std::string>();
    for (const auto& entry : name)
        if (entry.second.IsScalar()) return entry.second.as<std::string>();
    return fallback;
}

// The programs of a validators folder: each file or folder in it is one program, except that a
// folder holding source files directly (no sub-folder) is itself the one program when the spec
// names a single validator (output_validator/ of 2023-07).
std::vector<fs::path> programs_in(const fs::path& folder) {
    std::vector<fs::path> programs;
    std::error_code error;
    if (!fs::is_directory(folder, error)) return programs;
    for (const auto& entry : fs::directory_iterator(folder, error)) {
        std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.' || name.back() == '~') continue;
        if (entry.is_directory(error) || entry.is_regular_file(error))
            programs.push_back(entry.path());
    }
    std::sort(programs.begin(), programs.end(), [](const fs::path& a, const fs::path& b) {
        return natural_less(a.filename().string(), b.filename().string());
    });
    return programs;
}

// Whether a file is a program's source (and not a header or a note beside it).
bool is_program_file(const fs::path& file) {
    return language_of_file(file) || unsupported_language_name(file);
}

}  // namespace

bool is_package(const fs::path& folder) {
    std::error_code error;
    return fs::is_regular_file(folder / "problem.yaml", error) ||
           fs::is_directory(folder / "data" / "secret", error) ||
           fs::is_directory(folder / "data" / "sample", error);
}

ProblemSettings load_package(const fs::path& folder) {
    std::error_code error;
    if (!fs::is_directory(folder, error))
        throw JudgeError("problem package " + folder.string() + " not found (not a folder)");
    ProblemSettings problem;
    problem.format = ProblemFormat::Package;
    problem.root = fs::absolute(folder, error).lexically_normal();
    if (problem.root.filename().empty()) problem.root = problem.root.parent_path();
    problem.dir = problem.root;
    problem.id = problem.root.filename().string();
    problem.settings_file = problem.root / "problem.yaml";
    if (!fs::is_directory(problem.root / "data", error))
        throw JudgeError("problem package " + problem.root.string() + ": no data/ folder");

    Keys yaml(read_yaml(problem.settings_file), problem.settings_file);
    problem.name = package_name(yaml, problem.id);
    std::string version = yaml.text("problem_format_version").value_or("legacy");
    bool legacy = version == "legacy";
    if (!legacy && version.rfind("2023-07", 0) != 0)
        yaml.fail("problem_format_version",
                  "'" + version + "' is not one this judge reads (legacy, 2023-07-draft)");

    // The type: pass-fail (default), scoring, interactive.
    std::vector<std::string> types;
    if (legacy) {
        std::vector<std::string> validation = yaml.words("validation");
        if (!validation.empty() && validation[0] != "default" && validation[0] != "custom")
            yaml.fail("validation",
                      "must start with 'default' or 'custom', got '" + validation[0] + "'");
        bool custom = !validation.empty() && validation[0] == "custom";
        for (std::size_t i = 1; i < validation.size(); ++i) {
            if (validation[i] == "interactive")
                types.push_back("interactive");
            else if (validation[i] == "score")
                continue;  // the score comes from the validator
            else
                yaml.fail("validation",
                          "unknown word '" + validation[i] + "' (interactive, score)");
        }
        if (yaml.text("type").value_or("pass-fail") == "scoring") types.push_back("scoring");
        problem.output_check =
            custom ? OutputCheck::KattisValidator : OutputCheck::DefaultValidator;
        problem.validator_flags = yaml.words("validator_flags");
        Keys limits = yaml.map("limits");
        problem.ac_to_time_limit = limits.number("time_multiplier").value_or(5.0);
        problem.time_limit_to_tle = limits.number("time_safety_margin").value_or(2.0);
    } else {
        types = yaml.words("type");
        Keys limits = yaml.map("limits");
        Keys multipliers = limits.map("time_multipliers");
        problem.ac_to_time_limit = multipliers.number("ac_to_time_limit").value_or(2.0);
        problem.time_limit_to_tle = multipliers.number("time_limit_to_tle").value_or(1.5);
        if (auto time_limit = limits.number("time_limit")) {
            problem.limits.cpu_ms = static_cast<std::int64_t>(std::ceil(*time_limit * 1000));
            problem.time_limit_source = "problem.yaml limits.time_limit";
        }
        problem.output_check = OutputCheck::DefaultValidator;  // custom when the folder exists
    }
    for (const std::string& type : types) {
        if (type == "pass-fail") continue;
        if (type == "interactive")
            problem.interactive = true;
        else if (type == "scoring")
            problem.scoring = true;
        else if (type == "multi-pass" || type == "submit-answer")
            yaml.fail(legacy ? "validation" : "type",
                      "'" + type + "' is not supported by this judge");
        else
            yaml.fail(legacy ? "validation" : "type", "unknown type '" + type + "'");
    }

    Keys limits = yaml.map("limits");
    problem.limits.memory_kib =
        static_cast<std::int64_t>(limits.number("memory").value_or(1024) * 1024);
    problem.limits.output_kib =
        static_cast<std::int64_t>(limits.number("output").value_or(8) * 1024);
    problem.jury_time_limit_ms =
        static_cast<std::int64_t>(limits.number("validation_time").value_or(60) * 1000);
    if (problem.time_limit_source == "problem.txt") {  // none from problem.yaml
        fs::path timelimit = problem.root / ".timelimit";
        if (fs::is_regular_file(timelimit, error)) {
            std::string text = read_file(timelimit, 100);
            char* end = nullptr;
            double seconds = std::strtod(text.c_str(), &end);
            while (end && *end && std::isspace(static_cast<unsigned char>(*end))) ++end;
            if (!end || *end || !std::isfinite(seconds) || seconds <= 0)
                throw JudgeError(timelimit.string() +
                                 ": expected a positive number of seconds, got '" +
                                 escape_control(first_line(text)) + "'");
            problem.limits.cpu_ms = static_cast<std::int64_t>(std::ceil(seconds * 1000));
            problem.time_limit_source = ".timelimit";
        } else {
            problem.limits.cpu_ms = 1000;
            problem.time_limit_given = false;
            problem.time_limit_source = "default 1 s: none given";
        }
    }
    problem.limits = with_time_limit(problem.limits, problem.limits.cpu_ms);

    // Validators. 2023-07 names one output validator folder (output_validator/); the legacy
    // format a folder of them (output_validators/), of which one is used.
    for (const char* name : {"output_validator", "output_validators"}) {
        fs::path dir = problem.root / name;
        if (!fs::is_directory(dir, error)) continue;
        std::vector<fs::path> programs = programs_in(dir);
        bool sources_directly = std::any_of(
            programs.begin(), programs.end(),
            [&](const fs::path& p) { return fs::is_regular_file(p, error) && is_program_file(p); });
        if (sources_directly) programs = {dir};  // the folder is the program
        if (programs.size() > 1)
            throw JudgeError(dir.string() + ": holds " + std::to_string(programs.size()) +
                             " programs; one output validator is expected");
        if (!programs.empty()) {
            problem.output_validator = programs[0];
            problem.output_check = OutputCheck::KattisValidator;
        }
    }
    if (legacy && problem.output_check == OutputCheck::KattisValidator &&
        problem.output_validator.empty())
        throw JudgeError(problem.settings_file.string() +
                         ": 'validation: custom' but no output_validators/ folder with a program");
    if (problem.interactive && problem.output_validator.empty())
        throw JudgeError(problem.root.string() +
                         ": an interactive problem needs an output validator (the interactor)");
    for (const fs::path& program : programs_in(problem.root / "input_validators")) {
        if (fs::is_regular_file(program, error) && !is_program_file(program)) continue;
        try {
            (void)read_source_set(program);
            problem.input_validators.push_back(program);
        } catch (const UnsupportedLanguage& unsupported) {
            problem.skipped_validators.push_back(program.string() + ": " + unsupported.what());
        }
    }
    problem.checker = problem.output_check == OutputCheck::KattisValidator
                          ? problem.output_validator.filename().string()
                          : "default";
    problem.checker_needs_ans = true;
    return problem;
}

namespace {

// The flags of testdata.yaml files, inherited down the group tree.
struct GroupFlags {
    std::vector<std::string> input, output;
};

GroupFlags flags_of(const fs::path& group_dir, const GroupFlags& inherited) {
    fs::path file = group_dir / "testdata.yaml";
    std::error_code error;
    if (!fs::exists(file, error)) return inherited;
    Keys yaml(read_yaml(file), file);
    GroupFlags flags = inherited;
    if (yaml.has("output_validator_flags")) flags.output = yaml.words("output_validator_flags");
    if (yaml.has("input_validator_flags")) {
        // 2023-07 may give a map from validator name to flags; the judge gives every validator
        // the same words, so such a map is read as the union (documented limitation).
        const YAML::Node node = yaml.node()["input_validator_flags"];
        if (node.IsMap()) {
            flags.input.clear();
            for (const auto& entry : node)
                for (std::string& word : split_words(entry.second.as<std::string>()))
                    flags.input.push_back(word);
        } else {
            flags.input = yaml.words("input_validator_flags");
        }
    }
    return flags;
}

}  // namespace

std::vector<TestCase> discover_package_cases(const ProblemSettings& problem) {
    fs::path data = problem.root / "data";
    std::error_code error;
    fs::path bound = fs::canonical(problem.root, error);
    if (error) throw JudgeError("cannot resolve " + problem.root.string() + ": " + error.message());
    GroupFlags top = flags_of(data, {});
    std::vector<TestCase> cases;
    for (const char* group : {"sample", "secret"}) {
        fs::path dir = data / group;
        if (!fs::is_directory(dir, error)) continue;
        std::vector<TestCase> found = discover_case_tree(dir, group, bound);
        // Each case gets the flags of its group's nearest testdata.yaml (read once a group).
        std::map<std::string, GroupFlags> by_group;
        for (TestCase& test_case : found) {
            auto known = by_group.find(test_case.group);
            if (known == by_group.end()) {
                GroupFlags flags = top;
                fs::path path = data;
                for (const auto& part : fs::path(test_case.group))
                    flags = flags_of(path /= part, flags);
                known = by_group.emplace(test_case.group, flags).first;
            }
            test_case.input_validator_flags = known->second.input;
            test_case.output_validator_flags = known->second.output;
        }
        cases.insert(cases.end(), std::make_move_iterator(found.begin()),
                     std::make_move_iterator(found.end()));
    }
    return cases;
}

namespace {

// DOMjudge's verdict names (and the spellings its import normalizes) as the format's folders.
// NO-OUTPUT is DOMjudge's name for a wrong answer that printed nothing: WA here.
std::optional<std::string> folder_of_domjudge_result(std::string name) {
    static const std::map<std::string, std::string> kFolders = {
        {"CORRECT", "accepted"},
        {"ACCEPTED", "accepted"},
        {"WRONG-ANSWER", "wrong_answer"},
        {"WRONG_ANSWER", "wrong_answer"},
        {"NO-OUTPUT", "wrong_answer"},
        {"NO_OUTPUT", "wrong_answer"},
        {"TIMELIMIT", "time_limit_exceeded"},
        {"TIME_LIMIT_EXCEEDED", "time_limit_exceeded"},
        {"RUN-ERROR", "run_time_error"},
        {"RUN_TIME_ERROR", "run_time_error"},
        {"MEMORY-LIMIT", "memory_limit_exceeded"},
        {"OUTPUT-LIMIT", "output_limit_exceeded"},
        {"OUTPUT_LIMIT", "output_limit_exceeded"},
        {"COMPILER-ERROR", "compile_error"},
        {"COMPILER_ERROR", "compile_error"},
    };
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    auto found = kFolders.find(name);
    if (found == kFolders.end()) return std::nullopt;
    return found->second;
}

// Where `marker` first occurs in `text`, ignoring ASCII case (DOMjudge's stripos).
std::size_t find_ignoring_case(const std::string& text,
                               const std::string& marker,
                               std::size_t from) {
    auto at = std::search(text.begin() + static_cast<std::ptrdiff_t>(std::min(from, text.size())),
                          text.end(), marker.begin(), marker.end(), [](char a, char b) {
                              return std::toupper(static_cast<unsigned char>(a)) ==
                                     std::toupper(static_cast<unsigned char>(b));
                          });
    return at == text.end() ? std::string::npos : static_cast<std::size_t>(at - text.begin());
}

// The expectation of one file's @EXPECTED_RESULTS@ line: nullopt without one; "" with
// `why` set when it cannot be read.
std::optional<std::string> expected_results_in_file(const fs::path& file, std::string& why) {
    static const std::string kMarker = "@EXPECTED_RESULTS@: ";
    std::string text = read_file(file, 1 << 20);
    std::size_t at = find_ignoring_case(text, kMarker, 0);
    if (at == std::string::npos) return std::nullopt;
    if (find_ignoring_case(text, kMarker, at + kMarker.size()) != std::string::npos) {
        why = file.filename().string() + " has more than one @EXPECTED_RESULTS@ line";
        return "";
    }
    std::size_t start = at + kMarker.size();
    std::string line = text.substr(start, text.find('\n', start) - start);
    std::string folders;
    std::vector<std::string> names;
    for (std::size_t from = 0; from <= line.size();) {
        std::size_t comma = std::min(line.find(',', from), line.size());
        std::string name = line.substr(from, comma - from);
        name.erase(0, name.find_first_not_of(" \t\r"));
        name.erase(name.find_last_not_of(" \t\r") + 1);
        names.push_back(name);
        from = comma + 1;
    }
    for (const std::string& name : names) {
        std::optional<std::string> folder = folder_of_domjudge_result(name);
        if (!folder) {
            why = file.filename().string() + ": @EXPECTED_RESULTS@ names '" + name +
                  "', which is no verdict (CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, "
                  "MEMORY-LIMIT, OUTPUT-LIMIT, NO-OUTPUT, COMPILER-ERROR)";
            return "";
        }
        folders += (folders.empty() ? "" : ",") + *folder;
    }
    if (folders.empty()) why = file.filename().string() + ": @EXPECTED_RESULTS@ names no verdict";
    return folders;
}

}  // namespace

std::optional<std::string> expected_results_of(const fs::path& submission, std::string& why) {
    std::error_code error;
    if (!fs::is_directory(submission, error)) return expected_results_in_file(submission, why);
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(submission, error), end; !error && it != end;
         it.increment(error))
        if (it->is_regular_file(error) && !it->is_symlink(error)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    std::optional<std::string> found;
    for (const fs::path& file : files) {
        std::optional<std::string> expected = expected_results_in_file(file, why);
        if (!expected) continue;
        if (found) {
            why = "more than one file of " + submission.filename().string() +
                  " has an @EXPECTED_RESULTS@ line";
            return "";
        }
        found = expected;
    }
    return found;
}

std::vector<ExpectedSubmission> list_submissions(const fs::path& submissions_dir,
                                                 std::vector<std::string>* unknown_folders) {
    static const std::vector<std::string> kFolders = {"accepted",
                                                      "partially_accepted",
                                                      "wrong_answer",
                                                      "time_limit_exceeded",
                                                      "run_time_error",
                                                      "memory_limit_exceeded",
                                                      "output_limit_exceeded",
                                                      "rejected",
                                                      "presentation_error"};
    std::vector<ExpectedSubmission> submissions;
    std::error_code error;
    if (!fs::is_directory(submissions_dir, error)) return submissions;
    std::vector<std::string> folders;
    for (const auto& entry : fs::directory_iterator(submissions_dir, error))
        if (entry.is_directory(error)) folders.push_back(entry.path().filename().string());
    // The format's folders in their order, then the others (DOMjudge's no_output, multiple, ...),
    // whose programs are verified when an @EXPECTED_RESULTS@ line says what they must get.
    std::vector<std::string> ordered;
    for (const std::string& folder : kFolders)
        if (std::find(folders.begin(), folders.end(), folder) != folders.end())
            ordered.push_back(folder);
    std::sort(folders.begin(), folders.end());
    for (const std::string& folder : folders)
        if (std::find(kFolders.begin(), kFolders.end(), folder) == kFolders.end())
            ordered.push_back(folder);
    for (const std::string& folder : ordered) {
        bool known = std::find(kFolders.begin(), kFolders.end(), folder) != kFolders.end();
        bool some_unverified = false;
        for (const fs::path& program : programs_in(submissions_dir / folder)) {
            if (fs::is_regular_file(program, error) && !is_program_file(program)) continue;
            ExpectedSubmission submission{program, folder, {}};
            std::optional<std::string> expected =
                expected_results_of(program, submission.expectation_error);
            if (expected && submission.expectation_error.empty()) submission.folder = *expected;
            if (!known && !expected) {
                some_unverified = true;
                continue;
            }
            submissions.push_back(std::move(submission));
        }
        if (some_unverified && unknown_folders) unknown_folders->push_back(folder);
    }
    if (unknown_folders) std::sort(unknown_folders->begin(), unknown_folders->end());
    return submissions;
}

}  // namespace judge

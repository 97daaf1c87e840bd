#include "problems/package.hpp"

#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

#include "building/languages.hpp"
#include "checking/default_validator.hpp"  // split_words
#include "problems/generators_yaml.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxYamlBytes = 1 << 20;

// Parses a YAML file, its `{{constants}}` substituted first; a missing file is an empty map.
// Errors name the file and the place.
YAML::Node read_yaml(const fs::path& file,
                     const std::vector<std::pair<std::string, std::string>>& constants = {}) {
    std::error_code error;
    if (!fs::exists(file, error)) return YAML::Node(YAML::NodeType::Map);
    if (!fs::is_regular_file(file, error))
        throw JudgeError("cannot read " + file.string() + ": not a regular file");
    std::string text = read_file(file, kMaxYamlBytes + 1);
    if (text.size() > kMaxYamlBytes)
        throw JudgeError(file.string() + " is larger than " + std::to_string(kMaxYamlBytes >> 10) +
                         " KiB");
    try {
        YAML::Node node = YAML::Load(substitute_constants(text, constants));
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
    /// `version`, when given, is named after the file in every error: "problem.yaml (2025-09)".
    Keys(YAML::Node node, fs::path file, std::string prefix = "", std::string version = "")
        : node_(std::move(node)),
          file_(std::move(file)),
          prefix_(std::move(prefix)),
          version_(std::move(version)) {}

    bool has(const std::string& key) const { return node_[key] && !node_[key].IsNull(); }

    /// The file as errors name it.
    std::string where() const {
        return file_.string() + (version_.empty() ? "" : " (" + version_ + ")");
    }

    [[noreturn]] void fail(const std::string& key, const std::string& why) const {
        throw JudgeError(where() + ": '" + prefix_ + key + "' " + why);
    }

    /// Every key is one of `known` (the 2025-09 format makes an unknown key an error).
    void require_known(const std::vector<std::string>& known) const {
        for (const auto& entry : node_) {
            std::string key = entry.first.as<std::string>();
            if (std::find(known.begin(), known.end(), key) == known.end())
                fail(key, "is no key of this file in the " + version_ + " format");
        }
    }

    /// A sequence of texts (a 2025-09 `args`); a missing key is empty.
    std::vector<std::string> strings(const std::string& key) const {
        if (!has(key)) return {};
        const YAML::Node value = node_[key];
        if (!value.IsSequence()) fail(key, "must be a list of texts");
        std::vector<std::string> all;
        for (const YAML::Node& item : value) {
            if (!item.IsScalar()) fail(key, "must be a list of texts");
            all.push_back(item.as<std::string>());
        }
        return all;
    }

    /// A whole number at least `minimum`.
    std::optional<long long> integer(const std::string& key, long long minimum) const {
        if (!has(key)) return std::nullopt;
        long long value = 0;
        try {
            if (!node_[key].IsScalar()) throw YAML::Exception(YAML::Mark(), "");
            value = node_[key].as<long long>();
        } catch (const YAML::Exception&) {
            fail(key, "must be a whole number, got '" + describe(node_[key]) + "'");
        }
        if (value < minimum) fail(key, "must be at least " + std::to_string(minimum));
        return value;
    }

    std::optional<bool> boolean(const std::string& key) const {
        if (!has(key)) return std::nullopt;
        try {
            if (!node_[key].IsScalar()) throw YAML::Exception(YAML::Mark(), "");
            return node_[key].as<bool>();
        } catch (const YAML::Exception&) {
            fail(key, "must be true or false, got '" + describe(node_[key]) + "'");
        }
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
        if (!has(key))
            return Keys(YAML::Node(YAML::NodeType::Map), file_, prefix_ + key + ".", version_);
        if (!node_[key].IsMap()) fail(key, "must be a map of keys");
        return Keys(node_[key], file_, prefix_ + key + ".", version_);
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
    std::string version_;
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

bool is_format_2025_09(const std::string& version) { return version.rfind("2025-09", 0) == 0; }

// A person of `credits`: "Name <email>", or a map with name (required), email, orcid, kattis.
void check_person(const Keys& keys, const std::string& key, const YAML::Node& person) {
    if (person.IsScalar()) return;
    if (!person.IsMap() || !person["name"] || !person["name"].IsScalar())
        keys.fail(key,
                  "must name a person: a text, or a map with 'name' (and email, orcid, kattis)");
    for (const auto& entry : person) {
        std::string field = entry.first.as<std::string>();
        if (field != "name" && field != "email" && field != "orcid" && field != "kattis")
            keys.fail(key, "has '" + field +
                               "', which is no field of a person (name, email, "
                               "orcid, kattis)");
        if (!entry.second.IsScalar()) keys.fail(key, "'" + field + "' must be a text");
    }
}

// A person or a non-empty sequence of persons.
void check_persons(const Keys& keys, const std::string& key, const YAML::Node& value) {
    if (value.IsSequence()) {
        if (value.size() == 0) keys.fail(key, "must name at least one person");
        for (const YAML::Node& person : value) check_person(keys, key, person);
    } else {
        check_person(keys, key, value);
    }
}

// `credits`: a text (the author), or a map of the format's roles.
bool check_credits(const Keys& yaml) {
    if (!yaml.has("credits")) return false;
    const YAML::Node credits = yaml.node()["credits"];
    if (credits.IsScalar()) return true;
    if (!credits.IsMap()) yaml.fail("credits", "must be a text or a map of roles");
    Keys roles = yaml.map("credits");
    roles.require_known(
        {"authors", "contributors", "testers", "translators", "packagers", "acknowledgements"});
    for (const auto& entry : credits) {
        std::string role = entry.first.as<std::string>();
        if (role != "translators") {
            check_persons(roles, role, entry.second);
            continue;
        }
        if (!entry.second.IsMap()) roles.fail(role, "must be a map from language code to persons");
        for (const auto& language : entry.second)
            check_persons(roles, role + "." + language.first.as<std::string>(), language.second);
    }
    return roles.has("authors");
}

// `source`: a text, a map with name (required) and url, or a sequence of those.
bool check_source(const Keys& yaml) {
    if (!yaml.has("source")) return false;
    const YAML::Node source = yaml.node()["source"];
    auto check_entry = [&](const YAML::Node& entry) {
        if (entry.IsScalar()) return;
        if (!entry.IsMap() || !entry["name"] || !entry["name"].IsScalar())
            yaml.fail("source", "must be a text or a map with 'name' (and 'url')");
        for (const auto& field : entry) {
            std::string name = field.first.as<std::string>();
            if (name != "name" && name != "url")
                yaml.fail("source",
                          "has '" + name + "', which is no field of a source (name, url)");
            if (!field.second.IsScalar()) yaml.fail("source", "'" + name + "' must be a text");
        }
    };
    if (source.IsSequence()) {
        if (source.size() == 0) yaml.fail("source", "must not be an empty list");
        for (const YAML::Node& entry : source) check_entry(entry);
    } else {
        check_entry(source);
    }
    return true;
}

// `constants`: names [a-zA-Z_][a-zA-Z0-9_]* to a scalar or a map with `value` and variants.
std::vector<std::pair<std::string, std::string>> read_constants(const Keys& yaml) {
    std::vector<std::pair<std::string, std::string>> constants;
    if (!yaml.has("constants")) return constants;
    if (!yaml.node()["constants"].IsMap()) yaml.fail("constants", "must be a map of names");
    Keys keys = yaml.map("constants");
    for (const auto& entry : yaml.node()["constants"]) {
        std::string name = entry.first.as<std::string>();
        bool good = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
        for (char c : name)
            good = good && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (!good) keys.fail(name, "is no constant name ([a-zA-Z_][a-zA-Z0-9_]*)");
        if (entry.second.IsScalar()) {
            constants.emplace_back(name, entry.second.as<std::string>());
            continue;
        }
        if (!entry.second.IsMap() || !entry.second["value"] || !entry.second["value"].IsScalar())
            keys.fail(name, "must be a number, a text, or a map with 'value'");
        for (const auto& variant : entry.second) {
            if (!variant.second.IsScalar())
                keys.fail(name + "." + variant.first.as<std::string>(),
                          "must be a number or a text");
            std::string variant_name = variant.first.as<std::string>();
            if (variant_name == "value")
                constants.emplace_back(name, variant.second.as<std::string>());
            constants.emplace_back(name + "." + variant_name, variant.second.as<std::string>());
        }
    }
    return constants;
}

// The 2025-09 problem.yaml beyond what every version shares: every key checked against the
// format (an unknown key is an error there), the metadata that changes no judging (credits,
// source, license, rights_owner, embargo_until, keywords, languages, uuid, version,
// allow_file_writing) checked for its form, the limits applied.
void read_2025_09_metadata(const Keys& yaml, ProblemSettings& problem) {
    yaml.require_known({"problem_format_version", "type", "name", "uuid", "version", "credits",
                        "source", "license", "rights_owner", "embargo_until", "limits", "keywords",
                        "languages", "allow_file_writing", "constants", "author", "source_url"});
    // Two keys of the legacy format that 2025-09 replaced, still in packages written for it
    // (the format's own examples/problems/passfail and scoring have source_url): read as the
    // legacy format reads them, with a note, instead of refusing the whole package.
    for (const auto& [key, now] :
         {std::pair<const char*, const char*>{"author", "credits"}, {"source_url", "source.url"}}) {
        if (!yaml.has(key)) continue;
        (void)yaml.text(key);
        problem.notes.push_back(yaml.where() + ": '" + key +
                                "' is a key of the legacy format (2025-09: " + now +
                                "): read as the legacy format reads it");
    }
    if (yaml.has("name")) {
        const YAML::Node name = yaml.node()["name"];
        if (name.IsMap()) {
            for (const auto& entry : name)
                if (!entry.second.IsScalar())
                    yaml.fail("name." + entry.first.as<std::string>(), "must be a text");
        } else if (!name.IsScalar()) {
            yaml.fail("name", "must be a text or a map from language code to text");
        }
    }
    (void)yaml.text("uuid");
    (void)yaml.text("version");
    bool has_authors = check_credits(yaml) || yaml.has("author");
    bool has_source = check_source(yaml) || yaml.has("source_url");
    static const std::vector<std::string> kLicenses = {
        "unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"};
    std::string license = yaml.text("license").value_or("unknown");
    if (std::find(kLicenses.begin(), kLicenses.end(), license) == kLicenses.end())
        yaml.fail("license", "'" + license +
                                 "' is no license of the format (unknown, public domain, cc0, cc "
                                 "by, cc by-sa, educational, permission)");
    std::optional<std::string> rights_owner = yaml.text("rights_owner");
    if (license == "public domain" && rights_owner)
        yaml.fail("rights_owner", "must not be given for a public domain problem");
    if (license != "unknown" && license != "public domain" && !rights_owner && !has_authors &&
        !has_source)
        yaml.fail("license", "'" + license +
                                 "' needs a rights owner: give rights_owner, credits.authors "
                                 "or source");
    if (std::optional<std::string> embargo = yaml.text("embargo_until")) {
        auto digits = [&](std::size_t from, std::size_t count) {
            for (std::size_t i = from; i < from + count; ++i)
                if (i >= embargo->size() ||
                    !std::isdigit(static_cast<unsigned char>((*embargo)[i])))
                    return false;
            return true;
        };
        const std::string& e = *embargo;
        bool date = e.size() >= 10 && digits(0, 4) && e[4] == '-' && digits(5, 2) && e[7] == '-' &&
                    digits(8, 2);
        bool time = e.size() == 20 && e[10] == 'T' && digits(11, 2) && e[13] == ':' &&
                    digits(14, 2) && e[16] == ':' && digits(17, 2) && e[19] == 'Z';
        if (!date || (e.size() != 10 && !time))
            yaml.fail("embargo_until",
                      "must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, got '" + e + "'");
    }
    if (yaml.has("keywords")) {
        if (yaml.node()["keywords"].IsScalar())
            (void)yaml.text("keywords");  // a text is taken as one keyword list
        else
            (void)yaml.strings("keywords");
    }
    if (yaml.has("languages")) {
        std::vector<std::string> languages = yaml.node()["languages"].IsScalar()
                                                 ? std::vector{*yaml.text("languages")}
                                                 : yaml.strings("languages");
        if (languages.empty()) yaml.fail("languages", "must name at least one language, or 'all'");
        for (const std::string& code : languages) {
            bool good = !code.empty();
            for (char c : code)
                good = good && (std::islower(static_cast<unsigned char>(c)) ||
                                std::isdigit(static_cast<unsigned char>(c)));
            if (!good)
                yaml.fail("languages", "'" + code + "' is no language code (cpp, python3...)");
        }
    }
    (void)yaml.boolean("allow_file_writing");
    problem.constants = read_constants(yaml);

    Keys limits = yaml.map("limits");
    limits.require_known({"time_multipliers", "time_limit", "time_resolution", "memory", "output",
                          "code", "compilation_time", "compilation_memory", "validation_time",
                          "validation_memory", "validation_output", "validation_passes"});
    Keys multipliers = limits.map("time_multipliers");
    multipliers.require_known({"ac_to_time_limit", "time_limit_to_tle"});
    for (const char* key : {"ac_to_time_limit", "time_limit_to_tle"})
        if (multipliers.number(key).value_or(1) < 1) multipliers.fail(key, "must be at least 1");
    problem.time_resolution_s = limits.number("time_resolution").value_or(1.0);
    if (auto time_limit = limits.number("time_limit")) {
        double steps = *time_limit / problem.time_resolution_s;
        if (std::abs(steps - std::round(steps)) > 1e-6)
            limits.fail("time_limit", "must be a multiple of time_resolution (" +
                                          limits.text("time_resolution").value_or("1.0") + " s)");
    }
    for (const char* key : {"memory", "output", "code", "compilation_time", "compilation_memory",
                            "validation_time", "validation_memory", "validation_output"})
        (void)limits.integer(key, 1);
    (void)limits.integer("validation_passes", 2);  // only for multi-pass: load_package
}

// The type of a 2025-09 or 2023-07 package: a text or a non-empty list, no repetition, no two
// incompatible types; submit-answer refused with why.
std::vector<std::string> package_types(const Keys& yaml) {
    std::vector<std::string> types = yaml.words("type");
    if (yaml.has("type") && types.empty()) yaml.fail("type", "must name at least one type");
    auto has = [&](const char* type) {
        return std::find(types.begin(), types.end(), type) != types.end();
    };
    for (std::size_t i = 0; i < types.size(); ++i) {
        static const std::vector<std::string> kTypes = {"pass-fail", "scoring", "multi-pass",
                                                        "interactive", "submit-answer"};
        if (std::find(kTypes.begin(), kTypes.end(), types[i]) == kTypes.end())
            yaml.fail("type", "unknown type '" + types[i] +
                                  "' (pass-fail, scoring, interactive, multi-pass, submit-answer)");
        if (std::find(types.begin(), types.begin() + static_cast<std::ptrdiff_t>(i), types[i]) !=
            types.begin() + static_cast<std::ptrdiff_t>(i))
            yaml.fail("type", "names '" + types[i] + "' twice");
    }
    if (has("pass-fail") && has("scoring"))
        yaml.fail("type", "names both pass-fail and scoring, which exclude each other");
    if (has("submit-answer") && (has("multi-pass") || has("interactive")))
        yaml.fail("type", "names submit-answer with multi-pass or interactive, which exclude it");
    if (has("submit-answer"))
        yaml.fail("type",
                  "'submit-answer' is not supported by this judge: it judges programs, not "
                  "submitted answer files");
    return types;
}

// A number of seconds as written ("2.5"), for messages.
std::string format_seconds(double seconds) {
    std::string text = std::to_string(seconds);
    while (!text.empty() && text.back() == '0') text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

// A positive number of seconds in `text`, or a JudgeError naming `file`.
double parse_seconds(const std::string& text, const fs::path& file, const std::string& what) {
    char* end = nullptr;
    double seconds = std::strtod(text.c_str(), &end);
    while (end && *end && std::isspace(static_cast<unsigned char>(*end))) ++end;
    if (text.empty() || !end || *end || !std::isfinite(seconds) || seconds <= 0)
        throw JudgeError(file.string() + ": expected " + (what.empty() ? "" : what + " ") +
                         "a positive number of seconds, got '" + escape_control(first_line(text)) +
                         "'");
    return seconds;
}

// DOMjudge's `.timelimit`: one number of seconds.
std::optional<double> read_dot_timelimit(const fs::path& file) {
    std::error_code error;
    if (!fs::is_regular_file(file, error)) return std::nullopt;
    std::string text = read_file(file, 100);
    text.erase(0, text.find_first_not_of(" \t\r\n"));
    return parse_seconds(text, file, "");
}

// DOMjudge's `domjudge-problem.ini` (the keys its import reads): name, timelimit, and the
// contest's keys (color, points, short-name, allow_submit, allow_judge, externalid), which change
// no judging here; special_run and special_compare name executables of DOMjudge's own database.
struct DomjudgeIni {
    std::optional<std::string> name;
    std::optional<double> timelimit_s;
    std::optional<std::string> special_compare, special_run;
};

DomjudgeIni read_domjudge_ini(const fs::path& file) {
    DomjudgeIni ini;
    std::error_code error;
    if (!fs::is_regular_file(file, error)) return ini;
    std::string text = read_file(file, kMaxYamlBytes);
    std::size_t line_number = 0;
    for (std::size_t from = 0; from < text.size();) {
        std::size_t end = std::min(text.find('\n', from), text.size());
        std::string line = text.substr(from, end - from);
        from = end + 1;
        ++line_number;
        line.erase(0, line.find_first_not_of(" \t\r"));
        line.erase(line.find_last_not_of(" \t\r") + 1);
        if (line.empty() || line[0] == ';' || line[0] == '#' || line[0] == '[') continue;
        std::size_t equals = line.find('=');
        if (equals == std::string::npos)
            throw JudgeError(file.string() + ":" + std::to_string(line_number) +
                             ": expected 'key = value', got '" + escape_control(line) + "'");
        std::string key = line.substr(0, equals), value = line.substr(equals + 1);
        key.erase(key.find_last_not_of(" \t") + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        if (value.size() >= 2 && (value[0] == '"' || value[0] == '\'') && value.back() == value[0])
            value = value.substr(1, value.size() - 2);
        if (key == "name") ini.name = value;
        if (key == "timelimit") ini.timelimit_s = parse_seconds(value, file, "timelimit to be");
        if (key == "special_compare") ini.special_compare = value;
        if (key == "special_run") ini.special_run = value;
    }
    return ini;
}

// The suffix of a program put aside, as BAPCtools names it (util.glob leaves out every file or
// folder named *.disabled, or *.template, a skeleton to copy from): nullopt for another.
std::optional<std::string> set_aside_suffix(const fs::path& program) {
    std::string suffix = program.extension().string();
    if (suffix == ".disabled" || suffix == ".template") return suffix;
    return std::nullopt;
}

// The programs of a validators folder: each file or folder in it is one program, except that a
// folder holding source files directly (no sub-folder) is itself the one program when the spec
// names a single validator (output_validator/ of 2023-07). Programs put aside
// (set_aside_suffix) only with `keep_set_aside` (submissions: verify names them as skipped).
std::vector<fs::path> programs_in(const fs::path& folder, bool keep_set_aside = false) {
    std::vector<fs::path> programs;
    std::error_code error;
    if (!fs::is_directory(folder, error)) return programs;
    for (const auto& entry : fs::directory_iterator(folder, error)) {
        std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.' || name.back() == '~') continue;
        if (!keep_set_aside && set_aside_suffix(entry.path())) continue;
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

// Whether list_submissions passes over `program` of submissions/<folder>: a program put aside
// (set_aside_suffix: listed in `submissions` here, skipped with the reason) or a file of no
// language (a note, a header beside the sources).
bool passed_over(const fs::path& program,
                 const std::string& folder,
                 std::vector<ExpectedSubmission>& submissions) {
    if (std::optional<std::string> suffix = set_aside_suffix(program)) {
        ExpectedSubmission submission = expected_submission(program, folder);
        submission.expectation_error =
            "set aside: named *" + *suffix + ", which BAPCtools leaves out";
        submissions.push_back(std::move(submission));
        return true;
    }
    std::error_code error;
    return fs::is_regular_file(program, error) && !is_program_file(program);
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
    // BAPCtools' generators/generators.yaml may stand for the whole of data/.
    if (!fs::is_directory(problem.root / "data", error) && !uses_generators_yaml(problem.root))
        throw JudgeError("problem package " + problem.root.string() + ": no data/ folder");

    YAML::Node root = read_yaml(problem.settings_file);
    std::string version =
        Keys(root, problem.settings_file).text("problem_format_version").value_or("legacy");
    bool legacy = version == "legacy" || version == "legacy-icpc";
    bool format_2025 = is_format_2025_09(version);
    // Every error names the version it was read as: "problem.yaml (2025-09): ...".
    Keys yaml(root, problem.settings_file, "", version);
    if (!legacy && version.rfind("2023-07", 0) != 0 && !format_2025)
        yaml.fail("problem_format_version",
                  "'" + version +
                      "' is not one this judge reads (legacy, 2023-07-draft, 2023-07, 2025-09)");
    problem.package_version = version;
    problem.name = package_name(yaml, problem.id);
    if (format_2025) read_2025_09_metadata(yaml, problem);

    // The type: pass-fail (default), scoring, interactive.
    std::vector<std::string> types;
    if (legacy) {
        std::vector<std::string> validation = yaml.words("validation");
        if (!validation.empty() && validation[0] != "default" && validation[0] != "custom")
            yaml.fail("validation",
                      "must start with 'default' or 'custom', got '" + validation[0] + "'");
        bool custom = !validation.empty() && validation[0] == "custom";
        for (std::size_t i = 1; i < validation.size(); ++i) {
            if (validation[i] == "interactive" || validation[i] == "multi-pass")
                types.push_back(validation[i]);  // legacy `custom multi-pass`: DOMjudge's hangman
            else if (validation[i] == "score")
                continue;  // the score comes from the validator
            else
                yaml.fail("validation",
                          "unknown word '" + validation[i] + "' (interactive, multi-pass, score)");
        }
        if (yaml.text("type").value_or("pass-fail") == "scoring") types.push_back("scoring");
        problem.output_check =
            custom ? OutputCheck::KattisValidator : OutputCheck::DefaultValidator;
        problem.validator_flags = yaml.words("validator_flags");
        Keys limits = yaml.map("limits");
        problem.ac_to_time_limit = limits.number("time_multiplier").value_or(5.0);
        problem.time_limit_to_tle = limits.number("time_safety_margin").value_or(2.0);
    } else {
        types = package_types(yaml);
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
        else if (type == "multi-pass")
            problem.multi_pass = true;
        else if (type == "submit-answer")
            yaml.fail(legacy ? "validation" : "type",
                      "'" + type + "' is not supported by this judge");
        else
            yaml.fail(legacy ? "validation" : "type", "unknown type '" + type + "'");
    }

    Keys limits = yaml.map("limits");
    // 2025-09 gives no default but names 2048 MiB the typical one; problemtools' 1024 before.
    problem.limits.memory_kib = static_cast<std::int64_t>(
        limits.number("memory").value_or(format_2025 ? 2048 : 1024) * 1024);
    problem.limits.output_kib =
        static_cast<std::int64_t>(limits.number("output").value_or(8) * 1024);
    problem.jury_time_limit_ms =
        static_cast<std::int64_t>(limits.number("validation_time").value_or(60) * 1000);
    // Capped where an int holds it: a judge would never run that many passes anyway.
    if (problem.multi_pass)
        problem.validation_passes = static_cast<int>(
            std::min(limits.integer("validation_passes", 2).value_or(2), 1'000'000LL));
    else if (format_2025 && limits.has("validation_passes"))
        limits.fail("validation_passes", "is only for a multi-pass problem");
    DomjudgeIni ini = read_domjudge_ini(problem.root / "domjudge-problem.ini");
    if (!yaml.has("name") && ini.name) problem.name = *ini.name;
    std::optional<double> dot_timelimit = read_dot_timelimit(problem.root / ".timelimit");
    if (problem.time_limit_source != "problem.txt" && dot_timelimit &&
        std::abs(*dot_timelimit * 1000 - static_cast<double>(problem.limits.cpu_ms)) > 0.5)
        throw JudgeError((problem.root / ".timelimit").string() + " says " +
                         escape_control(format_seconds(*dot_timelimit)) +
                         " s, but problem.yaml's limits.time_limit " +
                         std::to_string(problem.limits.cpu_ms) +
                         " ms (DOMjudge refuses such a package)");
    if (problem.time_limit_source == "problem.txt" && ini.timelimit_s) {
        problem.limits.cpu_ms = static_cast<std::int64_t>(std::ceil(*ini.timelimit_s * 1000));
        problem.time_limit_source = "domjudge-problem.ini timelimit";
    }
    if (problem.time_limit_source == "problem.txt") {  // none from problem.yaml
        if (dot_timelimit) {
            problem.limits.cpu_ms = static_cast<std::int64_t>(std::ceil(*dot_timelimit * 1000));
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
        // DOMjudge's domjudge-problem.ini may pick one of several by name (special_compare; for
        // an interactive problem special_run).
        for (const std::optional<std::string>& pick : {ini.special_compare, ini.special_run}) {
            auto named = std::find_if(programs.begin(), programs.end(), [&](const fs::path& p) {
                return pick && p.filename() == *pick;
            });
            if (programs.size() > 1 && named != programs.end()) programs = {fs::path(*named)};
        }
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
    if (problem.multi_pass && problem.output_validator.empty())
        throw JudgeError(
            problem.root.string() +
            ": a multi-pass problem needs an output validator (it asks for each pass)");
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

// The flags of testdata.yaml (2025-09: test_group.yaml) files, inherited down the group tree.
struct GroupFlags {
    InputValidatorArgs input;
    std::vector<std::string> output;
};

// 2025-09's `input_validator_args`: a list for every validator, or a map from a validator's
// name to its list (a map is inherited whole, as BAPCtools does).
InputValidatorArgs input_args_2025(const Keys& yaml) {
    InputValidatorArgs args;
    if (!yaml.has("input_validator_args")) return args;
    const YAML::Node node = yaml.node()["input_validator_args"];
    if (!node.IsMap()) {
        args.each = yaml.strings("input_validator_args");
        return args;
    }
    Keys by_validator = yaml.map("input_validator_args");
    for (const auto& entry : node) {
        std::string name = entry.first.as<std::string>();
        args.named[name] = by_validator.strings(name);
    }
    return args;
}

// The keys every 2025-09 test_group.yaml and case .yaml may hold and the judge uses or ignores
// safely (visualizers, feedback, hints); `args` for the submission is refused: the judge runs a
// submission with no arguments.
void read_common_2025(const Keys& yaml, GroupFlags& flags) {
    if (!yaml.strings("args").empty())
        yaml.fail("args", "is not supported by this judge: it runs submissions without arguments");
    if (yaml.has("output_validator_args")) flags.output = yaml.strings("output_validator_args");
    if (yaml.has("input_validator_args")) flags.input = input_args_2025(yaml);
    (void)yaml.strings("input_visualizer_args");
    (void)yaml.strings("output_visualizer_args");
    (void)yaml.strings("static_validator_args");
    (void)yaml.boolean("full_feedback");
}

// A 2025-09 test_group.yaml: every key checked (the scoring keys only where the format allows
// them), its `{{constants}}` substituted first.
GroupFlags flags_of_2025(const fs::path& group_dir,
                         const std::string& group,
                         const GroupFlags& inherited,
                         const ProblemSettings& problem) {
    fs::path file = group_dir / "test_group.yaml";
    std::error_code error;
    if (!fs::exists(file, error)) return inherited;
    YAML::Node node;
    try {
        std::string text =
            substitute_constants(read_file(file, kMaxYamlBytes + 1), problem.constants);
        node = YAML::Load(text);
    } catch (const YAML::Exception& exception) {
        throw JudgeError(file.string() + ":" + std::to_string(exception.mark.line + 1) + ":" +
                         std::to_string(exception.mark.column + 1) + ": " + exception.msg);
    }
    if (node.IsNull()) return inherited;
    Keys yaml(node, file, "", problem.package_version);
    if (!node.IsMap()) throw JudgeError(yaml.where() + ": expected a map of keys at the top level");
    yaml.require_known({"max_score", "score_aggregation", "static_validation_score", "require_pass",
                        "args", "input_validator_args", "static_validator_args",
                        "output_validator_args", "input_visualizer_args", "output_visualizer_args",
                        "full_feedback"});
    GroupFlags flags = inherited;
    read_common_2025(yaml, flags);
    for (const char* key : {"max_score", "score_aggregation", "require_pass"}) {
        if (!yaml.has(key)) continue;
        if (group == "sample") yaml.fail(key, "is not allowed in data/sample");
        if (!problem.scoring) yaml.fail(key, "is only for a scoring problem (type: scoring)");
    }
    if (yaml.has("max_score")) {
        if (yaml.text("max_score") != "unbounded") (void)yaml.integer("max_score", 0);
    }
    if (std::optional<std::string> aggregation = yaml.text("score_aggregation"))
        if (*aggregation != "pass-fail" && *aggregation != "sum" && *aggregation != "min")
            yaml.fail("score_aggregation",
                      "must be pass-fail, sum or min, got '" + *aggregation + "'");
    if (yaml.has("require_pass") && !yaml.node()["require_pass"].IsScalar())
        (void)yaml.strings("require_pass");
    if (yaml.has("static_validation_score") && yaml.text("static_validation_score") != "pass-fail")
        (void)yaml.integer("static_validation_score", 0);
    return flags;
}

// A 2025-09 case's own NAME.yaml (beside `input`, its NAME.in), over its group's flags; its
// `{{constants}}` substituted first, as in test_group.yaml (BAPCtools reads both alike).
GroupFlags flags_of_case_2025(const fs::path& input,
                              const GroupFlags& group,
                              const ProblemSettings& problem) {
    fs::path file = input;
    file.replace_extension(".yaml");
    std::error_code error;
    if (!fs::exists(file, error)) return group;
    Keys yaml(read_yaml(file, problem.constants), file, "", problem.package_version);
    yaml.require_known({"args", "input_validator_args", "output_validator_args",
                        "input_visualizer_args", "output_visualizer_args", "full_feedback", "hint",
                        "description"});
    GroupFlags flags = group;
    read_common_2025(yaml, flags);
    (void)yaml.text("hint");
    (void)yaml.text("description");
    return flags;
}

GroupFlags flags_of(const fs::path& group_dir, const GroupFlags& inherited) {
    fs::path file = group_dir / "testdata.yaml";
    std::error_code error;
    if (!fs::exists(file, error)) return inherited;
    Keys yaml(read_yaml(file), file);
    GroupFlags flags = inherited;
    if (yaml.has("output_validator_flags")) flags.output = yaml.words("output_validator_flags");
    if (yaml.has("input_validator_flags")) {
        // A string for every validator, or (2023-07) a map from a validator's name to its own.
        const YAML::Node node = yaml.node()["input_validator_flags"];
        flags.input = {};
        if (node.IsMap()) {
            for (const auto& entry : node)
                flags.input.named[entry.first.as<std::string>()] =
                    split_words(entry.second.as<std::string>());
        } else {
            flags.input.each = yaml.words("input_validator_flags");
        }
    }
    return flags;
}

// 2025-09's shape of data/secret: groups (folders with test_group.yaml) or cases, not both; no
// group inside a group; a case with a `.files` folder is refused (the judge gives a submission
// its input on stdin only).
void check_data_2025(const fs::path& data, const std::string& version) {
    std::error_code error;
    fs::path secret = data / "secret";
    // No secret/ (the format needs one; BAPCtools' test problem hellounix has samples only):
    // the samples are judged, and open_package notes it (package_lacks_secret).
    bool groups = false, loose = false;
    if (fs::is_directory(secret, error))
        for (const auto& entry : fs::directory_iterator(secret, error)) {
            std::string name = entry.path().filename().string();
            if (name.empty() || name[0] == '.') continue;
            if (entry.is_directory(error) && fs::exists(entry.path() / "test_group.yaml", error))
                groups = true;
            else if (entry.is_directory(error) || entry.path().extension() == ".in")
                loose = true;
        }
    if (groups && loose)
        throw JudgeError(secret.string() + " (" + version +
                         "): holds test groups (folders with test_group.yaml) and cases or "
                         "folders without one; the format allows one or the other");
    for (fs::recursive_directory_iterator it(data, error), end; !error && it != end;
         it.increment(error)) {
        std::string name = it->path().filename().string();
        if (it->is_directory(error) && name.size() > 6 &&
            name.compare(name.size() - 6, 6, ".files") == 0)
            throw JudgeError(it->path().string() + " (" + version +
                             "): input files (.files) are not supported by this judge: it gives "
                             "a submission its input on standard input only");
        if (name != "test_group.yaml" || it.depth() < 3) continue;
        throw JudgeError(it->path().string() + " (" + version +
                         "): a test group inside a test group; the format allows one level");
    }
}

}  // namespace

bool package_lacks_secret(const ProblemSettings& problem) {
    std::error_code error;
    return problem.format == ProblemFormat::Package && is_format_2025_09(problem.package_version) &&
           !uses_generators_yaml(problem.root) &&
           !fs::is_directory(problem.root / "data" / "secret", error);
}

std::vector<TestCase> discover_package_cases(const ProblemSettings& problem) {
    fs::path data = problem.root / "data";
    std::error_code error;
    fs::path bound = fs::canonical(problem.root, error);
    if (error) throw JudgeError("cannot resolve " + problem.root.string() + ": " + error.message());
    bool format_2025 = is_format_2025_09(problem.package_version);
    // generators.yaml is the whole of data/ (BAPCtools' rule: problems/generators_yaml.hpp): its
    // cases, with their flags read from the folder of its test_group.yaml files.
    std::optional<GeneratedData> generated;
    if (uses_generators_yaml(problem.root)) {
        generated = plan_generated_data(problem);
        data = generated->tree;
    }
    if (format_2025 && !generated) check_data_2025(data, problem.package_version);
    // 2025-09 names test_group.yaml in sample/, secret/ and groups; BAPCtools also writes one in
    // data/ for every case: read there too.
    GroupFlags top = format_2025 ? flags_of_2025(data, "", {}, problem) : flags_of(data, {});
    std::vector<TestCase> cases;
    for (const char* group : {"sample", "secret"}) {
        fs::path dir = data / group;
        std::vector<TestCase> found;
        if (generated) {
            for (const TestCase& test_case : generated->cases)
                if (fs::path(test_case.group).begin()->string() == group)
                    found.push_back(test_case);
        } else {
            if (!fs::is_directory(dir, error)) continue;
            found = discover_case_tree(dir, group, bound);
        }
        // Each case gets the flags of its group's nearest testdata.yaml (read once a group).
        std::map<std::string, GroupFlags> by_group;
        for (TestCase& test_case : found) {
            auto known = by_group.find(test_case.group);
            if (known == by_group.end()) {
                GroupFlags flags = top;
                fs::path path = data;
                std::string name;
                for (const auto& part : fs::path(test_case.group)) {
                    name += (name.empty() ? "" : "/") + part.string();
                    path /= part;
                    flags = format_2025 ? flags_of_2025(path, name, flags, problem)
                                        : flags_of(path, flags);
                }
                known = by_group.emplace(test_case.group, flags).first;
            }
            // A generated case's NAME.yaml is in the folder standing for data/.
            fs::path input =
                generated ? data / test_case.group / (test_case.name + ".in") : test_case.input;
            GroupFlags flags =
                format_2025 ? flags_of_case_2025(input, known->second, problem) : known->second;
            test_case.input_validator_flags = flags.input;
            test_case.output_validator_flags = flags.output;
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

// Whether `text` (trimmed) is a number, as PHP's is_numeric (DOMjudge's test for a score).
bool is_number(const std::string& text) {
    std::string trimmed = text;
    trimmed.erase(0, trimmed.find_first_not_of(" \t\r"));
    trimmed.erase(trimmed.find_last_not_of(" \t\r") + 1);
    if (trimmed.empty()) return false;
    char* end = nullptr;
    (void)std::strtod(trimmed.c_str(), &end);
    return end == trimmed.c_str() + trimmed.size();
}

// The expectation of one file's @EXPECTED_RESULTS@ line: nullopt without one; "" with
// `why` set when it cannot be read. An @EXPECTED_SCORE@ line that is no number is read as
// one too (DOMjudge's parseExpectedAnnotation): a file may hold one of the two.
std::optional<std::string> expected_results_in_file(const fs::path& file, std::string& why) {
    std::string text = read_file(file, 1 << 20);
    std::optional<std::string> results_line;
    for (const std::string marker : {"@EXPECTED_RESULTS@: ", "@EXPECTED_SCORE@: "}) {
        std::size_t at = find_ignoring_case(text, marker, 0);
        if (at == std::string::npos) continue;
        bool again = find_ignoring_case(text, marker, at + marker.size()) != std::string::npos;
        std::size_t start = at + marker.size();
        std::string line = text.substr(start, text.find('\n', start) - start);
        bool score_line = marker.find("SCORE") != std::string::npos;
        if (!again && score_line && is_number(line)) continue;  // a score: expected_score_of
        if (again || results_line) {
            why = file.filename().string() +
                  " has more than one @EXPECTED_RESULTS@ line (an @EXPECTED_SCORE@ line naming "
                  "verdicts counts as one)";
            return "";
        }
        results_line = line;
    }
    if (!results_line) return std::nullopt;
    const std::string& line = *results_line;
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

namespace {

// The number of one file's @EXPECTED_SCORE@ line (any case), nullopt without one that is a
// number (a line naming verdicts is read as an @EXPECTED_RESULTS@ line instead).
std::optional<double> expected_score_in_file(const fs::path& file) {
    std::string text = read_file(file, 1 << 20);
    const std::string marker = "@EXPECTED_SCORE@: ";
    std::size_t at = find_ignoring_case(text, marker, 0);
    if (at == std::string::npos) return std::nullopt;
    std::size_t start = at + marker.size();
    std::string line = text.substr(start, text.find('\n', start) - start);
    if (!is_number(line)) return std::nullopt;
    return std::strtod(line.c_str(), nullptr);
}

}  // namespace

std::optional<double> expected_score_of(const fs::path& submission) {
    std::error_code error;
    if (!fs::is_directory(submission, error)) return expected_score_in_file(submission);
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(submission, error), end; !error && it != end;
         it.increment(error))
        if (it->is_regular_file(error) && !it->is_symlink(error)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files)
        if (std::optional<double> score = expected_score_in_file(file)) return score;
    return std::nullopt;
}

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

namespace {

// The one verdict a folder promises, as the format's folder: the format's own, and DOMjudge's
// folder names as its import reads them (the name upper-cased through its remap: compiler_error
// COMPILER-ERROR, no_output NO-OUTPUT, output_limit OUTPUT-LIMIT); nullopt for a folder that
// promises no one verdict (rejected, partially_accepted, DOMjudge's mixed/ and multiple/).
std::optional<std::string> verdict_of_folder(const std::string& folder) {
    for (const char* own : {"memory_limit_exceeded", "output_limit_exceeded", "presentation_error"})
        if (folder == own) return folder;
    return folder_of_domjudge_result(folder);
}

// DOMjudge's rule for a program's @EXPECTED_RESULTS@ line `line` against its folder (see
// list_submissions): sets what it must get, and the note of a contradiction. `shown` is the
// program as the note names it.
void settle_expectation(ExpectedSubmission& submission,
                        const std::string& folder,
                        const std::optional<std::string>& line,
                        const std::string& shown) {
    std::optional<std::string> promised = verdict_of_folder(folder);
    if (!line || !submission.expectation_error.empty()) {
        if (promised && submission.rules.empty()) submission.folder = *promised;
        return;
    }
    submission.results_line = *line;
    if (promised && ("," + *line + ",").find("," + *promised + ",") != std::string::npos) {
        // The package format has precedence: the folder decides, the line only agrees.
        submission.folder = *promised;
        return;
    }
    if (!promised && !submission.rules.empty()) return;  // 2025-09's submissions.yaml decides
    if (promised)
        submission.note = shown + ": its @EXPECTED_RESULTS@ line says " + *line +
                          ", which its folder's " + *promised +
                          " is not: the line decides (DOMjudge's import too, flagging the "
                          "mismatch as an error)";
    submission.folder = *line;
    submission.rules.clear();
}

// Why `link` cannot be read as the package stands: its target leaves `root` (canonical); ""
// otherwise (the format allows links inside a package only).
std::string link_leaving(const fs::path& link, const fs::path& root) {
    std::error_code error;
    fs::path target = fs::weakly_canonical(link, error);
    if (error) return "cannot resolve " + link.string() + ": " + error.message();
    fs::path relative = target.lexically_relative(root);
    if (!relative.empty() && *relative.begin() != ".." && relative.is_relative()) return "";
    return link.string() + " is a link to " + target.string() +
           ", outside the package (the format allows links within it only): not followed";
}

// Fills `package_error` when `submission` (a link, in a folder that is one, or a folder holding
// links) reaches outside `package_root`, and `has_links` when a folder holds links that stay
// inside.
void check_links(ExpectedSubmission& submission, const fs::path& package_root) {
    std::error_code error;
    fs::path root = fs::weakly_canonical(package_root, error);
    submission.package_error = link_leaving(submission.path, root);
    if (!submission.package_error.empty() || !fs::is_directory(submission.path, error)) return;
    for (fs::recursive_directory_iterator it(submission.path, error), end; !error && it != end;
         it.increment(error)) {
        if (!it->is_symlink(error)) continue;
        submission.has_links = true;
        submission.package_error = link_leaving(it->path(), root);
        if (!submission.package_error.empty()) return;
    }
}

// A DOMjudge language id as the format's code (DOMjudge's default ids and older ones); other
// ids are taken as they are.
std::string format_language_key(const std::string& langid) {
    static const std::map<std::string, std::string> kKeys = {
        {"py3", "python3"}, {"py", "python3"}, {"kt", "kotlin"},     {"hs", "haskell"},
        {"pas", "pascal"},  {"rb", "ruby"},    {"js", "javascript"}, {"plg", "prolog"},
        {"pl", "perl"},     {"cs", "csharp"},  {"f95", "fortran"},   {"golang", "go"},
        {"sh", "bash"},     {"cc", "cpp"},     {"c++", "cpp"},
    };
    auto found = kKeys.find(langid);
    return found == kKeys.end() ? langid : found->second;
}

// DOMjudge's submissions.json (beside submissions/): per program path ("submissions/accepted/x.py",
// a folder with a trailing '/'), its langid and entry_point. Empty when there is none.
std::map<std::string, SourceChoice> read_submissions_json(const fs::path& file) {
    std::map<std::string, SourceChoice> choices;
    std::error_code error;
    if (!fs::exists(file, error)) return choices;
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(read_file(file, kMaxYamlBytes + 1));
    } catch (const nlohmann::json::exception& exception) {
        throw JudgeError(file.string() + ": " + exception.what());
    }
    if (!json.is_object()) throw JudgeError(file.string() + ": expected an object of programs");
    for (const auto& program : json.items()) {
        const std::string& path = program.key();
        const nlohmann::json& details = program.value();
        if (!details.is_object())
            throw JudgeError(file.string() + ": '" + path + "' must map to an object");
        auto text = [&](const char* key) -> std::string {
            if (!details.contains(key)) return "";
            if (!details[key].is_string())
                throw JudgeError(file.string() + ": '" + path + "' " + key + " must be a text");
            return details[key].get<std::string>();
        };
        SourceChoice choice;  // "team" changes no judging
        choice.language_key = text("langid");
        if (!choice.language_key.empty())
            choice.language_key = format_language_key(choice.language_key);
        choice.entry_point = text("entry_point");
        std::string name = path;
        while (name.size() > 1 && name.back() == '/') name.pop_back();
        choices[name] = choice;
    }
    return choices;
}

// Fills what the package says of `submission` besides its verdict: its language and entry point
// from submissions.json (`json_choices`), a link leaving the package.
void read_package_facts(ExpectedSubmission& submission,
                        const fs::path& submissions_dir,
                        const std::map<std::string, SourceChoice>& json_choices) {
    const std::string folder = submission.path.parent_path().filename().string();
    auto found =
        json_choices.find("submissions/" + folder + "/" + submission.path.filename().string());
    if (found != json_choices.end()) submission.choice = found->second;
    check_links(submission, submissions_dir.parent_path());
}

// The format's four verdicts, as a rule's list.
std::vector<std::string> verdict_list(const Keys& keys, const std::string& key) {
    std::vector<std::string> verdicts =
        keys.node()[key].IsScalar() ? std::vector{*keys.text(key)} : keys.strings(key);
    for (const std::string& verdict : verdicts)
        if (verdict != "AC" && verdict != "WA" && verdict != "TLE" && verdict != "RTE")
            keys.fail(key, "names '" + verdict + "', which is none of AC, WA, TLE, RTE");
    return verdicts;
}

// The requirement keys of one map of submissions.yaml (a submission glob's, or a test-case
// glob's under it) over `rule`; whether it held any.
bool read_rule(const Keys& keys, VerdictRule& rule) {
    bool any = false;
    if (keys.has("permitted")) rule.permitted = verdict_list(keys, "permitted"), any = true;
    if (keys.has("required")) rule.required = verdict_list(keys, "required"), any = true;
    if (keys.has("message")) rule.message = *keys.text("message"), any = true;
    if (keys.has("score")) {
        any = true;
        const YAML::Node score = keys.node()["score"];
        try {
            if (score.IsScalar()) {
                double value = score.as<double>();
                rule.score = std::pair{value, value};
            } else if (score.IsSequence() && score.size() == 2) {
                rule.score = std::pair{score[0].as<double>(), score[1].as<double>()};
            } else {
                throw YAML::Exception(YAML::Mark(), "");
            }
        } catch (const YAML::Exception&) {
            keys.fail("score", "must be a number or a list of two numbers");
        }
    }
    if (keys.has("use_for_time_limit")) {
        any = true;
        std::string use = *keys.text("use_for_time_limit");
        if (use != "true" && use != "false" && use != "lower" && use != "upper")
            keys.fail("use_for_time_limit",
                      "must be true, false, lower or upper, got '" + use + "'");
        rule.use_for_time_limit = use == "true" ? "" : use;
        // "lower" is permitted [AC, WA, RTE]; "upper" is required [TLE] (the format's words).
        if (use == "lower" && !keys.has("permitted")) rule.permitted = {"AC", "WA", "RTE"};
        if (use == "upper" && !keys.has("required")) rule.required = {"TLE"};
    }
    return any;
}

// The rules of one top-level entry of submissions.yaml: its own keys (over `base`, the default
// meaning of a folder it names) and one rule per test-case glob under it.
std::vector<VerdictRule> rules_of_entry(const Keys& entry,
                                        const std::string& pattern,
                                        std::optional<VerdictRule> base) {
    static const std::vector<std::string> kSubmissionKeys = {
        "language", "entrypoint", "authors", "model_solution",    "permitted",
        "required", "score",      "message", "use_for_time_limit"};
    std::vector<VerdictRule> rules;
    VerdictRule own = base.value_or(VerdictRule{});
    own.origin = "submissions.yaml '" + pattern + "'";
    if (read_rule(entry, own) || base) rules.push_back(own);
    (void)entry.text("language");
    (void)entry.text("entrypoint");
    (void)entry.boolean("model_solution");
    for (const auto& item : entry.node()) {
        std::string key = item.first.as<std::string>();
        if (std::find(kSubmissionKeys.begin(), kSubmissionKeys.end(), key) != kSubmissionKeys.end())
            continue;
        Keys cases = entry.map(key);
        cases.require_known({"permitted", "required", "score", "message", "use_for_time_limit"});
        VerdictRule rule;
        rule.origin = own.origin;
        rule.cases = key;
        if (read_rule(cases, rule)) rules.push_back(rule);
    }
    return rules;
}

// The 2025-09 format's default meaning of its folders.
std::optional<VerdictRule> default_rule(const std::string& folder) {
    VerdictRule rule;
    rule.origin = "the default of " + folder + "/";
    if (folder == "accepted") {
        rule.permitted = {"AC"};
    } else if (folder == "rejected") {
        rule.required = {"RTE", "TLE", "WA"};
    } else if (folder == "wrong_answer") {
        rule.permitted = {"AC", "WA"}, rule.required = {"WA"};
    } else if (folder == "time_limit_exceeded") {
        rule.permitted = {"AC", "TLE"}, rule.required = {"TLE"};
    } else if (folder == "run_time_error") {
        rule.permitted = {"AC", "RTE"}, rule.required = {"RTE"};
    } else if (folder == "brute_force") {
        rule.permitted = {"AC", "RTE", "TLE"}, rule.required = {"RTE", "TLE"};
        rule.use_for_time_limit = "false";  // the format: not used for the time limit
    } else {
        return std::nullopt;
    }
    return rule;
}

// Fills the time-limit roles and judge_every_case of a submission from its rules.
void settle_roles(ExpectedSubmission& submission) {
    for (const VerdictRule& rule : submission.rules) {
        bool permits_tle =
            std::find(rule.permitted.begin(), rule.permitted.end(), "TLE") != rule.permitted.end();
        if (rule.use_for_time_limit == "lower" || (rule.use_for_time_limit.empty() && !permits_tle))
            submission.lower_bounds_time_limit = true;
        if (rule.use_for_time_limit == "upper" ||
            (rule.use_for_time_limit.empty() && rule.required == std::vector<std::string>{"TLE"}))
            submission.upper_bounds_time_limit = true;
        if (!rule.cases.empty() || rule.message || rule.score) submission.judge_every_case = true;
    }
}

std::vector<ExpectedSubmission> list_submissions_2025(
    const fs::path& submissions_dir,
    std::vector<std::string>* unknown_folders,
    const std::string& version,
    const std::vector<std::pair<std::string, std::string>>& constants) {
    static const std::vector<std::string> kFolders = {"accepted",       "rejected",
                                                      "wrong_answer",   "time_limit_exceeded",
                                                      "run_time_error", "brute_force"};
    std::vector<ExpectedSubmission> submissions;
    std::error_code error;
    if (!fs::is_directory(submissions_dir, error)) return submissions;
    fs::path file = submissions_dir / "submissions.yaml";
    YAML::Node node(YAML::NodeType::Map);
    if (fs::exists(file, error)) {
        try {
            node = YAML::Load(substitute_constants(read_file(file, kMaxYamlBytes + 1), constants));
        } catch (const YAML::Exception& exception) {
            throw JudgeError(file.string() + ":" + std::to_string(exception.mark.line + 1) + ":" +
                             std::to_string(exception.mark.column + 1) + ": " + exception.msg);
        }
        if (node.IsNull()) node = YAML::Node(YAML::NodeType::Map);
    }
    Keys yaml(node, file, "", version);
    if (!node.IsMap())
        throw JudgeError(yaml.where() + ": expected a map of globs at the top level");
    std::vector<std::pair<std::string, Keys>> entries;
    for (const auto& entry : node) {
        std::string pattern = entry.first.as<std::string>();
        entries.emplace_back(pattern, yaml.map(pattern));
    }
    std::vector<std::string> folders;
    for (const auto& entry : fs::directory_iterator(submissions_dir, error))
        if (entry.is_directory(error)) folders.push_back(entry.path().filename().string());
    std::sort(folders.begin(), folders.end(),
              [](const std::string& a, const std::string& b) { return natural_less(a, b); });
    std::stable_partition(folders.begin(), folders.end(), [](const std::string& folder) {
        return std::find(kFolders.begin(), kFolders.end(), folder) != kFolders.end();
    });
    std::stable_sort(
        folders.begin(), folders.end(), [](const std::string& a, const std::string& b) {
            auto rank = [](const std::string& f) {
                return std::find(kFolders.begin(), kFolders.end(), f) - kFolders.begin();
            };
            return rank(a) < rank(b);
        });
    std::map<std::string, SourceChoice> json_choices =
        read_submissions_json(submissions_dir.parent_path() / "submissions.json");
    for (const std::string& folder : folders) {
        bool some_unverified = false;
        for (const fs::path& program : programs_in(submissions_dir / folder, true)) {
            if (passed_over(program, folder, submissions)) continue;
            ExpectedSubmission submission = expected_submission(program, folder);
            read_package_facts(submission, submissions_dir, json_choices);
            std::string relative = folder + "/" + program.filename().string();
            // The folder's default, changed by an entry named exactly after it; then every other
            // glob that matches the program or its folder adds its rules (and may give its
            // language and entry point, the last such glob winning).
            std::optional<VerdictRule> base = default_rule(folder);
            bool base_taken = false;
            for (const auto& [pattern, keys] : entries) {
                if (!case_glob_matches(pattern, relative)) continue;
                bool names_folder = base && pattern == folder;
                for (VerdictRule& rule :
                     rules_of_entry(keys, pattern, names_folder ? base : std::nullopt))
                    submission.rules.push_back(std::move(rule));
                base_taken = base_taken || names_folder;
                if (auto language = keys.text("language"))
                    submission.choice.language_key = *language;
                if (auto entry = keys.text("entrypoint")) submission.choice.entry_point = *entry;
            }
            if (base && !base_taken) submission.rules.insert(submission.rules.begin(), *base);
            std::optional<std::string> expected =
                expected_results_of(program, submission.expectation_error);
            settle_expectation(submission, folder, expected, "submissions/" + relative);
            submission.expected_score = expected_score_of(program);
            if (submission.rules.empty() && !expected && !verdict_of_folder(folder)) {
                if (!submission.expected_score) {
                    some_unverified = true;
                    continue;
                }
                submission.folder.clear();  // DOMjudge's: only its score is promised
            }
            if (submission.expected_score) submission.judge_every_case = true;
            settle_roles(submission);
            submissions.push_back(std::move(submission));
        }
        if (some_unverified && unknown_folders) unknown_folders->push_back(folder);
    }
    if (unknown_folders) std::sort(unknown_folders->begin(), unknown_folders->end());
    return submissions;
}

}  // namespace

namespace {

bool starts_constant_name(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool in_constant_name(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where the name [a-zA-Z_][a-zA-Z0-9_]* that starts at `at` ends; `at` when none starts there.
std::size_t constant_name_end(const std::string& text, std::size_t at) {
    if (at >= text.size() || !starts_constant_name(text[at])) return at;
    while (++at < text.size() && in_constant_name(text[at])) {}
    return at;
}

// The length of the constant sequence `{{name}}` or `{{name.variant}}` at `at`; 0 when none is.
std::size_t constant_sequence_length(const std::string& text, std::size_t at) {
    std::size_t end = constant_name_end(text, at + 2);
    if (end == at + 2) return 0;
    if (text.compare(end, 1, ".") == 0) {
        std::size_t variant_end = constant_name_end(text, end + 1);
        if (variant_end == end + 1) return 0;
        end = variant_end;
    }
    return text.compare(end, 2, "}}") == 0 ? end + 2 - at : 0;
}

}  // namespace

std::string substitute_constants(const std::string& text,
                                 const std::vector<std::pair<std::string, std::string>>& constants,
                                 std::vector<std::string>* unknown) {
    if (constants.empty()) return text;
    std::string out;
    std::size_t copied = 0;  // text before this is in `out`
    for (std::size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", at)) {
        std::size_t length = constant_sequence_length(text, at);
        if (length == 0) {  // as re.sub: no match here, try one character further
            ++at;
            continue;
        }
        std::string name = text.substr(at + 2, length - 4);
        if (name.size() > 6 && name.compare(name.size() - 6, 6, ".value") == 0)
            name.resize(name.size() - 6);
        auto found = std::find_if(constants.begin(), constants.end(),
                                  [&](const auto& constant) { return constant.first == name; });
        if (found == constants.end()) {
            std::string sequence = text.substr(at, length);
            if (unknown && std::find(unknown->begin(), unknown->end(), sequence) == unknown->end())
                unknown->push_back(sequence);
        } else {
            out.append(text, copied, at - copied);
            out += found->second;
            copied = at + length;
        }
        at += length;
    }
    if (copied == 0) return text;
    return out.append(text, copied, std::string::npos);
}

namespace {

// One file of a program copied with its constants substituted.
struct SubstitutedFile {
    fs::path relative;  // under the program's folder; a single file's own name
    std::string bytes;
    fs::perms perms = fs::perms::none;
};

// Whether `copy` holds exactly `files` (names, bytes and modes), and nothing else.
bool holds_files(const fs::path& copy, bool folder, const std::vector<SubstitutedFile>& files) {
    std::error_code error;
    std::size_t count = 0;
    if (folder) {
        for (fs::recursive_directory_iterator it(copy, error), end; !error && it != end;
             it.increment(error))
            if (!it->is_directory(error)) ++count;
        if (error || count != files.size()) return false;
    }
    for (const SubstitutedFile& file : files) {
        fs::path path = folder ? copy / file.relative : copy;
        fs::file_status status = fs::symlink_status(path, error);
        if (error || !fs::is_regular_file(status) || status.permissions() != file.perms)
            return false;
        try {
            if (read_file(path, file.bytes.size() + 1) != file.bytes) return false;
        } catch (const JudgeError&) {
            return false;
        }
    }
    return true;
}

}  // namespace

fs::path program_with_constants(const fs::path& program,
                                const std::vector<std::pair<std::string, std::string>>& constants,
                                const fs::path& store,
                                std::vector<std::string>* unknown) {
    if (constants.empty()) return program;
    std::error_code error;
    const bool folder = fs::is_directory(program, error);
    std::vector<SubstitutedFile> files;
    auto add = [&](const fs::path& file, const fs::path& relative) {
        // A file the compile would refuse (too large, not regular) is left for it to name.
        constexpr std::size_t kMaxSourceBytes = 64 << 20;
        std::string bytes = read_file(file, kMaxSourceBytes);
        std::error_code status_error;
        fs::perms perms = fs::status(file, status_error).permissions() & fs::perms::mask;
        files.push_back({relative, std::move(bytes), perms});
    };
    try {
        if (!folder) {
            if (!fs::is_regular_file(program, error)) return program;
            add(program, program.filename());
        } else {
            for (fs::recursive_directory_iterator it(program, error), end; !error && it != end;
                 it.increment(error))
                if (it->is_regular_file(error))
                    add(it->path(), it->path().lexically_relative(program));
        }
    } catch (const JudgeError&) {
        return program;
    }
    std::sort(files.begin(), files.end(),
              [](const auto& a, const auto& b) { return a.relative < b.relative; });
    bool changed = false;
    for (SubstitutedFile& file : files) {
        if (!is_valid_utf8(file.bytes)) continue;
        std::vector<std::string> unknown_here;
        std::string text = substitute_constants(file.bytes, constants, &unknown_here);
        for (const std::string& sequence : unknown_here)
            if (unknown)
                unknown->push_back((folder ? program / file.relative : program).string() + ": " +
                                   sequence);
        if (text != file.bytes) {
            file.bytes = std::move(text);
            changed = true;
        }
    }
    if (!changed) return program;

    std::string key_text;
    for (const SubstitutedFile& file : files)
        for (const std::string& field :
             {file.relative.string(), std::to_string(static_cast<unsigned>(file.perms)),
              file.bytes})
            key_text += std::to_string(field.size()) + ":" + field;
    fs::path copy_root = store / ("constants-" + sha512_hex(key_text).substr(0, 40));
    fs::path copy = copy_root / program.filename();
    if (holds_files(copy, folder, files)) return copy;
    // Written beside, then renamed into place whole: another judge sharing the cache sees the
    // copy complete or not at all.
    fs::path making = copy_root.string() + ".making-" + std::to_string(::getpid());
    try {
        // The cache folder above `store`, when this makes it first, as the compiler makes it:
        // 0700 (make_cache_dir), not the umask's mode.
        fs::create_directories(store.parent_path().parent_path());
        ::mkdir(store.parent_path().c_str(), 0700);
        fs::remove_all(making, error);
        for (const SubstitutedFile& file : files) {
            fs::path path =
                folder ? making / copy.filename() / file.relative : making / copy.filename();
            fs::create_directories(path.parent_path());
            write_file_atomically(path, file.bytes);
            fs::permissions(path, file.perms);
        }
        // A stale or changed copy goes; one another judge has just put there stays.
        if (!holds_files(copy, folder, files)) fs::remove_all(copy_root, error);
        fs::rename(making, copy_root, error);
    } catch (const std::exception& failure) {
        fs::remove_all(making, error);
        throw JudgeError(program.string() +
                         ": cannot write its copy with the constants of "
                         "problem.yaml substituted: " +
                         first_line(failure.what(), 300));
    }
    fs::remove_all(making, error);  // another judge renamed its copy first
    if (!holds_files(copy, folder, files))
        throw JudgeError(program.string() +
                         ": cannot write its copy with the constants of "
                         "problem.yaml substituted to " +
                         copy.string());
    return copy;
}

std::vector<std::string> substitute_validator_constants(ProblemSettings& problem,
                                                        const fs::path& store) {
    std::vector<std::string> unknown;
    if (problem.constants.empty()) return unknown;
    if (!problem.output_validator.empty())
        problem.output_validator =
            program_with_constants(problem.output_validator, problem.constants, store, &unknown);
    for (fs::path& validator : problem.input_validators)
        validator = program_with_constants(validator, problem.constants, store, &unknown);
    std::vector<std::string> notes;
    for (const std::string& where : unknown) {
        // "FILE: {{name}}": FILE as the package names it.
        std::size_t colon = where.rfind(": {{");
        fs::path file = fs::path(where.substr(0, colon)).lexically_relative(problem.root);
        notes.push_back(file.string() + ": " + where.substr(colon + 2) +
                        " names no constant of problem.yaml: left as it is");
    }
    return notes;
}

std::vector<ExpectedSubmission> list_submissions(
    const fs::path& submissions_dir,
    std::vector<std::string>* unknown_folders,
    const std::string& version,
    const std::vector<std::pair<std::string, std::string>>& constants) {
    if (is_format_2025_09(version))
        return list_submissions_2025(submissions_dir, unknown_folders, version, constants);
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
    std::map<std::string, SourceChoice> json_choices =
        read_submissions_json(submissions_dir.parent_path() / "submissions.json");
    for (const std::string& folder : ordered) {
        bool known = std::find(kFolders.begin(), kFolders.end(), folder) != kFolders.end() ||
                     verdict_of_folder(folder);
        bool some_unverified = false;
        for (const fs::path& program : programs_in(submissions_dir / folder, true)) {
            if (passed_over(program, folder, submissions)) continue;
            ExpectedSubmission submission = expected_submission(program, folder);
            read_package_facts(submission, submissions_dir, json_choices);
            std::optional<std::string> expected =
                expected_results_of(program, submission.expectation_error);
            settle_expectation(submission, folder, expected,
                               "submissions/" + folder + "/" + program.filename().string());
            submission.expected_score = expected_score_of(program);
            if (!known && !expected) {
                if (!submission.expected_score) {
                    some_unverified = true;
                    continue;
                }
                submission.folder.clear();  // DOMjudge's: only its score is promised
            }
            if (submission.expected_score) submission.judge_every_case = true;
            submissions.push_back(std::move(submission));
        }
        if (some_unverified && unknown_folders) unknown_folders->push_back(folder);
    }
    if (unknown_folders) std::sort(unknown_folders->begin(), unknown_folders->end());
    return submissions;
}

}  // namespace judge

#include "problems/package_scoring.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <system_error>

#include "problems/package.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// A test group's file: an empty map when there is none (or it is empty).
YAML::Node read_group_file(const fs::path& file) {
    std::error_code error;
    if (!fs::is_regular_file(file, error)) return YAML::Node(YAML::NodeType::Map);
    try {
        YAML::Node node = YAML::Load(read_file(file, 1 << 20));
        if (node.IsNull()) return YAML::Node(YAML::NodeType::Map);
        if (!node.IsMap()) throw JudgeError(file.string() + ": expected a map of keys");
        return node;
    } catch (const YAML::Exception& exception) {
        throw JudgeError(file.string() + ":" + std::to_string(exception.mark.line + 1) + ": " +
                         exception.msg);
    }
}

// The scalar `key` of `node` as text, nullopt when absent.
std::optional<std::string> text_of(const YAML::Node& node, const char* key, const fs::path& file) {
    const YAML::Node value = node[key];
    if (!value) return std::nullopt;
    if (!value.IsScalar()) throw JudgeError(file.string() + ": '" + key + "' must be a value");
    return value.as<std::string>();
}

// A number as the format writes one ("20", "0.5", "inf", "-inf", "+inf"), nullopt otherwise.
std::optional<double> parse_number(const std::string& text) {
    const char* start = text.c_str();
    char* end = nullptr;
    double value = std::strtod(start, &end);
    if (end == start || *end) return std::nullopt;
    return value;
}

double number_of(const YAML::Node& node, const char* key, const fs::path& file, double fallback) {
    std::optional<std::string> text = text_of(node, key, file);
    if (!text) return fallback;
    std::optional<double> value = parse_number(*text);
    if (!value || !std::isfinite(*value))
        throw JudgeError(file.string() + ": '" + key + "' must be a number, got '" +
                         escape_control(*text) + "'");
    return *value;
}

// The first `parts` components of a group path: ("secret/a/b", 2) -> "secret/a".
std::string prefix_parts(const std::string& group, int parts) {
    std::size_t at = 0;
    for (int i = 0; i < parts; ++i) {
        at = group.find('/', i == 0 ? 0 : at + 1);
        if (at == std::string::npos) return group;
    }
    return group.substr(0, at);
}

// ---- 2025-09 ----

ScoreAggregation aggregation_2025(const YAML::Node& node,
                                  const fs::path& file,
                                  ScoreAggregation fallback) {
    std::optional<std::string> text = text_of(node, "score_aggregation", file);
    if (!text) return fallback;
    if (*text == "sum") return ScoreAggregation::Sum;
    if (*text == "min") return ScoreAggregation::Min;
    if (*text == "pass-fail") return ScoreAggregation::PassFail;
    throw JudgeError(file.string() + ": 'score_aggregation' must be pass-fail, sum or min");
}

std::optional<double> max_score_2025(const YAML::Node& node,
                                     const fs::path& file,
                                     std::optional<double> fallback) {
    std::optional<std::string> text = text_of(node, "max_score", file);
    if (!text) return fallback;
    if (*text == "unbounded") return std::nullopt;
    std::optional<double> value = parse_number(*text);
    if (!value || *value < 0 || !std::isfinite(*value))
        throw JudgeError(file.string() +
                         ": 'max_score' must be a non-negative integer or "
                         "unbounded, got '" +
                         escape_control(*text) + "'");
    return value;
}

std::vector<std::string> require_pass_2025(const YAML::Node& node) {
    const YAML::Node value = node["require_pass"];
    if (!value) return {};
    if (value.IsScalar()) return {value.as<std::string>()};
    std::vector<std::string> names;
    for (const YAML::Node& item : value) names.push_back(item.as<std::string>());
    return names;
}

PackageScoringPlan plan_2025(const ProblemSettings& problem, const std::vector<TestCase>& cases) {
    const fs::path data = problem.root / "data";
    PackageScoringPlan plan;
    plan.format_2025 = true;
    fs::path secret_file = data / "secret" / "test_group.yaml";
    YAML::Node secret = read_group_file(secret_file);
    plan.root.name = "secret";
    plan.root.aggregation = aggregation_2025(secret, secret_file, ScoreAggregation::Sum);
    plan.root.max_score = max_score_2025(secret, secret_file, 100.0);
    plan.root.require_pass = require_pass_2025(secret);
    std::map<std::string, std::size_t> group_at;
    std::error_code error;
    for (const TestCase& test_case : cases) {
        const std::string name = test_case.display_name();
        const std::string top = prefix_parts(test_case.group, 1);
        if (top == "sample") {
            plan.sample_cases.push_back(name);
            continue;
        }
        if (top != "secret") continue;
        const std::string group = prefix_parts(test_case.group, 2);
        fs::path file = data / group / "test_group.yaml";
        if (group == "secret" || !fs::is_regular_file(file, error)) {
            plan.root.cases.push_back(name);  // a case of secret itself
            continue;
        }
        auto found = group_at.find(group);
        if (found == group_at.end()) {
            YAML::Node yaml = read_group_file(file);
            ScoreNode node;
            node.name = group;
            node.aggregation = aggregation_2025(yaml, file, ScoreAggregation::PassFail);
            node.max_score = max_score_2025(yaml, file, std::nullopt);
            node.require_pass = require_pass_2025(yaml);
            found = group_at.emplace(group, plan.root.groups.size()).first;
            plan.root.groups.push_back(std::move(node));
        }
        plan.root.groups[found->second].cases.push_back(name);
    }
    return plan;
}

// ---- legacy and 2023-07, as DOMjudge reads testdata.yaml ----

// The file of a group folder: testdata.yaml (DOMjudge reads test_group.yaml too).
std::optional<fs::path> legacy_group_file(const fs::path& folder) {
    std::error_code error;
    for (const char* name : {"testdata.yaml", "test_group.yaml"})
        if (fs::is_regular_file(folder / name, error)) return folder / name;
    return std::nullopt;
}

// The keys of a group's file (`yaml`, read from `file`) onto `node`.
void read_legacy_group(ScoreNode& node, const YAML::Node& yaml, const fs::path& file) {
    if (text_of(yaml, "grading", file).value_or("default") == "custom")
        throw JudgeError(file.string() +
                         ": 'grading: custom' (a custom grader) is not supported by this judge");
    if (yaml["accept_score"]) node.accept_score = number_of(yaml, "accept_score", file, 1);
    node.reject_score = number_of(yaml, "reject_score", file, 0);
    if (std::optional<std::string> range = text_of(yaml, "range", file)) {
        std::vector<std::string> ends;
        std::string word;
        for (char c : *range + " ") {
            if (c != ' ' && c != '\t') {
                word += c;
            } else if (!word.empty()) {
                ends.push_back(word);
                word.clear();
            }
        }
        std::optional<double> low = ends.size() == 2 ? parse_number(ends[0]) : std::nullopt;
        std::optional<double> high = ends.size() == 2 ? parse_number(ends[1]) : std::nullopt;
        if (!low || !high || *low > *high)
            throw JudgeError(file.string() + ": 'range' must be two numbers, low then high, got '" +
                             escape_control(*range) + "'");
        if (std::isfinite(*low)) node.min_score = *low;
        if (std::isfinite(*high)) node.max_score = *high;
    }
    std::string flags = text_of(yaml, "grader_flags", file).value_or("");
    std::string flag;
    for (char c : flags + " ") {
        if (c != ' ' && c != '\t' && c != '\n') {
            flag += c;
            continue;
        }
        if (flag.empty()) continue;
        if (flag == "sum")
            node.aggregation = ScoreAggregation::Sum;
        else if (flag == "min")
            node.aggregation = ScoreAggregation::Min;
        else if (flag == "max")
            node.aggregation = ScoreAggregation::Max;
        else if (flag == "avg")
            node.aggregation = ScoreAggregation::Avg;
        else if (flag == "ignore_sample")
            node.ignore_sample = true;
        else if (flag != "worst_error" && flag != "first_error" && flag != "no_errors" &&
                 flag != "always_accept" && flag != "accept_if_any_accepted")
            throw JudgeError(file.string() + ": 'grader_flags' names '" + escape_control(flag) +
                             "', which is no flag of the default grader (sum, min, max, avg, "
                             "ignore_sample, worst_error, first_error, always_accept, "
                             "accept_if_any_accepted)");
        flag.clear();
    }
}

// DOMjudge's reading for a package made for DOMjudge: its domjudge-problem.ini or .timelimit,
// or a submission with an @EXPECTED_SCORE@ (DOMjudge's expectations are in its reading);
// problemtools' (the format's words) otherwise.
LegacyReading legacy_reading_of(const ProblemSettings& problem) {
    std::error_code error;
    for (const char* marker : {"domjudge-problem.ini", ".timelimit"})
        if (fs::exists(problem.root / marker, error)) return LegacyReading::Domjudge;
    for (const ExpectedSubmission& submission :
         list_submissions(problem.submissions_dir(), nullptr, problem.package_version))
        if (submission.expected_score) return LegacyReading::Domjudge;
    return LegacyReading::Problemtools;
}

PackageScoringPlan plan_legacy(const ProblemSettings& problem,
                               const std::vector<TestCase>& cases,
                               LegacyReading reading) {
    const fs::path data = problem.root / "data";
    // The group folders: data/ and every folder below it with a testdata.yaml.
    // problemtools: every folder, each inheriting the keys its parent's file gave.
    const bool problemtools = reading == LegacyReading::Problemtools;
    std::vector<std::string> names = {""};
    std::error_code error;
    for (fs::recursive_directory_iterator it(data, error), end; !error && it != end;
         it.increment(error)) {
        if (!it->is_directory(error) || it->is_symlink(error)) continue;
        if (problemtools || legacy_group_file(it->path()))
            names.push_back(it->path().lexically_relative(data).generic_string());
    }
    std::sort(names.begin(), names.end(),
              [](const std::string& a, const std::string& b) { return natural_less(a, b); });
    std::map<std::string, ScoreNode> nodes;
    std::map<std::string, YAML::Node> keys;  // problemtools: each folder's keys, inherited
    for (const std::string& name : names) {  // parents first (natural order)
        ScoreNode& node = nodes[name];
        node.name = name;
        std::optional<fs::path> file = legacy_group_file(name.empty() ? data : data / name);
        YAML::Node own = file ? read_group_file(*file) : YAML::Node(YAML::NodeType::Map);
        if (!problemtools) {
            if (file) read_legacy_group(node, own, *file);
            continue;
        }
        std::size_t slash = name.rfind('/');
        YAML::Node merged(YAML::NodeType::Map);
        if (!name.empty())
            for (const auto& item : keys[slash == std::string::npos ? "" : name.substr(0, slash)])
                merged[item.first.as<std::string>()] = item.second;
        for (const auto& item : own) merged[item.first.as<std::string>()] = item.second;
        keys[name] = merged;
        read_legacy_group(node, merged, file.value_or(data / name / "testdata.yaml"));
        node.break_on_reject = text_of(merged, "on_reject", data).value_or("break") == "break";
    }
    // The nearest group folder at or above `path` ("" when none but data/).
    auto nearest = [&](std::string path) {
        while (!path.empty() && !nodes.count(path)) {
            std::size_t slash = path.rfind('/');
            path = slash == std::string::npos ? "" : path.substr(0, slash);
        }
        return path;
    };
    // A case belongs to the group of its own folder; one in a folder without a file (data/sample
    // without one, say) is in no group and scores nothing (DOMjudge's import).
    for (const TestCase& test_case : cases) {
        auto node = nodes.find(test_case.group);
        if (node != nodes.end()) node->second.cases.push_back(test_case.display_name());
    }
    // Children before their parents: the deepest first, each moved into its parent in order.
    std::vector<std::string> deepest_first(names.rbegin(), names.rend());
    std::stable_sort(
        deepest_first.begin(), deepest_first.end(), [](const std::string& a, const std::string& b) {
            return std::count(a.begin(), a.end(), '/') > std::count(b.begin(), b.end(), '/');
        });
    for (const std::string& name : deepest_first) {
        if (name.empty()) continue;
        std::size_t slash = name.rfind('/');
        std::string parent = nearest(slash == std::string::npos ? "" : name.substr(0, slash));
        std::vector<ScoreNode>& siblings = nodes[parent].groups;
        siblings.insert(siblings.begin(), std::move(nodes[name]));  // reverse order: front
    }
    PackageScoringPlan plan;
    plan.legacy_reading = reading;
    plan.root = std::move(nodes[""]);
    return plan;
}

}  // namespace

std::optional<PackageScoringPlan> package_scoring_plan(const ProblemSettings& problem,
                                                       const std::vector<TestCase>& cases) {
    if (problem.format != ProblemFormat::Package || !problem.scoring) return std::nullopt;
    if (problem.package_version.rfind("2025-09", 0) == 0) return plan_2025(problem, cases);
    return plan_legacy(problem, cases, legacy_reading_of(problem));
}

}  // namespace judge

#include "problems/problem.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <map>
#include <set>
#include <system_error>

#include "building/languages.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/install_layout.hpp"

namespace judge {

namespace fs = std::filesystem;

fs::path find_source(const fs::path& folder, const std::string& stem) {
    std::error_code error;
    for (const Language& language : languages())
        for (std::string_view extension : language.extensions) {
            fs::path candidate = folder / (stem + std::string(extension));
            if (fs::is_regular_file(candidate, error)) return candidate;
        }
    return folder / (stem + ".cpp");
}

fs::path ProblemSettings::checker_source() const {
    if (format == ProblemFormat::Polygon) return root / checker;  // problem.xml's path
    fs::path own = find_source(root / "checkers", checker);
    std::error_code error;
    if (fs::is_regular_file(own, error)) return own;
    fs::path builtin = builtin_checkers().dir / (checker + ".cpp");
    return fs::is_regular_file(builtin, error) ? builtin : own;
}

std::optional<fs::path> ProblemSettings::validator_source() const {
    if (validator.empty()) return std::nullopt;
    return find_source(root / "checkers" / "validators", validator);
}

std::optional<fs::path> ProblemSettings::interactor_source() const {
    if (!interactive || format == ProblemFormat::Package) return std::nullopt;
    if (format == ProblemFormat::Polygon) return root / interactor;  // problem.xml's path
    return find_source(root / "checkers", interactor);
}

fs::path ProblemSettings::generator_source() const { return find_source(root / "generators", id); }

fs::path ProblemSettings::solution_source() const { return find_source(root / "solutions", id); }

Limits with_time_limit(Limits limits, std::int64_t cpu_ms) {
    limits.cpu_ms = cpu_ms;
    limits.wall_ms = 2 * cpu_ms + 1000;
    return limits;
}

fs::path ProblemSettings::brute_source() const {
    return find_source(root / "solutions" / "brute", id);
}

fs::path ProblemSettings::submissions_dir() const { return dir / "submissions"; }

std::string TestCase::display_name() const { return group.empty() ? name : group + "/" + name; }

const std::vector<std::string>& InputValidatorArgs::of(const std::string& name) const {
    if (named.empty()) return each;
    static const std::vector<std::string> none;
    if (auto exact = named.find(name); exact != named.end()) return exact->second;
    if (auto stem = named.find(fs::path(name).stem().string()); stem != named.end())
        return stem->second;
    return none;
}

fs::path find_root(const std::optional<fs::path>& explicit_root) {
    std::error_code error;
    if (explicit_root) {
        fs::path root = fs::absolute(*explicit_root, error);
        if (error || !fs::is_directory(root / "testdata", error))
            throw JudgeError("--root " + explicit_root->string() + ": no testdata/ folder there");
        return root.lexically_normal();
    }
    fs::path here = fs::current_path(error);
    if (error) throw JudgeError("cannot read the working directory: " + error.message());
    for (fs::path dir = here;; dir = dir.parent_path()) {
        if (fs::is_directory(dir / "testdata", error)) return dir;
        if (dir == dir.parent_path()) break;
    }
    throw JudgeError("no testdata/ folder in " + here.string() +
                     " or any parent; give the project root with --root");
}

namespace {

std::string trim(std::string_view text) {
    std::size_t begin = 0, end = text.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
    return std::string(text.substr(begin, end - begin));
}

// A strictly positive decimal integer, no sign, no suffix, no overflow.
std::optional<std::int64_t> parse_positive(const std::string& text) {
    std::int64_t value = 0;
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return std::nullopt;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value <= 0) return std::nullopt;
    return value;
}

bool valid_name(const std::string& name) {
    return !name.empty() &&
           std::all_of(name.begin(), name.end(),
                       [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' ||
                                  c == '_' || c == '.';
                       }) &&
           name != "." && name != "..";
}

}  // namespace

ProblemSettings parse_settings(std::string_view text,
                               const std::string& id,
                               const std::string& file_for_errors) {
    ProblemSettings settings;
    settings.id = id;
    settings.checker = id;
    std::map<std::string, std::pair<std::string, int>> values;  // key -> (value, line)
    static const std::set<std::string> kKnownKeys = {
        "time-limit-ms", "wall-limit-ms",     "memory-limit-mib", "output-limit-kib",
        "checker",       "checker-needs-ans", "validator",        "interactor",
        "shrink",        "input-line-ends"};

    int line_number = 0;
    std::size_t position = 0;
    while (position < text.size()) {
        std::size_t end = text.find('\n', position);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(position, end - position);
        position = end + 1;
        ++line_number;
        std::string where = file_for_errors + ":" + std::to_string(line_number) + ": ";
        std::size_t hash = raw.find('#');
        std::string line = trim(raw.substr(0, hash));
        if (line.empty()) continue;
        std::size_t colon = line.find(':');
        if (colon == std::string::npos)
            throw JudgeError(where + "expected 'key: value', got '" + line + "'");
        std::string key = trim(std::string_view(line).substr(0, colon));
        std::string value = trim(std::string_view(line).substr(colon + 1));
        if (!kKnownKeys.count(key)) throw JudgeError(where + "unknown key '" + key + "'");
        if (value.empty()) throw JudgeError(where + "no value for '" + key + "'");
        if (values.count(key))
            throw JudgeError(where + "duplicate key '" + key + "' (first on line " +
                             std::to_string(values[key].second) + ")");
        values[key] = {value, line_number};
    }

    auto number = [&](const std::string& key) -> std::optional<std::int64_t> {
        auto found = values.find(key);
        if (found == values.end()) return std::nullopt;
        auto value = parse_positive(found->second.first);
        // Keep every limit small enough that kib/ms arithmetic cannot overflow.
        if (!value || *value > (std::int64_t{1} << 40))
            throw JudgeError(file_for_errors + ":" + std::to_string(found->second.second) + ": '" +
                             key + "' must be a positive integer, got '" + found->second.first +
                             "'");
        return value;
    };
    auto time_limit = number("time-limit-ms");
    auto memory_limit = number("memory-limit-mib");
    if (!time_limit) throw JudgeError(file_for_errors + ": missing 'time-limit-ms'");
    if (!memory_limit) throw JudgeError(file_for_errors + ": missing 'memory-limit-mib'");
    settings.limits.cpu_ms = *time_limit;
    settings.limits.wall_ms = number("wall-limit-ms").value_or(2 * *time_limit + 1000);
    settings.limits.memory_kib = *memory_limit * 1024;
    settings.limits.output_kib = number("output-limit-kib").value_or(65536);

    auto name = [&](const std::string& key, std::string& out) {
        auto found = values.find(key);
        if (found == values.end()) return;
        if (!valid_name(found->second.first))
            throw JudgeError(file_for_errors + ":" + std::to_string(found->second.second) +
                             ": bad " + key + " name '" + found->second.first + "'");
        out = found->second.first;
    };
    name("checker", settings.checker);
    name("validator", settings.validator);
    name("interactor", settings.interactor);
    if (!settings.interactor.empty()) {
        // An interactive problem: the interactor's verdict is final unless a checker is named,
        // which then reads what the interactor wrote for it (testlib's tout).
        settings.interactive = true;
        if (!values.count("checker")) settings.checker = "none";
    } else if (settings.checker == "none") {
        throw JudgeError(file_for_errors + ":" + std::to_string(values["checker"].second) +
                         ": 'checker: none' needs an interactor (the interactor then decides)");
    }
    if (auto found = values.find("input-line-ends"); found != values.end()) {
        if (found->second.first != "lf-or-crlf" && found->second.first != "lf")
            throw JudgeError(file_for_errors + ":" + std::to_string(found->second.second) +
                             ": 'input-line-ends' must be lf-or-crlf or lf, got '" +
                             found->second.first + "'");
        settings.input_line_ends_either = found->second.first == "lf-or-crlf";
    }
    if (auto found = values.find("checker-needs-ans"); found != values.end()) {
        const std::string& value = found->second.first;
        if (value == "yes" || value == "true")
            settings.checker_needs_ans = true;
        else if (value == "no" || value == "false")
            settings.checker_needs_ans = false;
        else
            throw JudgeError(file_for_errors + ":" + std::to_string(found->second.second) +
                             ": 'checker-needs-ans' must be yes or no, got '" + value + "'");
    }
    if (auto found = values.find("shrink"); found != values.end()) {
        try {
            settings.shrink = parse_shrink_shape(found->second.first);
        } catch (const std::invalid_argument& error) {
            throw JudgeError(file_for_errors + ":" + std::to_string(found->second.second) +
                             ": 'shrink': " + error.what());
        }
    }
    return settings;
}

ProblemSettings load_problem(const fs::path& root, const std::string& id) {
    if (!valid_name(id)) throw JudgeError("bad problem id '" + id + "'");
    fs::path dir = root / "testdata" / id;
    std::error_code error;
    if (!fs::is_directory(dir, error))
        throw JudgeError("no problem '" + id + "': " + dir.string() + " not found");
    fs::path settings_file = dir / "problem.txt";
    if (!fs::exists(settings_file, error))
        throw JudgeError("cannot read " + settings_file.string() + ": no such file");
    if (!fs::is_regular_file(settings_file, error))
        throw JudgeError("cannot read " + settings_file.string() + ": not a regular file");
    // One byte over the bound tells a file at the bound from a larger one.
    std::string text = read_file(settings_file, kMaxSettingsBytes + 1);
    if (text.size() > kMaxSettingsBytes)
        throw JudgeError(settings_file.string() + " is larger than " +
                         std::to_string(kMaxSettingsBytes / 1024) +
                         " KiB: a problem.txt holds a few short lines");
    ProblemSettings settings = parse_settings(text, id, settings_file.string());
    settings.root = root;
    settings.dir = dir;
    settings.settings_file = settings_file;
    settings.name = id;
    if (settings.validator.empty() &&
        fs::is_regular_file(find_source(root / "checkers" / "validators", id), error))
        settings.validator = id;
    return settings;
}

std::vector<std::string> list_problem_ids(const fs::path& root) {
    std::vector<std::string> ids;
    std::error_code error;
    fs::directory_iterator it(root / "testdata", error);
    if (error)
        throw JudgeError("cannot list " + (root / "testdata").string() + ": " + error.message());
    for (const auto& entry : it)
        if (entry.is_directory(error) && fs::is_regular_file(entry.path() / "problem.txt", error))
            ids.push_back(entry.path().filename().string());
    std::sort(ids.begin(), ids.end(), natural_less);
    return ids;
}

bool natural_less(std::string_view a, std::string_view b) {
    auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (is_digit(a[i]) && is_digit(b[j])) {
            std::size_t a_end = i, b_end = j;
            while (a_end < a.size() && is_digit(a[a_end])) ++a_end;
            while (b_end < b.size() && is_digit(b[b_end])) ++b_end;
            // Compare values without parsing (runs may exceed 64 bits): skip leading zeros, then
            // the longer run is larger, then digit by digit.
            std::size_t a_start = i, b_start = j;
            while (a_start + 1 < a_end && a[a_start] == '0') ++a_start;
            while (b_start + 1 < b_end && b[b_start] == '0') ++b_start;
            std::size_t a_length = a_end - a_start, b_length = b_end - b_start;
            if (a_length != b_length) return a_length < b_length;
            int order = a.substr(a_start, a_length).compare(b.substr(b_start, b_length));
            if (order != 0) return order < 0;
            i = a_end;
            j = b_end;
        } else {
            if (a[i] != b[j])
                return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i;
            ++j;
        }
    }
    if ((a.size() - i) != (b.size() - j)) return (a.size() - i) < (b.size() - j);
    return a < b;  // equal by value ("01" vs "1"): byte order keeps the order total
}

bool glob_match(std::string_view pattern, std::string_view text) {
    // Iterative matcher with one backtrack point for the last '*' (linear in practice).
    std::size_t p = 0, t = 0, star_p = std::string_view::npos, star_t = 0;
    auto match_set = [&](std::size_t& pattern_pos, char c) -> std::optional<bool> {
        std::size_t k = pattern_pos + 1;
        bool negate = k < pattern.size() && (pattern[k] == '!' || pattern[k] == '^');
        if (negate) ++k;
        bool matched = false;
        bool first = true;
        while (k < pattern.size() && (first || pattern[k] != ']')) {
            first = false;
            if (k + 2 < pattern.size() && pattern[k + 1] == '-' && pattern[k + 2] != ']') {
                if (pattern[k] <= c && c <= pattern[k + 2]) matched = true;
                k += 3;
            } else {
                if (pattern[k] == c) matched = true;
                ++k;
            }
        }
        if (k >= pattern.size()) return std::nullopt;  // no closing ']': a literal '['
        pattern_pos = k + 1;
        return matched != negate;
    };
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star_p = p++;
            star_t = t;
            continue;
        }
        if (p < pattern.size()) {
            if (pattern[p] == '?') {
                ++p;
                ++t;
                continue;
            }
            if (pattern[p] == '[') {
                std::size_t after = p;
                auto set = match_set(after, text[t]);
                if (set && *set) {
                    p = after;
                    ++t;
                    continue;
                }
                if (!set && text[t] == '[') {
                    ++p;
                    ++t;
                    continue;
                }
            } else if (pattern[p] == text[t]) {
                ++p;
                ++t;
                continue;
            }
        }
        if (star_p == std::string_view::npos) return false;
        p = star_p + 1;
        t = ++star_t;
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

namespace {

// Whether the canonical path `inner` is `outer` (canonical) or inside it, by whole components
// (so /a/bc is not inside /a/b).
bool is_within(const fs::path& inner, const fs::path& outer) {
    return std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end()).first ==
           outer.end();
}

// `folder` resolved, for the containment checks; throws JudgeError naming it when it cannot be.
fs::path resolved_folder(const fs::path& folder) {
    std::error_code error;
    fs::path resolved = fs::canonical(folder, error);
    if (error) throw JudgeError("cannot resolve " + folder.string() + ": " + error.message());
    return resolved;
}

const char* describe_type(fs::file_type type) {
    switch (type) {
        case fs::file_type::fifo: return "a FIFO";
        case fs::file_type::character:
        case fs::file_type::block: return "a device";
        case fs::file_type::socket: return "a socket";
        case fs::file_type::directory: return "a folder";
        default: return "not a regular file";
    }
}

// Throws JudgeError unless `file` (a NAME.in or NAME.ans that exists) is a regular file or a
// symbolic link to one inside `bound` (canonical). Only metadata is read: opening a FIFO would
// block the judge, a device could be endless, and a link could show the solution's checker
// another problem's answers or a system file.
void check_case_file(const fs::path& file, const fs::path& bound) {
    // Escaped here too, not only by main(): `judge list` prints these messages itself, and a
    // file name may hold an escape code or a newline.
    auto fail = [&](const std::string& what) {
        throw JudgeError(escape_control("case file " + file.string() + " is " + what +
                                        "; a case file must be a regular file or a link to one "
                                        "inside " +
                                        bound.string()));
    };
    std::error_code error;
    fs::file_status status = fs::symlink_status(file, error);
    if (error) fail("unreadable (" + error.message() + ")");
    if (fs::is_symlink(status)) {
        fs::path target = fs::canonical(file, error);
        if (error == std::errc::too_many_symbolic_link_levels) fail("a symbolic link loop");
        if (error == std::errc::no_such_file_or_directory) fail("a dangling symbolic link");
        if (error) fail("a symbolic link that cannot be resolved (" + error.message() + ")");
        if (!is_within(target, bound))
            fail("a symbolic link to " + target.string() + ", outside the problem's folder");
        status = fs::symlink_status(target, error);  // canonical: no link left to follow
        if (error) fail("a link to an unreadable file (" + error.message() + ")");
        if (!fs::is_regular_file(status))
            fail(std::string("a link to ") + describe_type(status.type()));
        return;
    }
    if (!fs::is_regular_file(status)) fail(describe_type(status.type()));
}

std::vector<TestCase> cases_in_folder(const fs::path& dir,
                                      const std::string& group,
                                      const fs::path& bound) {
    std::vector<TestCase> cases;
    std::error_code error;
    fs::directory_iterator it(dir, error);
    if (error) throw JudgeError("cannot list " + dir.string() + ": " + error.message());
    for (const auto& entry : it) {
        const fs::path& path = entry.path();
        if (path.extension() != ".in") continue;
        // A real folder named NAME.in holds nothing to judge (and is never opened as an input).
        if (entry.symlink_status(error).type() == fs::file_type::directory) continue;
        check_case_file(path, bound);
        TestCase test_case;
        test_case.group = group;
        test_case.name = path.stem().string();
        test_case.input = path;
        fs::path answer = fs::path(path).replace_extension(".ans");
        // not_found is the one status that means "no answer"; anything else there is checked.
        if (fs::symlink_status(answer, error).type() != fs::file_type::not_found) {
            check_case_file(answer, bound);
            test_case.answer = answer;
        }
        cases.push_back(std::move(test_case));
    }
    std::sort(cases.begin(), cases.end(),
              [](const TestCase& a, const TestCase& b) { return natural_less(a.name, b.name); });
    return cases;
}

}  // namespace

std::vector<TestCase> discover_cases(const fs::path& problem_dir) {
    std::vector<TestCase> cases;
    std::error_code error;
    std::optional<fs::path> bound;  // resolved when a group exists: none costs nothing
    for (std::string_view group : kCaseGroups) {
        fs::path dir = problem_dir / group;
        if (!fs::is_directory(dir, error)) continue;
        if (!bound) bound = resolved_folder(problem_dir);
        if (fs::path resolved = resolved_folder(dir); !is_within(resolved, *bound))
            throw JudgeError(escape_control("case folder " + dir.string() + " is a link to " +
                                            resolved.string() + ", outside the problem's folder " +
                                            bound->string()));
        auto found = cases_in_folder(dir, std::string(group), *bound);
        cases.insert(cases.end(), std::make_move_iterator(found.begin()),
                     std::make_move_iterator(found.end()));
    }
    return cases;
}

std::vector<TestCase> discover_case_tree(const fs::path& folder,
                                         const std::string& group,
                                         const fs::path& bound) {
    if (fs::path resolved = resolved_folder(folder); !is_within(resolved, bound))
        throw JudgeError(escape_control("case folder " + folder.string() + " is a link to " +
                                        resolved.string() + ", outside the problem's folder " +
                                        bound.string()));
    std::vector<TestCase> cases = cases_in_folder(folder, group, bound);
    std::vector<std::string> subgroups;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(folder, error))
        if (entry.is_directory(error) && entry.path().extension() != ".in")
            subgroups.push_back(entry.path().filename().string());
    std::sort(subgroups.begin(), subgroups.end(), natural_less);
    for (const std::string& subgroup : subgroups) {
        auto found = discover_case_tree(folder / subgroup, group + "/" + subgroup, bound);
        cases.insert(cases.end(), std::make_move_iterator(found.begin()),
                     std::make_move_iterator(found.end()));
    }
    return cases;
}

std::vector<TestCase> discover_cases_in(const fs::path& dir) {
    std::error_code error;
    if (!fs::is_directory(dir, error))
        throw JudgeError("--cases " + dir.string() + ": not a folder");
    return cases_in_folder(dir, "", resolved_folder(dir));
}

std::vector<TestCase> filter_cases(std::vector<TestCase> cases, std::string_view pattern) {
    if (pattern.empty()) return cases;
    std::vector<TestCase> kept;
    for (auto& test_case : cases)
        if (glob_match(pattern, test_case.display_name()) || glob_match(pattern, test_case.name))
            kept.push_back(std::move(test_case));
    return kept;
}

}  // namespace judge

#include "problems/gen_plan.hpp"

#include <cctype>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "util/error.hpp"
#include "util/files.hpp"
#include "stress/shrinker.hpp"  // split_args

namespace judge {

namespace fs = std::filesystem;

namespace {

bool valid_name(const std::string& name) {
    if (name.empty()) return false;
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
    return true;
}

bool valid_seed(const std::string& seed) {
    std::size_t start = !seed.empty() && seed[0] == '-' ? 1 : 0;
    if (start == seed.size()) return false;
    for (std::size_t i = start; i < seed.size(); ++i)
        if (seed[i] < '0' || seed[i] > '9') return false;
    return true;
}

// The line without its `#` comment (a '#' inside quotes is kept).
std::string strip_comment(const std::string& line) {
    char quote = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            return line.substr(0, i);
        }
    }
    return line;
}

}  // namespace

std::vector<PlanEntry> parse_plan(std::string_view text, const std::string& file_for_errors) {
    std::vector<PlanEntry> plan;
    std::set<std::string> names;
    int line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(start, end - start));
        start = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto fail = [&](const std::string& what) {
            throw JudgeError(file_for_errors + ":" + std::to_string(line_number) + ": " + what);
        };
        std::vector<std::string> words;
        try {
            words = split_args(strip_comment(line));
        } catch (const std::invalid_argument& error) {
            fail(error.what());
        }
        if (words.empty()) continue;
        if (words.size() < 2) fail("expected NAME SEED [--brute] [generator args...]");
        PlanEntry entry;
        entry.line = line_number;
        entry.name = words[0];
        entry.seed = words[1];
        if (!valid_name(entry.name))
            fail("bad case name '" + entry.name + "' (letters, digits, '_' and '-' only)");
        if (!valid_seed(entry.seed)) fail("bad seed '" + entry.seed + "' (an integer)");
        if (!names.insert(entry.name).second) fail("duplicate case name '" + entry.name + "'");
        for (std::size_t i = 2; i < words.size(); ++i) {
            if (words[i] == "--brute") {
                entry.use_brute = true;
            } else if (words[i] == "-seed" || words[i] == "--seed" ||
                       words[i].rfind("-seed=", 0) == 0) {
                fail("-seed among the generator arguments: the second column is the seed");
            } else {
                entry.args.push_back(words[i]);
            }
        }
        plan.push_back(std::move(entry));
    }
    return plan;
}

std::vector<PlanEntry> load_plan(const fs::path& plan_file) {
    std::error_code error;
    if (!fs::is_regular_file(plan_file, error))
        throw JudgeError("no plan " + plan_file.string() + " (see docs/conventions.md)");
    return parse_plan(read_file(plan_file), plan_file.string());
}

std::vector<std::string> generator_args(const PlanEntry& entry) {
    std::vector<std::string> args = entry.args;
    args.push_back("-seed");
    args.push_back(entry.seed);
    return args;
}

std::set<std::string> read_manifest(const fs::path& manifest) {
    std::set<std::string> names;
    std::ifstream in(manifest);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] != '#') names.insert(line);
    }
    return names;
}

std::vector<std::string> hand_written_conflicts(const fs::path& secret_dir,
                                                const std::vector<PlanEntry>& plan,
                                                const std::set<std::string>& generated) {
    std::vector<std::string> conflicts;
    std::error_code error;
    for (const PlanEntry& entry : plan) {
        if (generated.count(entry.name)) continue;
        for (const char* extension : {".in", ".ans"}) {
            fs::path file = secret_dir / (entry.name + extension);
            if (fs::exists(file, error)) {
                conflicts.push_back(file.string());
                break;
            }
        }
    }
    return conflicts;
}

}  // namespace judge

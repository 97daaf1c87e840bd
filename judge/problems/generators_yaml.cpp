#include "problems/generators_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <set>
#include <system_error>

#include "building/languages.hpp"
#include "checking/jury_program.hpp"
#include "problems/package.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

fs::path generators_yaml_file(const fs::path& root) {
    return root / "generators" / "generators.yaml";
}

bool uses_generators_yaml(const fs::path& root) {
    std::error_code error;
    return fs::is_regular_file(generators_yaml_file(root), error);
}

namespace {

// FIPS 180-4 SHA-512.
constexpr std::array<std::uint64_t, 80> kSha512Rounds = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817};

std::uint64_t rotr(std::uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

void sha512_block(std::array<std::uint64_t, 8>& state, const unsigned char* block) {
    std::uint64_t w[80];
    for (int i = 0; i < 16; ++i) {
        w[i] = 0;
        for (int j = 0; j < 8; ++j) w[i] = (w[i] << 8) | block[i * 8 + j];
    }
    for (int i = 16; i < 80; ++i) {
        std::uint64_t s0 = rotr(w[i - 15], 1) ^ rotr(w[i - 15], 8) ^ (w[i - 15] >> 7);
        std::uint64_t s1 = rotr(w[i - 2], 19) ^ rotr(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::array<std::uint64_t, 8> v = state;
    for (int i = 0; i < 80; ++i) {
        std::uint64_t s1 = rotr(v[4], 14) ^ rotr(v[4], 18) ^ rotr(v[4], 41);
        std::uint64_t choose = (v[4] & v[5]) ^ (~v[4] & v[6]);
        std::uint64_t t1 = v[7] + s1 + choose + kSha512Rounds[i] + w[i];
        std::uint64_t s0 = rotr(v[0], 28) ^ rotr(v[0], 34) ^ rotr(v[0], 39);
        std::uint64_t majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
        std::uint64_t t2 = s0 + majority;
        for (int j = 7; j > 0; --j) v[j] = v[j - 1];
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; ++i) state[i] += v[i];
}

}  // namespace

std::string sha512_hex(const std::string& bytes) {
    std::array<std::uint64_t, 8> state = {
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
    std::string padded = bytes;
    padded += static_cast<char>(0x80);
    while (padded.size() % 128 != 112) padded += '\0';
    // The length in bits, 128 bits big-endian (the upper 64 are 0 for any string held here).
    padded.append(8, '\0');
    std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8;
    for (int i = 7; i >= 0; --i) padded += static_cast<char>((bits >> (i * 8)) & 0xff);
    for (std::size_t at = 0; at < padded.size(); at += 128)
        sha512_block(state, reinterpret_cast<const unsigned char*>(padded.data() + at));
    std::string hex;
    char digits[17];
    for (std::uint64_t word : state) {
        std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(word));
        hex += digits;
    }
    return hex;
}

std::int64_t generator_seed(const std::string& salt, long long count, const std::string& command) {
    std::string value = salt;
    if (count != 1) value += ":" + std::to_string(count - 1);
    const char* space = " \t\n\r\f\v";
    std::size_t first = command.find_first_not_of(space);
    if (first != std::string::npos)
        value += command.substr(first, command.find_last_not_of(space) - first + 1);
    // The number mod 2^31 is its last 31 bits: the last 8 hex digits hold them.
    std::string hex = sha512_hex(value);
    return static_cast<std::int64_t>(std::stoull(hex.substr(hex.size() - 8), nullptr, 16) &
                                     0x7fffffffULL);
}

std::vector<std::string> split_command(const std::string& command) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    for (std::size_t i = 0; i < command.size(); ++i) {
        char c = command[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\\') {
            if (i + 1 < command.size()) word += command[++i];
        } else if (c == '\'' || c == '"') {
            std::size_t end = i + 1;
            for (; end < command.size() && command[end] != c; ++end) {
                if (c == '"' && command[end] == '\\' && end + 1 < command.size() &&
                    std::string("\\\"$`\n").find(command[end + 1]) != std::string::npos)
                    ++end;
                word += command[end];
            }
            if (end >= command.size())
                throw JudgeError("command '" + escape_control(command) + "': unterminated quote");
            i = end;
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(word);
    return words;
}

namespace {

constexpr std::size_t kMaxGeneratorsYamlBytes = 4 << 20;

// BAPCtools' config.py: the files a case may have, as yaml keys ("in" for .in).
const std::vector<std::string> kCaseFileKeys = {"in",           "ans",           "out",
                                                "in.statement", "ans.statement", "in.download",
                                                "ans.download", "interaction",   "yaml"};
// A map holding one of these keys is a case; any other map is a folder (generate.py is_test_case).
const std::vector<std::string> kCaseOnlyKeys = {"copy", "generate", "count", "match"};
// The root folders BAPCtools reads, in its order; the judge judges sample and secret.
const std::vector<std::string> kRootFolders = {
    "sample",        "secret",       "invalid_output",    "invalid_answer",
    "invalid_input", "valid_output", "testing_tool_test", "fuzz"};

bool is_case(const YAML::Node& node) {
    if (!node || node.IsNull() || node.IsScalar()) return true;
    if (!node.IsMap()) return false;
    for (const auto& key : kCaseOnlyKeys)
        if (node[key]) return true;
    for (const auto& key : kCaseFileKeys)
        if (node[key]) return true;
    return false;
}

// BAPCtools' FILE_NAME_REGEX: [a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}.
bool valid_file_name(const std::string& name) {
    if (name.empty() || name.size() > 255) return false;
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (!word(name[0])) return false;
    return std::all_of(name.begin(), name.end(),
                       [&](char c) { return word(c) || c == '.' || c == '-'; });
}

std::string text_of(const YAML::Node& node) { return node.IsNull() ? "" : node.as<std::string>(); }

// Python's f"{value:0{width}}": zero-padded after the sign.
std::string padded(long long value, std::size_t width) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string sign = value < 0 ? "-" : "";
    if (sign.size() + digits.size() < width)
        digits.insert(0, width - sign.size() - digits.size(), '0');
    return sign + digits;
}

// The settings a folder hands down (generate.py Config).
struct Inherited {
    std::optional<fs::path> solution;  // nullopt: the default; empty: none
    std::string random_salt;
    int retries = 1;
};

// The end (one past '}') of a {seed} or {seed:DIGITS} at `at`; npos when there is none.
std::size_t seed_end(const std::string& word, std::size_t at) {
    std::size_t i = at + 5;
    if (i < word.size() && word[i] == '}') return i + 1;
    if (i >= word.size() || word[i] != ':') return std::string::npos;
    std::size_t digits = ++i;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
    if (i == digits || i >= word.size() || word[i] != '}') return std::string::npos;
    return i + 1;
}

int count_seeds(const std::string& word) {
    int found = 0;
    for (std::size_t at = word.find("{seed"); at != std::string::npos;
         at = word.find("{seed", at + 1))
        if (seed_end(word, at) != std::string::npos) ++found;
    return found;
}

class Reader {
 public:
    Reader(const fs::path& root, const std::vector<std::pair<std::string, std::string>>& constants)
        : root_(root), constants_(constants) {
        out_.file = generators_yaml_file(root);
    }

    GeneratorsYaml read() {
        std::string text = read_file(out_.file, kMaxGeneratorsYamlBytes + 1);
        if (text.size() > kMaxGeneratorsYamlBytes) fail("", "is larger than 4 MiB");
        YAML::Node root;
        try {
            root = YAML::Load(text);
        } catch (const YAML::Exception& exception) {
            throw JudgeError(out_.file.string() + ":" + std::to_string(exception.mark.line + 1) +
                             ":" + std::to_string(exception.mark.column + 1) + ": " +
                             exception.msg);
        }
        if (root.IsNull()) return out_;
        if (!root.IsMap()) fail("", "must be a map of keys at the top level");
        read_listed_generators(root["generators"]);
        case_id_width_ = std::to_string(numbered_cases(root)).size();
        read_folder(root, "", "", Inherited{}, true);
        return std::move(out_);
    }

 private:
    [[noreturn]] void fail(const std::string& where, const std::string& why) const {
        throw JudgeError(out_.file.string() + ": " + (where.empty() ? "" : where + ": ") + why);
    }

    // `generators:` name -> its files (the first is the entry point).
    void read_listed_generators(const YAML::Node& node) {
        if (!node || node.IsNull()) return;
        if (!node.IsMap()) fail("'generators'", "must be a map from names to lists of files");
        for (const auto& entry : node) {
            std::string name = text_of(entry.first);
            std::string where = "'generators." + name + "'";
            if (!valid_file_name(name) || name.find('.') != std::string::npos)
                fail(where, "is no valid generator name (letters, digits, _ and -)");
            if (!entry.second.IsSequence() || entry.second.size() == 0)
                fail(where, "must be a list of files under generators/");
            std::vector<fs::path> files;
            for (const YAML::Node& file : entry.second) {
                if (!file.IsScalar()) fail(where, "must be a list of files under generators/");
                fs::path path = inside_generators(text_of(file), where);
                std::error_code error;
                if (!fs::is_regular_file(path, error)) fail(where, path.string() + " not found");
                files.push_back(path);
            }
            listed_[name] = files;
        }
    }

    // A path relative to generators/ that stays inside the package.
    fs::path inside_generators(const std::string& text, const std::string& where) const {
        fs::path path(text);
        if (path.is_absolute() || text.empty() ||
            std::any_of(path.begin(), path.end(), [](const fs::path& p) { return p == ".."; }))
            fail(where, "'" + escape_control(text) +
                            "' must be a path relative to generators/ inside the package");
        return root_ / "generators" / path;
    }

    // BAPCtools numbers the cases of every list in the file with one counter: its width is that
    // of the count of all of them (generate.py _parse_root count()).
    long long numbered_cases(const YAML::Node& folder) {
        const YAML::Node data = folder["data"];
        if (!data || !(data.IsMap() || data.IsSequence())) return 0;
        long long total = 0;
        auto visit = [&](const YAML::Node& entry, bool numbered) {
            if (!entry.IsMap()) return;
            for (const auto& item : entry) {
                if (is_case(item.second)) {
                    if (numbered)
                        total += static_cast<long long>(count_values(item.second, "").size());
                } else {
                    total += numbered_cases(item.second);
                }
            }
        };
        if (data.IsMap())
            visit(data, false);
        else
            for (const YAML::Node& entry : data) visit(entry, true);
        return total;
    }

    // generate.py parse_count: 1..100 values; [1] without `count:`.
    std::vector<long long> count_values(const YAML::Node& rule, const std::string& where) const {
        if (!rule.IsMap() || !rule["count"]) return {1};
        const YAML::Node count = rule["count"];
        std::vector<long long> values;
        auto integer = [&](const YAML::Node& node, long long& value) {
            try {
                value = node.as<long long>();
                return true;
            } catch (const YAML::Exception&) {
                return false;
            }
        };
        long long value = 0;
        if (count.IsScalar() && integer(count, value)) {
            if (value < 1 || value > 100) fail(where, "'count' must be between 1 and 100");
            for (long long i = 1; i <= value; ++i) values.push_back(i);
        } else if (count.IsSequence()) {
            for (const YAML::Node& item : count) {
                if (!item.IsScalar() || !integer(item, value))
                    fail(where, "'count' must be a list of whole numbers");
                if (std::find(values.begin(), values.end(), value) != values.end())
                    fail(where, "'count' lists " + std::to_string(value) + " twice");
                values.push_back(value);
            }
        } else if (count.IsScalar()) {
            std::string text = count.as<std::string>();
            std::size_t dots = text.find("..=");
            long long lo = 0, hi = 0;
            try {
                if (dots == std::string::npos) throw std::invalid_argument("");
                std::size_t used = 0;
                lo = std::stoll(text.substr(0, dots), &used);
                if (used != dots) throw std::invalid_argument("");
                hi = std::stoll(text.substr(dots + 3), &used);
                if (used != text.size() - dots - 3) throw std::invalid_argument("");
            } catch (const std::exception&) {
                fail(where, "'count' must be a number, a list or a range like -4..=5, got '" +
                                escape_control(text) + "'");
            }
            if (lo > hi || hi - lo + 1 > 100)
                fail(where, "'count' range " + text + " must hold 1 to 100 values");
            for (long long i = lo; i <= hi; ++i) values.push_back(i);
        } else {
            fail(where, "'count' must be a number, a list or a range like -4..=5");
        }
        if (values.empty() || values.size() > 100) fail(where, "'count' must give 1 to 100 values");
        return values;
    }

    // `solution:`, `random_salt:`, `retries:` of a folder or case over the inherited ones.
    Inherited settings(const YAML::Node& node,
                       const Inherited& inherited,
                       const std::string& where) const {
        Inherited mine = inherited;
        if (!node.IsMap()) return mine;
        if (node["solution"]) {
            std::string text = text_of(node["solution"]);
            if (text.empty()) {
                mine.solution = fs::path();
            } else {
                std::vector<std::string> words = split_command(text);
                if (words.size() != 1 || words[0][0] != '/')
                    fail(where,
                         "'solution' must be one absolute path from the package's root "
                         "(/submissions/accepted/x.py), without arguments");
                fs::path path = fs::path(words[0]).relative_path();
                if (std::any_of(path.begin(), path.end(),
                                [](const fs::path& p) { return p == ".."; }))
                    fail(where, "'solution' leaves the package");
                mine.solution = root_ / path;
            }
        }
        if (node["random_salt"]) mine.random_salt = text_of(node["random_salt"]);
        if (node["retries"]) {
            try {
                mine.retries = node["retries"].as<int>();
            } catch (const YAML::Exception&) {
                mine.retries = 0;
            }
            if (mine.retries < 1 || mine.retries > 100)
                fail(where, "'retries' must be a whole number from 1 to 100");
        }
        return mine;
    }

    // A folder: `path` under data/ ("" for data/), `key` its yaml key.
    void read_folder(const YAML::Node& node,
                     const std::string& path,
                     const std::string& key,
                     const Inherited& inherited,
                     bool is_root) {
        const std::string where = path.empty() ? "the top level" : path;
        Inherited mine = settings(node, inherited, where);
        std::size_t first_case = out_.cases.size();
        if (!is_root) known_[key].push_back({true, first_case, 0});
        std::size_t folder_index = is_root ? 0 : known_[key].size() - 1;
        for (const char* name : {"test_group.yaml", "testdata.yaml"}) {
            if (!node[name] || node[name].IsNull()) continue;
            if (!node[name].IsMap()) fail(where, std::string("'") + name + "' must be a map");
            YAML::Emitter emitter;
            emitter << node[name];
            out_.group_yaml.emplace_back(path, emitter.c_str());
        }
        for (const auto& entry : node) {
            std::string name = text_of(entry.first);
            static const std::set<std::string> kFolderKeys = {
                "data",     "test_group.yaml", "testdata.yaml", "include",
                "solution", "random_salt",     "retries"};
            if (kFolderKeys.count(name)) continue;
            if (is_root && (name == "generators" || name == "version")) continue;
            // BAPCtools' own extensions and unknown keys change no file of data/: ignored there
            // too; a command-like key here is a mistake that would drop cases, so refused.
            if (name == "generate" || name == "copy" || name == "command")
                fail(where, "'" + name + "' belongs to a case, not to a folder");
        }
        // Includes are gathered before the folder's own cases, as BAPCtools does.
        std::vector<std::size_t> included;
        if (node["include"] && !node["include"].IsNull()) {
            if (!node["include"].IsSequence()) fail(where, "'include' must be a list of keys");
            for (const YAML::Node& item : node["include"]) {
                std::string wanted = item.IsScalar() ? text_of(item) : "";
                if (wanted.empty() || wanted.find('/') != std::string::npos)
                    fail(where, "'include' must list keys of cases or folders, not paths");
                auto found = known_.find(wanted);
                if (found == known_.end())
                    fail(where, "'include' names '" + escape_control(wanted) +
                                    "', which is no earlier case or folder");
                if (found->second.size() != 1)
                    fail(where, "'include' names '" + escape_control(wanted) +
                                    "', which is the key of several cases or folders");
                const Known& rule = found->second[0];
                std::size_t end = rule.folder ? rule.end_case : rule.first_case + rule.count;
                if (rule.folder && end == 0) end = out_.cases.size();  // an ancestor: so far
                for (std::size_t i = rule.first_case; i < end; ++i) included.push_back(i);
            }
        }
        const YAML::Node data = node["data"];
        if (data && !data.IsNull()) {
            if (data.IsMap()) {
                read_children(data, path, false, mine, is_root, nullptr);
            } else if (data.IsSequence()) {
                if (is_root) fail(where, "'data' of the top level must be a map, not a list");
                long long groups = 0;
                for (const YAML::Node& entry : data)
                    if (entry.IsMap())
                        for (const auto& item : entry)
                            if (!is_case(item.second)) ++groups;
                long long next_group = 1;
                for (const YAML::Node& entry : data) {
                    if (!entry.IsMap() || entry.size() != 1)
                        fail(where, "each item of a 'data' list must be a map of one key");
                    std::size_t width = std::to_string(groups).size();
                    read_children(entry, path, true, mine, false, &next_group, width);
                }
            } else {
                fail(where, "'data' must be a map or a list of maps");
            }
        }
        for (std::size_t index : included) {
            GeneratorsCase copy = out_.cases[index];
            const GeneratorsCase& origin = out_.cases[index];
            copy.included_from =
                origin.included_from.empty() ? origin.display_name() : origin.included_from;
            copy.group = path;
            copy.where = out_.file.string() + ": " + copy.display_name() + " (included from " +
                         copy.included_from + ")";
            // One case included twice (through two folders) is one case, as in BAPCtools.
            bool again = false;
            for (std::size_t i = first_case; i < out_.cases.size(); ++i) {
                const GeneratorsCase& there = out_.cases[i];
                if (there.name != copy.name || there.group != path) continue;
                if (there.included_from != copy.included_from)
                    fail(where, "'include' of " + copy.included_from + " conflicts with " +
                                    (there.included_from.empty() ? "case " + there.name
                                                                 : there.included_from));
                again = true;
            }
            if (!again) out_.cases.push_back(std::move(copy));
        }
        if (!is_root) known_[key][folder_index].end_case = out_.cases.size();
    }

    void read_children(const YAML::Node& map,
                       const std::string& path,
                       bool numbered,
                       const Inherited& inherited,
                       bool is_root,
                       long long* next_group,
                       std::size_t group_width = 0) {
        // Sorted by index: assigning a YAML::Node rebinds what every copy of it refers to
        // (yaml-cpp's reference semantics), so nodes themselves must never be swapped.
        std::vector<YAML::Node> nodes;
        std::vector<std::pair<std::string, std::size_t>> children;
        for (const auto& item : map) {
            children.emplace_back(text_of(item.first), nodes.size());
            nodes.push_back(item.second);
        }
        if (is_root) {
            for (const auto& [name, child] : children)
                if (std::find(kRootFolders.begin(), kRootFolders.end(), name) == kRootFolders.end())
                    fail("data", "'" + escape_control(name) +
                                     "' is no folder of data/ (sample, secret, invalid_input, "
                                     "invalid_answer, invalid_output, valid_output)");
            std::sort(children.begin(), children.end(), [](const auto& a, const auto& b) {
                return std::find(kRootFolders.begin(), kRootFolders.end(), a.first) <
                       std::find(kRootFolders.begin(), kRootFolders.end(), b.first);
            });
        } else {
            std::stable_sort(children.begin(), children.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
        }
        for (const auto& [key, index] : children) {
            const YAML::Node& child = nodes[index];
            const std::string child_where = (path.empty() ? "" : path + "/") + key;
            if (!numbered && key.empty())
                fail(path.empty() ? "data" : path,
                     "a case or folder of a 'data' map must have a name (an empty one is for "
                     "lists)");
            if (is_case(child)) {
                read_case(child, path, key, numbered, inherited);
            } else if (child.IsMap()) {
                std::string name = key;
                if (numbered)
                    name = padded((*next_group)++, group_width) + (key.empty() ? "" : "-" + key);
                if (!valid_file_name(name)) fail(child_where, "is no valid folder name");
                read_folder(child, (path.empty() ? "" : path + "/") + name, key, inherited, false);
            } else {
                fail(child_where, "is neither a case nor a folder");
            }
        }
    }

    void read_case(const YAML::Node& node,
                   const std::string& path,
                   const std::string& key,
                   bool numbered,
                   const Inherited& inherited) {
        std::string where = (path.empty() ? "" : path + "/") + (key.empty() ? "\"\"" : key);
        if (!node || node.IsNull())
            fail(where, "is empty: a case needs 'generate', 'copy' or 'in'");
        YAML::Node rule = node.IsScalar() ? YAML::Node(YAML::NodeType::Map) : node;
        if (node.IsScalar()) {
            std::string text = text_of(node);
            if (text.size() > 3 && text.compare(text.size() - 3, 3, ".in") == 0)
                rule["copy"] = text.substr(0, text.size() - 3);
            else
                rule["generate"] = text;
        }
        static const std::set<std::string> kKnown = {
            "generate",    "copy",         "count",       "match", "solution",     "random_salt",
            "retries",     "in",           "ans",         "out",   "in.statement", "ans.statement",
            "in.download", "ans.download", "interaction", "yaml"};
        for (const auto& entry : rule) {
            std::string name = text_of(entry.first);
            if (!kKnown.count(name))
                fail(where, "'" + escape_control(name) + "' is no key of a case this judge reads");
        }
        Inherited mine = settings(rule, inherited, where);
        std::vector<long long> counts = count_values(rule, where);
        bool has_count = static_cast<bool>(static_cast<const YAML::Node&>(rule)["count"]);
        long long lo = *std::min_element(counts.begin(), counts.end());
        long long hi = *std::max_element(counts.begin(), counts.end());
        std::size_t width = 0;
        if (hi - lo == static_cast<long long>(counts.size()) - 1)
            for (long long value : counts) width = std::max(width, std::to_string(value).size());
        std::size_t first = out_.cases.size();
        for (long long value : counts) {
            GeneratorsCase made;
            made.group = path;
            made.name = key;
            if (numbered)
                made.name =
                    padded(next_case_id_++, case_id_width_) + (key.empty() ? "" : "-" + key);
            if (has_count) made.name += "-" + padded(value, width);
            made.where = out_.file.string() + ": " + path + "/" + made.name;
            if (!valid_file_name(made.name + ".in") || made.name == "test_group")
                fail(where, "'" + made.name + "' is no valid case name");
            made.solution = mine.solution;
            made.retries = mine.retries;
            read_case_files(rule, made, where, value, has_count, mine);
            out_.cases.push_back(std::move(made));
        }
        known_[key].push_back({false, first, counts.size()});
    }

    void read_case_files(const YAML::Node& rule,
                         GeneratorsCase& made,
                         const std::string& where,
                         long long count,
                         bool has_count,
                         const Inherited& mine) {
        if (rule["generate"]) {
            std::string command = text_of(rule["generate"]);
            if (command.empty()) fail(where, "'generate' must not be empty");
            command = substitute_constants(command, constants_);
            std::size_t at = command.find("{count}");
            if (has_count)
                for (; at != std::string::npos; at = command.find("{count}", at))
                    command.replace(at, 7, std::to_string(count));
            made.command_text = command;
            std::vector<std::string> words;
            try {
                words = split_command(command);
            } catch (const JudgeError& error) {
                fail(where, std::string("'generate': ") + error.what());
            }
            if (words.empty()) fail(where, "'generate' must not be empty");
            int seeds = 0;
            for (std::size_t i = 1; i < words.size(); ++i) seeds += count_seeds(words[i]);
            if (seeds > 1) fail(where, "'generate' may hold {seed} or {seed:N} at most once");
            const std::string& program = words[0];
            if (auto listed = listed_.find(program); listed != listed_.end()) {
                made.program_files = listed->second;
                made.program_is_listed = true;
            } else {
                fs::path source = inside_generators(program, "'generate'");
                std::error_code error;
                if (!fs::exists(source, error))
                    fail(where, "'generate' names " + source.string() +
                                    ", which does not exist (nor is it a key of 'generators')");
                made.program_files = {source};
            }
            made.seed = generator_seed(mine.random_salt, count, command);
            made.command = words;
        }
        if (rule["copy"]) {
            std::string base = text_of(rule["copy"]);
            fs::path path = inside_generators(base, "'copy'");
            made.copy = path;
        }
        for (const std::string& key : kCaseFileKeys) {
            const YAML::Node value = rule[key];
            if (!value || value.IsNull()) continue;
            std::string content;
            if (value.IsScalar()) {
                content = text_of(value);
            } else if (key == "yaml" && value.IsMap()) {
                YAML::Emitter emitter;
                emitter << value;
                content = emitter.c_str();
            } else if (value.IsMap() && value["link"]) {
                // A statement's or download's copy of another file: not judged.
                continue;
            } else {
                fail(where, "'" + key + "' must be a text");
            }
            if (!content.empty() && content.back() != '\n') content += '\n';
            made.inline_files["." + key] = content;
        }
        // A sample may be only the statement's (in.statement and in.download, no .in):
        // BAPCtools judges data/sample/**/*.in, so such a case is shown, never judged.
        bool statement_only = made.group.rfind("sample", 0) == 0 &&
                              (made.inline_files.count(".in.statement") || rule["in.download"]);
        if (!rule["generate"] && !rule["copy"] && !made.inline_files.count(".in") &&
            !statement_only)
            fail(where, "needs 'generate', 'copy' or 'in'");
    }

    struct Known {
        bool folder = false;
        std::size_t first_case = 0;
        std::size_t count = 0;     // a case rule: how many cases (count:)
        std::size_t end_case = 0;  // a folder: one past its last case, once read
    };

    fs::path root_;
    const std::vector<std::pair<std::string, std::string>>& constants_;
    GeneratorsYaml out_;
    std::map<std::string, std::vector<fs::path>> listed_;
    std::map<std::string, std::vector<Known>> known_;
    long long next_case_id_ = 1;
    std::size_t case_id_width_ = 1;
};

// Natural order of folders as discover_case_tree lists them: a folder's own cases, then its
// sub-folders in natural order.
bool listed_before(const GeneratorsCase& a, const GeneratorsCase& b) {
    fs::path ga(a.group), gb(b.group);
    auto ia = ga.begin(), ib = gb.begin();
    for (; ia != ga.end() && ib != gb.end(); ++ia, ++ib)
        if (*ia != *ib) return natural_less(ia->string(), ib->string());
    if (ia == ga.end() && ib == gb.end()) return natural_less(a.name, b.name);
    return ia == ga.end();  // a's folder holds b's: its own cases first
}

}  // namespace

GeneratorsYaml read_generators_yaml(
    const fs::path& root,
    const std::vector<std::pair<std::string, std::string>>& constants) {
    GeneratorsYaml yaml = Reader(root, constants).read();
    std::stable_sort(yaml.cases.begin(), yaml.cases.end(), listed_before);
    for (std::size_t i = 1; i < yaml.cases.size(); ++i)
        if (yaml.cases[i].display_name() == yaml.cases[i - 1].display_name())
            throw JudgeError(yaml.file.string() + ": " + yaml.cases[i].display_name() +
                             ": two cases have this name");
    return yaml;
}

namespace {

// A name for what a cached file is made from: SHA-512 of the length-prefixed fields.
class ContentKey {
 public:
    ContentKey& add(const std::string& field) {
        text_ += std::to_string(field.size()) + ":" + field;
        return *this;
    }
    // A file's name and bytes, or a folder's files (in name order), relative to `base`; the
    // bytes with `constants` substituted, as the program is built (program_with_constants).
    ContentKey& add_program(
        const fs::path& path,
        const std::vector<std::pair<std::string, std::string>>& constants = {}) {
        auto bytes = [&](const fs::path& file) {
            std::string text = read_file(file);
            return is_valid_utf8(text) ? substitute_constants(text, constants) : text;
        };
        std::error_code error;
        if (!fs::is_directory(path, error)) return add(path.filename().string()).add(bytes(path));
        std::vector<fs::path> files;
        for (fs::recursive_directory_iterator it(path, error), end; !error && it != end;
             it.increment(error))
            if (it->is_regular_file(error)) files.push_back(it->path());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files)
            add(file.lexically_relative(path).string()).add(bytes(file));
        return *this;
    }
    std::string hex() const { return sha512_hex(text_).substr(0, 40); }

 private:
    std::string text_;
};

// The default answer maker (generate.py default_solution_path): BAPCtools picks one accepted
// submission; the judge the first in natural order, so the choice is stable.
fs::path default_solution(const fs::path& root, const fs::path& yaml_file) {
    std::error_code error;
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(root / "submissions" / "accepted", error)) {
        std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (entry.is_directory(error) || language_of_file(entry.path()))
            found.push_back(entry.path());
    }
    if (found.empty())
        throw JudgeError(yaml_file.string() +
                         ": no 'solution' and no accepted submission to make the answers");
    std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
        return natural_less(a.filename().string(), b.filename().string());
    });
    return found.front();
}

struct PlannedCase {
    TestCase test_case;
    GeneratorsCase rule;
    std::string input_key;
    fs::path given_answer;        // where the generator's own testcase.ans goes
    bool answer_to_make = false;  // answer from the generator's testcase.ans, else the solution
    fs::path solution;            // empty: none
};

struct Plan {
    fs::path tree;
    std::vector<PlannedCase> cases;
};

Plan make_plan(const ProblemSettings& problem) {
    if (problem.generated_dir.empty())
        throw JudgeError(generators_yaml_file(problem.root).string() +
                         ": no cache folder for the cases it makes");
    GeneratorsYaml yaml = read_generators_yaml(problem.root, problem.constants);
    const fs::path store = problem.generated_dir;
    std::error_code error;
    Plan plan;
    plan.tree = store / ("tree-" + ContentKey()
                                       .add(read_file(yaml.file))
                                       .add(problem.package_version)
                                       .add(problem.interactive ? "interactive" : "")
                                       .hex());
    // What the flags are read from (package.cpp): test_group.yaml in 2025-09, testdata.yaml
    // before, whichever key the yaml gives it under.
    const char* group_file =
        problem.package_version.rfind("2025-09", 0) == 0 ? "test_group.yaml" : "testdata.yaml";
    auto write_once = [&](const fs::path& file, const std::string& content) {
        if (fs::is_regular_file(file, error) && read_file(file) == content) return;
        fs::create_directories(file.parent_path(), error);
        write_file_atomically(file, content);
    };
    for (const auto& [group, text] : yaml.group_yaml)
        write_once(plan.tree / group / group_file, text);
    std::optional<fs::path> fallback_solution;
    for (const GeneratorsCase& rule : yaml.cases) {
        std::string root_folder = fs::path(rule.group).begin()->string();
        if (root_folder != "sample" && root_folder != "secret") continue;
        PlannedCase item;
        item.rule = rule;
        item.test_case.group = rule.group;
        item.test_case.name = rule.name;
        const std::string& where = rule.where;
        auto copied = [&](const char* extension) -> std::optional<fs::path> {
            if (!rule.copy) return std::nullopt;
            fs::path file = *rule.copy;
            file += extension;
            if (!fs::is_regular_file(file, error)) return std::nullopt;
            return file;
        };
        // Later steps overwrite earlier ones (generate.py generate_from_rule): the generator's
        // files, then copy's, then inline ones.
        ContentKey input;
        if (rule.program_files.empty() && !rule.copy && !rule.inline_files.count(".in"))
            continue;  // a statement's sample only: not judged (read_case_files)
        if (auto text = rule.inline_files.find(".in"); text != rule.inline_files.end()) {
            input.add("inline").add(text->second);
            item.test_case.input = store / (input.hex() + ".in");
            write_once(item.test_case.input, text->second);
        } else if (auto file = copied(".in")) {
            input.add("copy").add(read_file(*file));
            item.test_case.input = *file;
        } else if (!rule.program_files.empty()) {
            input.add("generate");
            for (const fs::path& part : rule.program_files)
                input.add_program(part, problem.constants);
            input.add(rule.command.front());
            for (const std::string& word : generator_arguments(rule, 0)) input.add(word);
            item.test_case.input = store / (input.hex() + ".in");
        } else {
            throw JudgeError(where + ": 'copy' found no " + rule.copy->string() + ".in");
        }
        item.input_key = input.hex();
        if (auto text = rule.inline_files.find(".yaml"); text != rule.inline_files.end())
            write_once(plan.tree / rule.group / (rule.name + ".yaml"), text->second);
        else if (auto file = copied(".yaml"))
            write_once(plan.tree / rule.group / (rule.name + ".yaml"), read_file(*file));
        if (auto text = rule.inline_files.find(".ans"); text != rule.inline_files.end()) {
            item.test_case.answer = store / (ContentKey().add(text->second).hex() + ".ans");
            write_once(*item.test_case.answer, text->second);
        } else if (auto file = copied(".ans")) {
            item.test_case.answer = *file;
        } else {
            item.given_answer = store / (item.input_key + ".given.ans");
            ContentKey answer;
            answer.add(item.input_key);
            if (problem.interactive) {
                // BAPCtools writes an empty .ans for an interactive problem.
                answer.add("interactive: empty");
            } else if (rule.solution && rule.solution->empty()) {
                answer.add("no solution");
            } else {
                if (rule.solution) {
                    item.solution = *rule.solution;
                } else {
                    if (!fallback_solution)
                        fallback_solution = default_solution(problem.root, yaml.file);
                    item.solution = *fallback_solution;
                }
                if (!fs::exists(item.solution, error))
                    throw JudgeError(where + ": solution " + item.solution.string() + " not found");
                answer.add("solution").add_program(item.solution, problem.constants);
            }
            if (rule.program_files.empty() && item.solution.empty() && !problem.interactive)
                throw JudgeError(where +
                                 ": no 'ans' and 'solution' is empty: nothing makes "
                                 "its answer");
            item.test_case.answer = store / (answer.hex() + ".ans");
            item.answer_to_make = true;
        }
        plan.cases.push_back(std::move(item));
    }
    return plan;
}

// A `generators:` entry built as BAPCtools builds it: its files copied into one folder, named
// after the first (so that file is the entry point: read_source_set's rule).
fs::path listed_program_folder(const ProblemSettings& problem, const GeneratorsCase& rule) {
    ContentKey key;
    for (const fs::path& file : rule.program_files) key.add_program(file);
    fs::path folder =
        problem.generated_dir / ("program-" + key.hex()) / rule.program_files.front().stem();
    std::error_code error;
    if (fs::is_directory(folder, error)) return folder;
    fs::path making = folder.parent_path().string() + ".making";
    fs::remove_all(making, error);
    fs::create_directories(making / folder.filename(), error);
    for (const fs::path& file : rule.program_files)
        write_file_atomically(making / folder.filename() / file.filename(), read_file(file));
    fs::rename(making, folder.parent_path(), error);
    if (error && !fs::is_directory(folder))
        throw JudgeError(rule.where + ": cannot make " + folder.string() + ": " + error.message());
    return folder;
}

// Runs the case's generator in a writable folder (its cwd, /box in the box): BAPCtools runs it
// in the case's folder with {name} = "testcase", keeps testcase.in when it writes one (its
// stdout then ignored), else its stdout, and keeps testcase.ans too.
void run_generator(const ProblemSettings& problem,
                   const PlannedCase& item,
                   const Program& program,
                   const fs::path& scratch,
                   bool sandbox) {
    const GeneratorsCase& rule = item.rule;
    JuryBox box;
    box.enabled = sandbox;
    fs::path work = scratch / "work";
    box.writable_dir = work.string();
    std::string last_failure;
    for (int attempt = 0; attempt < rule.retries; ++attempt) {
        if (std::string why = prepare_jury_writable_dir(box, work); !why.empty())
            throw JudgeError(rule.where + ": " + why);
        // A retry runs with seed + 1 (generate.py GeneratorInvocation.run).
        std::vector<std::string> args = generator_arguments(rule, attempt);
        RunRequest request =
            jury_request(JuryRole::Generator, program, args, jury_basis(problem), box);
        if (!sandbox) request.working_dir = work.string();
        request.stdin_path = "/dev/null";
        request.stdout_path = (scratch / "out").string();
        request.stderr_path = (scratch / "err").string();
        JuryRun run = run_jury(JuryRole::Generator, request);
        if (run.runner_error) throw JudgeError(rule.where + ": " + *run.runner_error);
        if (!exited_cleanly(run.result)) {
            last_failure = describe_jury_failure(JuryRole::Generator, run.result, request.limits,
                                                 first_line_of_file(request.stderr_path, 200));
            continue;
        }
        std::error_code error;
        fs::create_directories(problem.generated_dir, error);
        if (fs::is_regular_file(work / "testcase.ans", error))
            write_file_atomically(item.given_answer, read_file(work / "testcase.ans"));
        fs::path input = fs::is_regular_file(work / "testcase.in", error)
                             ? work / "testcase.in"
                             : fs::path(request.stdout_path);
        write_file_atomically(item.test_case.input, read_file(input));
        return;
    }
    throw JudgeError(rule.where + " (" + escape_control(rule.command_text) + "): " + last_failure);
}

}  // namespace

std::vector<std::string> generator_arguments(const GeneratorsCase& rule, int attempt) {
    std::int64_t seed = (rule.seed + attempt) % (std::int64_t{1} << 31);
    std::vector<std::string> args;
    for (std::size_t w = 1; w < rule.command.size(); ++w) {
        const std::string& word = rule.command[w];
        std::string out;
        for (std::size_t i = 0; i < word.size();) {
            if (word.compare(i, 6, "{name}") == 0) {
                out += "testcase";
                i += 6;
            } else if (std::size_t end =
                           word.compare(i, 5, "{seed") == 0 ? seed_end(word, i) : std::string::npos;
                       end != std::string::npos) {
                out += std::to_string(seed);
                i = end;
            } else {
                out += word[i++];
            }
        }
        args.push_back(out);
    }
    return args;
}

GeneratedData plan_generated_data(const ProblemSettings& problem) {
    Plan plan = make_plan(problem);
    GeneratedData data;
    data.tree = plan.tree;
    for (PlannedCase& item : plan.cases) data.cases.push_back(std::move(item.test_case));
    return data;
}

void prepare_generated_cases(Compiler& compiler,
                             const ProblemSettings& problem,
                             const std::vector<TestCase>& cases,
                             bool sandbox) {
    Plan plan = make_plan(problem);
    std::set<fs::path> wanted;
    for (const TestCase& test_case : cases) wanted.insert(test_case.input);
    std::map<std::string, Program> built;
    std::error_code error;
    TempDir scratch("generators-yaml", fast_temp_base());
    for (const PlannedCase& item : plan.cases) {
        if (!wanted.count(item.test_case.input)) continue;
        const GeneratorsCase& rule = item.rule;
        auto build = [&](const fs::path& source, SourceKind kind) -> const Program& {
            auto found = built.find(source.string());
            if (found != built.end()) return found->second;
            try {
                // Built with the package's `{{constants}}` substituted, as BAPCtools builds
                // its generators (and as judge verify judges the solution, a submission).
                Program program = compile_jury_program(
                    compiler,
                    program_with_constants(source, problem.constants, problem.generated_dir), kind);
                return built.emplace(source.string(), program).first->second;
            } catch (const std::exception& failure) {
                throw JudgeError(rule.where + ": " + first_line(failure.what(), 300));
            }
        };
        if (!rule.program_files.empty() && !fs::is_regular_file(item.test_case.input, error)) {
            fs::path source = rule.program_is_listed ? listed_program_folder(problem, rule)
                                                     : rule.program_files.front();
            run_generator(problem, item, build(source, SourceKind::Generator), scratch.path(),
                          sandbox);
        }
        if (!item.answer_to_make || fs::is_regular_file(*item.test_case.answer, error)) continue;
        fs::create_directories(problem.generated_dir, error);
        std::string answer;
        if (fs::is_regular_file(item.given_answer, error)) {
            answer = read_file(item.given_answer);
        } else if (problem.interactive) {
            answer = "";
        } else if (item.solution.empty()) {
            throw JudgeError(rule.where +
                             ": its generator wrote no testcase.ans and "
                             "'solution' is empty: nothing makes its answer");
        } else {
            const Program& solution = build(item.solution, SourceKind::Solution);
            answer = run_jury_for_output(
                JuryRole::Reference, solution, {}, item.test_case.input, jury_basis(problem),
                scratch.path(), rule.where + " (solution " + item.solution.string() + ")", sandbox);
        }
        write_file_atomically(*item.test_case.answer, answer);
    }
}

}  // namespace judge

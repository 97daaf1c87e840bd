#include "problems/polygon_package.hpp"

#include <sys/stat.h>
#include <zip.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include <pugixml.hpp>

#include "checking/judging.hpp"
#include "checking/jury_program.hpp"
#include "running/box_files.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

bool is_polygon_package(const fs::path& path) {
    std::error_code error;
    if (fs::is_regular_file(path, error)) return path.extension() == ".zip";
    return fs::is_regular_file(path / "problem.xml", error) &&
           !fs::exists(path / "problem.yaml", error);
}

const PolygonTestset* PolygonPackage::testset(const std::string& wanted) const {
    for (const PolygonTestset& set : testsets)
        if (set.name == wanted) return &set;
    return nullptr;
}

const PolygonGroup* PolygonTestset::group(const std::string& wanted) const {
    for (const PolygonGroup& candidate : groups)
        if (candidate.name == wanted) return &candidate;
    return nullptr;
}

const PolygonSource* PolygonPackage::executable(const std::string& wanted) const {
    for (const PolygonSource& source : executables)
        if (fs::path(source.path).stem() == wanted) return &source;
    return nullptr;
}

const PolygonSolution* PolygonPackage::main_solution() const {
    for (const PolygonSolution& solution : solutions)
        if (solution.tag == "main") return &solution;
    return nullptr;
}

std::string format_test_path(const std::string& pattern, int index) {
    std::string out;
    int conversions = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '%') {
            out += pattern[i];
            continue;
        }
        if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
            out += '%';
            ++i;
            continue;
        }
        std::size_t at = i + 1;
        bool zero = at < pattern.size() && pattern[at] == '0';
        if (zero) ++at;
        int width = 0;
        while (at < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[at])) &&
               width < 100)
            width = width * 10 + (pattern[at++] - '0');
        if (at >= pattern.size() || (pattern[at] != 'd' && pattern[at] != 'i') || width >= 100)
            throw JudgeError("test path pattern '" + escape_control(pattern) +
                             "': only one integer conversion (%d, %02d...) is understood");
        std::string number = std::to_string(index);
        if (static_cast<int>(number.size()) < width)
            number.insert(0, static_cast<std::size_t>(width) - number.size(), zero ? '0' : ' ');
        out += number;
        ++conversions;
        i = at;
    }
    if (conversions != 1)
        throw JudgeError("test path pattern '" + escape_control(pattern) +
                         "' must have exactly one integer conversion (%d, %02d...)");
    return out;
}

std::optional<std::string> expectation_of_tag(const std::string& tag) {
    static const std::map<std::string, std::string> kFolders = {
        {"main", "accepted"},
        {"accepted", "accepted"},
        {"wrong-answer", "wrong_answer"},
        {"presentation-error", "presentation_error"},
        {"time-limit-exceeded", "time_limit_exceeded"},
        {"memory-limit-exceeded", "memory_limit_exceeded"},
        {"time-limit-exceeded-or-accepted", "time_limit_exceeded,accepted"},
        {"time-limit-exceeded-or-memory-limit-exceeded",
         "time_limit_exceeded,memory_limit_exceeded"},
        {"rejected", "rejected"},
        {"failed", "failed"},
    };
    auto found = kFolders.find(tag);
    if (found == kFolders.end()) return std::nullopt;
    return found->second;
}

std::string unbuilt_source_type(const std::string& type) {
    // The language itself is the file's (its extension, as everywhere in the judge); a type
    // names a dialect or a compiler the judge may not honour: Python 2, Delphi (pas.dpr),
    // .NET's C# (csharp.ms), Scala, D, OCaml... are named and skipped. A family built here is
    // skipped by verify all the same where its compiler is not installed.
    static const char* const kBuilt[] = {
        "cpp.", "c.",   "java",    "python.3", "python.pypy3", "pas.fpc", "kotlin", "csharp.mono",
        "go",   "rust", "haskell", "js.",      "ruby",         "perl",    "php"};
    for (const char* prefix : kBuilt)
        if (type.rfind(prefix, 0) == 0) return "";
    return "source type '" + type + "' is not built by this judge";
}

namespace {

// Reads problem.xml with the line of every node at hand for messages.
class XmlReader {
 public:
    explicit XmlReader(const fs::path& file) : file_(file) {
        text_ = read_file(file, 64 << 20);
        pugi::xml_parse_result parsed = document_.load_buffer(text_.data(), text_.size());
        if (!parsed)
            throw JudgeError(file_.string() + ":" +
                             std::to_string(line_at_offset(text_, parsed.offset)) + ": " +
                             parsed.description());
    }
    pugi::xml_node root() const { return document_.child("problem"); }
    int line(const pugi::xml_node& node) const {
        return line_at_offset(text_, node.offset_debug());
    }
    [[noreturn]] void fail(const pugi::xml_node& node, const std::string& why) const {
        throw JudgeError(file_.string() + ":" + std::to_string(line(node)) + ": " + why);
    }
    // A path inside the package: relative, without "..".
    std::string package_path(const pugi::xml_node& node, const char* attribute) const {
        std::string path = node.attribute(attribute).as_string();
        if (path.empty()) fail(node, std::string("<") + node.name() + "> has no " + attribute);
        fs::path as_path(path);
        if (as_path.is_absolute() || std::any_of(as_path.begin(), as_path.end(),
                                                 [](const fs::path& part) { return part == ".."; }))
            fail(node, "path '" + escape_control(path) + "' leaves the package");
        return path;
    }
    PolygonSource source(const pugi::xml_node& parent) const {
        pugi::xml_node node = parent.child("source");
        if (!node) fail(parent, std::string("<") + parent.name() + "> has no <source>");
        return {package_path(node, "path"), node.attribute("type").as_string(), line(node)};
    }
    std::int64_t positive(const pugi::xml_node& node, const char* what) const {
        std::string text = node.text().as_string();
        char* end = nullptr;
        double value = std::strtod(text.c_str(), &end);
        while (end && std::isspace(static_cast<unsigned char>(*end))) ++end;
        if (text.empty() || !end || *end || !std::isfinite(value) || value <= 0)
            fail(node, std::string(what) + " must be a positive number, got '" +
                           escape_control(text) + "'");
        return static_cast<std::int64_t>(std::ceil(value));
    }

 private:
    fs::path file_;
    std::string text_;
    pugi::xml_document document_;
};

// "a -> b -> a" when the testset's groups depend on each other in a cycle (Polygon judges a
// group after those it depends on: a cycle could never be judged); "" when they do not.
std::string dependency_cycle(const PolygonTestset& set) {
    std::map<std::string, int> state;  // 0 unseen, 1 on the path, 2 done
    std::vector<std::string> path;
    std::function<std::string(const PolygonGroup&)> visit = [&](const PolygonGroup& group) {
        state[group.name] = 1;
        path.push_back(group.name);
        for (const std::string& name : group.dependencies) {
            const PolygonGroup* dependency = set.group(name);
            if (!dependency || state[name] == 2) continue;
            if (state[name] == 1) {
                std::string cycle;
                auto from = std::find(path.begin(), path.end(), name);
                for (auto it = from; it != path.end(); ++it) cycle += *it + " -> ";
                return cycle + name;
            }
            if (std::string found = visit(*dependency); !found.empty()) return found;
        }
        path.pop_back();
        state[group.name] = 2;
        return std::string();
    };
    for (const PolygonGroup& group : set.groups)
        if (state[group.name] == 0)
            if (std::string found = visit(group); !found.empty()) return found;
    return "";
}

PolygonTestset read_testset(const XmlReader& xml, const pugi::xml_node& node) {
    PolygonTestset set;
    set.name = node.attribute("name").as_string();
    set.line = xml.line(node);
    if (set.name.empty()) xml.fail(node, "<testset> has no name");
    pugi::xml_node time = node.child("time-limit"), memory = node.child("memory-limit");
    if (!time) xml.fail(node, "testset '" + set.name + "' has no <time-limit>");
    if (!memory) xml.fail(node, "testset '" + set.name + "' has no <memory-limit>");
    set.time_limit_ms = xml.positive(time, "time-limit (ms)");
    set.memory_limit_bytes = xml.positive(memory, "memory-limit (bytes)");
    set.input_pattern = node.child("input-path-pattern").text().as_string();
    set.answer_pattern = node.child("answer-path-pattern").text().as_string();
    for (const char* child : {"input-path-pattern", "answer-path-pattern"}) {
        pugi::xml_node pattern = node.child(child);
        if (!pattern) xml.fail(node, "testset '" + set.name + "' has no <" + child + ">");
        try {
            fs::path path = format_test_path(pattern.text().as_string(), 1);
            if (path.is_absolute() ||
                std::any_of(path.begin(), path.end(), [](const fs::path& p) { return p == ".."; }))
                xml.fail(pattern, std::string(child) + " leaves the package");
        } catch (const JudgeError& error) {
            if (std::string(error.what()).rfind("test path pattern", 0) == 0)
                xml.fail(pattern, error.what());
            throw;
        }
    }
    int index = 0;
    for (pugi::xml_node test : node.child("tests").children("test")) {
        PolygonTest read;
        read.index = ++index;
        read.line = xml.line(test);
        read.method = test.attribute("method").as_string("manual");
        read.cmd = test.attribute("cmd").as_string();
        read.from_file = test.attribute("from-file").as_string();
        if (!read.from_file.empty() && !is_plain_file_name(read.from_file))
            xml.fail(test, "test " + std::to_string(index) + ": from-file '" +
                               escape_control(read.from_file) + "' is not a plain file name");
        read.sample = test.attribute("sample").as_bool(false);
        read.group = test.attribute("group").as_string();
        if (test.attribute("points")) read.points = test.attribute("points").as_double();
        if (read.method != "manual" && read.method != "generated")
            xml.fail(test, "test " + std::to_string(index) + ": unknown method '" +
                               escape_control(read.method) + "'");
        if (read.method == "generated" && read.cmd.empty())
            xml.fail(test, "test " + std::to_string(index) + " is generated but has no cmd");
        set.tests.push_back(std::move(read));
    }
    for (pugi::xml_node node_of_group : node.child("groups").children("group")) {
        PolygonGroup group;
        group.name = node_of_group.attribute("name").as_string();
        group.line = xml.line(node_of_group);
        if (group.name.empty()) xml.fail(node_of_group, "<group> has no name");
        if (set.group(group.name))
            xml.fail(node_of_group, "group '" + escape_control(group.name) + "' appears twice");
        group.points_policy = node_of_group.attribute("points-policy").as_string("each-test");
        if (group.points_policy != "each-test" && group.points_policy != "complete-group")
            xml.fail(node_of_group, "group '" + escape_control(group.name) +
                                        "': unknown points-policy '" +
                                        escape_control(group.points_policy) + "'");
        if (node_of_group.attribute("points"))
            group.points = node_of_group.attribute("points").as_double();
        group.feedback_policy = node_of_group.attribute("feedback-policy").as_string();
        for (pugi::xml_node dependency : node_of_group.child("dependencies").children("dependency"))
            group.dependencies.push_back(dependency.attribute("group").as_string());
        set.groups.push_back(std::move(group));
    }
    for (const PolygonGroup& group : set.groups)
        for (const std::string& dependency : group.dependencies)
            if (!set.group(dependency))
                xml.fail(node, "group '" + escape_control(group.name) + "' depends on group '" +
                                   escape_control(dependency) + "', which testset '" + set.name +
                                   "' does not have");
    if (std::string cycle = dependency_cycle(set); !cycle.empty())
        xml.fail(node, "testset '" + set.name + "': groups depend on each other in a cycle (" +
                           escape_control(cycle) + ")");
    // Old revisions may list no <test>: then every one of <test-count> is a file of the package.
    if (set.tests.empty()) {
        std::int64_t count = node.child("test-count").text().as_llong(0);
        for (std::int64_t i = 1; i <= std::min<std::int64_t>(count, 100000); ++i)
            set.tests.push_back(
                {static_cast<int>(i), "manual", "", "", false, "", std::nullopt, set.line});
    }
    return set;
}

// The own tests of a validator or of the checker (its <testset>, absent in some revisions).
// Verdicts are kept as written: judge selftest names one it does not know.
PolygonJuryTestset read_jury_testset(const XmlReader& xml, const pugi::xml_node& owner) {
    PolygonJuryTestset set;
    pugi::xml_node node = owner.child("testset");
    if (!node) return set;
    set.line = xml.line(node);
    int index = 0;
    for (pugi::xml_node test : node.child("tests").children("test"))
        set.tests.push_back({++index, test.attribute("verdict").as_string(), xml.line(test)});
    std::int64_t count = node.child("test-count").text().as_llong(0);
    if (count > index)
        set.unlisted_count = static_cast<int>(std::min<std::int64_t>(count - index, 100000));
    if (set.tests.empty()) return set;
    const std::pair<const char*, std::string PolygonJuryTestset::*> patterns[] = {
        {"input-path-pattern", &PolygonJuryTestset::input_pattern},
        {"output-path-pattern", &PolygonJuryTestset::output_pattern},
        {"answer-path-pattern", &PolygonJuryTestset::answer_pattern}};
    // A validator's test is an input; a checker's has the output to check and the answer too.
    const std::size_t wanted = std::string(owner.name()) == "checker" ? 3 : 1;
    for (std::size_t i = 0; i < wanted; ++i) {
        const auto [child, member] = patterns[i];
        pugi::xml_node pattern = node.child(child);
        if (!pattern)
            xml.fail(node, std::string("the ") + owner.name() + "'s tests have no <" + child + ">");
        std::string text = pattern.text().as_string();
        try {
            fs::path path = format_test_path(text, 1);
            if (path.is_absolute() ||
                std::any_of(path.begin(), path.end(), [](const fs::path& p) { return p == ".."; }))
                xml.fail(pattern, std::string(child) + " leaves the package");
        } catch (const JudgeError& error) {
            if (std::string(error.what()).rfind("test path pattern", 0) == 0)
                xml.fail(pattern, error.what());
            throw;
        }
        set.*member = text;
    }
    return set;
}

}  // namespace

PolygonPackage read_polygon_package(const fs::path& root) {
    PolygonPackage package;
    package.root = root;
    package.xml_file = root / "problem.xml";
    XmlReader xml(package.xml_file);
    pugi::xml_node problem = xml.root();
    if (!problem) throw JudgeError(package.xml_file.string() + ":1: no <problem> element");
    package.short_name = problem.attribute("short-name").as_string();
    for (pugi::xml_node name : problem.child("names").children("name")) {
        std::string value = name.attribute("value").as_string();
        if (package.name.empty() ||
            std::string(name.attribute("language").as_string()) == "english")
            package.name = value;
    }
    if (package.short_name.empty()) package.short_name = root.filename().string();
    if (package.name.empty()) package.name = package.short_name;

    pugi::xml_node judging = problem.child("judging");
    if (!judging) xml.fail(problem, "no <judging> element");
    package.input_file = judging.attribute("input-file").as_string();
    package.output_file = judging.attribute("output-file").as_string();
    package.checker_points_as_percent =
        judging.attribute("treat-points-from-checker-as-percent").as_bool(false);
    for (pugi::xml_node testset : judging.children("testset"))
        package.testsets.push_back(read_testset(xml, testset));
    if (package.testsets.empty()) xml.fail(judging, "<judging> has no <testset>");

    package.windows = static_cast<bool>(problem.select_node("//binary[@type='exe.win32']"));
    for (pugi::xml_node executable :
         problem.child("files").child("executables").children("executable"))
        package.executables.push_back(xml.source(executable));
    pugi::xml_node assets = problem.child("assets");
    if (pugi::xml_node checker = assets.child("checker")) {
        package.checker = xml.source(checker);
        package.checker_type = checker.attribute("type").as_string("testlib");
        package.checker_tests = read_jury_testset(xml, checker);
    }
    if (pugi::xml_node interactor = assets.child("interactor"))
        package.interactor = xml.source(interactor);
    for (pugi::xml_node validator : assets.child("validators").children("validator")) {
        package.validators.push_back(xml.source(validator));
        package.validator_tests.push_back(read_jury_testset(xml, validator));
    }
    for (pugi::xml_node validator : assets.children("validator")) {  // older revisions
        package.validators.push_back(xml.source(validator));
        package.validator_tests.push_back(read_jury_testset(xml, validator));
    }
    for (pugi::xml_node solution : assets.child("solutions").children("solution")) {
        std::string tag = solution.attribute("tag").as_string();
        if (tag.empty()) xml.fail(solution, "<solution> has no tag");
        package.solutions.push_back({tag, xml.source(solution)});
    }
    return package;
}

namespace {

// A stable name for what a cached file is made from (not a secret: a mix-up needs the same
// bytes). Two FNV-1a passes with different starts: 128 bits.
class CacheKey {
 public:
    CacheKey& add(std::string_view field) {
        std::string length = std::to_string(field.size()) + ":";
        mix(length);
        mix(field);
        return *this;
    }
    std::string hex() const {
        char text[33];
        std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(a_),
                      static_cast<unsigned long long>(b_));
        return text;
    }

 private:
    void mix(std::string_view bytes) {
        for (unsigned char c : bytes) {
            a_ = (a_ ^ c) * 0x100000001b3ULL;
            b_ = (b_ ^ c) * 0x100000001b3ULL;
            b_ ^= b_ >> 29;
        }
    }
    std::uint64_t a_ = 0xcbf29ce484222325ULL;
    std::uint64_t b_ = 0x84222325cbf29ce4ULL;
};

}  // namespace

fs::path unpack_polygon_zip(const fs::path& zip, const fs::path& cache_dir) {
    constexpr std::uint64_t kMaxUnpackedBytes = 4ULL << 30;
    constexpr zip_int64_t kMaxEntries = 100000;
    std::string bytes = read_file(zip, std::size_t{1} << 31);
    fs::path target = cache_dir / "polygon" / ("zip-" + CacheKey().add(bytes).hex());
    std::error_code error;
    if (fs::is_regular_file(target / ".unpacked", error)) return target;

    int zip_error = 0;
    zip_t* archive = zip_open(zip.c_str(), ZIP_RDONLY, &zip_error);
    if (!archive)
        throw JudgeError(zip.string() + ": not a zip archive (libzip error " +
                         std::to_string(zip_error) + ")");
    struct Closer {
        zip_t* archive;
        ~Closer() { zip_discard(archive); }
    } closer{archive};
    zip_int64_t entries = zip_get_num_entries(archive, 0);
    if (entries > kMaxEntries)
        throw JudgeError(zip.string() + ": more than " + std::to_string(kMaxEntries) + " entries");
    fs::create_directories(target.parent_path(), error);
    TempDir building("polygon-unzip", target.parent_path());
    std::uint64_t total = 0;
    for (zip_int64_t i = 0; i < entries; ++i) {
        zip_stat_t stat;
        if (zip_stat_index(archive, static_cast<zip_uint64_t>(i), 0, &stat) != 0 || !stat.name)
            throw JudgeError(zip.string() + ": cannot read entry " + std::to_string(i));
        std::string name = stat.name;
        fs::path path(name);
        bool escapes = name.empty() || path.is_absolute() || name.find('\\') != std::string::npos ||
                       std::any_of(path.begin(), path.end(),
                                   [](const fs::path& part) { return part == ".."; });
        if (escapes)
            throw JudgeError(zip.string() + ": entry '" + escape_control(name) +
                             "' would be written outside the package: refused");
        if (name.back() == '/') {
            fs::create_directories(building.path() / path, error);
            continue;
        }
        total += stat.size;
        if (total > kMaxUnpackedBytes)
            throw JudgeError(zip.string() + ": over 4 GiB unpacked: refused");
        zip_file_t* file = zip_fopen_index(archive, static_cast<zip_uint64_t>(i), 0);
        if (!file) throw JudgeError(zip.string() + ": cannot read " + escape_control(name));
        std::string content(static_cast<std::size_t>(stat.size), '\0');
        zip_int64_t got = content.empty() ? 0 : zip_fread(file, content.data(), stat.size);
        zip_fclose(file);
        if (got != static_cast<zip_int64_t>(stat.size))
            throw JudgeError(zip.string() + ": cannot read " + escape_control(name));
        fs::create_directories((building.path() / path).parent_path(), error);
        write_file_atomically(building.path() / path, content);
        // A program the archive marks executable (a Kattis package's build and run scripts, as
        // judge export writes them) stays so; nothing else is made executable.
        zip_uint8_t system = 0;
        zip_uint32_t attributes = 0;
        if (zip_file_get_external_attributes(archive, static_cast<zip_uint64_t>(i), 0, &system,
                                             &attributes) == 0 &&
            system == ZIP_OPSYS_UNIX && (attributes >> 16) & S_IXUSR)
            fs::permissions(building.path() / path,
                            fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                            fs::perm_options::add, error);
    }
    write_file_atomically(building.path() / ".unpacked", zip.string() + "\n");
    // Another judge may have unpacked the same zip meanwhile: then its copy stands.
    fs::rename(building.path(), target, error);
    if (error && !fs::is_regular_file(target / ".unpacked"))
        throw JudgeError("cannot unpack " + zip.string() + " into " + target.string() + ": " +
                         error.message());
    fs::create_directories(building.path(), error);  // TempDir removes what it names
    // TempDir's folder is the judge's alone (0700); the package's boxed programs read its files.
    fs::permissions(target,
                    fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                        fs::perms::others_read | fs::perms::others_exec,
                    error);
    return target;
}

ProblemSettings load_polygon_problem(const fs::path& root,
                                     const std::string& testset,
                                     const fs::path& generated_dir) {
    PolygonPackage package = read_polygon_package(root);
    const std::string where = package.xml_file.string();
    for (const std::string* name : {&package.input_file, &package.output_file})
        if (!name->empty() && !is_plain_file_name(*name))
            throw JudgeError(where + ": <judging> file name '" + escape_control(*name) +
                             "' is not a plain file name (the file is in the program's folder)");
    if (package.interactor && (!package.input_file.empty() || !package.output_file.empty()))
        throw JudgeError(where +
                         ": an interactor with file input or output: not supported (the "
                         "solution talks with the interactor on stdin and stdout)");
    if (!package.checker) throw JudgeError(where + ": no <checker> in <assets>");
    if (package.checker_type != "testlib")
        throw JudgeError(where + ":" + std::to_string(package.checker->line) + ": checker type '" +
                         package.checker_type + "': only testlib checkers are supported");

    const PolygonTestset* set = package.testset(testset.empty() ? "tests" : testset);
    if (!set && testset.empty()) set = &package.testsets.front();
    if (!set) {
        std::string names;
        for (const PolygonTestset& each : package.testsets)
            names += (names.empty() ? "" : ", ") + each.name;
        throw JudgeError(where + ": no testset '" + testset + "' (testsets: " + names + ")");
    }

    ProblemSettings problem;
    problem.format = ProblemFormat::Polygon;
    problem.id = package.short_name;
    problem.name = package.name;
    problem.root = root;
    problem.dir = root;
    problem.settings_file = package.xml_file;
    problem.testset = set->name;
    problem.generated_dir = generated_dir;
    problem.limits.memory_kib = std::max<std::int64_t>(1, set->memory_limit_bytes / 1024);
    problem.limits = with_time_limit(problem.limits, set->time_limit_ms);
    problem.time_limit_source = "problem.xml testset " + set->name;
    if (package.testsets.size() > 1) {
        std::string others;
        for (const PolygonTestset& each : package.testsets)
            if (&each != set) others += (others.empty() ? "" : ", ") + each.name;
        problem.time_limit_source += " (other testsets: " + others + "; --testset NAME)";
    }
    problem.time_limit_given = true;
    problem.output_check = OutputCheck::TestlibChecker;
    problem.checker = package.checker->path;
    problem.checker_needs_ans = true;
    problem.input_file = package.input_file;
    problem.output_file = package.output_file;
    std::error_code error;
    if (package.interactor) {
        // Polygon's protocol: `interactor <input> <tout>` talks with the solution, then the
        // checker judges tout against the answer (checking/judging.cpp, interact_once).
        if (!fs::is_regular_file(root / package.interactor->path, error))
            throw JudgeError(where + ":" + std::to_string(package.interactor->line) +
                             ": interactor " + (root / package.interactor->path).string() +
                             " not found");
        if (std::string why = unbuilt_source_type(package.interactor->type); !why.empty())
            throw JudgeError(where + ":" + std::to_string(package.interactor->line) +
                             ": interactor: " + why);
        problem.interactive = true;
        problem.interactor = package.interactor->path;
    }
    if (!fs::is_regular_file(root / package.checker->path, error))
        throw JudgeError(where + ":" + std::to_string(package.checker->line) + ": checker " +
                         (root / package.checker->path).string() + " not found");
    for (const PolygonSource& validator : package.validators) {
        if (!fs::is_regular_file(root / validator.path, error))
            throw JudgeError(where + ":" + std::to_string(validator.line) + ": validator " +
                             (root / validator.path).string() + " not found");
        if (std::string why = unbuilt_source_type(validator.type); !why.empty())
            problem.skipped_validators.push_back(validator.path + ": " + why);
        else
            problem.input_validators.push_back(root / validator.path);
    }
    return problem;
}

namespace {

// One case of the testset and how to make what the package does not ship.
struct PlannedCase {
    TestCase test_case;
    const PolygonTest* test = nullptr;
    std::optional<PolygonSource> generator;  // set when the input is to be generated
    std::vector<std::string> generator_args;
    std::string from_file;  // PolygonTest::from_file: the generator's file that is the input
    bool answer_from_main = false;
    // A Windows package's text file with CRLF line ends: judged as its copy with LF ends.
    std::optional<fs::path> input_with_crlf, answer_with_crlf;
};

// A Windows package (binaries of type exe.win32) ships its tests with CRLF line ends, as Polygon
// writes them for Windows; its Linux package has LF ends, which testlib's strict readers (a
// validator's readEoln) expect here. A shipped file with CRLF: the cached copy with LF, else
// the file itself.
fs::path with_lf_ends(const PolygonPackage& package,
                      const ProblemSettings& problem,
                      const fs::path& file,
                      const std::string& content,
                      const char* extension,
                      std::optional<fs::path>& converted_from) {
    if (!package.windows || content.find("\r\n") == std::string::npos) return file;
    converted_from = file;
    return problem.generated_dir / (CacheKey().add("lf").add(content).hex() + extension);
}

std::vector<std::string> words_of(const std::string& text) {
    std::istringstream stream(text);
    std::vector<std::string> words;
    for (std::string word; stream >> word;) words.push_back(word);
    return words;
}

// A file the package ships: a regular file (or a link to one) inside its folder.
bool shipped(const fs::path& root, const fs::path& file) {
    std::error_code error;
    if (!fs::is_regular_file(file, error)) return false;
    fs::path inside = fs::canonical(root, error), real = fs::canonical(file, error);
    if (error) return false;
    auto [end, _] = std::mismatch(inside.begin(), inside.end(), real.begin(), real.end());
    if (end != inside.end())
        throw JudgeError(file.string() + " leaves the package's folder (a link): refused");
    return true;
}

std::vector<PlannedCase> plan_cases(const ProblemSettings& problem, PolygonPackage& package) {
    package = read_polygon_package(problem.root);
    const std::string where = package.xml_file.string();
    const PolygonTestset* set = package.testset(problem.testset);
    if (!set) throw JudgeError(where + ": no testset '" + problem.testset + "'");
    const PolygonSolution* main = package.main_solution();
    std::string main_bytes;
    std::error_code error;
    std::vector<PlannedCase> planned;
    for (const PolygonTest& test : set->tests) {
        PlannedCase item;
        item.test = &test;
        item.test_case.group = set->name;
        item.test_case.name = std::to_string(test.index);
        const std::string at = where + ":" + std::to_string(test.line) + ": test " +
                               std::to_string(test.index) + " of testset '" + set->name + "'";
        fs::path input = problem.root / format_test_path(set->input_pattern, test.index);
        CacheKey input_key;
        if (shipped(problem.root, input)) {
            std::string content = read_file(input);
            item.test_case.input =
                with_lf_ends(package, problem, input, content, ".in", item.input_with_crlf);
            input_key.add("file").add(content);
        } else if (test.method == "manual") {
            throw JudgeError(input.string() + " not found (" + at + " is manual; the pattern '" +
                             set->input_pattern + "' names no file)");
        } else {
            std::vector<std::string> words = words_of(test.cmd);
            std::string name = words.empty() ? "" : words.front();
            if (name.size() > 4 && name.compare(name.size() - 4, 4, ".exe") == 0)
                name.resize(name.size() - 4);
            const PolygonSource* generator = package.executable(name);
            if (!generator)
                throw JudgeError(at + ": cmd '" + escape_control(test.cmd) + "' names '" +
                                 escape_control(name) +
                                 "', which is no executable of <executables>");
            fs::path source = problem.root / generator->path;
            if (!fs::is_regular_file(source, error))
                throw JudgeError(source.string() + " not found (the source of '" + name +
                                 "', used by " + at + ")");
            item.generator = *generator;
            item.generator_args.assign(words.begin() + 1, words.end());
            input_key.add("generated").add(generator->type).add(read_file(source));
            for (const std::string& word : item.generator_args) input_key.add(word);
            if (!test.from_file.empty()) input_key.add("from-file").add(test.from_file);
            item.from_file = test.from_file;
            item.test_case.input = problem.generated_dir / (input_key.hex() + ".in");
        }
        fs::path answer = problem.root / format_test_path(set->answer_pattern, test.index);
        if (shipped(problem.root, answer)) {
            item.test_case.answer = with_lf_ends(package, problem, answer, read_file(answer),
                                                 ".ans", item.answer_with_crlf);
        } else {
            if (!main)
                throw JudgeError(answer.string() +
                                 " not found, and no solution is tagged main "
                                 "to make it (" +
                                 at + ")");
            fs::path main_source = problem.root / main->source.path;
            if (main_bytes.empty()) {
                if (!fs::is_regular_file(main_source, error))
                    throw JudgeError(main_source.string() + " not found (the main solution)");
                main_bytes = read_file(main_source);
            }
            CacheKey answer_key;
            answer_key.add(input_key.hex()).add(main->source.type).add(main_bytes);
            // An interactive problem's answer is the interactor's output (tout); file I/O
            // changes where the output is.
            if (package.interactor)
                answer_key.add("interactor")
                    .add(read_file(problem.root / package.interactor->path));
            if (!package.input_file.empty() || !package.output_file.empty())
                answer_key.add("files").add(package.input_file).add(package.output_file);
            item.test_case.answer = problem.generated_dir / (answer_key.hex() + ".ans");
            item.answer_from_main = true;
        }
        planned.push_back(std::move(item));
    }
    return planned;
}

// Compile flags of the package's jury programs: its own files/ (testlib.h) on the include path.
std::vector<std::string> package_flags(const ProblemSettings& problem) {
    return {"-I", (problem.root / "files").string()};
}

}  // namespace

std::vector<TestCase> discover_polygon_cases(const ProblemSettings& problem) {
    PolygonPackage package;
    std::vector<TestCase> cases;
    for (PlannedCase& item : plan_cases(problem, package))
        cases.push_back(std::move(item.test_case));
    return cases;
}

std::optional<ScoringPlan> polygon_scoring_plan(const ProblemSettings& problem) {
    PolygonPackage package = read_polygon_package(problem.root);
    const PolygonTestset* set = package.testset(problem.testset);
    if (!set)
        throw JudgeError(package.xml_file.string() + ": no testset '" + problem.testset + "'");
    ScoringPlan plan;
    plan.checker_points_as_percent = package.checker_points_as_percent;
    for (const PolygonGroup& group : set->groups)
        plan.groups.push_back({group.name, group.points_policy == "complete-group", group.points,
                               group.dependencies});
    for (const PolygonTest& test : set->tests)  // named as plan_cases names them
        plan.tests.push_back(
            {set->name + "/" + std::to_string(test.index), test.group, test.points.value_or(0)});
    if (!has_points(plan)) return std::nullopt;
    return plan;
}

namespace {

// The main solution's output on a case, as doall.sh makes an answer: run as the reference
// (boxed, under the testset's limits); a problem with file input/output or an interactor is run
// as a submission is judged (checking/judging.hpp reference_output), and an interactive
// problem's answer is what the interactor wrote (tout), which the checker reads as the answer.
std::string answer_from_main(Compiler& compiler,
                             const ProblemSettings& problem,
                             const TestCase& test_case,
                             const Program& main,
                             std::optional<Program>& interactor,
                             const fs::path& scratch,
                             const std::string& where,
                             bool sandbox) {
    if (!problem.interactive && problem.input_file.empty() && problem.output_file.empty())
        return run_jury_for_output(JuryRole::Reference, main, {}, test_case.input,
                                   jury_basis(problem), scratch, where, sandbox);
    JudgeOptions options;
    options.solution = main;
    options.sandbox = sandbox;
    if (problem.interactive) {
        if (!interactor)
            interactor =
                compile_jury_program(compiler, *problem.interactor_source(), SourceKind::Checker);
        options.interactor = *interactor;
    }
    return reference_output(problem, test_case, options, scratch / "reference", where);
}

// A generator that writes several tests at once (from-file): run once, in an empty folder of
// its own as its working folder (in the box: a root judge mounts a tmpfs of the generator's
// memory limit there, so its files fill no disk), and every planned test of the same cmd whose
// input is not made yet is the file its from-file names: "3" as testlib's startTest(3) writes
// it, or "03" or "003" (what Polygon's gen-input-via-files.sh also takes). Each file is read as
// a submission's output file is (a regular file, never through a link, at most the generator's
// output limit). Throws JudgeError when the generator fails or `item`'s own file is missing.
void generate_files(const std::vector<PlannedCase>& planned,
                    const PlannedCase& item,
                    const Program& generator,
                    const ProblemSettings& problem,
                    const fs::path& scratch,
                    const std::string& where,
                    bool sandbox) {
    const JuryLimitsBasis basis = jury_basis(problem);
    const Limits limits = jury_limits(JuryRole::Generator, basis, generator.language);
    fs::path folder = scratch / "generated-files";
    JuryBox box;
    box.enabled = sandbox;
    box.writable_dir = folder.string();
    std::string failed =
        stage_box_folder(folder, sandbox && sandbox_support().as_root, "", {}, limits.memory_kib);
    if (!failed.empty())
        throw JudgeError(where + ": cannot prepare the generator's folder: " + failed);
    struct Release {
        fs::path folder;
        ~Release() { release_box_folder(folder); }
    } release{folder};
    RunRequest request =
        jury_request(JuryRole::Generator, generator, item.generator_args, basis, box);
    if (!sandbox) request.working_dir = folder.string();
    request.stdin_path = "/dev/null";
    request.stdout_path = (scratch / "out").string();
    request.stderr_path = (scratch / "err").string();
    JuryRun run = run_jury(JuryRole::Generator, request);
    if (run.runner_error) throw JudgeError(where + ": " + *run.runner_error);
    if (!exited_cleanly(run.result))
        throw JudgeError(where + ": " +
                         describe_jury_failure(JuryRole::Generator, run.result, request.limits,
                                               first_line_of_file(request.stderr_path, 200)));
    std::error_code error;
    fs::create_directories(problem.generated_dir, error);
    fs::path copy = scratch / "generated-file";
    for (const PlannedCase& other : planned) {
        if (other.from_file.empty() || !other.generator ||
            other.generator->path != item.generator->path ||
            other.generator_args != item.generator_args ||
            fs::is_regular_file(other.test_case.input, error))
            continue;
        bool found = false;
        for (const std::string& name :
             {other.from_file, "0" + other.from_file, "00" + other.from_file}) {
            BoxOutput got = collect_box_output(folder, name, limits.output_kib * 1024, copy);
            if (got.status == BoxOutputStatus::Missing) continue;
            if (got.status != BoxOutputStatus::Read)
                throw JudgeError(where + " (" + other.test->cmd + "): test " +
                                 std::to_string(other.test->index) + ": " + got.reason);
            write_file_atomically(other.test_case.input, read_file(copy));
            found = true;
            break;
        }
        if (!found && &other == &item)
            throw JudgeError(where + " (" + item.test->cmd + "): the generator wrote no file '" +
                             item.from_file + "' (nor 0" + item.from_file + ", 00" +
                             item.from_file + ") in its folder, which from-file names");
    }
}

}  // namespace

void prepare_polygon_cases(Compiler& compiler,
                           const ProblemSettings& problem,
                           const std::vector<TestCase>& cases,
                           bool sandbox) {
    PolygonPackage package;
    std::vector<PlannedCase> planned = plan_cases(problem, package);
    std::set<fs::path> wanted;
    for (const TestCase& test_case : cases) wanted.insert(test_case.input);
    std::error_code error;
    std::map<std::string, Program> generators;
    std::optional<Program> main, interactor;
    TempDir scratch("polygon-gen", fast_temp_base());
    for (const PlannedCase& item : planned) {
        if (!wanted.count(item.test_case.input)) continue;
        const std::string where = package.xml_file.string() + ":" +
                                  std::to_string(item.test->line) + ": test " +
                                  std::to_string(item.test->index);
        for (const auto& [from, to] : {std::pair{item.input_with_crlf, item.test_case.input},
                                       std::pair{item.answer_with_crlf, *item.test_case.answer}}) {
            if (!from || fs::is_regular_file(to, error)) continue;
            std::string text = read_file(*from), lf;
            for (std::size_t i = 0; i < text.size(); ++i)
                if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) lf += text[i];
            fs::create_directories(problem.generated_dir, error);
            write_file_atomically(to, lf);
        }
        if (item.generator && !fs::is_regular_file(item.test_case.input, error)) {
            auto built = generators.find(item.generator->path);
            if (built == generators.end())
                built = generators
                            .emplace(
                                item.generator->path,
                                compile_jury_program(compiler, problem.root / item.generator->path,
                                                     SourceKind::Generator, package_flags(problem)))
                            .first;
            if (!item.from_file.empty()) {
                generate_files(planned, item, built->second, problem, scratch.path(), where,
                               sandbox);
            } else {
                std::string input =
                    run_jury_for_output(JuryRole::Generator, built->second, item.generator_args, {},
                                        jury_basis(problem), scratch.path(),
                                        where + " (" + item.test->cmd + ")", sandbox);
                fs::create_directories(problem.generated_dir, error);
                write_file_atomically(item.test_case.input, input);
            }
        }
        if (item.answer_from_main && !fs::is_regular_file(*item.test_case.answer, error)) {
            if (!main) {
                fs::path source = problem.root / package.main_solution()->source.path;
                main = compile_jury_program(compiler, source, SourceKind::Solution);
            }
            std::string answer =
                answer_from_main(compiler, problem, item.test_case, *main, interactor,
                                 scratch.path(), where + " (main solution)", sandbox);
            fs::create_directories(problem.generated_dir, error);
            write_file_atomically(*item.test_case.answer, answer);
        }
    }
}

std::vector<ExpectedSubmission> polygon_submissions(const ProblemSettings& problem) {
    PolygonPackage package = read_polygon_package(problem.root);
    std::vector<ExpectedSubmission> submissions;
    std::error_code error;
    for (const PolygonSolution& solution : package.solutions) {
        fs::path path = problem.root / solution.source.path;
        if (!fs::is_regular_file(path, error))
            throw JudgeError(path.string() + " not found (solution tagged " + solution.tag +
                             " at " + package.xml_file.string() + ":" +
                             std::to_string(solution.source.line) + ")");
        ExpectedSubmission submission;
        submission.path = path;
        submission.folder = solution.tag;
        if (std::optional<std::string> folder = expectation_of_tag(solution.tag))
            submission.folder = *folder;
        else
            submission.expectation_error = "unknown tag '" + solution.tag + "'";
        if (std::string why = unbuilt_source_type(solution.source.type); !why.empty())
            submission.expectation_error = why;
        submissions.push_back(std::move(submission));
    }
    // The main solution first, then the other accepted ones: they come first in verify.
    std::stable_partition(submissions.begin(), submissions.end(),
                          [&](const ExpectedSubmission& s) { return s.folder == "accepted"; });
    return submissions;
}

fs::path polygon_main_solution(const ProblemSettings& problem) {
    PolygonPackage package = read_polygon_package(problem.root);
    const PolygonSolution* main = package.main_solution();
    if (!main)
        throw JudgeError(package.xml_file.string() +
                         ": no solution is tagged main: name one with --solution FILE");
    return problem.root / main->source.path;
}

}  // namespace judge

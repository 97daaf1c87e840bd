#include "compiler.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>
#include <system_error>

// Boost.Process v1 (the only API of Boost 1.81's <boost/process.hpp>; the top-level CMake pins
// Boost 1.81 EXACT). The compiler is an unmeasured helper, so the library's launcher is enough
// here; measured runs go through run_process.
#include <boost/process.hpp>

#include "error.hpp"
#include "files.hpp"

#ifndef JUDGE_CHECKLIB_DIR
#error "JUDGE_CHECKLIB_DIR must name the repository's checkers/ folder (set by judge/CMakeLists)"
#endif

namespace judge {

namespace fs = std::filesystem;
namespace bp = boost::process;

std::string_view kind_name(SourceKind kind) {
    switch (kind) {
        case SourceKind::Solution: return "solution";
        case SourceKind::Checker: return "checker";
        case SourceKind::Validator: return "validator";
        case SourceKind::Generator: return "generator";
    }
    return "solution";
}

fs::path default_cache_dir(const fs::path& root, const std::string& explicit_dir) {
    if (!explicit_dir.empty()) return explicit_dir;
    if (const char* env = std::getenv("JUDGE_CACHE_DIR"); env && *env) return env;
    return root / ".cache" / "judge";
}

namespace {

constexpr std::size_t kMaxMessageBytes = 64 * 1024;

// Two independent 64-bit FNV-1a hashes make a 128-bit key: not cryptographic, but a collision
// between two sources of this project is not a practical concern, and it needs no library.
struct Hasher {
    std::uint64_t a = 0xcbf29ce484222325ULL;
    std::uint64_t b = 0x84222325cbf29ce4ULL;
    void add(std::string_view bytes) {
        for (unsigned char c : bytes) {
            a = (a ^ c) * 0x100000001b3ULL;
            b = (b ^ c) * 0x100000001b3ULL;
            b ^= b >> 29;
        }
        // A separator so that ("ab", "c") and ("a", "bc") differ.
        a = (a ^ 0xff) * 0x100000001b3ULL;
        b = (b ^ 0xfe) * 0x100000001b3ULL;
    }
    std::string hex() const {
        char buffer[33];
        std::snprintf(buffer, sizeof buffer, "%016llx%016llx", static_cast<unsigned long long>(a),
                      static_cast<unsigned long long>(b));
        return buffer;
    }
};

// The files a source pulls in with `#include "..."`, transitively, in the order the compiler
// would look for them (the including file's folder, then `include_dirs`). They go into the cache
// key: a generator that includes a solution, or a checker's model header, must be rebuilt when
// that file changes. `<...>` includes are system headers, covered by the compiler version.
// A quoted include that is found nowhere is skipped: the compiler will report it.
std::vector<fs::path> quoted_includes(const fs::path& source,
                                      const std::vector<fs::path>& include_dirs) {
    std::vector<fs::path> found;
    std::vector<fs::path> pending = {source};
    std::set<fs::path> seen = {fs::weakly_canonical(source)};
    while (!pending.empty()) {
        fs::path file = pending.back();
        pending.pop_back();
        std::istringstream text(read_file(file));
        for (std::string line; std::getline(text, line);) {
            std::size_t at = line.find_first_not_of(" \t");
            if (at == std::string::npos || line[at] != '#') continue;
            at = line.find_first_not_of(" \t", at + 1);
            if (at == std::string::npos || line.compare(at, 7, "include") != 0) continue;
            std::size_t open = line.find('"', at + 7);
            std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
            if (close == std::string::npos) continue;
            std::string name = line.substr(open + 1, close - open - 1);
            std::vector<fs::path> candidates = {file.parent_path() / name};
            for (const fs::path& dir : include_dirs) candidates.push_back(dir / name);
            std::error_code error;
            for (const fs::path& candidate : candidates) {
                if (!fs::is_regular_file(candidate, error)) continue;
                if (seen.insert(fs::weakly_canonical(candidate)).second) {
                    found.push_back(candidate);
                    pending.push_back(candidate);
                }
                break;
            }
        }
    }
    return found;
}

struct CommandOutput {
    int exit_code = -1;
    std::string output;
};

// Runs `program args...` with stdin from /dev/null and stdout + stderr merged into one pipe.
CommandOutput run_command(const std::string& program, const std::vector<std::string>& args) {
    fs::path executable = program;
    if (program.find('/') == std::string::npos) {
        boost::filesystem::path found = bp::search_path(program);
        if (found.empty()) throw JudgeError("compiler '" + program + "' not found on PATH");
        executable = found.string();
    }
    CommandOutput result;
    try {
        bp::ipstream pipe;
        bp::child child(executable.string(), bp::args(args), (bp::std_out & bp::std_err) > pipe,
                        bp::std_in < bp::null);
        std::string line;
        while (std::getline(pipe, line)) {
            if (result.output.size() < kMaxMessageBytes) result.output += line + "\n";
        }
        child.wait();
        result.exit_code = child.exit_code();
    } catch (const bp::process_error& error) {
        throw JudgeError("cannot run " + executable.string() + ": " + error.what());
    }
    if (result.output.size() > kMaxMessageBytes) result.output.resize(kMaxMessageBytes);
    return result;
}

}  // namespace

Compiler::Compiler(fs::path project_root, fs::path cache_dir, std::string compiler)
    : root_(std::move(project_root)),
      cache_dir_(std::move(cache_dir)),
      compiler_(std::move(compiler)) {}

std::string Compiler::compiler_version() {
    std::lock_guard lock(mutex_);
    if (version_.empty()) {
        CommandOutput output = run_command(compiler_, {"--version"});
        if (output.exit_code != 0)
            throw JudgeError("'" + compiler_ + " --version' failed: " + first_line(output.output));
        version_ = first_line(output.output, 400);
    }
    return version_;
}

std::vector<std::string> Compiler::flags_for(SourceKind kind,
                                             const std::vector<std::string>& extra_flags) const {
    std::vector<std::string> flags = {"-O2", "-std=gnu++17"};
    if (kind != SourceKind::Solution) {
        // The root's own checklib first (a test root may carry its own), then the repository's.
        flags.insert(flags.end(), {"-I", (root_ / "checkers").string(), "-I", JUDGE_CHECKLIB_DIR});
    }
    flags.insert(flags.end(), extra_flags.begin(), extra_flags.end());
    return flags;
}

CompileResult Compiler::compile(const fs::path& source,
                                SourceKind kind,
                                const std::vector<std::string>& extra_flags) {
    std::error_code error;
    if (!fs::is_regular_file(source, error))
        throw JudgeError("cannot compile " + source.string() + ": no such file");
    std::string source_text = read_file(source);
    std::vector<std::string> flags = flags_for(kind, extra_flags);

    Hasher hasher;
    hasher.add(kind_name(kind));
    hasher.add(source_text);
    for (const auto& flag : flags) hasher.add(flag);
    hasher.add(compiler_version());
    std::vector<fs::path> include_dirs;
    if (kind != SourceKind::Solution) include_dirs = {root_ / "checkers", JUDGE_CHECKLIB_DIR};
    for (const fs::path& header : quoted_includes(source, include_dirs)) {
        hasher.add(header.string());
        hasher.add(read_file(header));
    }
    std::string key =
        source.stem().string() + "-" + std::string(kind_name(kind)) + "-" + hasher.hex();
    fs::path binary = cache_dir_ / key;

    std::shared_ptr<std::mutex> key_mutex;
    {
        std::lock_guard lock(mutex_);
        auto& slot = in_flight_[key];
        if (!slot) slot = std::make_shared<std::mutex>();
        key_mutex = slot;
    }
    std::lock_guard key_lock(*key_mutex);

    CompileResult result;
    if (fs::is_regular_file(binary, error)) {
        result.ok = true;
        result.binary = binary;
        result.from_cache = true;
        return result;
    }
    fs::create_directories(cache_dir_, error);
    if (!fs::is_directory(cache_dir_, error))
        throw JudgeError("cannot create the cache folder " + cache_dir_.string());

    // Compile to a private name, then rename: another judge process sharing the cache never sees
    // a half-written binary.
    static std::atomic<unsigned> counter{0};
    fs::path temp =
        cache_dir_ / (key + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++));
    std::vector<std::string> args = flags;
    args.insert(args.end(), {fs::absolute(source).string(), "-o", temp.string()});
    auto start = std::chrono::steady_clock::now();
    CommandOutput output = run_command(compiler_, args);
    result.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - start)
                         .count();
    result.message = std::move(output.output);
    if (output.exit_code != 0 || !fs::is_regular_file(temp, error)) {
        fs::remove(temp, error);
        if (result.message.empty())
            result.message = "compiler exited with code " + std::to_string(output.exit_code);
        return result;
    }
    fs::rename(temp, binary, error);
    if (error) {
        fs::remove(temp, error);
        throw JudgeError("cannot write " + binary.string() + ": " + error.message());
    }
    result.ok = true;
    result.binary = binary;
    return result;
}

}  // namespace judge

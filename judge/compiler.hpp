// Compiles the project's programs with the contest flags, caching binaries by content hash.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace judge {

/// What a source is; decides the include path (checklib for everything but solutions).
enum class SourceKind { Solution, Checker, Validator, Generator };

/// "solution", "checker", "validator", "generator".
std::string_view kind_name(SourceKind kind);

/// The outcome of one compile. A compile error is a result, not an exception.
struct CompileResult {
    bool ok = false;
    std::filesystem::path binary;  ///< the cached executable; valid when ok
    std::string message;           ///< the compiler's stdout + stderr (cut to 64 KiB)
    bool from_cache = false;       ///< no compiler was run
    std::int64_t wall_ms = 0;      ///< time spent compiling (0 when from_cache)
};

/// Compiles with `g++ -O2 -std=gnu++17` (+ `-I <root>/checkers -I <JUDGE_CHECKLIB_DIR>` for
/// checkers, validators and generators) and caller-supplied extra flags (e.g. sanitizers).
/// The binary goes to `<cache_dir>/<stem>-<kind>-<hash>`, hash over the source's bytes, the full
/// flag list, the compiler's version line and every file the source includes with `#include
/// "..."` (transitively: checklib.hpp, a checker's model header, a solution a generator
/// includes), so an edited source, header or flag set never reuses a stale binary.
///
/// Thread-safe: concurrent compiles of the same key wait for one compiler run; different keys
/// compile in parallel. Safe across processes too: binaries appear by rename(), whole.
/// The compiler is run through Boost.Process (v1 API, Boost 1.81): an unmeasured helper.
class Compiler {
 public:
    /// `cache_dir` is created on first use. `compiler` is the g++ to run (looked up on PATH).
    Compiler(std::filesystem::path project_root,
             std::filesystem::path cache_dir,
             std::string compiler = "g++");

    /// Compiles `source` (or finds it in the cache). Throws JudgeError when the source does not
    /// exist or is unreadable, the cache folder cannot be written, or the compiler cannot be
    /// started; a source that does not compile gives ok = false with the compiler's message.
    CompileResult compile(const std::filesystem::path& source,
                          SourceKind kind,
                          const std::vector<std::string>& extra_flags = {});

    /// The full argument list after the compiler name, without the source and `-o` (what the
    /// hash covers).
    std::vector<std::string> flags_for(SourceKind kind,
                                       const std::vector<std::string>& extra_flags) const;

    /// The compiler's `--version` first line (run once, then remembered). Throws JudgeError when
    /// the compiler cannot be run.
    std::string compiler_version();

    const std::filesystem::path& cache_dir() const { return cache_dir_; }

 private:
    std::filesystem::path root_;
    std::filesystem::path cache_dir_;
    std::string compiler_;
    std::mutex mutex_;  // guards version_ and in_flight_
    std::string version_;
    std::map<std::string, std::shared_ptr<std::mutex>> in_flight_;  // one mutex per cache key
};

/// The cache folder: `explicit_dir` when not empty, else $JUDGE_CACHE_DIR when set, else
/// `<root>/.cache/judge`.
std::filesystem::path default_cache_dir(const std::filesystem::path& root,
                                        const std::string& explicit_dir);

}  // namespace judge

// Compiles the project's programs with the contest flags under compile limits (a submission in the
// sandbox), caching binaries by content hash and checking each cached binary before reuse.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "running/process_runner.hpp"

namespace judge {

/// What a source is; decides the include path (checklib for everything but solutions).
enum class SourceKind { Solution, Checker, Validator, Generator };

/// "solution", "checker", "validator", "generator".
std::string_view kind_name(SourceKind kind);

/// The limits of every compile (the compiler and everything it starts: cc1plus, as, ld),
/// independent of problem.txt: a compile is the judge's cost, not the problem's. A compile that
/// reaches one is a compile error whose message names it ("compilation exceeded the 30 s CPU
/// time limit"). The defaults are far above what any solution of this project needs (the
/// largest compiles in about 2 s and 300 MiB) and stop a compile bomb (a source that includes
/// itself exponentially, `#include "/dev/zero"`) long before it hurts the machine.
/// The run's Limits, with the compile's defaults:
///   - cpu_ms 30 s and wall_ms 60 s, for the whole compile;
///   - memory_kib 2 GiB, the whole compile (and, in the sandbox, its /tmp);
///   - output_kib 64 MiB: the largest file the compiler may write (the binary, its .s and .o
///     temporaries, via RLIMIT_FSIZE) and its stdout. Diagnostics (stderr) are never a limit:
///     the runner keeps the first 64 KiB and drops the rest unstored, and the message keeps
///     64 KiB too;
///   - max_processes 16: g++, cc1plus, as, collect2, ld (and lto helpers) at once.
struct CompileLimits : Limits {
    CompileLimits() : Limits{30'000, 60'000, 2 * 1024 * 1024, 64 * 1024, 16} {}
};

/// The outcome of one compile. A compile error is a result, not an exception.
struct CompileResult {
    bool ok = false;
    std::filesystem::path binary;  ///< the cached executable; valid when ok
    /// The compiler's stderr then stdout (cut to 64 KiB). When a limit stopped the compile, the
    /// first line names it ("compilation exceeded the 30 s CPU time limit").
    std::string message;
    bool from_cache = false;              ///< no compiler was run
    std::int64_t wall_ms = 0;             ///< time spent compiling (0 when from_cache)
    LimitHit limit_hit = LimitHit::None;  ///< the compile limit that stopped the compiler
    /// How the compiler was shut in (RunResult::isolation): "sandbox (...)" for a solution,
    /// "none" for jury programs and with set_sandbox(false), "none: <why>" where no sandbox
    /// could be made; "" from the cache.
    std::string isolation;
    /// Something the caller should tell the user although the compile went fine, e.g. that a
    /// cached binary no longer matched its recorded hash and was discarded and rebuilt.
    std::string note;
};

/// Compiles with `g++ -O2 -std=gnu++17` (+ `-I <root>/checkers -I <JUDGE_CHECKLIB_DIR>` for
/// checkers, validators and generators) and caller-supplied extra flags (e.g. sanitizers).
/// The binary goes to `<cache_dir>/<stem>-<kind>-<hash>`, hash over the source's bytes, the full
/// flag list, the compiler's version line and every file the source includes with `#include
/// "..."` (transitively: checklib.hpp, a checker's model header, a solution a generator
/// includes), so an edited source, header or flag set never reuses a stale binary.
///
/// Every compile runs through run_process under `CompileLimits`, in a private scratch folder
/// `<cache_dir>/judge-<pid>-compile-XXXXXX/box`:
///  - a solution (a submission, untrusted) is copied in as `box/<stem><ext>` and compiled in a
///    sandbox (SandboxOptions, /box = that folder, cwd /box) with `g++ <flags> <stem><ext> -o
///    <stem>`: it sees the system's headers and nothing of the repository, testdata or the
///    cache, so neither a relative nor an absolute `#include` (nor `.incbin`) reaches jury
///    files. As root the sandbox runs as uid 65534, so the box folder is given to 65534.
///  - checkers, validators and generators (jury programs, trusted) are compiled in place,
///    unsandboxed (they include checklib and model solutions from the repository), under the
///    same limits.
/// The compiler is resolved on PATH by the judge (an absolute path is run, in the box too).
///
/// The cache. The folder is made mode 0700 (only the judge's user reaches it; sandboxed programs
/// never see it). Each binary is copied out of the box (a regular file, never through a link)
/// and recorded with a 128-bit hash of its bytes in `<binary>.hash`, written before the binary
/// is renamed into place. Before a cached binary is returned, its bytes are hashed again and
/// compared with that record: a binary that was changed (say, replaced by a script that accepts
/// everything) or has no record is discarded and rebuilt, never returned, and `note` says so.
/// The hash (0.25 ms for a 3 MB binary, plus reading it) detects a replaced binary; it is no
/// defence against someone who can write the cache folder and rewrite the record too: keeping
/// programs out of the cache is the sandbox's job.
///
/// Thread-safe: concurrent compiles of the same key wait for one compiler run; different keys
/// compile in parallel. Safe across processes too: binaries appear by rename(), whole.
class Compiler {
 public:
    /// `cache_dir` is created on first use. `compiler` is the g++ to run (looked up on PATH).
    Compiler(std::filesystem::path project_root,
             std::filesystem::path cache_dir,
             std::string compiler = "g++",
             CompileLimits limits = {});

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

    /// Whether solutions are compiled in the sandbox (the default). false is --no-sandbox: a
    /// solution is still copied alone into a scratch folder and compiled under the limits, but
    /// as the judge's user with the judge's view of the files. Set it before the first compile.
    void set_sandbox(bool enabled) { sandbox_ = enabled; }

    const std::filesystem::path& cache_dir() const { return cache_dir_; }
    const CompileLimits& limits() const { return limits_; }

 private:
    /// The compiler's absolute path (resolved on PATH once). Caller holds mutex_.
    const std::string& compiler_path_locked();
    /// Runs the compiler on `source` into the scratch folder and copies the binary into the
    /// cache as `binary` (with its hash record).
    CompileResult build(const std::filesystem::path& source,
                        SourceKind kind,
                        const std::string& source_text,
                        const std::vector<std::string>& flags,
                        const std::filesystem::path& binary);

    std::filesystem::path root_;
    std::filesystem::path cache_dir_;
    std::string compiler_;
    CompileLimits limits_;
    bool sandbox_ = true;
    std::mutex mutex_;  // guards compiler_path_, version_ and in_flight_
    std::string compiler_path_;
    std::string version_;
    std::map<std::string, std::shared_ptr<std::mutex>> in_flight_;  // one mutex per cache key
};

/// The cache folder: `explicit_dir` when not empty, else $JUDGE_CACHE_DIR when set, else
/// `<root>/.cache/judge`.
std::filesystem::path default_cache_dir(const std::filesystem::path& root,
                                        const std::string& explicit_dir);

}  // namespace judge

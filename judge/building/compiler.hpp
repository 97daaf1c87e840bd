// Builds programs of every language the judge knows with the contest flags under compile limits (a
// submission in the sandbox), caching artifacts under a keyed hash of what built them and checking
// each before reuse.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "building/languages.hpp"
#include "building/program.hpp"
#include "running/process_runner.hpp"

namespace judge {

/// What a source is; decides the include path (checklib for everything but solutions) and whether
/// it is compiled in the sandbox (solutions only).
enum class SourceKind { Solution, Checker, Validator, Generator };

/// "solution", "checker", "validator", "generator".
std::string_view kind_name(SourceKind kind);

/// The cache's secret: the key of the hash that names the cache's artifacts (see Compiler).
using CacheSecret = std::array<unsigned char, 16>;

/// SipHash-2-4 with 128-bit output of `message` under `key`: its 16 bytes in hex, in the order
/// the reference implementation gives them. What names an artifact (fed field by field); here
/// for its test vectors.
std::string siphash_2_4_128_hex(const CacheSecret& key, std::string_view message);

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
///   - max_processes 16: g++, cc1plus, as, collect2, ld (and lto helpers) at once (a language
///     may ask for more: javac's JVM runs some twenty threads, see Language::min_processes).
struct CompileLimits : Limits {
    CompileLimits() : Limits{30'000, 60'000, 2 * 1024 * 1024, 64 * 1024, 16} {}
};

/// The outcome of one compile. A compile error is a result, not an exception.
struct CompileResult {
    bool ok = false;
    /// The cached artifact when ok: the executable (C, C++, Pascal, Rust, Go...), or a folder
    /// holding the sources (Python, Ruby...), the class files (Java, Kotlin) or main.exe (C#).
    std::filesystem::path binary;
    Program program;  ///< how to run it, when ok
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

/// Builds programs of every language of building/languages.hpp with the contest flags: C++ with
/// `g++ -O2 -std=gnu++17`, C with `gcc -O2 -std=gnu17 ... -lm`, Java with `javac -encoding UTF-8`
/// (run as `java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xmx<memory limit>m -cp DIR
/// MAIN`), Python 3 syntax-checked with `python3` (compile() of every file, nothing written) and
/// run as `python3 MAIN.py`. Jury programs of C and C++ get `-I <root>/checkers -I
/// <the judge's checklib folder>` (checklib.hpp, jury_include_dirs); callers may add flags
/// (sanitizers) to C and C++. The other languages of the table (Pascal, Rust, Go, Kotlin, C#,
/// Haskell, JavaScript, Ruby, Perl, PHP, Lua, Bash, Fortran, Prolog) as docs/languages.md lists:
/// each compile's arguments and environment come from its Language row, with a writable folder of
/// the compile's own
/// ({tmp}: object files, Go's build cache) inside the box.
/// A source is one file or a folder of files compiled together (read_source_set).
///
/// The key. The artifact goes to `<cache_dir>/<name>-<kind>-<key>`, the key a keyed hash
/// (SipHash-2-4, 128 bits, keyed with the cache's secret) of the kind, the language, the entry,
/// every file's name and bytes, the full flag list and the tools' version lines; for a jury
/// program (C or C++) also of every file it includes with `#include "..."` (transitively:
/// checklib.hpp, a checker's model header, a solution a generator includes), so an edited
/// source, header or flag set never reuses a stale artifact. A submission's key is its own bytes
/// and the settings only: its includes are never read by the judge (the box holds only its
/// source, so no include of it can reach a jury file either). Two reasons: a judge that read
/// what a submission names (even under `#if 0`, where the compiler never opens it) could be made
/// to read a jury answer into the key, which the program sees as its binary's name
/// (/proc/self/exe), or an endless file (/proc/self/pagemap) into its own memory.
/// The secret: `<cache_dir>/.secret`, 16 random bytes (getrandom) as 32 hex digits and a
/// newline, mode 0600, made by the first compile into the cache (written whole beside it, then
/// link()ed to its name, so judges sharing a cache all use the one that got there first).
/// Without it, a key tells nothing of what it covers and cannot be computed for other
/// sources. A secret file that is not what the judge writes (a link, another mode, other
/// content) is a JudgeError that says to remove it; it is never replaced silently.
/// Every file read to compile (a source, a jury program's include) is read with bounds: a
/// regular file (never a FIFO or a device, which would block or never end) of at most 64 MiB
/// counted as read (a /proc file's size says 0), else JudgeError naming the file; a link in a
/// submission's folder is refused (the path given to compile() itself may be one).
///
/// Every compile runs through run_process under `CompileLimits`, in a private scratch folder
/// `<cache_dir>/judge-<pid>-compile-XXXXXX/box`:
///  - a solution (a submission, untrusted) is copied in (a single file as `box/<stem><ext>`, a
///    folder with its layout) and compiled in a sandbox (SandboxOptions, /box = that folder, cwd
///    /box): it sees the system's headers and nothing of the repository, testdata or the cache,
///    so neither a relative nor an absolute `#include` (nor `.incbin`) reaches jury files. As
///    root the sandbox runs as uid 65534, so the box folder is given to 65534.
///  - checkers, validators and generators (jury programs, trusted) are compiled in place,
///    unsandboxed (they include checklib and model solutions from the repository), under the
///    same limits.
/// The C++ compiler is resolved on the judge's PATH (an absolute path is run, in the box too);
/// gcc likewise. Every other tool (javac, java, python3, rustc, go...) is looked up in the
/// folders a sandboxed program has on its PATH (/usr/local/bin, /usr/bin, /bin), never the
/// judge's (a rustup rustc in ~/.cargo/bin is not the box's): the interpreter that checks a
/// program is the one that runs it, in the box or not. A language whose tool is missing is
/// UnsupportedLanguage.
///
/// The cache. The folder is made mode 0700 (only the judge's user reaches it; sandboxed programs
/// never see it, but for the read-only folder of the one interpreted program they run). Each
/// artifact is copied out of the box (regular files only, never through a link) and recorded
/// with a 128-bit hash of its bytes (a folder: of its files' names and bytes) in
/// `<artifact>.hash`, written before the artifact is renamed into place. Before a cached
/// artifact is returned, it is hashed again and compared with that record: one that was changed
/// (say, a binary replaced by a script that accepts everything) or has no record is discarded and
/// rebuilt, never returned, and `note` says so. The hash (0.25 ms for a 3 MB binary, plus
/// reading it) detects a replaced artifact; it is no defence against someone who can write the
/// cache folder and rewrite the record too: keeping programs out of the cache is the sandbox's
/// job.
///
/// Thread-safe: concurrent compiles of the same key wait for one compiler run; different keys
/// compile in parallel. Safe across processes too: artifacts appear by rename(), whole.
/// The NAMEs of a C/C++ source's `#include "NAME"` lines (`# include` too), in order: the local
/// headers it needs (a jury program's key covers them; `judge export` copies them).
std::vector<std::string> quoted_include_names(const std::string& text);

/// The folders a jury program's compile searches for headers, in order: the root's own
/// checkers/ (a test root may carry its own checklib.hpp), then the judge's own checklib folder
/// (builtin_checkers(), util/install_layout.hpp: $JUDGE_CHECKLIB_DIR, the installed share
/// folder, or the source tree's for a judge run from its build folder) when it can be read.
std::vector<std::filesystem::path> jury_include_dirs(const std::filesystem::path& root);

/// Where the compiler finds `#include "NAME"` of `includer`: the includer's folder, then
/// `include_dirs` in order; the first that holds something other than a folder. Nothing when
/// none does (the compiler will say so). The jury programs' cache keys and `judge export`'s
/// self-contained sources both look here, so the export writes in what the compile reads.
std::optional<std::filesystem::path> find_quoted_include(
    const std::filesystem::path& includer,
    const std::string& name,
    const std::vector<std::filesystem::path>& include_dirs);

class Compiler {
 public:
    /// `cache_dir` is created on first use. `compiler` is the g++ to run (looked up on PATH).
    Compiler(std::filesystem::path project_root,
             std::filesystem::path cache_dir,
             std::string compiler = "g++",
             CompileLimits limits = {});

    /// Compiles `source` (a file or a folder, see read_source_set; or finds it in the cache).
    /// Throws JudgeError when the source does not exist or is unreadable, a file it is made of
    /// (or a jury program's include) is not a regular file or is over 64 MiB, the cache folder
    /// cannot be written or its secret is unusable, or the compiler cannot be started, and
    /// UnsupportedLanguage when the source is in no language of the table or its tools are not on
    /// this machine; a source that does not compile gives ok = false with the compiler's message.
    /// `choice`: the language and entry point a package gives a submission (read_source_set); an
    /// entry point that names none of its files is a compile error.
    CompileResult compile(const std::filesystem::path& source,
                          SourceKind kind,
                          const std::vector<std::string>& extra_flags = {},
                          const SourceChoice& choice = {});

    /// The C++ compile's full argument list after the compiler name, without the sources and
    /// `-o` (what the key covers).
    std::vector<std::string> flags_for(SourceKind kind,
                                       const std::vector<std::string>& extra_flags) const;

    /// The C++ compiler's `--version` first line (run once, then remembered). Throws JudgeError
    /// when the compiler cannot be run.
    std::string compiler_version();

    /// The first line `TOOL --version` (or `-version`) prints, for reports: "g++ (Debian 12.2.0)
    /// 12.2.0", "Python 3.11.2". Throws UnsupportedLanguage when the language's tool is missing.
    std::string language_version(const Language& language);

    /// Whether solutions are compiled in the sandbox (the default). false is --no-sandbox: a
    /// solution is still copied alone into a scratch folder and compiled under the limits, but
    /// as the judge's user with the judge's view of the files. Set it before the first compile.
    void set_sandbox(bool enabled) { sandbox_ = enabled; }

    const std::filesystem::path& cache_dir() const { return cache_dir_; }
    const CompileLimits& limits() const { return limits_; }

 private:
    /// The absolute path of `tool` for `language` (resolved once). Caller holds mutex_.
    const std::string& tool_path_locked(const Language& language, std::string_view tool);
    /// `tool --version`'s first line (run once). Caller must not hold mutex_.
    std::string tool_version(const Language& language, std::string_view tool);
    /// How to run the artifact of `set` (tool paths resolved). Caller holds mutex_.
    Program program_of(const SourceSet& set, const std::filesystem::path& artifact);
    /// Builds a program of build_run_scripts(): its folder copied into a scratch box, `build`
    /// run there (sandboxed unless set_sandbox(false), under the compile limits), and the folder
    /// it leaves, which must hold an executable `run`, installed as `artifact`.
    CompileResult build_with_scripts(const SourceSet& set,
                                     const std::map<std::string, std::string>& source_bytes,
                                     const std::filesystem::path& artifact);
    /// The cache's secret (read, or made, once). Throws JudgeError when it cannot be made or
    /// is unusable.
    CacheSecret cache_secret();
    /// Runs the compiler on `set` into the scratch folder and copies the artifact into the cache
    /// as `artifact` (with its hash record). `source_bytes`: each of set.files' bytes as read for
    /// the key (what a submission's box gets).
    CompileResult build(const SourceSet& set,
                        const std::map<std::string, std::string>& source_bytes,
                        SourceKind kind,
                        const std::vector<std::string>& flags,
                        const std::filesystem::path& artifact);

    std::filesystem::path root_;
    std::filesystem::path cache_dir_;
    std::string compiler_;
    CompileLimits limits_;
    bool sandbox_ = true;
    std::mutex mutex_;                                              // guards the maps below
    std::map<std::string, std::string> tool_paths_;                 // "g++" -> "/usr/bin/g++"
    std::map<std::string, std::string> versions_;                   // tool path -> version line
    std::map<std::string, std::shared_ptr<std::mutex>> in_flight_;  // one mutex per cache key
    std::optional<CacheSecret> secret_;                             // the cache's, once read
};

/// The cache folder: `explicit_dir` when not empty, else $JUDGE_CACHE_DIR when set, else
/// `<root>/.cache/judge`.
std::filesystem::path default_cache_dir(const std::filesystem::path& root,
                                        const std::string& explicit_dir);

}  // namespace judge

// The judge's subcommands: each runs in its own cmd_<name>.cpp (command_options.hpp) and is
// registered on the app by setup_<name>() (command_line.cpp). main.cpp only wires them.
#pragma once

#include "building/compiler.hpp"
#include "checking/judging.hpp"
#include "problems/package.hpp"
#include "problems/problem.hpp"
#include "util/files.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace judge {

/// Options every subcommand shares; owned by main(), alive while the app runs.
struct GlobalOptions {
    std::string root;   ///< --root DIR; empty = nearest ancestor of the cwd holding testdata/
    std::string cache;  ///< --cache DIR; empty = $JUDGE_CACHE_DIR or <root>/.cache/judge
    /// --compile-cpu-s and --compile-memory-mib; 0 = CompileLimits' defaults.
    double compile_cpu_s = 0;
    std::int64_t compile_memory_mib = 0;
    /// --testset NAME: the testset of a Polygon package to judge (default: "tests").
    std::string testset;
};

/// The resolved global options, made when a subcommand runs.
struct Context {
    std::filesystem::path root;       ///< absolute project root
    std::filesystem::path cache_dir;  ///< absolute compiled-binary cache folder
    CompileLimits compile_limits;     ///< every compile's limits (defaults, or the options')
};

/// Resolves root and cache. Throws JudgeError when no root is found.
Context make_context(const GlobalOptions& global);

/// The compile limits of the global options, the rest of the Context empty (for a package).
Context make_limits_only(const GlobalOptions& global);

/// A problem named on the command line, resolved: one of this project's (`judge run quell`) or a
/// problem package (`judge run path/to/package`).
struct OpenProblem {
    ProblemSettings problem;
    Context context;  ///< root: the project root, or the package's folder
};

/// Opens the problem `name`: a folder that is a problem package (a path with a '/', or a folder
/// beside the working directory that is no problem of the project root), else a problem id of
/// the project root (find_root). A package's binaries are cached in --cache, $JUDGE_CACHE_DIR,
/// or $XDG_CACHE_HOME/cp-judge (~/.cache/cp-judge). Throws JudgeError naming what is missing.
OpenProblem open_problem(const GlobalOptions& global, const std::string& name);

/// Where a package's binaries, a Polygon zip's unpacked copy and its generated tests go:
/// --cache, $JUDGE_CACHE_DIR, or $XDG_CACHE_HOME/cp-judge (~/.cache/cp-judge); absolute.
std::filesystem::path package_cache_dir(const GlobalOptions& global);

/// Whether open_problem reads `name` as a Polygon package (a path, or any name without --root,
/// of a folder holding problem.xml or of a zip; not a contest's).
bool names_polygon_package(const GlobalOptions& global, const std::string& name);

/// Whether `name` (by the same rule) is a Polygon contest package (problems/polygon_contest.hpp),
/// which `judge list` and `judge verify` take problem by problem.
bool names_polygon_contest(const GlobalOptions& global, const std::string& name);

/// The cases of `problem`: discover_cases (this project's layout) or discover_package_cases.
std::vector<TestCase> problem_cases(const ProblemSettings& problem);

/// Makes what the cases of a Polygon package lack (problems/polygon_package.hpp: generated
/// inputs, the main solution's answers), once, into the cache; nothing for other problems.
void prepare_problem_cases(Compiler& compiler,
                           const ProblemSettings& problem,
                           const std::vector<TestCase>& cases,
                           bool sandbox);

/// Throws JudgeError "OPTION FILE: folder ... does not exist" when a report file named by
/// `option` could not be written (checked before any work). Nothing for an empty `file`.
void require_writable_folder(const std::string& file, const char* option);

/// A package's submissions as judge verify lists them (list_submissions with the package's
/// format version and constants; no unknown folders): one listing that judge list counts and
/// judge run takes its default and a named submission's build from (for one of this project's
/// problems, testdata/<id>/submissions/). None for a Polygon package (polygon_submissions) or
/// without a submissions/ folder. Each submission's time-limit roles are settled.
std::vector<ExpectedSubmission> package_submissions(const ProblemSettings& problem);

/// Without rules (2025-09's), a submission's folder says whether it bounds the time limit:
/// accepted/ from below, time_limit_exceeded/ (or a DOMjudge list naming it) from above.
void settle_folder_time_roles(std::vector<ExpectedSubmission>& submissions);

/// A copy of the submission `source` (a file or a folder) in `folder` with the package's
/// `{{constants}}` substituted (2025-09: in example submissions too) and links inside it read
/// where they point (a submission's own folder may hold no link): how judge verify and judge run
/// build a package's submission. Throws JudgeError when it cannot be copied.
std::filesystem::path copy_with_constants(
    const std::filesystem::path& source,
    const std::filesystem::path& folder,
    const std::vector<std::pair<std::string, std::string>>& constants);

/// What judge verify and judge run compile for a package's listed submission: where its
/// sources are, and the language and entry point to compile them with.
struct PreparedSubmission {
    std::filesystem::path source;
    SourceChoice choice;
};

/// The package's included files for a submission at `path` in `choice`'s language (found from
/// its files when it names none): the folder include/<language code>/ of the package, or else
/// include/default/ (the format's "Included files"); empty when there is none (or the language
/// cannot be told: its compile says why).
std::filesystem::path included_files_for(const ProblemSettings& problem,
                                         const std::filesystem::path& path,
                                         const SourceChoice& choice);

/// What judge verify and judge run compile for a package's listed submission at `path`: the
/// path itself; or, when the package has constants, included files for it (included_files_for)
/// or the submission holds links, a copy made in `copy` (emplaced here; it must outlive the
/// compile) by copy_with_constants. With included files the copy is a folder named after the
/// submission holding its files and then the included ones (replacing those of the same name,
/// as the format says), constants substituted in both; a submission of one file keeps that
/// file as its entry point (`choice`'s, when it names one).
PreparedSubmission submission_source(const ProblemSettings& problem,
                                     const std::filesystem::path& path,
                                     const SourceChoice& choice,
                                     bool has_links,
                                     std::optional<TempDir>& copy);

/// Throws JudgeError naming the first case without an .ans when the problem's check needs one.
void require_answers(const ProblemSettings& problem, const std::vector<TestCase>& cases);

/// Compiles the programs that check a submission into `options` (each through
/// compile_jury_program, checking/jury_program.hpp): the output checker (testlib checker or
/// output validator; nothing for the default validator, or for a testlib interactor with
/// `checker: none`), the testlib interactor, and, when `validate`, the input validators. Tells
/// about skipped validators (a language the judge cannot build) on stderr. Throws JudgeError
/// when one is missing or does not compile.
void compile_checking_programs(Compiler& compiler,
                               const ProblemSettings& problem,
                               bool validate,
                               JudgeOptions& options);

/// Thrown by a subcommand's callback to end the program with `status`; main() catches it.
/// (0 all good, 1 the judged program failed somewhere, 2 judge failure or misuse.)
struct CommandExit {
    int status;
};

/// The number of cores, at least 1 (the default of every --jobs).
int default_jobs();

/// The help text of --no-sandbox, the same for every subcommand that runs submissions.
inline constexpr const char* kNoSandboxHelp =
    "Run submissions without the sandbox (namespaces, unprivileged uid, no network); for "
    "machines that forbid namespaces. Refused as root: a submission never runs as root";

inline constexpr const char* kNoSandboxJuryHelp =
    "Run the problem's own programs (generator, validator, solution) without the sandbox; for "
    "machines that forbid namespaces. They then run as the judge's user: only for a problem "
    "whose code you trust";

/// The same for a command that runs jury programs only (validate, gen): throws JudgeError (one
/// line) when no box can be made here and `no_sandbox` is false. With --no-sandbox the jury's
/// programs run as the judge's user, root too: they are the problem's own, which the user chose
/// to trust by giving the flag.
void require_jury_isolation(bool no_sandbox);

/// Fails closed, before a command compiles or runs any submission: throws JudgeError (one
/// line, exit 2) where a sandbox is wanted and none can be made here (the judge never runs a
/// submission unboxed unless told to with --no-sandbox), and where --no-sandbox is given to a
/// judge running as root (a submission never runs as root).
void require_submission_isolation(bool no_sandbox);

void setup_run(CLI::App& app, const GlobalOptions& global);
void setup_list(CLI::App& app, const GlobalOptions& global);
void setup_verify(CLI::App& app, const GlobalOptions& global);
void setup_export(CLI::App& app, const GlobalOptions& global);
// --- stress helper commands --- (setup_stress, setup_gen, setup_validate, setup_selftest)
void setup_stress(CLI::App& app, const GlobalOptions& global);
void setup_gen(CLI::App& app, const GlobalOptions& global);
void setup_validate(CLI::App& app, const GlobalOptions& global);
void setup_selftest(CLI::App& app, const GlobalOptions& global);

}  // namespace judge

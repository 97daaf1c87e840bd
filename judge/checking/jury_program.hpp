// Jury programs: the problem's own programs (generator, input validator, checker or output
// validator, interactor, reference solution) and the sanitized rerun of a failed submission.
// How each is compiled, the limits each runs under (one table, below) and how a failure of one
// reads: every command goes through here, so a generator has the same limits in `judge gen` and
// `judge stress`, and "cannot run the checker: ..." reads the same in every command.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "building/compiler.hpp"
#include "building/program.hpp"
#include "problems/problem.hpp"
#include "running/process_runner.hpp"

namespace judge {

/// Which part a program plays. The limits of each role (jury_limits):
///
/// | role        | CPU      | wall                   | memory          | stdout  | processes |
/// | ----------- | -------- | ---------------------- | --------------- | ------- | --------- |
/// | generator   | 30 s     | 2 x CPU + 1 s          | 4 GiB           | 256 MiB | 16        |
/// | validator   | jury CPU | 2 x CPU + 1 s          | 4 GiB           | 1 MiB   | 16        |
/// | checker     | jury CPU | 2 x CPU + 1 s          | 4 GiB           | 1 MiB   | 16        |
/// | interactor  | jury CPU | that, or sol.'s + 1 s  | sol.'s + 256 MiB| 256 MiB | 16        |
/// | reference   | the solution's limits (the problem's)                                   |
/// | sanitized   | 5 x sol.'s | 5 x sol.'s           | sol.'s + 1 GiB  | sol.'s  | sol.'s    |
///
/// (sol.'s: the solution's; sanitized: the sanitized rerun.)
/// Jury CPU: the problem's jury_time_limit_ms (a package's validation_time; 10 s by default).
/// Why: jury programs may be buggy, so every limit holds (a hung checker ends, a forking one
/// stops at 16 processes) while staying far above what a working one needs (4 GiB: a checker
/// may load a big answer; a generator may write a big case). The interactor is the exception:
/// it lives as long as the solution and reads whatever the solution writes, so its memory
/// follows the solution's (+ 256 MiB for the input and answer it holds) instead of 4 GiB, and
/// its stdout (what it sends the solution, through the interaction's relay: run_interaction)
/// is bounded like a generator's, which also hands a solution its input. A program of a
/// language that needs more processes (a JVM's threads) gets its language's minimum. The
/// sanitized rerun is the solution again under AddressSanitizer, which needs shadow memory and
/// runs ~2-5x slower. Every jury run uses the run's cgroups: without them nothing enforces the
/// process limit for a root judge (RLIMIT_NPROC does not bind root).
///
/// Every role runs in the sandbox (JuryBox), one rule for the package's programs and ours: a
/// downloaded package is not trusted with the machine. The box has no network and runs as the
/// box's unprivileged uid (65534 for a root judge, the judge's own uid in a user namespace
/// otherwise); it shows the program only the host files it reads (the input, the output, the
/// answer: read-only, at their host paths) and one writable folder, its /box (the Kattis
/// feedback folder, a testlib interactor's output folder); it writes nothing else but its
/// stdout and stderr (pipes the judge reads). A box that cannot be made is JE with the reason
/// (jury_box_refusal), never an unboxed run, unless the command was given --no-sandbox
/// (JuryBox::enabled false: then the program runs as the judge, as before).
enum class JuryRole { Generator, Validator, Checker, Interactor, Reference, SanitizedRerun };

/// "generator", "validator", "checker", "interactor", "reference", "sanitized rerun".
std::string_view role_name(JuryRole role);

/// What the table's limits derive from: the problem's.
struct JuryLimitsBasis {
    Limits solution;                   ///< a run of the solution (ProblemSettings::limits)
    std::int64_t jury_cpu_ms = 10000;  ///< ProblemSettings::jury_time_limit_ms
};
JuryLimitsBasis jury_basis(const ProblemSettings& problem);

/// The limits of `role` (the table above) for a program of `language` (nullptr: native).
Limits jury_limits(JuryRole role, const JuryLimitsBasis& basis, const Language* language = nullptr);

/// How a jury program is shut in (the table's comment above says why).
struct JuryBox {
    /// false: --no-sandbox (machines that forbid namespaces): the program runs as the judge,
    /// sees the whole machine and is given host paths.
    bool enabled = true;
    /// Host files (or folders) the program reads: shown read-only at the same path. Absolute
    /// paths; "/dev/null" needs no entry (every box has it).
    std::vector<std::string> read_only;
    /// The one host folder the program may write, shown as /box (its cwd); empty: /box is a
    /// fresh tmpfs gone with the run. Give the program jury_writable_path() names, and make the
    /// folder with prepare_jury_writable_dir().
    std::string writable_dir;
    /// Folders holding every file of read_only, the same from case to case (the folders of the
    /// problem's data, the worker's folder): given, a root judge's box shows these folders
    /// whole instead of the files, and is kept from case to case (a resident box, entered as a
    /// submission's is) instead of built every run. Used only where every file lies in one of
    /// them with no link on its way and each folder is the uid's to list, below a folder under
    /// "/" (jury_request); otherwise the files alone are shown. What the program may read then
    /// is the other files of those folders, and only what any user of the machine may read.
    std::vector<std::string> shown_folders;
};

/// The program's name for `name` in box.writable_dir: "/box/<name>" in a box, the host path
/// "<writable_dir>/<name>" without one. An empty `name` is the folder itself, with a final '/'.
std::string jury_writable_path(const JuryBox& box, const std::string& name = "");

/// Makes `dir` an empty folder (created, or emptied) that the program of `box` may write: a
/// root judge's box runs as uid 65534, which is given the folder. "" or why it failed.
std::string prepare_jury_writable_dir(const JuryBox& box, const std::filesystem::path& dir);

/// A request that runs `program args` as `role`: the role's limits, the run's cgroups, and the
/// sandbox of `box` (its read-only files and writable folder; the program's own box_paths). The
/// caller fills the files (stdin, stdout, stderr).
RunRequest jury_request(JuryRole role,
                        const Program& program,
                        const std::vector<std::string>& args,
                        const JuryLimitsBasis& basis,
                        const JuryBox& box = {});

/// Why `request` (a jury program's, or a submission's) must not run: for a root judge, its box
/// shows its program a file that uid 65534 may not read. nullopt when it may run (a box that
/// cannot be made at all is run_process's own RunnerError: it fails closed).
/// run_reporting_runner_errors asks this first; so must a caller that runs a jury request through
/// run_process itself (the interactor).
std::optional<std::string> jury_box_refusal(const RunRequest& request);

/// A jury run that was carried out (`result`), or why the runner could not carry it out.
struct JuryRun {
    RunResult result;
    std::optional<std::string> runner_error;  ///< "cannot run the <who>: <RunnerError>"
};

/// Runs `request`; a RunnerError (among them: no box can be made here) or a refusal of
/// jury_box_refusal becomes runner_error ("cannot run the <who>: ..."), never an exception. For
/// any program whose runner failure is the judge's (JE): a jury program, or a submission in `judge
/// stress` ("solution").
JuryRun run_reporting_runner_errors(std::string_view who, const RunRequest& request);

/// run_reporting_runner_errors named by the role (JE for every command).
JuryRun run_jury(JuryRole role, const RunRequest& request);

/// Why a jury program broke, for a JE message ("exited with code 5", "killed by signal 11
/// (SIGSEGV)", "exceeded its CPU time limit of 10000 ms").
std::string failure_reason(const RunResult& run, const Limits& limits);

/// "<role> <failure_reason>", then ": <said>" when `said` (the program's first stderr line) is
/// not empty: how every command words a jury program's failure.
std::string describe_jury_failure(JuryRole role,
                                  const RunResult& run,
                                  const Limits& limits,
                                  const std::string& said);

/// Whether a run ended by itself with exit code 0 and no limit hit.
bool exited_cleanly(const RunResult& run);

/// Runs `program args` as `role` in a box shown nothing of the host, stdin from `input` (empty:
/// /dev/null), stdout and stderr into `scratch`, and returns its stdout: a generator's case, a
/// reference's answer. JudgeError "<where>: <role> ..." when it did not exit cleanly with 0.
std::string run_jury_for_output(JuryRole role,
                                const Program& program,
                                const std::vector<std::string>& args,
                                const std::filesystem::path& input,
                                const JuryLimitsBasis& basis,
                                const std::filesystem::path& scratch,
                                const std::string& where,
                                bool sandboxed);

/// Compiles a jury program (checker, validator, generator, reference). A missing source or a
/// compile error is the judge's problem: JudgeError "<kind> FILE does not compile: first line"
/// ("<kind> FILE not found").
Program compile_jury_program(Compiler& compiler,
                             const std::filesystem::path& source,
                             SourceKind kind,
                             const std::vector<std::string>& extra_flags = {});

}  // namespace judge

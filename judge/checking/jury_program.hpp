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
/// | role            | CPU                 | wall                       | memory  | stdout  |
/// processes | | --------------- | ------------------- | -------------------------- | ------- |
/// ------- | --------- | | generator       | 30 s                | 2 x CPU + 1 s              | 4
/// GiB   | 256 MiB | 16        | | validator       | jury CPU            | 2 x CPU + 1 s | 4 GiB |
/// 1 MiB   | 16        | | checker         | jury CPU            | 2 x CPU + 1 s              | 4
/// GiB   | 1 MiB   | 16        | | interactor      | jury CPU            | that, or the solution's
/// wall + 1 s if more | 4 GiB | 1 MiB | 16 | | reference       | the solution's limits (the
/// problem's)                                     | | sanitized rerun | 5 x the solution's  | 5 x
/// the solution's         | + 1 GiB | the solution's    |
///
/// Jury CPU: the problem's jury_time_limit_ms (a package's validation_time; 10 s by default).
/// Why: jury programs are trusted but may be buggy, so every limit holds (a hung checker ends, a
/// forking one stops at 16 processes) while staying far above what a working one needs (4 GiB: a
/// checker may load a big answer; a generator may write a big case). A program of a language
/// that needs more processes (a JVM's threads) gets its language's minimum. The sanitized rerun
/// is the solution again under AddressSanitizer, which needs shadow memory and runs ~2-5x
/// slower. Every jury run uses the run's cgroups: without them nothing enforces the process
/// limit for a root judge (RLIMIT_NPROC does not bind root). None is sandboxed but the
/// sanitized rerun, which is the contestant's code (the caller sets its sandbox).
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

/// A request that runs `program args` as `role`: the role's limits, the run's cgroups, no
/// sandbox. The caller fills the files (stdin, stdout, stderr).
RunRequest jury_request(JuryRole role,
                        const Program& program,
                        const std::vector<std::string>& args,
                        const JuryLimitsBasis& basis);

/// A jury run that was carried out (`result`), or why the runner could not carry it out.
struct JuryRun {
    RunResult result;
    std::optional<std::string> runner_error;  ///< "cannot run the <who>: <RunnerError>"
};

/// Runs `request`; a RunnerError becomes runner_error ("cannot run the <who>: ..."), never an
/// exception. For any program whose runner failure is the judge's (JE): a jury program, or a
/// submission in `judge stress` ("solution").
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

/// Compiles a jury program (checker, validator, generator, reference). A missing source or a
/// compile error is the judge's problem: JudgeError "<kind> FILE does not compile: first line"
/// ("<kind> FILE not found").
Program compile_jury_program(Compiler& compiler,
                             const std::filesystem::path& source,
                             SourceKind kind,
                             const std::vector<std::string>& extra_flags = {});

}  // namespace judge

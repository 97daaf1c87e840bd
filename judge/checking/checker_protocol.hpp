// The testlib checker protocol (`checker <in> <out> <ans>`, exit 0/1/2/3) and the validator
// protocol (`validator < in`, exit 0 valid / 3 invalid), both run through run_process.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "running/process_runner.hpp"
#include "checking/verdict.hpp"

namespace judge {

/// What a checker said about one output.
enum class CheckerOutcome {
    Ok,                 ///< exit 0
    WrongAnswer,        ///< exit 1
    PresentationError,  ///< exit 2
    Fail,               ///< exit 3: the checker says the jury's data is wrong -> JE
    Crashed,            ///< any other exit code, a signal, a timeout or a runner error -> JE
};

/// The result of one checker run.
struct CheckResult {
    CheckerOutcome outcome = CheckerOutcome::Crashed;
    /// The checker's message (first line of its stderr). For Crashed, what went wrong is said
    /// first ("checker exited with code 5: ...", "checker killed by signal 11 (SIGSEGV)",
    /// "checker exceeded its time limit of 10000 ms").
    std::string message;
    std::int64_t wall_ms = 0;  ///< the checker's own wall time (for the judge's overhead)
};

/// The exit-code mapping alone (pure): a normal exit 0/1/2/3 gives Ok/WrongAnswer/
/// PresentationError/Fail; anything else, a signal or a limit hit gives Crashed.
CheckerOutcome map_checker_exit(const RunResult& run);

/// Ok -> AC, WrongAnswer -> WA, PresentationError -> PE, Fail and Crashed -> JE.
Verdict to_verdict(CheckerOutcome outcome);

/// Limits a checker or validator runs under: generous, but a hung checker still ends, and one
/// that forks without end is stopped at 16 processes (run_checker and run_validator use the
/// run's cgroups, so max_processes holds for a root judge too).
Limits helper_limits(std::int64_t time_limit_ms);

/// Runs `checker input output answer` with `time_limit_ms` of CPU time (wall: 2x + 1 s) and
/// the checker's stderr captured into `scratch_dir` (a folder owned by the caller, unique to this
/// call's case). `answer` empty -> "/dev/null" is passed (problems with checker-needs-ans: no).
/// Never throws for a checker failure: a RunnerError becomes Crashed with its message.
CheckResult run_checker(const std::filesystem::path& checker,
                        const std::filesystem::path& input,
                        const std::filesystem::path& output,
                        const std::filesystem::path& answer,
                        const std::filesystem::path& scratch_dir,
                        std::int64_t time_limit_ms = 10000);

/// The result of one validator run.
struct ValidationResult {
    bool valid = false;
    /// For an invalid input: the validator's message; for a validator failure (exit code other
    /// than 0 or 3, signal, timeout): what went wrong, prefixed "validator ...".
    std::string message;
    bool validator_failed = false;  ///< true when the validator itself broke (not exit 0 or 3)
    std::int64_t wall_ms = 0;       ///< the validator's wall time
};

/// Runs `validator < input` (validator protocol of docs/conventions.md), stderr captured in
/// `scratch_dir` like run_checker. Never throws for a validator failure.
ValidationResult run_validator(const std::filesystem::path& validator,
                               const std::filesystem::path& input,
                               const std::filesystem::path& scratch_dir,
                               std::int64_t time_limit_ms = 10000);

}  // namespace judge

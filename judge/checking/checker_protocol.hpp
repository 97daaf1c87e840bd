// How jury programs say their verdict, and running them through run_process: testlib's checker
// protocol (`checker <in> <out> <ans>`, exit 0/1/2/3) and validator protocol (`validator < in`,
// exit 0 valid / 3 invalid), and the problem package format's (Kattis: `validator <in> <ans>
// <feedback_dir> [flags] < out`, exit 42 accepted / 43 wrong, the message in
// feedback_dir/judgemessage.txt; input validators `validator [flags] < in`, exit 42 / 43).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "building/program.hpp"
#include "checking/jury_program.hpp"
#include "checking/verdict.hpp"
#include "running/process_runner.hpp"

namespace judge {

/// The exit-code convention of a jury program.
enum class JuryProtocol { Testlib, Kattis };

/// The exit codes of the Kattis protocol.
inline constexpr int kKattisAccept = 42;
inline constexpr int kKattisReject = 43;

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
    std::int64_t wall_us = 0;  ///< the checker's own wall time (for the judge's overhead)
    /// The points of a testlib checker's quitp (CheckFiles::testlib_points): outcome Ok. With
    /// CheckFiles::score_files, the score a Kattis validator wrote in score.txt.
    std::optional<double> points;
    /// With CheckFiles::score_files: what a Kattis validator wrote in score_multiplier.txt.
    std::optional<double> score_multiplier;
    /// The checker (or interactor) said FAIL (testlib's exit 3: the jury's data or the checker
    /// is wrong): outcome Fail. Polygon's tag `failed` promises it (checking/verify.hpp).
    bool failed = false;
};

/// Testlib's exit code of quitp (its _points result).
inline constexpr int kTestlibPoints = 7;

/// The points of a testlib checker's quitp message: "points 0.5 message" (or "0.5 message"), as
/// testlib writes it to stderr. nullopt when it starts with no finite, non-negative number.
std::optional<double> parse_testlib_points(const std::string& message);

/// The exit-code mapping alone (pure). Testlib: a normal exit 0/1/2/3 gives Ok/WrongAnswer/
/// PresentationError/Fail. Kattis: 42 Ok, 43 WrongAnswer. Anything else, a signal or a limit hit
/// gives Crashed.
CheckerOutcome map_checker_exit(const RunResult& run,
                                JuryProtocol protocol = JuryProtocol::Testlib);

/// Ok -> AC, WrongAnswer -> WA, PresentationError -> PE, Fail and Crashed -> JE.
Verdict to_verdict(CheckerOutcome outcome);

/// The files and flags of one check.
struct CheckFiles {
    std::filesystem::path input, output;
    std::filesystem::path answer;  ///< empty -> "/dev/null" (problems with checker-needs-ans: no)
    std::filesystem::path scratch_dir;  ///< a folder of the caller's, unique to this case
    std::vector<std::string> flags;     ///< Kattis: after the feedback folder
    /// Absolute folders that hold the three files and stay the same from case to case (the
    /// problem's folder, a worker's folder): JuryBox::shown_folders. Empty: the files alone.
    std::vector<std::string> shown_folders;
    /// Testlib: exit 7 is the checker's points (quitp: "points 0.5 message" on stderr), an Ok
    /// with CheckResult::points (Polygon packages); false: exit 7 is an unknown code (Crashed).
    bool testlib_points = false;
    /// Kattis: read the validator's score.txt and score_multiplier.txt from the feedback folder
    /// (a scoring package; read_score_files).
    bool score_files = false;
    /// With score_files: a rejected output may have a score (legacy and 2023-07 as DOMjudge
    /// reads them); false: a score file for it is a judge error (2025-09).
    bool rejected_may_score = false;
    /// Kattis: the feedback folder is left as the last run left it, not emptied (a later pass of
    /// a multi-pass case: the validator's files persist between passes, as the format says).
    bool keep_feedback = false;
};

/// The files of a check, every option at its default.
inline CheckFiles check_files(std::filesystem::path input,
                              std::filesystem::path output,
                              std::filesystem::path answer,
                              std::filesystem::path scratch_dir) {
    CheckFiles files;
    files.input = std::move(input);
    files.output = std::move(output);
    files.answer = std::move(answer);
    files.scratch_dir = std::move(scratch_dir);
    return files;
}

/// Runs `checker` on one output with `time_limit_ms` of CPU time (the checker row of
/// jury_program.hpp's table): testlib's
/// `checker <in> <out> <ans>`, or Kattis' `checker <in> <ans> <scratch>/feedback/ [flags] <
/// out`. The message is the first line of judgemessage.txt (Kattis), else of stderr, else of
/// stdout. Never throws for a checker failure: a RunnerError becomes Crashed with its message.
/// In its box (`sandboxed`; false is --no-sandbox) it sees the three files read-only at their
/// absolute paths and writes only the feedback folder, which it is given as "/box/".
CheckResult run_checker(const Program& checker,
                        JuryProtocol protocol,
                        const CheckFiles& files,
                        std::int64_t time_limit_ms = 10000,
                        bool sandboxed = true);

/// The message a Kattis validator left: the first line of `feedback_dir`/judgemessage.txt
/// (the one file of the feedback a judge shows to the jury), else "". Only a regular file is
/// read, never a link (the folder was the validator's to write).
std::string kattis_judge_message(const std::filesystem::path& feedback_dir);

/// The score files a Kattis output validator (or interactor) left in `feedback_dir` (a scoring
/// package): score.txt into `score`, score_multiplier.txt into `multiplier`, each a single
/// finite non-negative number (a multiplier at most 1), read as judgemessage.txt is (a regular
/// file of the folder, never a link). Returns why they make the case a judge error, as the
/// format says: a score file of a case the validator did not accept (`accepted` false; unless
/// `rejected_may_score`), both files, content that is no such number; "" when they are fine (or
/// absent).
std::string read_score_files(const std::filesystem::path& feedback_dir,
                             bool accepted,
                             std::optional<double>& score,
                             std::optional<double>& multiplier,
                             bool rejected_may_score = false);

/// For a scoring package's Kattis validator, output or interactive, that did not crash: the
/// score files it left in `feedback_dir` onto `check` (read_score_files; accepted when the
/// outcome is Ok). Score files against the format's rules make `check` Crashed (JE), its message
/// `who` ("" or "interactive validator: "), why, then the validator's own `message`.
void add_score_files(CheckResult& check,
                     const std::filesystem::path& feedback_dir,
                     bool rejected_may_score,
                     const std::string& message,
                     std::string_view who = {});

/// Why `file`, written by a jury program in its writable folder, may not be read or shown to
/// another program: "it wrote no NAME", "NAME is not a regular file (...)"; "" when it is a
/// regular file (a link could point a later box or the judge at any host file).
std::string jury_output_problem(const std::filesystem::path& file);

/// The result of one validator run.
struct ValidationResult {
    bool valid = false;
    /// For an invalid input: the validator's message; for a validator failure (exit code other
    /// than 0 or 3, signal, timeout): what went wrong, prefixed "validator ...".
    std::string message;
    bool validator_failed = false;  ///< true when the validator itself broke (not exit 0 or 3)
    std::int64_t wall_us = 0;       ///< the validator's wall time
};

/// Runs `validator [flags] < input` in its box (`sandboxed`; false is --no-sandbox), which
/// shows it nothing of the host: testlib's protocol (exit 0 valid, 3 invalid;
/// docs/conventions.md) or Kattis' (42 valid, 43 invalid), stderr captured in `scratch_dir` like
/// run_checker. Never throws for a validator failure.
ValidationResult run_validator(const Program& validator,
                               JuryProtocol protocol,
                               const std::filesystem::path& input,
                               const std::filesystem::path& scratch_dir,
                               const std::vector<std::string>& flags = {},
                               std::int64_t time_limit_ms = 10000,
                               bool sandboxed = true);

}  // namespace judge

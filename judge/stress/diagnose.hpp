// Sanitizer diagnosis of a failing run: rebuild the solution with
// `-fsanitize=address,undefined -g`, run the failing case again, and keep what the sanitizers
// printed. Most WA and RE of C++ solutions are undefined behaviour a sanitizer names at once.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "building/compiler.hpp"
#include "running/process_runner.hpp"

namespace judge {

/// The flags added to the contest flags for the diagnosis build. UBSan stops at its first
/// report (-fno-sanitize-recover) so the report is about the first fault, not its aftermath.
std::vector<std::string> sanitizer_flags();

/// The lines of `stderr_text` that a sanitizer wrote (pure): every "runtime error:" line of
/// UBSan, and an AddressSanitizer block from its "==PID==ERROR:" line through its
/// "SUMMARY:" line, cut to `max_lines` lines. Empty when no sanitizer spoke.
std::string extract_sanitizer_report(std::string_view stderr_text, std::size_t max_lines = 40);

/// What the diagnosis run found.
struct Diagnosis {
    bool compiled = false;
    std::string compile_message;  ///< the compiler's message when compiled is false
    RunResult run;                ///< the sanitized run (valid when compiled)
    std::string report;           ///< extract_sanitizer_report() of its stderr; empty = silent
    std::string stderr_tail;      ///< the first lines of its stderr, when report is empty
};

/// Rebuilds `solution_source` with sanitizer_flags() and runs it on `input`, in the sandbox
/// unless `sandbox` is false (--no-sandbox): the sanitized build is still the submission.
/// Sanitizers are slow and ASan reserves much memory: the run gets the limits of
/// JuryRole::SanitizedRerun (5x the CPU and wall limits, the memory limit + 1 GiB). The run's own
/// environment gets sanitizer_environment(). Throws JudgeError only when the source is missing or
/// the compiler cannot be started.
Diagnosis diagnose(Compiler& compiler,
                   const std::filesystem::path& solution_source,
                   const std::filesystem::path& input,
                   const Limits& limits,
                   bool sandbox = true);

/// The "NAME=value" entries the sanitized run gets: ASAN_OPTIONS (detect_leaks=0: a leak is not
/// why a case fails) and UBSAN_OPTIONS (print_stacktrace=1), or the judge's own value of either
/// when it is set (the user's settings win). Passed in the request, never set on the judge: the
/// sandbox clears the environment, and setenv() would race with other threads' runs.
std::vector<std::string> sanitizer_environment();

/// A few lines for a report: the sanitizer's report, under a line that says it is the
/// submission's stderr and with each of its lines marked (quote_lines), or why there is none.
std::string describe_diagnosis(const Diagnosis& diagnosis);

}  // namespace judge

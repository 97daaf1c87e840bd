// Input validation for the commands: compiling the problem's validator and running it on files
// or texts (the protocol itself, `validator < in` with exit 0 / 3, is run_validator in
// checker_protocol.hpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "building/compiler.hpp"
#include "checking/checker_protocol.hpp"
#include "checking/judging.hpp"  // InputValidator
#include "checking/jury_program.hpp"
#include "problems/problem.hpp"

namespace judge {

/// The problem's compiled input validators: this project's one (testlib protocol), or a
/// package's (Kattis protocol); empty when the problem has none. Throws JudgeError when
/// problem.txt names a validator whose source is missing, or one does not compile.
std::vector<InputValidator> compile_input_validators(Compiler& compiler,
                                                     const ProblemSettings& problem);

/// Validates `input` with each validator in turn (scratch files go to a private temporary
/// folder), each in its box unless `sandboxed` is false (--no-sandbox), under the problem's
/// jury time limit `jury_cpu_ms` (ProblemSettings::jury_time_limit_ms: a package's
/// `validation_time`), each with its words of `args`; the first that does not accept it gives
/// the result.
ValidationResult validate_file(const std::vector<InputValidator>& validators,
                               const std::filesystem::path& input,
                               const InputValidatorArgs& args = {},
                               bool sandboxed = true,
                               std::int64_t jury_cpu_ms = JuryLimitsBasis{}.jury_cpu_ms);

/// One file's validation, for reports.
struct FileValidation {
    std::filesystem::path file;
    ValidationResult result;
};

/// Validates every file of `files`, in order, on `jobs` threads (results in the given order).
std::vector<FileValidation> validate_files(
    const std::vector<InputValidator>& validators,
    const std::vector<std::filesystem::path>& files,
    int jobs,
    bool sandboxed = true,
    std::int64_t jury_cpu_ms = JuryLimitsBasis{}.jury_cpu_ms);

/// What `judge run` can call before judging (it already does this case by case through
/// JudgeOptions::validators; this is the all-at-once form), each case with its
/// input_validator_flags as judge_case gives them: throws JudgeError "invalid input
/// FILE: message" for the first invalid input, or "validator ... (on FILE)" when a validator
/// itself fails. Does nothing when `validators` is empty.
void require_valid_inputs(const std::vector<InputValidator>& validators,
                          const std::vector<TestCase>& cases,
                          int jobs,
                          bool sandboxed = true,
                          std::int64_t jury_cpu_ms = JuryLimitsBasis{}.jury_cpu_ms);

}  // namespace judge

// Input validation for the commands: compiling the problem's validator and running it on files
// or texts (the protocol itself, `validator < in` with exit 0 / 3, is run_validator in
// checker_protocol.hpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "checking/checker_protocol.hpp"
#include "building/compiler.hpp"
#include "problems/problem.hpp"

namespace judge {

/// Compiles a jury program (checker, validator, generator, reference). A missing source or a
/// compile error is the judge's problem: JudgeError "<kind> FILE does not compile: first line".
std::filesystem::path compile_jury_program(Compiler& compiler,
                                           const std::filesystem::path& source,
                                           SourceKind kind,
                                           const std::vector<std::string>& extra_flags = {});

/// The problem's compiled validator, or nullopt when the problem has none. Throws JudgeError
/// when problem.txt names a validator whose source is missing, or it does not compile.
std::optional<std::filesystem::path> compile_problem_validator(Compiler& compiler,
                                                               const ProblemSettings& problem);

/// Validates `input` (scratch files go to a private temporary folder).
ValidationResult validate_file(const std::filesystem::path& validator,
                               const std::filesystem::path& input);

/// One file's validation, for reports.
struct FileValidation {
    std::filesystem::path file;
    ValidationResult result;
};

/// Validates every file of `files`, in order, on `jobs` threads (results in the given order).
std::vector<FileValidation> validate_files(const std::filesystem::path& validator,
                                           const std::vector<std::filesystem::path>& files,
                                           int jobs);

/// What `judge run` can call before judging (it already does this case by case through
/// JudgeOptions::validator; this is the all-at-once form): throws JudgeError "invalid input
/// FILE: message" for the first invalid input, or "validator ... (on FILE)" when the validator
/// itself fails. Does nothing when `validator` is nullopt.
void require_valid_inputs(const std::optional<std::filesystem::path>& validator,
                          const std::vector<TestCase>& cases,
                          int jobs);

}  // namespace judge

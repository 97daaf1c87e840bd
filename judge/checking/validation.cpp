#include "checking/validation.hpp"

#include <atomic>
#include <system_error>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

std::vector<InputValidator> compile_input_validators(Compiler& compiler,
                                                     const ProblemSettings& problem) {
    std::vector<InputValidator> validators;
    if (problem.format == ProblemFormat::Polygon) {  // testlib validators: exit 0 or 3
        for (const fs::path& source : problem.input_validators)
            validators.push_back({compile_jury_program(compiler, source, SourceKind::Validator,
                                                       {"-I", (problem.root / "files").string()}),
                                  JuryProtocol::Testlib});
        return validators;
    }
    if (problem.format == ProblemFormat::Package) {
        for (const fs::path& source : problem.input_validators)
            validators.push_back({compile_jury_program(compiler, source, SourceKind::Validator),
                                  JuryProtocol::Kattis});
        return validators;
    }
    std::optional<fs::path> source = problem.validator_source();
    if (!source) return validators;
    std::error_code error;
    if (!fs::is_regular_file(*source, error))
        throw JudgeError("validator " + source->string() + " not found (validator: " +
                         problem.validator + " in " + problem.settings_file.string() + ")");
    validators.push_back(
        {compile_jury_program(compiler, *source, SourceKind::Validator), JuryProtocol::Testlib});
    return validators;
}

ValidationResult validate_file(const std::vector<InputValidator>& validators,
                               const fs::path& input,
                               const std::vector<std::string>& flags,
                               bool sandboxed,
                               std::int64_t jury_cpu_ms) {
    TempDir scratch("judge-validate", fast_temp_base());
    ValidationResult result;
    result.valid = true;
    for (const InputValidator& validator : validators) {
        ValidationResult one = run_validator(validator.program, validator.protocol, input,
                                             scratch.path(), flags, jury_cpu_ms, sandboxed);
        one.wall_us += result.wall_us;
        result = one;
        if (!result.valid) break;
    }
    return result;
}

std::vector<FileValidation> validate_files(const std::vector<InputValidator>& validators,
                                           const std::vector<fs::path>& files,
                                           int jobs,
                                           bool sandboxed,
                                           std::int64_t jury_cpu_ms) {
    std::vector<FileValidation> results(files.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&](int) {
        for (std::size_t i = next++; i < files.size(); i = next++) {
            results[i].file = files[i];
            results[i].result = validate_file(validators, files[i], {}, sandboxed, jury_cpu_ms);
        }
    };
    run_workers(jobs, worker, files.size());
    return results;
}

void require_valid_inputs(const std::vector<InputValidator>& validators,
                          const std::vector<TestCase>& cases,
                          int jobs,
                          bool sandboxed,
                          std::int64_t jury_cpu_ms) {
    if (validators.empty()) return;
    // Each case with its own flags (a package's input_validator_args), as judge_case gives them:
    // a validator may need them to accept the input at all (BAPCtools' testseed).
    std::vector<ValidationResult> results(cases.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&](int) {
        for (std::size_t i = next++; i < cases.size(); i = next++)
            results[i] = validate_file(validators, cases[i].input, cases[i].input_validator_flags,
                                       sandboxed, jury_cpu_ms);
    };
    run_workers(jobs, worker, cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const fs::path& file = cases[i].input;
        if (results[i].validator_failed)
            throw JudgeError(results[i].message + " (on " + file.string() + ")");
        if (!results[i].valid)
            throw JudgeError("invalid input " + file.string() + ": " + results[i].message);
    }
}

}  // namespace judge

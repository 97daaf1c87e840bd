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
                                  JuryProtocol::Testlib, source.filename().string()});
        return validators;
    }
    if (problem.format == ProblemFormat::Package) {
        for (const fs::path& source : problem.input_validators)
            validators.push_back({compile_jury_program(compiler, source, SourceKind::Validator),
                                  JuryProtocol::Kattis, source.filename().string()});
        return validators;
    }
    std::optional<fs::path> source = problem.validator_source();
    if (!source) return validators;
    std::error_code error;
    if (!fs::is_regular_file(*source, error))
        throw JudgeError("validator " + source->string() + " not found (validator: " +
                         problem.validator + " in " + problem.settings_file.string() + ")");
    validators.push_back({compile_jury_program(compiler, *source, SourceKind::Validator),
                          JuryProtocol::Testlib, source->filename().string()});
    return validators;
}

ValidationResult validate_file(const std::vector<InputValidator>& validators,
                               const fs::path& input,
                               const InputValidatorArgs& args,
                               bool sandboxed,
                               std::int64_t jury_cpu_ms) {
    TempDir scratch("judge-validate", fast_temp_base());
    ValidationResult result;
    result.valid = true;
    for (const InputValidator& validator : validators) {
        ValidationResult one =
            run_validator(validator.program, validator.protocol, input, scratch.path(),
                          args.of(validator.name), jury_cpu_ms, sandboxed);
        one.wall_us += result.wall_us;
        result = one;
        if (!result.valid) break;
    }
    return result;
}

namespace {

/// validate_one(i) for i in [0, count) on `jobs` threads; the results in index order.
template <class ValidateOne>
std::vector<ValidationResult> validate_each(std::size_t count, int jobs, ValidateOne validate_one) {
    std::vector<ValidationResult> results(count);
    std::atomic<std::size_t> next{0};
    auto worker = [&](int) {
        for (std::size_t i = next++; i < count; i = next++) results[i] = validate_one(i);
    };
    run_workers(jobs, worker, count);
    return results;
}

}  // namespace

std::vector<FileValidation> validate_files(const std::vector<InputValidator>& validators,
                                           const std::vector<fs::path>& files,
                                           int jobs,
                                           bool sandboxed,
                                           std::int64_t jury_cpu_ms) {
    std::vector<ValidationResult> results = validate_each(files.size(), jobs, [&](std::size_t i) {
        return validate_file(validators, files[i], {}, sandboxed, jury_cpu_ms);
    });
    std::vector<FileValidation> validations(files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        validations[i] = {files[i], std::move(results[i])};
    return validations;
}

void require_valid_inputs(const std::vector<InputValidator>& validators,
                          const std::vector<TestCase>& cases,
                          int jobs,
                          bool sandboxed,
                          std::int64_t jury_cpu_ms) {
    if (validators.empty()) return;
    // Each case with its own flags (a package's input_validator_args), as judge_case gives them:
    // a validator may need them to accept the input at all (BAPCtools' testseed).
    std::vector<ValidationResult> results = validate_each(cases.size(), jobs, [&](std::size_t i) {
        return validate_file(validators, cases[i].input, cases[i].input_validator_flags, sandboxed,
                             jury_cpu_ms);
    });
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const fs::path& file = cases[i].input;
        if (results[i].validator_failed)
            throw JudgeError(results[i].message + " (on " + file.string() + ")");
        if (!results[i].valid)
            throw JudgeError("invalid input " + file.string() + ": " + results[i].message);
    }
}

}  // namespace judge

// judge validate <id> [FILE...]: run the problem's input validator alone, on the given files or
// on every input of testdata/<id>/ (sample, secret, stress).
//
// Exit status: 0 every input valid, 1 some invalid, 2 no validator, a validator failure, misuse.
#include <iostream>
#include <memory>
#include <system_error>
#include <vector>

#include "checking/validation.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/problem.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

int run_validate(const GlobalOptions& global, const ValidateOptions& options) {
    Context context = make_context(global);
    require_jury_isolation(options.no_sandbox);
    ProblemSettings problem = load_problem(context.root, options.problem);
    std::vector<fs::path> files;
    std::vector<std::string> names;
    std::error_code error;
    if (options.files.empty()) {
        for (const TestCase& test_case : discover_cases(problem.dir)) {
            files.push_back(test_case.input);
            names.push_back(test_case.display_name() + ".in");
        }
        if (files.empty()) throw JudgeError("no cases (NAME.in) in " + problem.dir.string());
    } else {
        for (const std::string& file : options.files) {
            if (!fs::is_regular_file(file, error)) throw JudgeError("input " + file + " not found");
            files.push_back(file);
            names.push_back(file);
        }
    }
    Compiler compiler(context.root, context.cache_dir, "g++", context.compile_limits);
    std::vector<InputValidator> validators = compile_input_validators(compiler, problem);
    if (validators.empty())
        throw JudgeError("problem '" + problem.id + "' has no validator (checkers/validators/" +
                         problem.id + ".cpp, or validator: in " + problem.settings_file.string() +
                         ")");
    int jobs = options.jobs > 0 ? options.jobs : default_jobs();
    std::vector<FileValidation> results =
        validate_files(validators, files, jobs, !options.no_sandbox, problem.jury_time_limit_ms);
    int invalid = 0, failed = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const ValidationResult& result = results[i].result;
        if (result.validator_failed) {
            ++failed;
            std::cout << "JE       " << escape_control(names[i]) << ": " << result.message << "\n";
        } else if (!result.valid) {
            ++invalid;
            std::cout << "INVALID  " << escape_control(names[i]) << ": " << result.message << "\n";
        } else {
            std::cout << "valid    " << escape_control(names[i]) << "\n";
        }
    }
    std::cout << "validate " << problem.id << ": " << results.size() << " inputs, "
              << results.size() - static_cast<std::size_t>(invalid + failed) << " valid, "
              << invalid << " invalid";
    if (failed) std::cout << ", " << failed << " validator failures (JE)";
    std::cout << "\n";
    return failed ? 2 : invalid ? 1 : 0;
}

}  // namespace judge

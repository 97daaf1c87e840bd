// judge selftest <id>: the problem's jury programs checked against their fixtures.
// judge selftest PACKAGE (a Polygon package, a folder or its zip): each validator's tests and the
//   checker's tests of problem.xml against their verdicts (problems/polygon_selftest.hpp).
//   testdata/<id>/checker/<ok|wa|pe|fail>/NAME.in, NAME.out[, NAME.ans]: the checker must give
//     the folder's verdict;
//   testdata/<id>/invalid/NAME.in + NAME.err: the validator must reject NAME.in with a message
//     containing NAME.err's text (trimmed), and the solution, run on it under the problem's
//     limits, must exit non-zero (not a signal, not a limit: TLE is a failure) with exactly one
//     line on stderr. The solution runs in the sandbox unless --no-sandbox.
//
// Exit status: 0 every fixture passed, 1 some failed, 2 misuse or a jury program that does not
// compile.
#include <algorithm>
#include <iostream>
#include <memory>
#include <system_error>

#include "checking/checker_protocol.hpp"
#include "checking/judging.hpp"
#include "checking/validation.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/polygon_package.hpp"
#include "problems/polygon_selftest.hpp"
#include "problems/problem.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string trim(std::string text) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && blank(text.back())) text.pop_back();
    std::size_t start = 0;
    while (start < text.size() && blank(text[start])) ++start;
    return text.substr(start);
}

// The NAME.in files of `dir`, natural order.
std::vector<fs::path> inputs_of(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error))
        if (entry.is_regular_file() && entry.path().extension() == ".in")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
        return natural_less(a.filename().string(), b.filename().string());
    });
    return files;
}

std::optional<CheckerOutcome> folder_outcome(const std::string& folder) {
    if (folder == "ok") return CheckerOutcome::Ok;
    if (folder == "wa") return CheckerOutcome::WrongAnswer;
    if (folder == "pe") return CheckerOutcome::PresentationError;
    if (folder == "fail") return CheckerOutcome::Fail;
    return std::nullopt;
}

const char* outcome_name(CheckerOutcome outcome) {
    switch (outcome) {
        case CheckerOutcome::Ok: return "ok";
        case CheckerOutcome::WrongAnswer: return "wa";
        case CheckerOutcome::PresentationError: return "pe";
        case CheckerOutcome::Fail: return "fail";
        case CheckerOutcome::Crashed: return "crash";
    }
    return "?";
}

// A Polygon package's validator and checker tests; the package is read, not loaded as a problem
// to judge (its interactor or file I/O does not matter here).
int run_polygon_selftest(const GlobalOptions& global, const SelftestOptions& options) {
    if (!options.solution.empty())
        throw JudgeError("--solution: a Polygon package's selftest runs no solution");
    fs::path cache_dir = package_cache_dir(global);
    std::error_code error;
    fs::path root = fs::is_regular_file(options.problem, error)
                        ? unpack_polygon_zip(options.problem, cache_dir)
                        : fs::absolute(options.problem, error);
    PolygonPackage package = read_polygon_package(root);
    Compiler compiler(root, cache_dir, "g++", make_limits_only(global).compile_limits);
    require_submission_isolation(options.no_sandbox);
    compiler.set_sandbox(!options.no_sandbox);
    int passed = 0, failed = 0, skipped = 0;
    run_polygon_selftest(
        compiler, package, !options.no_sandbox, [&](const PolygonSelftestLine& line) {
            using Result = PolygonSelftestLine::Result;
            (line.result == Result::Passed   ? passed
             : line.result == Result::Failed ? failed
                                             : skipped)++;
            std::cout << (line.result == Result::Passed   ? "ok    "
                          : line.result == Result::Failed ? "FAIL  "
                                                          : "skip  ")
                      << escape_control(line.name) << ": " << escape_control(line.what) << "\n";
            std::cout.flush();
        });
    std::cout << "selftest " << escape_control(package.short_name) << ": " << passed << " passed, "
              << failed << " failed"
              << (skipped ? ", " + std::to_string(skipped) + " skipped" : std::string())
              << (passed + failed + skipped == 0
                      ? " (problem.xml gives no validator or checker tests)"
                      : "")
              << "\n";
    return failed ? 1 : 0;
}

}  // namespace

int run_selftest(const GlobalOptions& global, const SelftestOptions& options) {
    if (names_polygon_package(global, options.problem))
        return run_polygon_selftest(global, options);
    Context context = make_context(global);
    ProblemSettings problem = load_problem(context.root, options.problem);
    fs::path checker_dir = problem.dir / "checker", invalid_dir = problem.dir / "invalid";
    std::error_code error;
    bool has_checker_fixtures = fs::is_directory(checker_dir, error);
    bool has_invalid = fs::is_directory(invalid_dir, error);
    if (!has_checker_fixtures && !has_invalid)
        throw JudgeError("no fixtures: neither " + checker_dir.string() + " nor " +
                         invalid_dir.string() + " exists");

    Compiler compiler(context.root, context.cache_dir, "g++", context.compile_limits);
    require_submission_isolation(options.no_sandbox);
    compiler.set_sandbox(!options.no_sandbox);
    TempDir scratch("judge-selftest", fast_temp_base());
    int passed = 0, failed = 0;
    auto report = [&](bool ok, const std::string& name, const std::string& what) {
        (ok ? passed : failed)++;
        std::cout << (ok ? "ok    " : "FAIL  ") << escape_control(name) << ": "
                  << escape_control(what) << "\n";
    };

    if (has_checker_fixtures) {
        Program checker =
            compile_jury_program(compiler, problem.checker_source(), SourceKind::Checker);
        std::vector<fs::path> folders;
        for (const auto& entry : fs::directory_iterator(checker_dir, error))
            if (entry.is_directory()) folders.push_back(entry.path());
        std::sort(folders.begin(), folders.end());
        for (const fs::path& folder : folders) {
            std::string folder_name = folder.filename().string();
            std::optional<CheckerOutcome> expected = folder_outcome(folder_name);
            if (!expected) {
                report(false, "checker/" + folder_name, "unknown folder (ok, wa, pe or fail)");
                continue;
            }
            for (const fs::path& input : inputs_of(folder)) {
                std::string name = "checker/" + folder_name + "/" + input.stem().string();
                fs::path output = fs::path(input).replace_extension(".out");
                fs::path answer = fs::path(input).replace_extension(".ans");
                if (!fs::is_regular_file(output, error)) {
                    report(false, name, "missing " + output.filename().string());
                    continue;
                }
                if (!fs::is_regular_file(answer, error)) answer.clear();
                CheckResult check = run_checker(checker, JuryProtocol::Testlib,
                                                check_files(input, output, answer, scratch.path()),
                                                10000, !options.no_sandbox);
                bool ok = check.outcome == *expected;
                report(ok, name,
                       std::string(ok ? "" : "expected ") + (ok ? "" : outcome_name(*expected)) +
                           (ok ? "" : ", got ") + outcome_name(check.outcome) + " (" +
                           check.message + ")");
            }
        }
    }

    if (has_invalid) {
        std::vector<InputValidator> validators = compile_input_validators(compiler, problem);
        if (validators.empty())
            throw JudgeError(invalid_dir.string() + " exists but problem '" + problem.id +
                             "' has no validator");
        fs::path solution_source =
            options.solution.empty() ? problem.solution_source() : fs::path(options.solution);
        if (!fs::is_regular_file(solution_source, error))
            throw JudgeError("solution " + solution_source.string() + " not found");
        CompileResult solution = compiler.compile(solution_source, SourceKind::Solution);
        if (!solution.ok)
            throw JudgeError("solution " + solution_source.string() +
                             " does not compile: " + first_line(solution.message, 300));
        for (const fs::path& input : inputs_of(invalid_dir)) {
            std::string name = "invalid/" + input.stem().string();
            fs::path err_file = fs::path(input).replace_extension(".err");
            std::string expected;
            try {
                expected = trim(read_file(err_file, 4096));
            } catch (const JudgeError&) {
                report(false, name, "missing " + err_file.filename().string());
                continue;
            }
            ValidationResult validation = validate_file(validators, input, {}, !options.no_sandbox,
                                                        problem.jury_time_limit_ms);
            if (validation.validator_failed)
                report(false, name + " (validator)", validation.message);
            else if (validation.valid)
                report(false, name + " (validator)", "accepted, but it must be rejected");
            else if (validation.message.find(expected) == std::string::npos)
                report(false, name + " (validator)",
                       "message '" + validation.message + "' does not contain '" + expected + "'");
            else
                report(true, name + " (validator)", "rejected: " + validation.message);

            RunRequest request =
                submission_request(solution.program, problem.limits, !options.no_sandbox);
            request.stdin_path = input.string();
            request.stderr_path = (scratch.path() / "solution.err").string();
            RunResult run = run_process(request);
            std::string err;
            try {
                err = read_file(request.stderr_path, 64 * 1024);
            } catch (const JudgeError&) {}
            std::string body = err;
            if (!body.empty() && body.back() == '\n') body.pop_back();
            bool one_line = !body.empty() && body.find('\n') == std::string::npos;
            RunClassification outcome = classify_run(run, problem.limits);
            std::string what;
            if (run.limit_hit != LimitHit::None || run.signaled)
                what = short_code(outcome.verdict.value_or(Verdict::RE)).data() +
                       std::string(" (") + outcome.detail + "): it must exit non-zero at once";
            else if (run.exit_code == 0)
                what = "exit code 0: it must exit non-zero on an invalid input";
            else if (!one_line)
                what =
                    "exit code " + std::to_string(run.exit_code) + " but " +
                    (body.empty() ? std::string("nothing")
                                  : std::to_string(std::count(body.begin(), body.end(), '\n') + 1) +
                                        " lines") +
                    " on stderr (exactly one line expected)";
            bool ok = what.empty();
            if (ok) what = "exit code " + std::to_string(run.exit_code) + ": " + body;
            report(ok, name + " (solution)", what);
        }
    }
    std::cout << "selftest " << problem.id << ": " << passed << " passed, " << failed
              << " failed\n";
    return failed ? 1 : 0;
}

}  // namespace judge

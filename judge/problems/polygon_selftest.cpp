#include "problems/polygon_selftest.hpp"

#include <system_error>

#include "checking/jury_program.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

std::optional<bool> validator_verdict_holds(const std::string& verdict,
                                            const ValidationResult& got) {
    if (verdict == "valid") return got.valid;
    if (verdict == "invalid") return !got.valid && !got.validator_failed;
    return std::nullopt;
}

std::optional<bool> checker_verdict_holds(const std::string& verdict, CheckerOutcome got) {
    if (verdict == "ok") return got == CheckerOutcome::Ok;
    if (verdict == "wrong-answer") return got == CheckerOutcome::WrongAnswer;
    if (verdict == "presentation-error") return got == CheckerOutcome::PresentationError;
    if (verdict == "crashed") return got == CheckerOutcome::Fail || got == CheckerOutcome::Crashed;
    return std::nullopt;
}

namespace {

const char* outcome_name(CheckerOutcome outcome) {
    switch (outcome) {
        case CheckerOutcome::Ok: return "ok";
        case CheckerOutcome::WrongAnswer: return "wrong-answer";
        case CheckerOutcome::PresentationError: return "presentation-error";
        case CheckerOutcome::Fail: return "crashed";  // its message says "checker FAIL"
        case CheckerOutcome::Crashed: return "crashed";
    }
    return "?";
}

using Line = PolygonSelftestLine;

// A test's file of the package; nullopt (with `missing` set) when the package lacks it. A file
// with CRLF ends is run as a copy with LF ends in `scratch`, whatever the package's binaries:
// Polygon keeps these tests as typed into its web forms (CRLF, in Linux packages too) and runs
// them on Windows, where testlib reads CRLF as an end of line; here its strict readEoln would not.
std::optional<fs::path> test_file(const PolygonPackage& package,
                                  const std::string& pattern,
                                  int index,
                                  const fs::path& scratch,
                                  std::string& missing) {
    std::string relative = format_test_path(pattern, index);
    fs::path file = package.root / relative;
    std::error_code error;
    if (!fs::is_regular_file(file, error)) {
        missing += (missing.empty() ? "missing " : ", ") + relative;
        return std::nullopt;
    }
    std::string text = read_file(file);
    if (text.find("\r\n") == std::string::npos) return file;
    std::string lf;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) lf += text[i];
    fs::path copy = scratch / ("lf-" + std::to_string(index) + "-" + file.filename().string());
    write_file_atomically(copy, lf);
    return copy;
}

std::vector<std::string> package_flags(const PolygonPackage& package) {
    return {"-I", (package.root / "files").string()};
}

// A jury test's line: an unknown verdict in problem.xml (`known_verdicts` names the ones there
// are), the verdict as expected, or not (with the test's file).
void report_jury_test(const std::function<void(const Line&)>& report,
                      const std::string& test_name,
                      const PolygonJuryTest& test,
                      const std::string& input_pattern,
                      std::optional<bool> holds,
                      const std::string& said,
                      const std::string& known_verdicts) {
    if (!holds)
        report({Line::Result::Failed, test_name,
                "unknown verdict '" + test.verdict + "' (" + known_verdicts +
                    ") at problem.xml:" + std::to_string(test.line)});
    else if (*holds)
        report({Line::Result::Passed, test_name, said});
    else
        report({Line::Result::Failed, test_name,
                "expected " + test.verdict + ", got " + said + " (" +
                    format_test_path(input_pattern, test.index) + ")"});
}

// Tests counted by <test-count> without a <test> saying their verdict: one skipped line.
void report_unlisted(const std::function<void(const Line&)>& report,
                     const std::string& name,
                     const PolygonJuryTestset& tests) {
    if (tests.unlisted_count > 0)
        report({Line::Result::Skipped, name,
                std::to_string(tests.unlisted_count) +
                    " test(s) of <test-count> have no <test> giving their verdict"});
}

void check_validator(Compiler& compiler,
                     const PolygonPackage& package,
                     const PolygonSource& source,
                     const PolygonJuryTestset& tests,
                     const fs::path& scratch,
                     bool sandbox,
                     const std::function<void(const Line&)>& report) {
    const std::string name = "validator " + source.path;
    report_unlisted(report, name, tests);
    if (tests.tests.empty()) return;
    if (std::string why = unbuilt_source_type(source.type); !why.empty()) {
        report({Line::Result::Skipped, name, why + ": its tests are not run"});
        return;
    }
    Program validator = compile_jury_program(compiler, package.root / source.path,
                                             SourceKind::Validator, package_flags(package));
    for (const PolygonJuryTest& test : tests.tests) {
        const std::string test_name = name + " #" + std::to_string(test.index);
        std::string missing;
        std::optional<fs::path> input =
            test_file(package, tests.input_pattern, test.index, scratch, missing);
        if (!input) {
            report({Line::Result::Failed, test_name, missing});
            continue;
        }
        ValidationResult got = run_validator(validator, JuryProtocol::Testlib, *input, scratch, {},
                                             JuryLimitsBasis{}.jury_cpu_ms, sandbox);
        std::string said = got.valid              ? "valid"
                           : got.validator_failed ? "the validator broke: " + got.message
                                                  : "invalid: " + got.message;
        report_jury_test(report, test_name, test, tests.input_pattern,
                         validator_verdict_holds(test.verdict, got), said, "valid or invalid");
    }
}

void check_checker(Compiler& compiler,
                   const PolygonPackage& package,
                   const fs::path& scratch,
                   bool sandbox,
                   const std::function<void(const Line&)>& report) {
    const PolygonJuryTestset& tests = package.checker_tests;
    report_unlisted(report, "checker", tests);
    if (tests.tests.empty() || !package.checker) return;
    Program checker = compile_jury_program(compiler, package.root / package.checker->path,
                                           SourceKind::Checker, package_flags(package));
    for (const PolygonJuryTest& test : tests.tests) {
        const std::string test_name = "checker #" + std::to_string(test.index);
        std::string missing;
        std::optional<fs::path> input =
            test_file(package, tests.input_pattern, test.index, scratch, missing);
        std::optional<fs::path> output =
            test_file(package, tests.output_pattern, test.index, scratch, missing);
        std::optional<fs::path> answer =
            test_file(package, tests.answer_pattern, test.index, scratch, missing);
        if (!missing.empty()) {
            report({Line::Result::Failed, test_name, missing});
            continue;
        }
        CheckFiles files;
        files.input = *input;
        files.output = *output;
        files.answer = *answer;
        files.scratch_dir = scratch;
        files.testlib_points = true;
        CheckResult got = run_checker(checker, JuryProtocol::Testlib, files,
                                      JuryLimitsBasis{}.jury_cpu_ms, sandbox);
        std::string said =
            outcome_name(got.outcome) + (got.message.empty() ? std::string() : ": " + got.message);
        report_jury_test(report, test_name, test, tests.input_pattern,
                         checker_verdict_holds(test.verdict, got.outcome), said,
                         "ok, wrong-answer, presentation-error or crashed");
    }
}

}  // namespace

void run_polygon_selftest(Compiler& compiler,
                          const PolygonPackage& package,
                          bool sandbox,
                          const std::function<void(const PolygonSelftestLine&)>& report) {
    TempDir scratch("judge-selftest", fast_temp_base());
    for (std::size_t i = 0; i < package.validators.size(); ++i)
        if (i < package.validator_tests.size())
            check_validator(compiler, package, package.validators[i], package.validator_tests[i],
                            scratch.path(), sandbox, report);
    check_checker(compiler, package, scratch.path(), sandbox, report);
}

}  // namespace judge

#include "stress/diagnose.hpp"

#include <cstdlib>

#include "checking/judging.hpp"  // submission_sandbox
#include "checking/jury_program.hpp"
#include "checking/report.hpp"  // quote_lines
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

std::vector<std::string> sanitizer_flags() {
    return {"-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-g",
            "-fno-omit-frame-pointer"};
}

std::string extract_sanitizer_report(std::string_view stderr_text, std::size_t max_lines) {
    std::string report;
    std::size_t lines = 0;
    bool in_asan_block = false;
    std::size_t start = 0;
    while (start < stderr_text.size() && lines < max_lines) {
        std::size_t end = stderr_text.find('\n', start);
        if (end == std::string_view::npos) end = stderr_text.size();
        std::string_view line = stderr_text.substr(start, end - start);
        start = end + 1;
        bool keep = false;
        if (line.find("runtime error:") != std::string_view::npos) keep = true;
        if (line.find("ERROR: AddressSanitizer") != std::string_view::npos ||
            line.find("ERROR: LeakSanitizer") != std::string_view::npos ||
            line.find("ERROR: UndefinedBehaviorSanitizer") != std::string_view::npos)
            in_asan_block = true;
        // UBSan's stack trace lines ("    #0 0x... in f file.cpp:12") follow its report too.
        if (!report.empty() && line.find("    #") == 0) keep = true;
        if (in_asan_block || keep) {
            report += std::string(line) + "\n";
            ++lines;
        }
        if (line.find("SUMMARY:") == 0 || line.find("SUMMARY: ") != std::string_view::npos)
            in_asan_block = false;
    }
    return report;
}

std::vector<std::string> sanitizer_environment() {
    auto entry = [](const char* name, const char* fallback) {
        const char* own = std::getenv(name);
        return std::string(name) + "=" + (own && *own ? own : fallback);
    };
    return {entry("ASAN_OPTIONS", "detect_leaks=0"), entry("UBSAN_OPTIONS", "print_stacktrace=1")};
}

Diagnosis diagnose(Compiler& compiler,
                   const fs::path& solution_source,
                   const fs::path& input,
                   const Limits& limits,
                   bool sandbox) {
    Diagnosis diagnosis;
    CompileResult compiled =
        compiler.compile(solution_source, SourceKind::Solution, sanitizer_flags());
    diagnosis.compiled = compiled.ok;
    if (!compiled.ok) {
        diagnosis.compile_message = first_line(compiled.message, 300);
        return diagnosis;
    }
    TempDir scratch("judge-diagnose", fast_temp_base());
    JuryLimitsBasis basis;
    basis.solution = limits;
    RunRequest request = jury_request(JuryRole::SanitizedRerun, compiled.program, {}, basis);
    request.environment = sanitizer_environment();
    request.sandbox = submission_sandbox(sandbox);  // still the contestant's code
    request.stdin_path = input.string();
    request.stdout_path = (scratch.path() / "out").string();
    request.stderr_path = (scratch.path() / "err").string();
    JuryRun run = run_jury(JuryRole::SanitizedRerun, request);
    if (run.runner_error) {
        diagnosis.compiled = false;
        diagnosis.compile_message = *run.runner_error;
        return diagnosis;
    }
    diagnosis.run = run.result;
    std::string err;
    try {
        err = read_file(request.stderr_path, 64 * 1024);
    } catch (const std::exception&) {}
    diagnosis.report = extract_sanitizer_report(err);
    if (diagnosis.report.empty()) {
        std::size_t cut = 0;
        for (int line = 0; line < 5 && cut != std::string::npos; ++line)
            cut = err.find('\n', cut == 0 ? 0 : cut + 1);
        diagnosis.stderr_tail = err.substr(0, cut);
    }
    return diagnosis;
}

std::string describe_diagnosis(const Diagnosis& diagnosis) {
    if (!diagnosis.compiled) return "sanitized build failed: " + diagnosis.compile_message + "\n";
    // The report comes from the run's stderr, which the submission writes too (a fake block
    // with "verdict: AC" in it): shown as its text, every line marked.
    if (!diagnosis.report.empty())
        return "the sanitizers' report (from the run's stderr, the submission's text):\n" +
               quote_lines(diagnosis.report);
    std::string how;
    const RunResult& run = diagnosis.run;
    if (run.limit_hit != LimitHit::None)
        how = "it hit a limit";
    else if (run.signaled)
        how = "it was killed by " + signal_name(run.term_signal);
    else
        how = "it exited with code " + std::to_string(run.exit_code);
    return "the sanitizers reported nothing (" + how +
           "): no undefined behaviour or memory error on this case\n";
}

}  // namespace judge

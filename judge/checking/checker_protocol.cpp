#include "checking/checker_protocol.hpp"

#include <algorithm>
#include <system_error>

#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

CheckerOutcome map_checker_exit(const RunResult& run, JuryProtocol protocol) {
    if (run.limit_hit != LimitHit::None || !run.exited) return CheckerOutcome::Crashed;
    if (protocol == JuryProtocol::Kattis)
        return run.exit_code == kKattisAccept   ? CheckerOutcome::Ok
               : run.exit_code == kKattisReject ? CheckerOutcome::WrongAnswer
                                                : CheckerOutcome::Crashed;
    switch (run.exit_code) {
        case 0: return CheckerOutcome::Ok;
        case 1: return CheckerOutcome::WrongAnswer;
        case 2: return CheckerOutcome::PresentationError;
        case 3: return CheckerOutcome::Fail;
        default: return CheckerOutcome::Crashed;
    }
}

Verdict to_verdict(CheckerOutcome outcome) {
    switch (outcome) {
        case CheckerOutcome::Ok: return Verdict::AC;
        case CheckerOutcome::WrongAnswer: return Verdict::WA;
        case CheckerOutcome::PresentationError: return Verdict::PE;
        case CheckerOutcome::Fail:
        case CheckerOutcome::Crashed: return Verdict::JE;
    }
    return Verdict::JE;
}

std::string kattis_judge_message(const fs::path& feedback_dir) {
    return first_line_of_file(feedback_dir / "judgemessage.txt", 300);
}

CheckResult run_checker(const Program& checker,
                        JuryProtocol protocol,
                        const CheckFiles& files,
                        std::int64_t time_limit_ms) {
    JuryLimitsBasis basis;
    basis.jury_cpu_ms = time_limit_ms;
    std::string answer = files.answer.empty() ? std::string("/dev/null") : files.answer.string();
    fs::path feedback = files.scratch_dir / "feedback";
    CheckResult result;
    std::vector<std::string> args;
    if (protocol == JuryProtocol::Kattis) {
        std::error_code error;
        fs::remove_all(feedback, error);
        fs::create_directories(feedback, error);
        if (error) {
            result.message =
                "cannot create the feedback folder " + feedback.string() + ": " + error.message();
            return result;
        }
        args = {files.input.string(), answer, feedback.string() + "/"};
        args.insert(args.end(), files.flags.begin(), files.flags.end());
    } else {
        args = {files.input.string(), files.output.string(), answer};
    }
    RunRequest request = jury_request(JuryRole::Checker, checker, args, basis);
    if (protocol == JuryProtocol::Kattis) request.stdin_path = files.output.string();
    request.stderr_path = (files.scratch_dir / "checker.err").string();
    request.stderr_text_bytes = kMessageFileBytes;
    request.stdout_path = (files.scratch_dir / "checker.out").string();
    JuryRun jury = run_jury(JuryRole::Checker, request);
    if (jury.runner_error) {
        result.outcome = CheckerOutcome::Crashed;
        result.message = *jury.runner_error;
        return result;
    }
    const RunResult& run = jury.result;
    result.wall_us = run.wall_us;
    result.outcome = map_checker_exit(run, protocol);
    std::string message =
        protocol == JuryProtocol::Kattis ? kattis_judge_message(feedback) : std::string();
    if (message.empty()) message = first_line(run.stderr_text, 300);
    if (message.empty())
        message = first_line_of_file(request.stdout_path, 300);  // testlib-style fallback
    if (result.outcome == CheckerOutcome::Crashed) {
        result.message = describe_jury_failure(JuryRole::Checker, run, request.limits, message);
    } else if (result.outcome == CheckerOutcome::Fail) {
        // checklib already starts the message with "FAIL"; other checkers may not.
        result.message =
            message.rfind("FAIL", 0) == 0 ? "checker " + message : "checker FAIL: " + message;
    } else {
        result.message = message;
    }
    return result;
}

ValidationResult run_validator(const Program& validator,
                               JuryProtocol protocol,
                               const fs::path& input,
                               const fs::path& scratch_dir,
                               const std::vector<std::string>& flags,
                               std::int64_t time_limit_ms) {
    JuryLimitsBasis basis;
    basis.jury_cpu_ms = time_limit_ms;
    RunRequest request = jury_request(JuryRole::Validator, validator, flags, basis);
    request.stdin_path = input.string();
    request.stderr_path = (scratch_dir / "validator.err").string();
    request.stderr_text_bytes = kMessageFileBytes;
    // Kattis validators may say why on stdout too.
    request.stdout_path = (scratch_dir / "validator.out").string();

    ValidationResult result;
    JuryRun jury = run_jury(JuryRole::Validator, request);
    if (jury.runner_error) {
        result.validator_failed = true;
        result.message = *jury.runner_error;
        return result;
    }
    const RunResult& run = jury.result;
    result.wall_us = run.wall_us;
    std::string message = first_line(run.stderr_text, 300);
    if (message.empty()) message = first_line_of_file(request.stdout_path, 300);
    const bool kattis = protocol == JuryProtocol::Kattis;
    bool clean = run.limit_hit == LimitHit::None && run.exited;
    if (clean && run.exit_code == (kattis ? kKattisAccept : 0)) {
        result.valid = true;
    } else if (clean && run.exit_code == (kattis ? kKattisReject : 3)) {
        result.message = message.empty() ? "rejected (no message)" : message;
    } else {
        result.validator_failed = true;
        result.message = describe_jury_failure(JuryRole::Validator, run, request.limits, message);
    }
    return result;
}

}  // namespace judge

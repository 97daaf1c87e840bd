#include "checking/checker_protocol.hpp"

#include <algorithm>
#include <system_error>

#include "building/languages.hpp"

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

Limits helper_limits(std::int64_t time_limit_ms) {
    Limits limits;
    limits.cpu_ms = time_limit_ms;
    limits.wall_ms = 2 * time_limit_ms + 1000;
    limits.memory_kib = 4 * 1024 * 1024;  // 4 GiB: a checker may load a big answer
    limits.output_kib = 1024;
    limits.max_processes = 16;
    return limits;
}

std::string failure_reason(const RunResult& run, const Limits& limits) {
    switch (run.limit_hit) {
        case LimitHit::CpuTime:
            return "exceeded its CPU time limit of " + std::to_string(limits.cpu_ms) + " ms";
        case LimitHit::WallTime:
            return "exceeded its wall time limit of " + std::to_string(limits.wall_ms) + " ms";
        case LimitHit::Memory: return "exceeded its memory limit";
        case LimitHit::Output: return "wrote too much output";
        case LimitHit::None: break;
    }
    if (run.signaled) return "killed by " + signal_name(run.term_signal);
    return "exited with code " + std::to_string(run.exit_code);
}

std::string kattis_judge_message(const fs::path& feedback_dir) {
    return first_line_of_file(feedback_dir / "judgemessage.txt", 300);
}

namespace {

// The limits of a jury program of `program`'s language (a JVM needs its threads).
Limits jury_limits(const Program& program, std::int64_t time_limit_ms) {
    Limits limits = helper_limits(time_limit_ms);
    if (program.language)
        limits.max_processes = std::max(limits.max_processes, program.language->min_processes);
    return limits;
}

}  // namespace

CheckResult run_checker(const Program& checker,
                        JuryProtocol protocol,
                        const CheckFiles& files,
                        std::int64_t time_limit_ms) {
    RunRequest request;
    request.stderr_path = (files.scratch_dir / "checker.err").string();
    request.stdout_path = (files.scratch_dir / "checker.out").string();
    request.limits = jury_limits(checker, time_limit_ms);
    std::string answer = files.answer.empty() ? std::string("/dev/null") : files.answer.string();
    fs::path feedback = files.scratch_dir / "feedback";
    CheckResult result;
    if (protocol == JuryProtocol::Kattis) {
        std::error_code error;
        fs::remove_all(feedback, error);
        fs::create_directories(feedback, error);
        if (error) {
            result.message =
                "cannot create the feedback folder " + feedback.string() + ": " + error.message();
            return result;
        }
        std::vector<std::string> args = {files.input.string(), answer, feedback.string() + "/"};
        args.insert(args.end(), files.flags.begin(), files.flags.end());
        set_program(request, checker, args);
        request.stdin_path = files.output.string();
    } else {
        set_program(request, checker, {files.input.string(), files.output.string(), answer});
    }
    // Jury code is trusted but may be buggy: its limits must hold. Without cgroups nothing
    // enforces max_processes for a root judge (RLIMIT_NPROC does not bind root), so a checker
    // that forks without end would take the machine; the run's pids cgroup does bind. The pool
    // reuses cgroup sets, so this costs little: 300 runs of the tokens checker took 35.1 ms of
    // wall and 15.5 ms of CPU a run with cgroups, 34.2 and 14.9 without (means of 3 rounds on
    // the 2-core machine under load 6; the rounds spread by about 1 ms).
    request.use_cgroups = true;

    RunResult run;
    try {
        run = run_process(request);
    } catch (const RunnerError& error) {
        result.outcome = CheckerOutcome::Crashed;
        result.message = std::string("cannot run the checker: ") + error.what();
        return result;
    }
    result.wall_us = run.wall_us;
    result.outcome = map_checker_exit(run, protocol);
    std::string message =
        protocol == JuryProtocol::Kattis ? kattis_judge_message(feedback) : std::string();
    if (message.empty()) message = first_line_of_file(request.stderr_path, 300);
    if (message.empty())
        message = first_line_of_file(request.stdout_path, 300);  // testlib-style fallback
    if (result.outcome == CheckerOutcome::Crashed) {
        result.message = "checker " + failure_reason(run, request.limits);
        if (!message.empty()) result.message += ": " + message;
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
    RunRequest request;
    request.limits = jury_limits(validator, time_limit_ms);
    set_program(request, validator, flags);
    request.stdin_path = input.string();
    request.stderr_path = (scratch_dir / "validator.err").string();
    // Kattis validators may say why on stdout too.
    request.stdout_path = (scratch_dir / "validator.out").string();
    request.use_cgroups = true;  // limits that hold for jury code too (see run_checker)

    ValidationResult result;
    RunResult run;
    try {
        run = run_process(request);
    } catch (const RunnerError& error) {
        result.validator_failed = true;
        result.message = std::string("cannot run the validator: ") + error.what();
        return result;
    }
    result.wall_us = run.wall_us;
    std::string message = first_line_of_file(request.stderr_path, 300);
    if (message.empty()) message = first_line_of_file(request.stdout_path, 300);
    const bool kattis = protocol == JuryProtocol::Kattis;
    bool clean = run.limit_hit == LimitHit::None && run.exited;
    if (clean && run.exit_code == (kattis ? kKattisAccept : 0)) {
        result.valid = true;
    } else if (clean && run.exit_code == (kattis ? kKattisReject : 3)) {
        result.message = message.empty() ? "rejected (no message)" : message;
    } else {
        result.validator_failed = true;
        result.message = "validator " + failure_reason(run, request.limits);
        if (!message.empty()) result.message += ": " + message;
    }
    return result;
}

}  // namespace judge

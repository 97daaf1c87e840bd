#include "checking/checker_protocol.hpp"

#include <system_error>

#include "util/files.hpp"
#include "checking/judging.hpp"  // signal_name

namespace judge {

namespace fs = std::filesystem;

CheckerOutcome map_checker_exit(const RunResult& run) {
    if (run.limit_hit != LimitHit::None || !run.exited) return CheckerOutcome::Crashed;
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

namespace {

// Why a helper program broke, for a JE message ("exited with code 5", "killed by signal 11
// (SIGSEGV)", "exceeded its time limit of 10000 ms").
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

}  // namespace

CheckResult run_checker(const fs::path& checker,
                        const fs::path& input,
                        const fs::path& output,
                        const fs::path& answer,
                        const fs::path& scratch_dir,
                        std::int64_t time_limit_ms) {
    RunRequest request;
    request.argv = {checker.string(), input.string(), output.string(),
                    answer.empty() ? std::string("/dev/null") : answer.string()};
    request.stderr_path = (scratch_dir / "checker.err").string();
    request.stdout_path = (scratch_dir / "checker.out").string();
    request.limits = helper_limits(time_limit_ms);
    // Jury code is trusted but may be buggy: its limits must hold. Without cgroups nothing
    // enforces max_processes for a root judge (RLIMIT_NPROC does not bind root), so a checker
    // that forks without end would take the machine; the run's pids cgroup does bind. The pool
    // reuses cgroup sets, so this costs little: 300 runs of the tokens checker took 35.1 ms of
    // wall and 15.5 ms of CPU a run with cgroups, 34.2 and 14.9 without (means of 3 rounds on
    // the 2-core machine under load 6; the rounds spread by about 1 ms).
    request.use_cgroups = true;

    CheckResult result;
    RunResult run;
    try {
        run = run_process(request);
    } catch (const RunnerError& error) {
        result.outcome = CheckerOutcome::Crashed;
        result.message = std::string("cannot run the checker: ") + error.what();
        return result;
    }
    result.wall_ms = run.wall_ms;
    result.outcome = map_checker_exit(run);
    std::string message = first_line_of_file(request.stderr_path, 300);
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

ValidationResult run_validator(const fs::path& validator,
                               const fs::path& input,
                               const fs::path& scratch_dir,
                               std::int64_t time_limit_ms) {
    RunRequest request;
    request.argv = {validator.string()};
    request.stdin_path = input.string();
    request.stderr_path = (scratch_dir / "validator.err").string();
    request.limits = helper_limits(time_limit_ms);
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
    result.wall_ms = run.wall_ms;
    std::string message = first_line_of_file(request.stderr_path, 300);
    if (run.limit_hit == LimitHit::None && run.exited && run.exit_code == 0) {
        result.valid = true;
    } else if (run.limit_hit == LimitHit::None && run.exited && run.exit_code == 3) {
        result.message = message.empty() ? "rejected (no message)" : message;
    } else {
        result.validator_failed = true;
        result.message = "validator " + failure_reason(run, request.limits);
        if (!message.empty()) result.message += ": " + message;
    }
    return result;
}

}  // namespace judge

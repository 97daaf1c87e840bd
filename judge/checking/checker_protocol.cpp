#include "checking/checker_protocol.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
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

namespace {

// The start (up to 1 KiB) of the file `name` of a feedback folder, nullopt when there is none
// or it is no regular file. The folder was the validator's to write: a file may be a link it
// made to a file the judge may read and it may not (/etc/shadow). Only a regular file of the
// folder itself is read, through an fd opened without following a link.
std::optional<std::string> read_feedback_file(const fs::path& feedback_dir, const char* name) {
    fs::path path = feedback_dir / name;
    int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat info {};
    std::optional<std::string> text;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        char buffer[1024];
        ssize_t got = ::read(fd, buffer, sizeof buffer);
        text.emplace(got > 0 ? std::string(buffer, static_cast<std::size_t>(got)) : "");
    }
    ::close(fd);
    return text;
}

// The one number of a score file (blanks around it allowed), nullopt for anything else: no
// number, more than one, not finite, negative.
std::optional<double> parse_score(const std::string& text) {
    const char* start = text.c_str();
    char* end = nullptr;
    double value = std::strtod(start, &end);
    if (end == start || !std::isfinite(value) || value < 0) return std::nullopt;
    while (*end && std::isspace(static_cast<unsigned char>(*end))) ++end;
    if (*end || end != start + text.size()) return std::nullopt;  // more, or a NUL inside
    return value;
}

}  // namespace

std::string kattis_judge_message(const fs::path& feedback_dir) {
    return first_line(read_feedback_file(feedback_dir, "judgemessage.txt").value_or(""), 300);
}

std::string read_score_files(const fs::path& feedback_dir,
                             bool accepted,
                             std::optional<double>& score,
                             std::optional<double>& multiplier,
                             bool rejected_may_score) {
    std::optional<std::string> score_text = read_feedback_file(feedback_dir, "score.txt");
    std::optional<std::string> multiplier_text =
        read_feedback_file(feedback_dir, "score_multiplier.txt");
    if (!score_text && !multiplier_text) return "";
    const std::string name = score_text ? "score.txt" : "score_multiplier.txt";
    if (!accepted && !rejected_may_score)
        return "the validator wrote " + name + " for an output it rejected";
    if (score_text && multiplier_text)
        return "the validator wrote both score.txt and score_multiplier.txt";
    const std::string& text = score_text ? *score_text : *multiplier_text;
    std::optional<double> value = parse_score(text);
    if (!value || (multiplier_text && *value > 1))
        return name + " holds '" + escape_control(first_line(text, 40)) + "', not " +
               (multiplier_text ? "a number in [0, 1]" : "a non-negative number");
    (score_text ? score : multiplier) = value;
    return "";
}

void add_score_files(CheckResult& check,
                     const fs::path& feedback_dir,
                     bool rejected_may_score,
                     const std::string& message,
                     std::string_view who) {
    std::string bad = read_score_files(feedback_dir, check.outcome == CheckerOutcome::Ok,
                                       check.points, check.score_multiplier, rejected_may_score);
    if (bad.empty()) return;
    // The validator broke the format's rules: the judge's trouble, JE.
    check.outcome = CheckerOutcome::Crashed;
    check.message = std::string(who) + bad + (message.empty() ? "" : "; " + message);
}

std::string jury_output_problem(const fs::path& file) {
    std::error_code error;
    fs::file_status status = fs::symlink_status(file, error);
    if (error || !fs::exists(status)) return "it wrote no " + file.filename().string();
    if (!fs::is_regular_file(status))
        return file.filename().string() + " is not a regular file (a link or a folder)";
    return "";
}

std::optional<double> parse_testlib_points(const std::string& message) {
    std::string text = message;
    if (text.rfind("points ", 0) == 0) text.erase(0, 7);
    const char* start = text.c_str();
    char* end = nullptr;
    double points = std::strtod(start, &end);
    if (end == start || (*end && !std::isspace(static_cast<unsigned char>(*end))) ||
        !std::isfinite(points) || points < 0)
        return std::nullopt;
    return points;
}

namespace {

// A file as a boxed program is given it: absolute, the same in the box as outside (the box
// shows it at its host path); an empty path is "/dev/null".
std::string box_path(const fs::path& path) {
    if (path.empty()) return "/dev/null";
    return fs::absolute(path).lexically_normal().string();
}

}  // namespace

CheckResult run_checker(const Program& checker,
                        JuryProtocol protocol,
                        const CheckFiles& files,
                        std::int64_t time_limit_ms,
                        bool sandboxed) {
    JuryLimitsBasis basis;
    basis.jury_cpu_ms = time_limit_ms;
    // Absolute paths, the same in the box as outside (the box shows each at its host path).
    std::string input = box_path(files.input), output = box_path(files.output);
    std::string answer = box_path(files.answer);
    fs::path feedback = files.scratch_dir / "feedback";
    JuryBox box;
    box.enabled = sandboxed;
    box.read_only = {input, answer};
    box.shown_folders = files.shown_folders;
    CheckResult result;
    std::vector<std::string> args;
    if (protocol == JuryProtocol::Kattis) {
        box.writable_dir = box_path(feedback);
        std::string failed = files.keep_feedback && is_plain_folder(feedback)
                                 ? std::string()
                                 : prepare_jury_writable_dir(box, feedback);
        if (!failed.empty()) {
            result.message = "cannot create the feedback folder: " + failed;
            return result;
        }
        args = {input, answer, jury_writable_path(box)};
        args.insert(args.end(), files.flags.begin(), files.flags.end());
    } else {
        box.read_only.push_back(output);
        args = {input, output, answer};
    }
    RunRequest request = jury_request(JuryRole::Checker, checker, args, basis, box);
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
    // quitp: the output is judged, and worth these points (a score of Polygon's). Without a
    // number the checker broke its protocol: JE, as any unknown exit code.
    if (files.testlib_points && protocol == JuryProtocol::Testlib && run.exited &&
        run.limit_hit == LimitHit::None && run.exit_code == kTestlibPoints) {
        result.points = parse_testlib_points(message);
        if (result.points) {
            result.outcome = CheckerOutcome::Ok;
            result.message = message;
            return result;
        }
        message = "testlib's points (exit 7) without a non-negative number: " + message;
    }
    if (result.outcome == CheckerOutcome::Crashed) {
        result.message = describe_jury_failure(JuryRole::Checker, run, request.limits, message);
    } else if (result.outcome == CheckerOutcome::Fail) {
        // checklib already starts the message with "FAIL"; other checkers may not.
        result.message =
            message.rfind("FAIL", 0) == 0 ? "checker " + message : "checker FAIL: " + message;
        result.failed = true;
    } else {
        result.message = message;
    }
    if (files.score_files && protocol == JuryProtocol::Kattis &&
        result.outcome != CheckerOutcome::Crashed)
        add_score_files(result, feedback, files.rejected_may_score, message);
    return result;
}

ValidationResult run_validator(const Program& validator,
                               JuryProtocol protocol,
                               const fs::path& input,
                               const fs::path& scratch_dir,
                               const std::vector<std::string>& flags,
                               std::int64_t time_limit_ms,
                               bool sandboxed) {
    JuryLimitsBasis basis;
    basis.jury_cpu_ms = time_limit_ms;
    JuryBox box;  // the input comes on stdin: the box shows it nothing of the host
    box.enabled = sandboxed;
    RunRequest request = jury_request(JuryRole::Validator, validator, flags, basis, box);
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

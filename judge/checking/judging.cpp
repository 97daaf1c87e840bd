#include "checking/judging.hpp"

#include <string.h>  // sigabbrev_np (glibc >= 2.32)

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <numeric>
#include <system_error>
#include <thread>

#include "checking/checker_protocol.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

std::string signal_name(int signal_number) {
    const char* abbreviation = sigabbrev_np(signal_number);
    std::string name = "signal " + std::to_string(signal_number);
    if (abbreviation) name += std::string(" (SIG") + abbreviation + ")";
    return name;
}

RunClassification classify_run(const RunResult& run, const Limits& limits) {
    RunClassification result;
    // Limit hits first: a program killed at the limit dies of a signal, and that is not an RE.
    // The measured values are checked too, so a run that ended just over a limit before the
    // runner could react still gets the limit's verdict.
    if (run.limit_hit == LimitHit::CpuTime || run.cpu_ms > limits.cpu_ms) {
        result.verdict = Verdict::TLE;
        result.detail = "CPU time over the " + std::to_string(limits.cpu_ms) + " ms limit";
    } else if (run.limit_hit == LimitHit::WallTime) {
        result.verdict = Verdict::TLE;
        result.detail = "wall time over the " + std::to_string(limits.wall_ms) + " ms limit (CPU " +
                        std::to_string(run.cpu_ms) + " ms)";
    } else if (run.limit_hit == LimitHit::Memory || run.peak_memory_kib > limits.memory_kib) {
        result.verdict = Verdict::MLE;
        result.detail =
            "memory over the " + std::to_string(limits.memory_kib / 1024) + " MiB limit";
    } else if (run.limit_hit == LimitHit::Output) {
        result.verdict = Verdict::OLE;
        result.detail = "output over the " + std::to_string(limits.output_kib) + " KiB limit";
    } else if (run.signaled) {
        result.verdict = Verdict::RE;
        result.detail = "killed by " + signal_name(run.term_signal);
    } else if (!run.exited) {
        result.verdict = Verdict::JE;
        result.detail = "the runner reported neither an exit nor a signal";
    } else if (run.exit_code != 0) {
        result.verdict = Verdict::RE;
        result.detail = "exit code " + std::to_string(run.exit_code);
    }
    return result;
}

bool is_near_limit(std::int64_t cpu_ms, std::int64_t limit_ms, double fraction) {
    double distance =
        static_cast<double>(cpu_ms > limit_ms ? cpu_ms - limit_ms : limit_ms - cpu_ms);
    return distance <= fraction * static_cast<double>(limit_ms);
}

std::string case_folder_name(const TestCase& test_case) {
    std::string name = test_case.display_name();
    std::replace(name.begin(), name.end(), '/', '_');
    return name;
}

SandboxOptions submission_sandbox(bool enabled) {
    SandboxOptions sandbox;
    sandbox.enabled = enabled;
    return sandbox;
}

RunRequest solution_run_request(const ProblemSettings& problem,
                                const TestCase& test_case,
                                const JudgeOptions& options,
                                const fs::path& case_dir,
                                int index) {
    RunRequest request;
    request.argv = {options.solution.string()};
    request.stdin_path = test_case.input.string();
    request.stdout_path = (case_dir / ("run-" + std::to_string(index) + ".out")).string();
    request.stderr_path = (case_dir / ("run-" + std::to_string(index) + ".err")).string();
    request.limits = problem.limits;
    request.sandbox = submission_sandbox(options.sandbox);
    return request;
}

namespace {

CaseRun run_once(const ProblemSettings& problem,
                 const TestCase& test_case,
                 const JudgeOptions& options,
                 const fs::path& case_dir,
                 int index) {
    CaseRun result;
    RunRequest request = solution_run_request(problem, test_case, options, case_dir, index);
    fs::path output = request.stdout_path;
    try {
        result.run = run_process(request);
    } catch (const RunnerError& error) {
        result.verdict = Verdict::JE;
        result.message = std::string("runner error: ") + error.what();
        return result;
    }
    RunClassification classification = classify_run(result.run, problem.limits);
    if (classification.verdict) {
        result.verdict = *classification.verdict;
        result.message = classification.detail;
        if (result.verdict == Verdict::RE) {
            // The first line of stderr usually names the crash (an assertion, an exception).
            std::string said = first_line_of_file(request.stderr_path, 160);
            if (!said.empty()) result.message += "; stderr: " + said;
        }
        return result;
    }
    fs::path answer = test_case.answer ? *test_case.answer : fs::path();
    CheckResult check = run_checker(options.checker, test_case.input, output, answer, case_dir,
                                    options.checker_time_limit_ms);
    result.checker_wall_ms = check.wall_ms;
    result.verdict = to_verdict(check.outcome);
    result.message = check.message;
    return result;
}

}  // namespace

void summarize_runs(CaseResult& result) {
    std::vector<std::size_t> order(result.runs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return result.runs[a].run.cpu_ms < result.runs[b].run.cpu_ms;
    });
    const CaseRun& median = result.runs[order[(order.size() - 1) / 2]];
    result.verdict = median.verdict;
    result.message = median.message;
    result.cpu_ms = median.run.cpu_ms;
    result.wall_ms = median.run.wall_ms;
    result.peak_memory_kib = median.run.peak_memory_kib;
    result.memory_source = median.run.memory_source;
    result.cpu_spread_ms =
        result.runs[order.back()].run.cpu_ms - result.runs[order.front()].run.cpu_ms;
    result.unstable = false;
    for (const CaseRun& run : result.runs) {
        if (run.verdict != result.verdict) result.unstable = true;
        result.programs_wall_ms += run.run.wall_ms + run.checker_wall_ms;
    }
}

CaseResult judge_case(const ProblemSettings& problem,
                      const TestCase& test_case,
                      const JudgeOptions& options) {
    CaseResult result;
    result.test_case = test_case;
    auto judge_error = [&](std::string message) {
        result.verdict = Verdict::JE;
        result.message = std::move(message);
        return result;
    };
    if (problem.checker_needs_ans && !test_case.answer) {
        fs::path expected = fs::path(test_case.input).replace_extension(".ans");
        return judge_error("missing " + expected.string() + " (the checker needs an answer)");
    }

    fs::path case_dir = options.work_dir / case_folder_name(test_case);
    std::error_code error;
    fs::create_directories(case_dir, error);
    if (error) return judge_error("cannot create " + case_dir.string() + ": " + error.message());
    struct Cleanup {
        const fs::path& dir;
        bool keep;
        ~Cleanup() {
            std::error_code ignored;
            if (!keep) fs::remove_all(dir, ignored);
        }
    } cleanup{case_dir, options.keep_outputs};

    if (options.validator) {
        ValidationResult validation = run_validator(*options.validator, test_case.input, case_dir,
                                                    options.checker_time_limit_ms);
        result.programs_wall_ms += validation.wall_ms;
        if (validation.validator_failed)
            return judge_error(validation.message + " (on " + test_case.input.string() + ")");
        if (!validation.valid)
            return judge_error("invalid input " + test_case.input.string() + ": " +
                               validation.message);
    }

    result.runs.push_back(run_once(problem, test_case, options, case_dir, 0));
    if (options.reruns > 0 && result.runs[0].verdict != Verdict::JE &&
        is_near_limit(result.runs[0].run.cpu_ms, problem.limits.cpu_ms,
                      options.near_limit_fraction)) {
        for (int rerun = 1; rerun <= options.reruns; ++rerun)
            result.runs.push_back(run_once(problem, test_case, options, case_dir, rerun));
    }

    summarize_runs(result);
    return result;
}

std::vector<CaseResult> judge_cases(
    const ProblemSettings& problem,
    const std::vector<TestCase>& cases,
    const JudgeOptions& options,
    int jobs,
    const std::function<void(std::size_t, const CaseResult&)>& on_done) {
    std::vector<CaseResult> results(cases.size());
    for (std::size_t index = 0; index < cases.size(); ++index) {
        results[index].test_case = cases[index];
        results[index].verdict = Verdict::JE;
        results[index].message = "not judged: interrupted";
    }
    std::atomic<std::size_t> next{0};
    std::mutex done_mutex;
    auto worker = [&] {
        for (std::size_t index = next++; index < cases.size(); index = next++) {
            if (options.stop && options.stop->load()) return;
            try {
                results[index] = judge_case(problem, cases[index], options);
            } catch (const std::exception& error) {
                // Out of memory, a file-system error...: this case is JE, the others go on.
                results[index].test_case = cases[index];
                results[index].verdict = Verdict::JE;
                results[index].message = std::string("judge error: ") + error.what();
            }
            if (on_done) {
                std::lock_guard lock(done_mutex);
                on_done(index, results[index]);
            }
        }
    };
    std::size_t thread_count =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), cases.size());
    if (thread_count <= 1) {
        worker();
        return results;
    }
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < thread_count; ++i) threads.emplace_back(worker);
    threads.clear();  // joins
    return results;
}

}  // namespace judge

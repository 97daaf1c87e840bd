#include "stress/stress.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <mutex>
#include <system_error>

#include "checking/checker_protocol.hpp"
#include "running/cpu_binding.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// A program's output for the report: at most 1 MiB of it (a case's output is shown in excerpts).
std::string slurp(const fs::path& file) {
    try {
        return read_file(file, 1 << 20);
    } catch (const std::exception&) {
        return "";
    }
}

}  // namespace

// One run of the reference or the solution on a case: what it printed, the run's own failure
// (RE, TLE, ...; no verdict when it ran cleanly), the first line of its stderr when it failed,
// and how it was shut in.
struct StressJudge::ProgramRun {
    std::string output;
    RunClassification failure;
    std::string said;
    std::string isolation;
    bool measured_by_cgroup = true;
    std::optional<std::string> runner_error;
};

StressJudge::StressJudge(const ProblemSettings& problem, StressPrograms programs, bool sandbox)
    : problem_(problem), programs_(std::move(programs)), sandbox_(sandbox) {}

long long StressJudge::jury_cache_hits() const { return jury_cache_hits_.load(); }

std::optional<std::string> StressJudge::generate(const std::vector<std::string>& args,
                                                 const fs::path& dir,
                                                 Trial& trial) const {
    JuryBox box;  // its arguments are numbers and words: it sees nothing of the host
    box.enabled = sandbox_;
    RunRequest request =
        jury_request(JuryRole::Generator, programs_.generator, args, jury_basis(problem_), box);
    request.stdout_path = (dir / "gen.out").string();
    request.stderr_path = (dir / "gen.err").string();
    JuryRun run = run_jury(JuryRole::Generator, request);
    if (run.runner_error) {
        trial.judge_error = *run.runner_error;
        return std::nullopt;
    }
    if (!exited_cleanly(run.result)) {
        trial.judge_error = describe_jury_failure(JuryRole::Generator, run.result, request.limits,
                                                  first_line_of_file(request.stderr_path, 300)) +
                            " (generator args: " + join_args(args) + ")";
        return std::nullopt;
    }
    return read_file(request.stdout_path);
}

StressJudge::ProgramRun StressJudge::run_program(RunRequest request,
                                                 const std::string& who,
                                                 const fs::path& input,
                                                 const fs::path& dir) const {
    request.stdin_path = input.string();
    request.stdout_path = (dir / (who + ".out")).string();
    request.stderr_path = (dir / (who + ".err")).string();
    ProgramRun result;
    JuryRun ran = run_reporting_runner_errors(who, request);
    if (ran.runner_error) {
        result.runner_error = ran.runner_error;
        return result;
    }
    const RunResult& run = ran.result;
    result.output = slurp(request.stdout_path);
    result.failure = classify_run(run, request.limits);
    result.isolation = run.isolation;
    result.measured_by_cgroup = run.memory_source.starts_with("cgroup");
    if (result.failure.verdict) result.said = first_line_of_file(request.stderr_path, 200);
    return result;
}

StressJudge::JurySide StressJudge::jury_side(const fs::path& input, const fs::path& dir) const {
    JurySide side;
    if (!programs_.validators.empty()) {
        const InputValidator& validator = programs_.validators[0];
        ValidationResult validation = run_validator(validator.program, validator.protocol, input,
                                                    dir, {}, problem_.jury_time_limit_ms, sandbox_);
        if (validation.validator_failed) {
            side.judge_error = validation.message;
            side.deterministic = false;  // a crash or a limit: maybe the machine's doing
            return side;
        }
        if (!validation.valid) {
            side.judge_error = "the generator made an invalid case: " + validation.message;
            return side;
        }
    }
    // The reference is the jury's (its role's limits, its box: the case on stdin); its failure
    // is JE.
    JuryBox box;
    box.enabled = sandbox_;
    ProgramRun reference = run_program(
        jury_request(JuryRole::Reference, programs_.reference, {}, jury_basis(problem_), box),
        "reference", input, dir);
    if (reference.runner_error) {
        side.judge_error = *reference.runner_error;
        side.deterministic = false;
        return side;
    }
    if (reference.failure.verdict) {
        side.judge_error = "the reference failed (" +
                           std::string(short_code(*reference.failure.verdict)) + ", " +
                           reference.failure.detail + ")";
        if (!reference.said.empty()) *side.judge_error += ": " + reference.said;
        side.deterministic = false;
        return side;
    }
    side.reference_output = std::move(reference.output);
    return side;
}

Trial StressJudge::judge_text(const std::string& text, const fs::path& dir) const {
    Trial trial;
    trial.input = text;
    fs::path input = dir / "case.in";
    write_file_atomically(input, text);
    // The jury's programs are deterministic: a case the generator (or the shrinker) made before
    // is neither validated nor answered again. Small cases only, so the memory stays bounded.
    std::optional<JurySide> known;
    {
        std::lock_guard lock(jury_cache_mutex_);
        if (auto found = jury_cache_.find(text); found != jury_cache_.end()) known = found->second;
    }
    if (known) {
        ++jury_cache_hits_;
        if (!known->judge_error)
            write_file_atomically(dir / "reference.out", known->reference_output);
    } else {
        known = jury_side(input, dir);
        std::lock_guard lock(jury_cache_mutex_);
        if (known->deterministic && text.size() <= kMaxCachedCaseBytes &&
            jury_cache_.size() < kMaxCachedCases)
            jury_cache_.emplace(text, *known);
    }
    if (known->judge_error) {
        trial.judge_error = known->judge_error;
        return trial;
    }
    trial.reference_output = known->reference_output;
    ProgramRun solution = run_program(
        submission_request(programs_.solution, problem_.limits, sandbox_), "solution", input, dir);
    if (solution.runner_error) {
        trial.judge_error = *solution.runner_error;
        return trial;
    }
    trial.solution_output = solution.output;
    trial.isolation = solution.isolation;
    trial.measured_by_cgroup = solution.measured_by_cgroup;
    if (solution.failure.verdict) {
        trial.failure = *solution.failure.verdict;
        trial.message = solution.failure.detail;
        if (!solution.said.empty()) trial.message += "; stderr: " + solution.said;
        return trial;
    }
    CheckResult check =
        run_checker(programs_.checker, JuryProtocol::Testlib,
                    check_files(input, dir / "solution.out", dir / "reference.out", dir),
                    problem_.jury_time_limit_ms, sandbox_);
    trial.message = check.message;
    Verdict verdict = to_verdict(check.outcome);
    if (verdict == Verdict::JE)
        trial.judge_error = check.message;
    else if (verdict != Verdict::AC)
        trial.failure = verdict;
    return trial;
}

Trial StressJudge::judge_args(const std::vector<std::string>& args, const fs::path& dir) const {
    Trial trial;
    std::optional<std::string> text = generate(args, dir, trial);
    if (!text) return trial;
    return judge_text(*text, dir);
}

SeedRun run_seeds(const SeedSchedule& schedule,
                  const std::function<Trial(long long, const fs::path&)>& judge_seed,
                  const fs::path& work_dir,
                  const std::function<void(long long, double)>& on_progress) {
    std::atomic<long long> next_seed{schedule.first_seed};
    std::atomic<long long> first_event{std::numeric_limits<long long>::max()};
    std::mutex mutex;  // guards the result and the progress calls
    SeedRun result;
    auto start = std::chrono::steady_clock::now();
    auto elapsed_s = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto worker = [&](int index) {
        std::string name = "w";  // not "w" + to_string(): GCC 12 warns falsely (-Wrestrict)
        name += std::to_string(index);
        fs::path dir = work_dir / name;
        fs::create_directories(dir);
        while (true) {
            if (schedule.stop && schedule.stop()) return;
            if (schedule.time_seconds > 0 && elapsed_s() >= schedule.time_seconds) return;
            long long seed = next_seed++;
            if (seed > schedule.last_seed || seed > first_event.load()) return;
            Trial trial = judge_seed(seed, dir);
            std::lock_guard lock(mutex);
            ++result.seeds_done;
            if (trial.isolation) result.isolations.insert(*trial.isolation);
            if (trial.isolation && !trial.measured_by_cgroup) result.exact = false;
            if ((trial.failure || trial.judge_error) &&
                (!result.first_event || seed < result.first_event->first)) {
                first_event = seed;
                result.first_event.emplace(seed, std::move(trial));
            }
            if (on_progress) on_progress(result.seeds_done, elapsed_s());
        }
    };
    run_bound_workers(schedule.jobs, schedule.bind_workers_to_cpus, worker);
    result.seconds = elapsed_s();
    return result;
}

ShrunkFailure shrink_failure(const StressJudge& judge,
                             const Trial& failing,
                             const std::vector<std::string>& args,
                             int max_tests,
                             const fs::path& dir,
                             const std::function<void()>& check_stop) {
    // Every accepted candidate becomes the current one, so the last accepted trial is the
    // result.
    ShrunkFailure shrunk{failing, args, {}};
    const Verdict kind = *failing.failure;
    auto keep_if_same = [&](Trial trial) {
        if (trial.judge_error || trial.failure != kind) return false;
        shrunk.trial = std::move(trial);
        return true;
    };
    shrunk.args = shrink_generator_args(
        args,
        [&](const std::vector<std::string>& candidate) {
            if (check_stop) check_stop();
            return keep_if_same(judge.judge_args(candidate, dir));
        },
        max_tests / 3, shrunk.stats);
    shrink_case(
        shrunk.trial.input, judge.problem().shrink,
        [&](const std::string& candidate) {
            if (check_stop) check_stop();
            return keep_if_same(judge.judge_text(candidate, dir));
        },
        max_tests, shrunk.stats);
    return shrunk;
}

fs::path save_stress_case(const ProblemSettings& problem,
                          long long seed,
                          const std::string& input,
                          const std::string& answer) {
    fs::path dir = problem.dir / "stress";
    std::error_code error;
    fs::create_directories(dir, error);
    if (error) throw JudgeError("cannot create " + dir.string() + ": " + error.message());
    for (int attempt = 1;; ++attempt) {
        // Appended piece by piece: `"-" + to_string` makes GCC 12 warn falsely (-Wrestrict).
        std::string name = "seed-";
        name += std::to_string(seed);
        if (attempt > 1) {
            name += '-';
            name += std::to_string(attempt);
        }
        fs::path in = dir / (name + ".in"), ans = dir / (name + ".ans");
        if (fs::exists(in, error)) {
            if (slurp(in) == input && slurp(ans) == answer) return in;
            continue;
        }
        write_file_atomically(ans, answer);
        write_file_atomically(in, input);
        return in;
    }
}

std::vector<std::string> seed_args(const std::vector<std::string>& base, long long seed) {
    std::vector<std::string> args = base;
    args.push_back("-seed");
    args.push_back(std::to_string(seed));
    return args;
}

std::pair<long long, long long> parse_seed_range(const std::string& text) {
    std::size_t dash = text.find('-', 1);
    try {
        std::size_t used = 0;
        if (dash == std::string::npos) {
            long long seed = std::stoll(text, &used);
            if (used != text.size() || seed < 0) throw std::invalid_argument("bad");
            return {seed, seed};
        }
        long long first = std::stoll(text.substr(0, dash), &used);
        if (used != dash) throw std::invalid_argument("bad");
        std::string rest = text.substr(dash + 1);
        long long last = std::stoll(rest, &used);
        if (used != rest.size() || first < 0 || last < first) throw std::invalid_argument("bad");
        return {first, last};
    } catch (const std::exception&) {
        throw JudgeError("--seeds '" + text + "': expected A-B with 0 <= A <= B (or one seed)");
    }
}

}  // namespace judge

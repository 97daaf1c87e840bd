// The stress engine behind `judge stress`: generate a case per seed, judge the solution against
// a reference through the checker, find the first failing seed (the same whatever --jobs is),
// shrink its case and save it. cmd_stress.cpp keeps the options and the printing.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "building/program.hpp"
#include "checking/judging.hpp"  // InputValidator
#include "checking/jury_program.hpp"
#include "checking/verdict.hpp"
#include "problems/problem.hpp"
#include "stress/grid_shrinker.hpp"

namespace judge {

/// The compiled programs of a stress run.
struct StressPrograms {
    Program generator;
    std::vector<InputValidator> validators;
    Program solution;
    Program reference;
    Program checker;
};

/// What one case gave. `failure` is the solution's verdict when it failed; `judge_error` is set
/// when a jury program failed (that stops the run).
struct Trial {
    std::optional<Verdict> failure;
    std::optional<std::string> judge_error;
    std::string message;  ///< the checker's message or the run's detail
    std::string input, solution_output, reference_output;
    std::optional<std::string> isolation;  ///< RunResult::isolation, when the solution ran
    bool measured_by_cgroup = true;        ///< false when the solution's run was polled
};

/// Judges cases: generate (or take a text), validate, run the reference and the solution, check.
/// The solution runs in the submission sandbox unless `sandbox` is false; the jury's programs
/// (generator, validator, reference, checker) run as jury programs (jury_program.hpp), in
/// their boxes unless `sandbox` is false (--no-sandbox).
/// Thread-safe: each caller passes a folder of its own.
class StressJudge {
 public:
    StressJudge(const ProblemSettings& problem, StressPrograms programs, bool sandbox);

    /// Runs the generator with `args` and judges its case.
    Trial judge_args(const std::vector<std::string>& args, const std::filesystem::path& dir) const;

    /// Judges one case text. While shrinking, a candidate with judge_error (invalid, or the
    /// reference breaks on it) is just "not the same failure".
    Trial judge_text(const std::string& text, const std::filesystem::path& dir) const;

    /// Cases whose validation and reference answer came from the jury cache (judge_text).
    long long jury_cache_hits() const;

    /// The problem whose cases it judges.
    const ProblemSettings& problem() const { return problem_; }

 private:
    struct ProgramRun;
    /// The jury's side of a case: validation, then the reference's answer, or the JE that stops.
    struct JurySide {
        std::optional<std::string> judge_error;
        std::string reference_output;
        bool deterministic = true;  ///< false: a program crashed or hit a limit (not cached)
    };
    JurySide jury_side(const std::filesystem::path& input, const std::filesystem::path& dir) const;
    std::optional<std::string> generate(const std::vector<std::string>& args,
                                        const std::filesystem::path& dir,
                                        Trial& trial) const;
    /// Runs `request` on `input`, writing `who`.out and `who`.err in `dir`.
    ProgramRun run_program(RunRequest request,
                           const std::string& who,
                           const std::filesystem::path& input,
                           const std::filesystem::path& dir) const;

    const ProblemSettings& problem_;
    StressPrograms programs_;
    bool sandbox_;
    static constexpr std::size_t kMaxCachedCaseBytes = 4096;
    static constexpr std::size_t kMaxCachedCases = 8192;  // at most 32 MiB of case text
    mutable std::mutex jury_cache_mutex_;
    mutable std::unordered_map<std::string, JurySide> jury_cache_;
    mutable std::atomic<long long> jury_cache_hits_{0};
};

/// Which seeds to judge, and how.
struct SeedSchedule {
    long long first_seed = 1;
    long long last_seed = 100;
    int jobs = 1;
    double time_seconds = 0;  ///< > 0: stop starting seeds after this long (last_seed still holds)
    /// Polled before each seed: true stops the run (Ctrl-C). nullptr = never.
    std::function<bool()> stop;
    /// Each worker bound to one CPU (WorkerCpuBinding, running/cpu_binding.hpp).
    bool bind_workers_to_cpus = true;
};

/// The seeds' outcome.
struct SeedRun {
    long long seeds_done = 0;  ///< seeds judged
    double seconds = 0;
    /// The first seed (in seed order) whose trial failed or had a judge error, with its trial.
    std::optional<std::pair<long long, Trial>> first_event;
    std::set<std::string> isolations;  ///< of the solution's runs
    bool exact = true;                 ///< every solution run measured by its cgroup
};

/// Judges seeds first_seed, first_seed + 1, ... with `judge_seed(seed, worker_dir)` on `jobs`
/// workers (each with its own folder under `work_dir`). Workers claim seeds in order; after an
/// event at seed s no seed above s is started, so every seed below the first event has been
/// judged and the event returned is the first by seed order, whatever `jobs` is.
/// `on_progress(seeds_done, seconds)` is called after each seed, one call at a time.
SeedRun run_seeds(
    const SeedSchedule& schedule,
    const std::function<Trial(long long seed, const std::filesystem::path& dir)>& judge_seed,
    const std::filesystem::path& work_dir,
    const std::function<void(long long seeds_done, double seconds)>& on_progress = {});

/// A failure after shrinking.
struct ShrunkFailure {
    Trial trial;                    ///< the smallest case that fails the same way
    std::vector<std::string> args;  ///< the generator's arguments after shrinking them
    ShrinkStats stats;
};

/// Shrinks `failing` (from generator `args`): the generator's size options first (same seed),
/// then the case's text (by the judge's problem's shrink shape, see shrink_case), keeping only
/// candidates that fail with the same verdict. At most `max_tests` candidates are judged.
/// `stop` is polled before each candidate (throws nothing itself: the caller's `stop` may).
ShrunkFailure shrink_failure(const StressJudge& judge,
                             const Trial& failing,
                             const std::vector<std::string>& args,
                             int max_tests,
                             const std::filesystem::path& dir,
                             const std::function<void()>& check_stop = {});

/// Saves a case as testdata/<id>/stress/seed-<seed>.in + .ans; returns the .in path. An identical
/// case already saved is reused; a different one under the same name gets a suffix (-2, -3...).
std::filesystem::path save_stress_case(const ProblemSettings& problem,
                                       long long seed,
                                       const std::string& input,
                                       const std::string& answer);

/// `base` with "-seed N" appended: the generator's arguments for seed N.
std::vector<std::string> seed_args(const std::vector<std::string>& base, long long seed);

/// Parses "A-B" (0 <= A <= B) or "A"; JudgeError otherwise.
std::pair<long long, long long> parse_seed_range(const std::string& text);

}  // namespace judge

// The problem model: the project root, a problem's settings (testdata/<id>/problem.txt) and its
// test cases. Format: docs/conventions.md.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "running/process_runner.hpp"  // Limits

namespace judge {

/// The settings of one problem, from testdata/<id>/problem.txt, with the defaults of
/// docs/conventions.md applied.
struct ProblemSettings {
    std::string id;                       ///< problem id (the folder name under testdata/)
    std::filesystem::path root;           ///< project root (holds testdata/, solutions/, checkers/)
    std::filesystem::path dir;            ///< root / "testdata" / id
    std::filesystem::path settings_file;  ///< dir / "problem.txt"
    /// Limits of one run of the solution. cpu_ms = time-limit-ms; wall_ms = wall-limit-ms or
    /// 2 * cpu_ms + 1000; memory_kib = memory-limit-mib * 1024; output_kib = output-limit-kib
    /// (default 65536); max_processes keeps Limits' default.
    Limits limits;
    std::string checker;            ///< checkers/<checker>.cpp; default: the id
    bool checker_needs_ans = true;  ///< a case without .ans is JE when true
    /// checkers/validators/<validator>.cpp; empty = no validator. Default: the id when that file
    /// exists.
    std::string validator;

    /// root / "checkers" / (checker + ".cpp"); when that does not exist but the repository's own
    /// checkers/ folder (JUDGE_CHECKLIB_DIR) has the file, that one: a test root can use the
    /// generic `tokens` checker without a copy.
    std::filesystem::path checker_source() const;
    /// root / "checkers/validators" / (validator + ".cpp"); nullopt when validator is empty.
    std::optional<std::filesystem::path> validator_source() const;
    /// root / "solutions" / (id + ".cpp"): the default submission.
    std::filesystem::path solution_source() const;
};

/// The project root: `explicit_root` when given (it must hold testdata/), else the nearest
/// ancestor of the working directory (itself included) that holds a testdata/ folder.
/// Throws JudgeError when there is none.
std::filesystem::path find_root(const std::optional<std::filesystem::path>& explicit_root);

/// Parses the text of a problem.txt. `file_for_errors` names the file in messages. Starts from
/// the defaults (checker = id...). Unknown keys, bad or non-positive numbers, duplicate keys,
/// lines without `key: value` and a missing time-limit-ms or memory-limit-mib are errors:
/// JudgeError "FILE:LINE: what". Does not look at the file system (validator default is left to
/// load_problem).
ProblemSettings parse_settings(std::string_view text,
                               const std::string& id,
                               const std::string& file_for_errors);

/// The largest problem.txt load_problem reads, in bytes: a few short lines are expected, so a
/// larger file is an error rather than silently cut (a cut file could lose or split a setting).
inline constexpr std::size_t kMaxSettingsBytes = 64 * 1024;

/// Loads testdata/<id>/problem.txt under `root` and fills every path. Throws JudgeError naming
/// the file when the problem folder is missing ("no problem 'x': ROOT/testdata/x not found"), the
/// settings file is missing, unreadable, not a regular file or larger than kMaxSettingsBytes, or
/// its content is bad (see parse_settings).
ProblemSettings load_problem(const std::filesystem::path& root, const std::string& id);

/// The ids of every folder under root/testdata that holds a problem.txt, sorted naturally.
std::vector<std::string> list_problem_ids(const std::filesystem::path& root);

/// One case: an input and, when present, the jury's answer.
struct TestCase {
    std::string group;  ///< "sample", "secret", "stress", or "" for a --cases folder
    std::string name;   ///< file name without ".in"
    std::filesystem::path input;
    std::optional<std::filesystem::path> answer;  ///< NAME.ans next to NAME.in, when it exists

    /// "group/name", or just "name" when group is empty: how reports and --tests name a case.
    std::string display_name() const;
};

/// The groups judge run judges, in order.
inline constexpr std::string_view kCaseGroups[] = {"sample", "secret", "stress"};

/// Natural order: digit runs compare by value ("2" < "10"), the rest byte-wise; ties (e.g. "01"
/// and "1") fall back to plain byte order so the order is total.
bool natural_less(std::string_view a, std::string_view b);

/// Shell-style glob on the whole string: `*` any run (also "/"), `?` one character, `[abc]`,
/// `[a-z]`, `[!a]` sets. No escapes.
bool glob_match(std::string_view pattern, std::string_view text);

/// The cases of a problem: the groups of kCaseGroups that exist under `problem_dir`, in that
/// order, each in natural order of NAME. Entries ending in ".in" count, except folders; sub-folders
/// of a group are not searched. Nothing is opened. Every NAME.in, and NAME.ans when it exists,
/// must be a regular file or a symbolic link to one inside `problem_dir` (resolved with
/// canonical()); anything else throws JudgeError naming the file and what it is: a FIFO (opening
/// it would hang the judge), a device, a socket, a dangling link, a link loop, a link leaving the
/// problem's folder, a folder named NAME.ans. A group folder that resolves outside `problem_dir`
/// is an error too. Never skipped silently: a case the jury meant to judge must not vanish.
std::vector<TestCase> discover_cases(const std::filesystem::path& problem_dir);

/// The NAME.in files directly in `dir` (for --cases), group "", natural order, with the checks of
/// discover_cases (links must stay inside `dir`). Throws JudgeError when `dir` is not a readable
/// folder or a case file is bad.
std::vector<TestCase> discover_cases_in(const std::filesystem::path& dir);

/// Keeps the cases whose display_name() or bare name matches `pattern` (glob_match); an empty
/// pattern keeps all.
std::vector<TestCase> filter_cases(std::vector<TestCase> cases, std::string_view pattern);

}  // namespace judge

// The problem model: the project root, a problem's settings (testdata/<id>/problem.txt) and its
// test cases. Format: docs/conventions.md.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "problems/input_shape.hpp"
#include "running/limits.hpp"

namespace judge {

/// Where a problem comes from: this project's layout (testdata/<id>/problem.txt beside
/// checkers/, solutions/...) or a problem package (problem.yaml, data/, input_validators/...: the
/// format ICPC, Kattis, DOMjudge and problemtools read; problems/package.hpp), or a Codeforces
/// Polygon package (problem.xml; problems/polygon_package.hpp).
enum class ProblemFormat { Repository, Package, Polygon };

/// How an output is checked.
enum class OutputCheck {
    TestlibChecker,    ///< `checker <in> <out> <ans>`, exit 0/1/2/3 (this project's layout)
    KattisValidator,   ///< `validator <in> <ans> <feedback_dir> [flags] < out`, exit 42/43
    DefaultValidator,  ///< the package format's token comparison, built in (no program)
};

/// The settings of one problem, from testdata/<id>/problem.txt (with the defaults of
/// docs/conventions.md applied) or from a package's problem.yaml.
struct ProblemSettings {
    std::string id;  ///< problem id (the folder name)
    std::filesystem::path
        root;  ///< project root (holds testdata/, solutions/, checkers/); a package: its folder
    std::filesystem::path dir;            ///< root / "testdata" / id; a package: its folder
    std::filesystem::path settings_file;  ///< dir / "problem.txt"; a package: its problem.yaml
    ProblemFormat format = ProblemFormat::Repository;
    std::string name;  ///< for people: a package's name; the id otherwise
    /// Limits of one run of the solution. cpu_ms = time-limit-ms; wall_ms = wall-limit-ms or
    /// 2 * cpu_ms + 1000; memory_kib = memory-limit-mib * 1024; output_kib = output-limit-kib
    /// (default 65536); max_processes keeps Limits' default.
    Limits limits;
    /// Where limits.cpu_ms comes from, for reports ("problem.txt", "problem.yaml
    /// limits.time_limit", ".timelimit", "default 1 s: none given").
    std::string time_limit_source = "problem.txt";
    /// False when no time limit was given (a package without one): `judge verify` then sets it
    /// from the slowest accepted submission, as problemtools does.
    bool time_limit_given = true;
    /// A package's time multipliers (problemtools' defaults: 2 and 1.5; legacy problem.yaml: its
    /// time_multiplier and time_safety_margin, defaults 5 and 2).
    double ac_to_time_limit = 2.0;
    double time_limit_to_tle = 1.5;
    /// CPU time of one checker, validator or interactor run (a package's validation_time).
    std::int64_t jury_time_limit_ms = 10000;
    std::string checker;  ///< checkers/<checker>.<ext>; default: the id; "none" with an interactor
    bool checker_needs_ans = true;  ///< a case without .ans is JE when true
    /// problem.txt `input-line-ends: lf-or-crlf`: the problem takes input lines ending in \n or
    /// \r\n and a missing final newline, so `judge export` may write each case with the
    /// format's line ends (\n only, a final newline); else a case is copied byte for byte.
    bool input_line_ends_either = false;
    /// checkers/validators/<validator>.<ext>; empty = no validator. Default: the id when such a
    /// file exists.
    std::string validator;
    /// The problem is interactive: the solution talks with the interactor (this project's
    /// layout: checkers/<interactor>.<ext>, testlib's protocol; a package: its output validator).
    bool interactive = false;
    std::string interactor;
    /// File input and output (a Polygon package's <judging input-file output-file>): the
    /// submission reads its input from this file of its working folder (its box's /box) instead
    /// of stdin, and writes its output to that file instead of stdout (then ignored). Plain
    /// file names; empty: stdin, stdout (running/box_files.hpp).
    std::string input_file, output_file;
    OutputCheck output_check = OutputCheck::TestlibChecker;
    /// A package's output validator (a file or a folder of sources); empty for the default one.
    std::filesystem::path output_validator;
    /// A package's input validators, each a file or a folder (input_validators/*); programs in a
    /// language the judge does not build (checktestdata...) are listed in skipped_validators.
    std::vector<std::filesystem::path> input_validators;
    std::vector<std::string> skipped_validators;  ///< "FILE: why", for reports
    /// What reading the package noticed and let pass, for the user ("FILE: ..."): a key of an
    /// older version of the format in a 2025-09 problem.yaml.
    std::vector<std::string> notes;
    /// The package's validator_flags (legacy problem.yaml): given to the output validator on
    /// every case before the case's own output_validator_flags.
    std::vector<std::string> validator_flags;
    /// How `judge stress` shrinks a failing case (`shrink:`; problems/input_shape.hpp): text by
    /// default.
    ShrinkShape shrink;
    /// A scoring problem (type scoring / grading: scoring): verdicts per group and a score.
    bool scoring = false;
    /// A multi-pass problem (a package's type multi-pass): the output validator may ask for
    /// another run of the submission on a new input, its feedback folder's nextpass.in
    /// (checking/judging.cpp, run_passes).
    bool multi_pass = false;
    /// The most passes of a multi-pass case: limits.validation_passes (at least 2; default 2).
    int validation_passes = 2;
    /// A Polygon package: the testset judged ("tests" by default; --testset), and the folder of
    /// its generated tests and answers (in the cache). The checker is then a path relative to
    /// root ("files/check.cpp").
    std::string testset;
    std::filesystem::path generated_dir;
    /// A package's problem_format_version as read ("legacy", "2023-07-draft", "2025-09"); empty
    /// for this project's layout.
    std::string package_version;
    /// A 2025-09 package's limits.time_resolution (seconds, default 1): a time limit derived from
    /// the accepted submissions is the smallest multiple of it. 0: the older rule (whole seconds,
    /// rounded to the nearest).
    double time_resolution_s = 0;
    /// A 2025-09 package's constants: "name" and "name.variant" with their values as text, for
    /// the `{{name}}` sequences of submissions and test_group.yaml.
    std::vector<std::pair<std::string, std::string>> constants;

    /// The checker's source: root / "checkers" / checker with the first extension of a language
    /// the judge builds that exists (.cpp first); when none exists but the judge's built-in
    /// checkers (builtin_checkers(), util/install_layout.hpp: installed beside the binary, or the
    /// source tree's checkers/) have checker.cpp, that one: a problem can use the generic `tokens`
    /// checker without a copy. Not found: root/checkers/<checker>.cpp.
    std::filesystem::path checker_source() const;
    /// root / "checkers/validators" / validator (with its extension); nullopt when validator is
    /// empty.
    std::optional<std::filesystem::path> validator_source() const;
    /// root / "checkers" / interactor (with its extension); nullopt when not interactive or a
    /// package (whose interactor is its output validator).
    std::optional<std::filesystem::path> interactor_source() const;
    /// find_source(root / "solutions", id): the default submission (solutions/<id>.cpp for this
    /// project's problems).
    std::filesystem::path solution_source() const;
    /// find_source(root / "solutions/brute", id): the slow, obviously right reference.
    std::filesystem::path brute_source() const;
    /// find_source(root / "generators", id): the random case generator (`judge gen`, `judge
    /// stress`).
    std::filesystem::path generator_source() const;
    /// Where the submissions to verify live: a package's submissions/, or
    /// testdata/<id>/submissions/ (besides the solution and the brute).
    std::filesystem::path submissions_dir() const;
};

/// `folder / stem` with the first extension of a language the judge builds (languages(): .cpp,
/// .cc, ..., .c, .java, .py) under which a file exists; `folder / (stem + ".cpp")` when none does.
std::filesystem::path find_source(const std::filesystem::path& folder, const std::string& stem);

/// `limits` with the CPU limit `cpu_ms` and the wall limit that goes with it when none is given:
/// 2 * cpu_ms + 1000 (room for a loaded machine without letting a sleeping program hang a run).
Limits with_time_limit(Limits limits, std::int64_t cpu_ms);

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

/// The words a package gives its input validators for one case (input_validator_args, 2023-07's
/// input_validator_flags): the same words to each (a list), or a map from a validator's name to
/// its words, where a validator the map does not name gets none (the format's rule). One of the
/// two is empty (an empty map gives every validator no words, as an empty list does).
struct InputValidatorArgs {
    std::vector<std::string> each;                          ///< the list form
    std::map<std::string, std::vector<std::string>> named;  ///< the map form

    /// The words of the validator `name` (its file or folder name in input_validators/): in
    /// the map form, the entry of that name, or else of that name without its extension (the
    /// format says "the name of the input validator"; BAPCtools keys by the file name).
    const std::vector<std::string>& of(const std::string& name) const;
    bool operator==(const InputValidatorArgs&) const = default;
};

/// One case: an input and, when present, the jury's answer.
struct TestCase {
    /// "sample", "secret", "stress", or "" for a --cases folder; in a package, the group's path
    /// under data/ ("secret/group1").
    std::string group;
    std::string name;  ///< file name without ".in"
    std::filesystem::path input;
    std::optional<std::filesystem::path> answer;  ///< NAME.ans next to NAME.in, when it exists
    /// A package's flags for this case (the nearest testdata.yaml): words given to the input
    /// validators and to the output validator.
    InputValidatorArgs input_validator_flags;
    std::vector<std::string> output_validator_flags;

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

/// The NAME.in files of `folder` and, after them, of its sub-folders (nested groups: group
/// "<group>/<sub-folder>"), each in natural order, with the checks of discover_cases against
/// `bound` (a canonical folder every case and link must stay in).
std::vector<TestCase> discover_case_tree(const std::filesystem::path& folder,
                                         const std::string& group,
                                         const std::filesystem::path& bound);

/// Keeps the cases whose display_name() or bare name matches `pattern` (glob_match); an empty
/// pattern keeps all.
std::vector<TestCase> filter_cases(std::vector<TestCase> cases, std::string_view pattern);

}  // namespace judge

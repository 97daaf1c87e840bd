// Problem packages: the folder format of ICPC, Kattis, DOMjudge, problemtools and BAPCtools
// (problem.yaml, data/sample and data/secret with nested groups and testdata.yaml,
// input_validators/, output_validators/ or output_validator/, submissions/<expected verdict>/),
// read into the judge's ProblemSettings and cases. Every version of problem.yaml: the legacy one,
// the 2023-07 draft and 2025-09 (test_group.yaml, submissions/submissions.yaml, constants).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "building/languages.hpp"
#include "checking/verify.hpp"
#include "problems/problem.hpp"

namespace judge {

/// Whether `folder` is a problem package: it holds problem.yaml, or a data/ folder with sample/
/// or secret/ (problem.yaml may be absent: every key has a default).
bool is_package(const std::filesystem::path& folder);

/// Reads the package at `folder`. Limits: the 2023-07 `limits: time_limit` (seconds), else
/// DOMjudge's `.timelimit` file, else 1 s with time_limit_given false; `limits: memory` (MiB,
/// default 1024, as problemtools) and `output` (MiB, default 8); `validation_time` (s, default 60)
/// for every jury program. The type (`type:`, or legacy `validation: custom interactive`), the
/// output validator (custom, or the built-in default with `validator_flags`), the input validators.
/// Throws JudgeError "FILE:LINE:COLUMN: why" for YAML that does not parse, and "FILE: why" for a
/// key of the wrong kind or value, an unsupported type (multi-pass, submit-answer), a custom
/// validation without an output validator, a missing data/ folder.
ProblemSettings load_package(const std::filesystem::path& folder);

/// A 2025-09 package without data/secret/ (and no generators.yaml): the format needs one, but
/// BAPCtools judges such a package's samples, and so does this judge, with a note.
bool package_lacks_secret(const ProblemSettings& problem);

/// The package's cases: data/sample then data/secret, nested groups in natural order, each case
/// with the flags of the nearest testdata.yaml above it (a group's file applies to its
/// sub-groups unless one of them has its own). `.interaction` files (the statement's pictures
/// of a dialogue) are not cases. Throws JudgeError for a bad testdata.yaml or a bad case file (see
/// discover_cases).
std::vector<TestCase> discover_package_cases(const ProblemSettings& problem);

/// A submission of a package to verify: where it is and what its folder says it must get.
struct ExpectedSubmission {
    std::filesystem::path path;  ///< a file or a folder (a multi-file program)
    /// What it must get: its folder ("accepted", "wrong_answer", ...; DOMjudge's folder names
    /// as the format's: compiler_error is compile_error), or the folders its @EXPECTED_RESULTS@
    /// line names, separated by commas ("run_time_error,accepted"), where that line decides
    /// (see list_submissions).
    std::string folder;
    /// Why it is skipped: its @EXPECTED_RESULTS@ cannot be read (two such lines, an unknown
    /// name), as DOMjudge refuses to import it; it is put aside, named *.disabled or
    /// *.template as BAPCtools leaves such programs out; a Polygon tag this judge does not know.
    std::string expectation_error;
    /// A 2025-09 package's requirements (its folder's default meaning and every glob of
    /// submissions/submissions.yaml that matches it): when not empty, they decide, not `folder`.
    std::vector<VerdictRule> rules;
    /// A rule names cases, a judge message or a score: every case is judged (not only up to the
    /// first that is not AC).
    bool judge_every_case = false;
    /// Its CPU time bounds a derived time limit from below (accepted/, or a 2025-09 rule that
    /// permits no TLE or says use_for_time_limit: lower) or from above (a rule that requires TLE:
    /// it is judged at the safety margin).
    bool lower_bounds_time_limit = false;
    bool upper_bounds_time_limit = false;
    /// What verify tells before judging it: its @EXPECTED_RESULTS@ line contradicts its folder.
    std::string note;
    /// The folders its @EXPECTED_RESULTS@ line names ("accepted,compile_error"), also where
    /// `rules` decide: a compile error judges no case for them, so the line says whether it
    /// is as expected (BAPCtools' hello: a Java folder of two main classes, "CORRECT,
    /// COMPILER-ERROR,WRONG-ANSWER" in a folder whose rules permit any verdict).
    std::string results_line;
    /// The language and entry point the package gives it (2025-09's submissions.yaml `language`
    /// and `entrypoint`; DOMjudge's submissions.json `langid` and `entry_point`); empty: from its
    /// files.
    SourceChoice choice;
    /// Why it cannot be judged as the package stands: it is a link whose target leaves the
    /// package (the format forbids it). Not skipped: verify reports it as a JE, not as expected.
    std::string package_error;
    /// A folder holding links that stay inside the package (BAPCtools' match/nested/): judged
    /// from a copy with the links resolved (a submission's own folder may hold no link).
    bool has_links = false;
    /// DOMjudge's @EXPECTED_SCORE@: N (expected_score_of): the score it must get, besides its
    /// verdict. In a folder that names no verdict, without an @EXPECTED_RESULTS@ line, only the
    /// score is promised: `folder` is then "".
    std::optional<double> expected_score;
};

/// A submission expected to get `folder`'s verdicts, nothing else known yet.
inline ExpectedSubmission expected_submission(std::filesystem::path path, std::string folder) {
    ExpectedSubmission submission;
    submission.path = std::move(path);
    submission.folder = std::move(folder);
    return submission;
}

/// DOMjudge's extension: a line `@EXPECTED_RESULTS@: A, B` in a source (any case; in a folder
/// submission, in one of its files) names the verdicts it may get (an `@EXPECTED_SCORE@:` line
/// that is no number too, as DOMjudge reads it; a number is a score: expected_score_of).
/// Returns them as the format's folders joined by commas: CORRECT/ACCEPTED accepted,
/// WRONG-ANSWER and NO-OUTPUT wrong_answer, TIMELIMIT time_limit_exceeded, RUN-ERROR
/// (RUN_TIME_ERROR) run_time_error, MEMORY-LIMIT memory_limit_exceeded, OUTPUT-LIMIT
/// output_limit_exceeded, COMPILER-ERROR compile_error. nullopt without such a line; "" with
/// `why` set for two lines (in a file or in two files of a folder) or a name it does not know.
std::optional<std::string> expected_results_of(const std::filesystem::path& submission,
                                               std::string& why);

/// DOMjudge's `@EXPECTED_SCORE@: N` in a source (any case; in a folder submission, the first of
/// its files, by name, that has one) when N is a number: the score the submission must get
/// (judge verify checks it against the problem's score). nullopt without such a line.
std::optional<double> expected_score_of(const std::filesystem::path& submission);

/// The submissions under `submissions_dir`, by verdict folder in the order accepted first (their
/// times set a package's time limit), then the others; in each, natural order of the names.
/// DOMjudge's folders compiler_error, no_output and output_limit promise their verdicts too.
///
/// A program with an @EXPECTED_RESULTS@ line (expected_results_of), DOMjudge's rule
/// (ImportProblemService; the package format has precedence): in a folder that promises a verdict
/// the line names, the folder decides (the line's other verdicts are dropped: an accepted/
/// program whose line says CORRECT,WRONG-ANSWER must be AC); in a folder that promises a verdict
/// the line does not name, the line decides and `note` says so (DOMjudge flags this as an
/// error); in a folder of no one verdict (mixed/, multiple/), the line decides, unless 2025-09's
/// submissions.yaml gives the program rules. Folders that name no verdict and hold a program
/// without such a line are listed in `unknown_folders` (those programs are not).
///
/// A program (file or folder) named *.disabled or *.template is put aside, as BAPCtools puts it
/// aside: listed with `expectation_error` saying so (verify names it as skipped).
///
/// A program that is a link (or in a folder that is one) is read where it points when that stays
/// inside the package (the folder above `submissions_dir`); one that leaves it gets
/// `package_error`. DOMjudge's `submissions.json` beside submissions/ gives `langid` and
/// `entry_point` per program ("submissions/accepted/x/"; a langid of DOMjudge's, py3, kt, hs,
/// pas, ..., read as the format's code), 2025-09's submissions.yaml `language` and `entrypoint`
/// over it. Throws JudgeError naming submissions.json when it is no JSON object of objects.
///
/// With `version` "2025-09": the folders' default meanings of that format (accepted, rejected,
/// wrong_answer, time_limit_exceeded, run_time_error, brute_force) as VerdictRules, changed and
/// added to by submissions/submissions.yaml (globs of submissions, each with permitted,
/// required, message, score, use_for_time_limit, language, entrypoint, authors,
/// model_solution, and the same keys under test-case globs); a folder is verified when some rule
/// matches its programs. `constants` are substituted in submissions.yaml first. Throws
/// JudgeError "submissions.yaml (2025-09): ..." for a key or value the format does not allow.
std::vector<ExpectedSubmission> list_submissions(
    const std::filesystem::path& submissions_dir,
    std::vector<std::string>* unknown_folders,
    const std::string& version = "legacy",
    const std::vector<std::pair<std::string, std::string>>& constants = {});

/// `text` with every constant sequence of `constants` replaced by its value: `{{name}}` or
/// `{{name.variant}}`, name and variant [a-zA-Z_][a-zA-Z0-9_]* (BAPCtools'
/// CONSTANT_SUBSTITUTE_REGEX), found left to right as Python's re.sub finds them (`{{{n}}}` is
/// `{` + n's value + `}`); `{{name}}` is `{{name.value}}`. A sequence naming no constant is left
/// as it is (2025-09: "not replaced, but tools may warn"; BAPCtools warns) and, with `unknown`
/// given, added to it once. Without constants, `text` itself.
std::string substitute_constants(const std::string& text,
                                 const std::vector<std::pair<std::string, std::string>>& constants,
                                 std::vector<std::string>* unknown = nullptr);

/// `program` (a source file, or a folder of files: a jury program, a generator, a submission)
/// as it is to be built with `constants` substituted, as BAPCtools builds its validators and
/// generators (program.py: each file copied with its constants substituted): `program` itself
/// when no file of it holds a sequence naming a constant; else a copy, every file substituted
/// (a file that is not UTF-8 text copied as it is, as BAPCtools skips it), its mode kept, at
/// `store`/constants-KEY/<program's name>, KEY a hash of the copy's names, modes and bytes: the
/// same substituted bytes are the same copy at the same path, so the compile cache (keyed by
/// bytes and, for a jury program, its headers' paths) reuses its build, and other bytes (a
/// constant changed in problem.yaml) another. A copy found there that differs is rewritten.
/// Sequences naming no constant are left, and with `unknown` given listed as
/// "FILE: {{name}}". Throws JudgeError naming the program when the copy cannot be written.
std::filesystem::path program_with_constants(
    const std::filesystem::path& program,
    const std::vector<std::pair<std::string, std::string>>& constants,
    const std::filesystem::path& store,
    std::vector<std::string>* unknown = nullptr);

/// A 2025-09 package's input validators and output validator (or interactor) as they are to be
/// built: each one with a constant sequence in its files replaced by its program_with_constants
/// copy under `store` (the judge's cache). Returns one note per sequence naming no constant
/// ("FILE: {{name}} names no constant of problem.yaml: left as it is", FILE relative to the
/// package), which the caller shows. Nothing changes without constants.
std::vector<std::string> substitute_validator_constants(ProblemSettings& problem,
                                                        const std::filesystem::path& store);

}  // namespace judge

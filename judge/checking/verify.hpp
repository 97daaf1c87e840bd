// `judge verify`: every submission of a problem judged and its final verdict compared with the
// verdict its folder promises (problemtools' verifyproblem, BAPCtools' `run`). The pure part:
// what each folder accepts, the time limit the accepted submissions set, the reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "checking/scoring.hpp"
#include "checking/verdict.hpp"

namespace judge {

/// Whether a final verdict is what the folder `expected` promises. accepted: AC;
/// wrong_answer: WA or PE (the package format has no PE of its own); presentation_error: PE;
/// time_limit_exceeded: TLE; run_time_error: RE or MLE (a contest judge reports a memory
/// overrun as a run-time error); memory_limit_exceeded: MLE or RE; output_limit_exceeded: OLE;
/// rejected: anything but AC, CE and JE; partially_accepted: not AC, with `some_case_accepted`
/// (this judge grades no scores: a partial submission passes some cases and fails one);
/// reference (this project's brute, right but meant for small cases): AC, TLE or MLE;
/// compile_error (from DOMjudge's COMPILER-ERROR): CE. Several folders separated by commas
/// ("run_time_error,accepted", from an @EXPECTED_RESULTS@ line): any of them. JE never matches: a
/// judge failure is no verdict.
/// `kattis_package`: the promise is a Kattis-format package's (DOMjudge's, BAPCtools'), whose
/// verdicts have no output limit of their own: there an output flood (OLE here) keeps a
/// time_limit_exceeded promise (DOMjudge truncates the output and BAPCtools does not limit it:
/// the flooder runs on to its time limit) and a run_time_error one (problemtools' file size
/// limit kills it).
bool verdict_as_expected(const std::string& expected,
                         Verdict got,
                         bool some_case_accepted,
                         bool kattis_package = false);

/// The folders verdict_as_expected knows, in the order submissions are verified.
const std::vector<std::string>& expectation_folders();

/// problemtools' rule for a package whose time limit is not given: the slowest accepted
/// submission's CPU time times `ac_to_time_limit`, rounded to the nearest whole second, at least
/// 1 s. With `time_resolution_s` > 0 (a 2025-09 package), the 2025-09 rule instead: the smallest
/// positive multiple of the resolution that is at least that product.
std::int64_t time_limit_from_accepted_ms(std::int64_t slowest_accepted_cpu_ms,
                                         double ac_to_time_limit,
                                         double time_resolution_s = 0);

/// How time_limit_from_accepted_ms derived a limit, for reports: "slowest accepted submission x
/// 2, whole seconds" (or ", up to a multiple of 0.5 s").
std::string derived_time_limit_source(double ac_to_time_limit, double time_resolution_s = 0);

/// The CPU limit a package's accepted submissions are judged under when it gives none, before
/// they set it (judge verify; judge run of another submission).
inline constexpr std::int64_t kProbeTimeLimitMs = 10000;

/// One requirement of a 2025-09 package on a submission (submissions/submissions.yaml, or the
/// default meaning of its folder): over the cases `cases` selects, every verdict is in
/// `permitted`, at least one is in `required`, and `message` is part of some case's judge
/// message. Verdicts are the format's four: AC, WA, TLE, RTE (format_verdict).
struct VerdictRule {
    std::string origin;  ///< where it was written, for reports: "submissions.yaml 'wa/odd.py'"
    std::string cases;   ///< a test-case glob (case_glob_matches); empty: every case
    std::vector<std::string> permitted = {"AC", "WA", "TLE", "RTE"};
    std::vector<std::string> required = {"AC", "WA", "TLE", "RTE"};
    std::optional<std::string> message;
    /// The score it must get (low == high for one number), inclusive: of the submission, or
    /// with `cases` naming a test data group ("secret/group1"), of that group
    /// (score_expectation_broken).
    std::optional<std::pair<double, double>> score;
    /// "lower" or "upper" (opt in), "false" (opt out), or empty: the format's default
    /// (submissions/submissions.yaml `use_for_time_limit`).
    std::string use_for_time_limit;
};

/// The 2025-09 format's name of a verdict: AC; WA (WA and PE); TLE; RTE (RE, and MLE and OLE,
/// which the format does not tell apart from a crash); "" for CE and JE, which no rule permits.
std::string format_verdict(Verdict verdict);

/// The format's names a case's verdict may stand for in a rule: format_verdict's, and for OLE
/// TLE too (an output flood is TLE under DOMjudge and BAPCtools, RTE under problemtools: see
/// verdict_as_expected); none for CE and JE.
std::vector<std::string> format_verdicts(Verdict verdict);

/// A glob of the 2025-09 submissions.yaml against a path: `*` matches a run of characters
/// without '/', `{a,b}` either alternative (spaces around an alternative ignored; nesting
/// allowed), everything else itself. The path matches when it or one of its parent folders
/// ("secret/group1" of "secret/group1/3") matches.
bool case_glob_matches(const std::string& pattern, const std::string& path);

/// One judged case as the rules see it.
struct CaseOutcome {
    std::string name;  ///< its name under data/ without .in ("secret/group1/3")
    Verdict verdict = Verdict::JE;
    std::string message;  ///< the judge message (for `message` rules)
    /// JE because the checker or interactor said FAIL (CaseResult::checker_failed).
    bool checker_failed = false;
};

/// Why `cases` break `rules` ("submissions.yaml 'wa': secret/3 got TLE, not permitted (AC,
/// WA)"), or "" when every rule holds. A rule that selects no case holds (nothing to break),
/// except that its `required` cannot be met: that is reported. A JE case breaks every rule that
/// selects it.
std::string rules_broken(const std::vector<VerdictRule>& rules,
                         const std::vector<CaseOutcome>& cases);

/// Whether a JE case is the checker's (or the interactor's) own verdict FAIL: testlib's exit 3,
/// "the jury's data or the checker is wrong" (CaseOutcome::checker_failed, set where the checker
/// or interactor said it), rather than a checker that crashed, a runner error or an invalid
/// input.
bool is_checker_fail(const CaseOutcome& outcome);

/// Polygon's tag `failed` (the solution makes the checker fail): why the judged `cases` (in
/// order) break it, or "" when they keep it: the first case that is not AC, which decides the
/// verdict as for every tag, is JE by a checker FAIL (is_checker_fail), and no case is JE of
/// another kind (a crashed checker, a runner error: the judge's trouble, which the tag does not
/// promise). The judge reports such a case as JE all the same; only verify reads the tag.
std::string failed_tag_broken(const std::vector<CaseOutcome>& cases);

/// Why `score` breaks the score requirements: each rule's `score` (2025-09's submissions.yaml:
/// of the whole submission, or of the group its `cases` names) and `expected` (DOMjudge's
/// @EXPECTED_SCORE@, of the whole), each an inclusive range. "secret/group1: score 20 is not
/// the expected 40" names both numbers; "" when every one holds or there is none. Without a
/// score (a problem that grades none) a requirement is broken: "no score is graded ...".
/// Scores within 1e-6 (relative to the larger, at least absolute) of a bound are on it.
std::string score_expectation_broken(const std::vector<VerdictRule>& rules,
                                     const std::optional<std::pair<double, double>>& expected,
                                     const std::optional<Score>& score);

/// The limit a time_limit_exceeded submission is judged at: `time_limit_ms` times
/// `time_limit_to_tle`, at least one second more than the limit when that limit was derived
/// (problemtools' safety margin); a TLE submission must be too slow even there.
std::int64_t tle_margin_ms(std::int64_t time_limit_ms, double time_limit_to_tle);

/// One submission's outcome.
struct VerifiedSubmission {
    std::string path;      ///< as shown (relative to the problem when inside it)
    std::string expected;  ///< its folder: "accepted", "wrong_answer", ...
    std::string language;  ///< "C++", "Python 3", ...; empty when skipped
    /// Set when it was not judged: a language this machine cannot build, a folder that names no
    /// verdict. Skipped submissions count neither as expected nor as not.
    std::optional<std::string> skipped;
    Verdict got = Verdict::JE;
    bool as_expected = false;
    std::string slowest_case;  ///< display name of the case with the most CPU time
    std::int64_t slowest_cpu_ms = 0;
    std::int64_t cpu_limit_ms = 0;  ///< the CPU limit it was judged at
    std::int64_t cases_judged = 0;  ///< judging stops at the first case that is not AC
    std::string message;            ///< the first failing case and its message, or CE's first line
    /// Its score, per group and in total (a Polygon testset with points, a package of type
    /// scoring); nullopt for a problem that grades none.
    std::optional<Score> score;
};

/// Everything one `judge verify` found.
struct VerifyReport {
    std::string problem;
    std::int64_t time_limit_ms = 0;
    std::string time_limit_source;
    std::vector<VerifiedSubmission> submissions;

    int count_as_expected() const;
    int count_not_as_expected() const;
    int count_skipped() const;
};

/// "verify: N submissions, M as expected, K not, S skipped".
std::string verify_summary_line(const VerifyReport& report);

/// The table: submission, expected, got, slowest case (CPU ms / limit), its score (only when some
/// submission has one: the total, "45/100"), and the message of what was not as expected or
/// skipped.
std::string format_verify_table(const VerifyReport& report);

nlohmann::ordered_json verify_to_json(const VerifyReport& report);

/// JUnit XML: one testcase per submission; failure when not as expected, skipped when skipped;
/// a judged submission's score as its testcase's properties (score_junit_properties).
std::string verify_to_junit_xml(const VerifyReport& report);

}  // namespace judge

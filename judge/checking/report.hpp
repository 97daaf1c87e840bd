// What `judge run` shows and writes: a live progress line, the table, the summary, JSON and JUnit.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "checking/judging.hpp"
#include "checking/scoring.hpp"
#include "checking/verdict.hpp"

namespace judge {

/// What `judge run --diagnose` found, for the reports: diagnose.hpp's Diagnosis reduced to text.
/// An empty case_name means no case was rerun (none failed, or CE); summary then says why.
struct DiagnosisRecord {
    std::string case_name;          ///< display name of the rerun case; empty when none was
    Verdict verdict = Verdict::AC;  ///< that case's verdict in the judging
    bool sanitized_build = false;   ///< the solution compiled with the sanitizers
    std::string sanitizer_report;   ///< what the sanitizers printed; empty = they were silent
    std::string summary;            ///< describe_diagnosis(), or why no case was rerun
};

/// Everything one `judge run` found, for every output format.
struct RunReport {
    std::string problem_id;
    std::string solution;  ///< path of the judged source, as given
    /// The solution's language and its compiler's version ("C++, g++ (Debian 12.2.0) 12.2.0");
    /// empty when it did not compile.
    std::string language;
    /// Where the time limit comes from (ProblemSettings::time_limit_source).
    std::string time_limit_source = "problem.txt";
    Limits limits;                             ///< the problem's limits
    std::optional<std::string> compile_error;  ///< set when the solution did not compile (CE)
    std::vector<CaseResult> cases;             ///< in judging order
    int jobs = 1;
    std::int64_t total_wall_ms = 0;  ///< wall time of the whole judging (after compiling)
    /// Sum of CaseResult::programs_wall_us (microseconds: a static program runs in well under a
    /// millisecond, and a sum of whole milliseconds would lose it).
    std::int64_t programs_wall_us = 0;
    std::string memory_source;  ///< "rusage", "cgroup", mixed "rusage+cgroup", or ""
    /// Whether the solution was asked to run in the sandbox (false: --no-sandbox).
    bool sandbox_requested = true;
    /// describe_isolation() of the solution's runs (filled by finish_totals).
    std::string isolation;
    /// describe_limit_enforcement() of the solution's runs (filled by finish_totals).
    std::string limits_enforced_by;
    /// False when some run of the solution was not measured by the run's own cgroups (its
    /// memory_source is not "cgroup": the runner polled /proc), so that its CPU time and memory
    /// may miss what kInexactMeasurementNote says; the summary then starts with that note
    /// (filled by finish_totals; true when nothing ran).
    bool exact = true;
    /// Why this judge had no cgroups (detail::cgroup_unavailable_reason(): "cgroup v2: ... is
    /// on a read-only file system"), said after the note; "" when unknown.
    std::string cgroups_unavailable_reason;
    /// What --diagnose found; nullopt when --diagnose was not given.
    std::optional<DiagnosisRecord> diagnosis;
    /// The score, per group and in total, of a problem with points (a Polygon package's, a
    /// package of type scoring: checking/scoring.hpp); nullopt for one without (nothing is said
    /// of a score).
    std::optional<Score> score;

    /// aggregate() of the cases' verdicts; CE when compile_error; nullopt when nothing was judged.
    std::optional<Verdict> verdict() const;
    /// Number of cases with each verdict, indexed by static_cast<int>(Verdict).
    std::vector<int> counts() const;
};

/// Fills programs_wall_us, memory_source, isolation, limits_enforced_by and exact from
/// `report.cases`.
void finish_totals(RunReport& report);

/// How the submission's runs were shut in, in plain words (pure), from the RunResult::isolation
/// of each run (distinct values; "" is a runner that said nothing). Every run sandboxed: the
/// runner's own text ("sandbox (...)"). Otherwise the text starts with "NONE" and says why:
/// "NONE — submissions ran unsandboxed (--no-sandbox)" when `sandbox_requested` is false,
/// "NONE — no sandbox could be made here: <reason>", or "NONE for some runs — ..." when only
/// some were. No run at all: "no submission was run".
std::string describe_isolation(bool sandbox_requested, const std::set<std::string>& isolations);

/// What enforced the limits of the submission's runs (pure), from their memory_source and
/// process_limit_source (distinct values): "CPU/memory/processes by cgroup", or e.g.
/// "CPU/memory by /proc polling, processes NOT limited". Empty when neither is known.
std::string describe_limit_enforcement(const std::set<std::string>& memory_sources,
                                       const std::set<std::string>& process_limit_sources);

/// A one-line live progress display ("[ 37/120] secret/17 AC  3 WA") redrawn in place with `\r`
/// on a terminal, and silent otherwise. Thread-safe.
class ProgressLine {
 public:
    /// `enabled` false makes every call a no-op (output is not a terminal).
    ProgressLine(std::ostream& out, bool enabled, std::size_t total);
    /// One more case is done.
    void update(const CaseResult& result);
    /// Shows `text` as the line (judge stress's seeds and rate), at most ten times a second.
    void show(const std::string& text);
    /// Erases the line (call before printing the table).
    void finish();

 private:
    std::ostream& out_;
    bool enabled_;
    std::size_t total_;
    std::size_t done_ = 0;
    int failures_ = 0;
    std::chrono::steady_clock::time_point last_shown_{};
    std::mutex mutex_;
};

/// True when `fd` is a terminal (isatty).
bool is_terminal(int fd);

/// The summary's first line when a run was not measured by cgroups (RunReport::exact false):
/// without them the runner polls /proc, and the CPU time of a child reaped by the kernel
/// (SIGCHLD ignored: no rusage reaches its parent) or memory outside the processes' resident
/// memory (a memfd, socket buffers) is not counted. Made exact by a judge that has cgroups.
inline constexpr std::string_view kInexactMeasurementNote =
    "inexact measurement: no cgroup measured these runs, so CPU time of auto-reaped children and "
    "memory outside the processes' resident memory (memfd, socket buffers) are not counted; "
    "exact: run the judge as root, or in a delegated cgroup "
    "(systemd-run --user --scope -p Delegate=yes judge run ...)";

/// kInexactMeasurementNote, followed by why there were no cgroups when `why` says it.
std::string inexact_measurement_note(std::string_view why);

/// What starts every line of a submission's text in a text report.
inline constexpr std::string_view kQuoteMark = "  | ";

/// Text a submission controls (its compiler's message, which quotes its source; its stderr, and
/// so a sanitizer's report of its run; its output), as a text report shows it under a line of
/// the judge's naming whose it is: every line starts with kQuoteMark, so none can pass for one of
/// the judge's own (a forged "verdict: AC"), and is escaped (escape_control; tabs kept). A line
/// over `max_line_chars` is cut ("..."); after `max_lines` lines, one line of the judge's says
/// how many more there are. "" for an empty text; otherwise ends with a newline. Pure.
std::string quote_lines(std::string_view text,
                        std::size_t max_lines = std::string_view::npos,
                        std::size_t max_line_chars = std::string_view::npos);

/// The table: case, verdict (with "~" and the run verdicts when unstable), CPU ms (median,
/// "±spread/N runs" when rerun), wall ms, peak MiB, message. `color` adds ANSI colours. For CE,
/// the compiler's message instead, marked as the submission's (quote_lines).
void print_table(std::ostream& out, const RunReport& report, bool color = false);

/// The summary: kInexactMeasurementNote first when !report.exact (and a mark on the verdict
/// line), verdict and counts, the score (describe_score) when the problem has points, slowest case
/// against the limit, peak memory and how it was measured, the isolation and what enforced the
/// limits, the cases rerun near the limit, and the judge's overhead (total wall time against the
/// programs' wall time).
void print_summary(std::ostream& out, const RunReport& report);

/// The JSON report (schema in report.cpp's comment; stable keys in a fixed order, units in names).
nlohmann::ordered_json to_json(const RunReport& report);

/// A score as the JSON reports give it (to_json's `score`; judge verify's per submission): null
/// without one; an unbounded maximum is null; `judge_error` when the score is the judge's.
nlohmann::ordered_json score_to_json(const std::optional<Score>& score);

/// A JUnit XML document: one <testsuite> for the problem, one <testcase> per case (a non-AC
/// verdict is a <failure>, JE an <error>), or one "compile" testcase for CE; a score as the
/// suite's properties "score", "max_score" and "score.<group>" ("20/40"). The diagnosed
/// case's <testcase> also gets the diagnosis in a <system-err>.
std::string to_junit_xml(const RunReport& report);

/// A score as JUnit <property/> lines (each indented by `indent` spaces, ending in a newline),
/// named as the JSON reports name them: "score", "max_score" ("unbounded" for an unbounded
/// maximum) and "score.<group>" = "20/40" ("... needs G" when blocked by G). "" without a score.
/// to_junit_xml puts them in the suite's properties, judge verify's in each submission's
/// <testcase> (JUnit has no score of its own; CIs show properties).
std::string score_junit_properties(const std::optional<Score>& score, int indent);

/// Text for a JSON report: nlohmann's dump() throws on invalid UTF-8, which a file name or a
/// program's output may hold, so such text goes in escaped (escape_control, lines kept) and
/// valid text as it is (JSON escapes its control characters itself).
std::string json_text(const std::string& text);

/// Escapes &, <, >, " and ' as entities, after escape_control(text, true): control characters
/// (which XML 1.0 forbids, newline and tab aside) and invalid UTF-8 become visible escapes.
std::string xml_escape(std::string_view text);

/// The terminal colour of a verdict in the judge's tables (run's and verify's matrix): green
/// AC, magenta JE, yellow for a limit (TLE MLE OLE), red otherwise.
const char* verdict_ansi_color(Verdict verdict);

}  // namespace judge

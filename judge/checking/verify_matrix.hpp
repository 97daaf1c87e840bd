// The verification matrix of `judge verify`: every submission against every case (or group of
// cases), each cell the verdict and CPU time, each row ending in the submission's margin against
// the time limit, so a problem setter sees which cases kill which submission and how close the
// limit is. As text for the terminal and as a self-contained HTML page. Pure: cmd_verify.cpp
// judges and fills a VerifyMatrix; everything here only lays it out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checking/scoring.hpp"
#include "checking/verdict.hpp"
#include "checking/verify.hpp"

namespace judge {

/// One case of one submission as judged: the verdict and the CPU time of the case's deciding
/// run (CaseResult::verdict, cpu_ms).
struct MatrixCell {
    Verdict verdict = Verdict::JE;
    std::int64_t cpu_ms = 0;
};

/// One case (a column in the per-test layout).
struct MatrixCase {
    std::string name;   ///< TestCase::display_name(): "tests/3", "secret/group1/02"
    std::string group;  ///< what the per-group layout gathers it under ("secret/group1", "1")
};

/// One submission (a row).
struct MatrixRow {
    std::string submission;  ///< as shown (VerifiedSubmission::path)
    std::string expected;  ///< its folder or tag's expectation ("accepted", "time_limit_exceeded")
    std::optional<std::string> skipped;  ///< why it was not judged
    Verdict got = Verdict::JE;           ///< its final verdict (CE: no cell)
    bool as_expected = false;
    std::int64_t cpu_limit_ms = 0;  ///< the CPU limit it was judged at (a TLE margin for some)
    /// Its score (VerifiedSubmission::score) when judged on a problem with points; the HTML
    /// page's "score" column.
    std::optional<Score> score;
    /// cells[i]: case i; nullopt where the case was not judged (skipped, CE, or judging stopped
    /// at the first failure).
    std::vector<std::optional<MatrixCell>> cells;
};

/// Everything the matrix shows.
struct VerifyMatrix {
    std::string problem;  ///< a name for people (the package's name, the problem's id)
    std::int64_t time_limit_ms = 0;
    std::int64_t memory_limit_kib = 0;
    std::string judge_version;  ///< "judge 1.0.0 (commit abc1234)" (the HTML page's footer)
    std::vector<MatrixCase> cases;
    std::vector<MatrixRow> rows;
};

/// The matrix of what `report` found: `cells[i]` are the judged cases of report.submissions[i]
/// (by case index; missing or nullopt where not judged). A case AC in CPU time above the CPU
/// limit its submission is finally judged at (the limit derived from the accepted submissions
/// after they were judged under a generous probe limit) is TLE, as verify's verdict says.
VerifyMatrix make_verify_matrix(const VerifyReport& report,
                                std::vector<MatrixCase> cases,
                                const std::vector<std::vector<std::optional<MatrixCell>>>& cells);

/// How the matrix is laid out: a column per case, per group of cases, or no matrix at all.
enum class MatrixLayout { Tests, Groups, None };

/// More cases than this and `--matrix auto` gathers them by group: 30 cells of "TLE >1000" are
/// about as wide as a wide terminal.
inline constexpr std::size_t kMaxTestColumns = 30;

/// `--matrix` "tests", "groups", "none", or "auto" (tests up to kMaxTestColumns cases, groups
/// above) for `case_count` cases; nullopt for any other word.
std::optional<MatrixLayout> matrix_layout(std::string_view option, std::size_t case_count);

/// A column: its label and the cases (indices into VerifyMatrix::cases) it stands for.
struct MatrixColumn {
    std::string label;
    std::vector<std::size_t> cases;
};

/// Cases per group gather in blocks of this many when the problem has fewer than two groups.
inline constexpr std::size_t kCasesPerBlock = 10;

/// The columns of `layout` (Tests or Groups): one per case, labelled by its name; or one per
/// group in order of first appearance, labelled by the group; when the cases form fewer than two
/// groups, blocks of kCasesPerBlock consecutive cases labelled "first-last" (1-based numbers).
std::vector<MatrixColumn> matrix_columns(const VerifyMatrix& matrix, MatrixLayout layout);

/// What one column of `row` shows: the most severe verdict (severity()) among the column's
/// judged cases and the largest CPU time; nullopt when none of them was judged.
std::optional<MatrixCell> column_cell(const MatrixRow& row, const MatrixColumn& column);

/// A cell's text: "AC 12", "WA 3", "TLE >1000" (a TLE at or above `cpu_limit_ms` of CPU time:
/// it was stopped there), "TLE 382" (a TLE on wall time with less CPU).
std::string matrix_cell_text(const MatrixCell& cell, std::int64_t cpu_limit_ms);

/// The row's margin against the problem's time limit `time_limit_ms`:
///  - a submission that may be TLE (time_limit_exceeded, reference, rejected...) and has cases
///    over the limit (TLE, or AC in more CPU time than the limit when it was judged at the TLE
///    margin): its fastest such case, "min >2000 ms = >200% of 1000 ms" (a stopped case's time
///    is a lower bound) or "min 1500 ms = 150% of 1000 ms";
///  - else one expected to pass (accepted, reference): its slowest AC case, "max 312 ms = 31%
///    of 1000 ms", or "no AC case";
///  - else one expected TLE: "no case over the limit";
///  - else "" (a wrong answer's times say nothing of the limit).
/// Skipped rows: "skipped"; rows without cells (CE, JE before judging): "".
std::string matrix_margin(const MatrixRow& row, std::int64_t time_limit_ms);

/// The matrix as text, ready for a terminal: a header line saying what the cells are, then
/// submission, expected, a column each, margin. A row not as expected starts with "! " (the
/// others with two spaces). When labels would not fit (one longer than 12 characters), columns
/// are numbered and a legend follows. `color` adds ANSI colours to the cells (verdict) and to the
/// mark. Names from the package are escaped (escape_control).
std::string format_verify_matrix(const VerifyMatrix& matrix, MatrixLayout layout, bool color);

/// The matrix as one self-contained HTML page: inline CSS, no script, nothing fetched from the
/// network; cells coloured by verdict, rows not as expected marked; a "score" column before the
/// margin (describe_score) when some row has a score; a title with the problem's name and
/// limits, the judge's version in the footer. Every name from the package (problem,
/// submissions, cases, groups, expectations, skip reasons) is escaped.
std::string verify_matrix_html(const VerifyMatrix& matrix, MatrixLayout layout);

}  // namespace judge

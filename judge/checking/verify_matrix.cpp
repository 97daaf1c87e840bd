#include "checking/verify_matrix.hpp"

#include <algorithm>
#include <sstream>

#include "checking/report.hpp"
#include "util/files.hpp"
#include "util/table.hpp"

namespace judge {

VerifyMatrix make_verify_matrix(const VerifyReport& report,
                                std::vector<MatrixCase> cases,
                                const std::vector<std::vector<std::optional<MatrixCell>>>& cells) {
    VerifyMatrix matrix;
    matrix.problem = report.problem;
    matrix.time_limit_ms = report.time_limit_ms;
    matrix.cases = std::move(cases);
    for (std::size_t index = 0; index < report.submissions.size(); ++index) {
        const VerifiedSubmission& submission = report.submissions[index];
        MatrixRow row;
        row.submission = submission.path;
        row.expected = submission.expected;
        row.skipped = submission.skipped;
        row.got = submission.got;
        row.as_expected = !submission.skipped && submission.as_expected;
        row.cpu_limit_ms = submission.cpu_limit_ms;
        if (!submission.skipped) row.score = submission.score;
        row.cells.resize(matrix.cases.size());
        if (index < cells.size()) {
            for (std::size_t at = 0; at < cells[index].size() && at < row.cells.size(); ++at) {
                std::optional<MatrixCell> cell = cells[index][at];
                // Judged under the probe limit, then the derived limit set below its time (as
                // verify's settle_accepted turns the submission's verdict to TLE).
                if (cell && cell->verdict == Verdict::AC && row.cpu_limit_ms > 0 &&
                    cell->cpu_ms > row.cpu_limit_ms)
                    cell->verdict = Verdict::TLE;
                row.cells[at] = cell;
            }
        }
        matrix.rows.push_back(std::move(row));
    }
    return matrix;
}

std::optional<MatrixLayout> matrix_layout(std::string_view option, std::size_t case_count) {
    if (option == "tests") return MatrixLayout::Tests;
    if (option == "groups") return MatrixLayout::Groups;
    if (option == "none") return MatrixLayout::None;
    if (option == "auto")
        return case_count > kMaxTestColumns ? MatrixLayout::Groups : MatrixLayout::Tests;
    return std::nullopt;
}

std::vector<MatrixColumn> matrix_columns(const VerifyMatrix& matrix, MatrixLayout layout) {
    std::vector<MatrixColumn> columns;
    if (layout == MatrixLayout::None) return columns;
    if (layout == MatrixLayout::Tests) {
        for (std::size_t index = 0; index < matrix.cases.size(); ++index)
            columns.push_back({matrix.cases[index].name, {index}});
        return columns;
    }
    for (std::size_t index = 0; index < matrix.cases.size(); ++index) {
        const std::string& group = matrix.cases[index].group;
        auto found = std::find_if(columns.begin(), columns.end(), [&](const MatrixColumn& column) {
            return column.label == group;
        });
        if (found == columns.end())
            columns.push_back({group, {index}});
        else
            found->cases.push_back(index);
    }
    if (columns.size() >= 2) return columns;
    // One group (a Polygon testset without <groups>, a package with secret/ only): a single
    // column would say nothing of where a submission fails, so blocks of consecutive cases.
    columns.clear();
    for (std::size_t first = 0; first < matrix.cases.size(); first += kCasesPerBlock) {
        std::size_t last = std::min(first + kCasesPerBlock, matrix.cases.size());
        MatrixColumn column;
        column.label = std::to_string(first + 1) + "-" + std::to_string(last);
        for (std::size_t index = first; index < last; ++index) column.cases.push_back(index);
        columns.push_back(std::move(column));
    }
    return columns;
}

std::optional<MatrixCell> column_cell(const MatrixRow& row, const MatrixColumn& column) {
    std::optional<MatrixCell> merged;
    for (std::size_t index : column.cases) {
        if (index >= row.cells.size() || !row.cells[index]) continue;
        const MatrixCell& cell = *row.cells[index];
        if (!merged) {
            merged = cell;
            continue;
        }
        if (severity(cell.verdict) > severity(merged->verdict)) merged->verdict = cell.verdict;
        merged->cpu_ms = std::max(merged->cpu_ms, cell.cpu_ms);
    }
    return merged;
}

std::string matrix_cell_text(const MatrixCell& cell, std::int64_t cpu_limit_ms) {
    std::string code(short_code(cell.verdict));
    if (cell.verdict == Verdict::TLE && cpu_limit_ms > 0 && cell.cpu_ms >= cpu_limit_ms)
        return code + " >" + std::to_string(cpu_limit_ms);
    return code + " " + std::to_string(cell.cpu_ms);
}

namespace {

std::string percent_of(std::int64_t ms, std::int64_t limit_ms) {
    if (limit_ms <= 0) return "?";
    return std::to_string((ms * 100 + limit_ms / 2) / limit_ms);
}

bool has_cells(const MatrixRow& row) {
    return std::any_of(row.cells.begin(), row.cells.end(),
                       [](const std::optional<MatrixCell>& cell) { return cell.has_value(); });
}

// The fastest case over `time_limit_ms`: a TLE (stopped at the row's limit: its time is a lower
// bound) or an AC slower than the limit (judged at a TLE margin). Empty when there is none.
std::string fastest_over_limit(const MatrixRow& row, std::int64_t time_limit_ms) {
    std::optional<std::int64_t> fastest_ms;
    bool lower_bound = false;
    for (const std::optional<MatrixCell>& cell : row.cells) {
        if (!cell) continue;
        std::int64_t ms = cell->cpu_ms;
        bool stopped = false;
        if (cell->verdict == Verdict::TLE) {
            // Stopped at the limit it was judged at (or on wall time, with less CPU): it needs
            // more than that limit.
            stopped = true;
            ms = std::max(row.cpu_limit_ms, time_limit_ms);
        } else if (cell->verdict != Verdict::AC || ms <= time_limit_ms) {
            continue;
        }
        if (!fastest_ms || ms < *fastest_ms || (ms == *fastest_ms && !stopped)) {
            fastest_ms = ms;
            lower_bound = stopped;
        }
    }
    if (!fastest_ms) return "";
    std::string bound = lower_bound ? ">" : "";
    return "min " + bound + std::to_string(*fastest_ms) + " ms = " + bound +
           percent_of(*fastest_ms, time_limit_ms) + "% of " + std::to_string(time_limit_ms) + " ms";
}

}  // namespace

std::string matrix_margin(const MatrixRow& row, std::int64_t time_limit_ms) {
    if (row.skipped) return "skipped";
    if (row.got == Verdict::CE) return "compile error";
    if (!has_cells(row)) return "not judged";
    bool may_pass = verdict_as_expected(row.expected, Verdict::AC, true);
    bool may_be_tle = verdict_as_expected(row.expected, Verdict::TLE, true);
    if (may_be_tle) {
        std::string over = fastest_over_limit(row, time_limit_ms);
        if (!over.empty()) return over;
    }
    if (may_pass) {
        std::optional<std::int64_t> slowest_ms;
        for (const std::optional<MatrixCell>& cell : row.cells)
            if (cell && cell->verdict == Verdict::AC)
                slowest_ms = std::max(slowest_ms.value_or(0), cell->cpu_ms);
        if (!slowest_ms) return "no AC case";
        return "max " + std::to_string(*slowest_ms) +
               " ms = " + percent_of(*slowest_ms, time_limit_ms) + "% of " +
               std::to_string(time_limit_ms) + " ms";
    }
    // Expected TLE (and not a wrong answer as well, as rejected is): say that it was not.
    if (may_be_tle && !verdict_as_expected(row.expected, Verdict::WA, true))
        return "no case over the limit";
    return "";
}

namespace {

// `padded` in `color`, its padding outside, so that format_table still cuts trailing spaces.
std::string colored(const char* color, const std::string& padded) {
    std::size_t end = padded.find_last_not_of(' ') + 1;
    return color + padded.substr(0, end) + "\033[0m" + padded.substr(end);
}

// Column labels longer than this are numbered instead ("#3"), with a legend.
constexpr std::size_t kMaxLabelChars = 12;

bool labels_fit(const std::vector<MatrixColumn>& columns) {
    return std::all_of(columns.begin(), columns.end(), [](const MatrixColumn& column) {
        return escape_control(column.label).size() <= kMaxLabelChars;
    });
}

std::string what_cells_are(const VerifyMatrix& matrix, MatrixLayout layout) {
    std::string what = layout == MatrixLayout::Groups
                           ? "per group of cases, the most severe verdict and the largest CPU ms"
                           : "per case, the verdict and CPU ms";
    return what + " (time limit " + std::to_string(matrix.time_limit_ms) + " ms)";
}

}  // namespace

std::string format_verify_matrix(const VerifyMatrix& matrix, MatrixLayout layout, bool color) {
    std::vector<MatrixColumn> columns = matrix_columns(matrix, layout);
    if (layout == MatrixLayout::None) return "";
    bool numbered = !labels_fit(columns);
    std::vector<std::vector<std::string>> table;
    std::vector<std::string> header = {"", "submission", "expected"};
    for (std::size_t index = 0; index < columns.size(); ++index)
        header.push_back(numbered ? "#" + std::to_string(index + 1)
                                  : escape_control(columns[index].label));
    header.push_back("margin");
    table.push_back(std::move(header));
    // cell_verdicts[row][column]: for the colours.
    std::vector<std::vector<std::optional<Verdict>>> cell_verdicts;
    for (const MatrixRow& row : matrix.rows) {
        std::vector<std::string> line = {row.as_expected || row.skipped ? "" : "!",
                                         escape_control(row.submission),
                                         escape_control(row.expected)};
        std::vector<std::optional<Verdict>> verdicts;
        for (const MatrixColumn& column : columns) {
            std::optional<MatrixCell> cell = column_cell(row, column);
            line.push_back(cell ? matrix_cell_text(*cell, row.cpu_limit_ms) : "-");
            verdicts.push_back(cell ? std::optional<Verdict>(cell->verdict) : std::nullopt);
        }
        line.push_back(matrix_margin(row, matrix.time_limit_ms));
        table.push_back(std::move(line));
        cell_verdicts.push_back(std::move(verdicts));
    }
    std::vector<bool> right_aligned(3 + columns.size(), false);
    std::string out = "matrix: " + what_cells_are(matrix, layout) + "; ! = not as expected\n";
    out += format_table(
        table, right_aligned, [&](std::size_t row, std::size_t column, std::string text) {
            if (!color || row == 0) return text;
            if (column == 0 && text.find('!') != std::string::npos)
                return colored("\033[31m", text);
            if (column < 3 || column >= 3 + columns.size()) return text;
            const std::optional<Verdict>& verdict = cell_verdicts[row - 1][column - 3];
            if (!verdict) return text;
            return colored(verdict_ansi_color(*verdict), text);
        });
    if (numbered) {
        out += "columns:";
        for (std::size_t index = 0; index < columns.size(); ++index)
            out += " #" + std::to_string(index + 1) + " " + escape_control(columns[index].label) +
                   (index + 1 < columns.size() ? "," : "\n");
    }
    return out;
}

namespace {

std::string format_kib(std::int64_t kib) {
    if (kib % 1024 == 0) return std::to_string(kib / 1024) + " MiB";
    return std::to_string(kib) + " KiB";
}

// A CSS class per verdict: AC green, the limits amber, the other rejections red, JE purple.
const char* css_class_of(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return "ac";
        case Verdict::JE: return "je";
        case Verdict::TLE:
        case Verdict::MLE:
        case Verdict::OLE: return "limit";
        default: return "bad";
    }
}

constexpr const char* kHtmlStyle =
    "body{font-family:sans-serif;margin:1.5em;color:#222}"
    "h1{font-size:1.3em;margin-bottom:.2em}"
    "p{margin:.3em 0}"
    "table{border-collapse:collapse;font-size:13px;margin-top:1em}"
    "th,td{border:1px solid #bbb;padding:2px 6px;white-space:nowrap}"
    "th{background:#eee;font-weight:normal}"
    "td.cell{font-family:monospace;text-align:right}"
    "td.ac{background:#c6efc6}td.limit{background:#fbe3a4}"
    "td.bad{background:#f5b8b8}td.je{background:#dcc4f0}td.none{color:#999}"
    "tr.unexpected td.mark,tr.unexpected td.name{background:#f5b8b8;font-weight:bold}"
    "td.margin,td.score{font-family:monospace}"
    ".footer{margin-top:1.5em;color:#666;font-size:12px}";

}  // namespace

std::string verify_matrix_html(const VerifyMatrix& matrix, MatrixLayout layout) {
    if (layout == MatrixLayout::None) layout = MatrixLayout::Tests;
    std::vector<MatrixColumn> columns = matrix_columns(matrix, layout);
    int as_expected = 0, not_as_expected = 0, skipped = 0;
    for (const MatrixRow& row : matrix.rows) {
        if (row.skipped)
            ++skipped;
        else if (row.as_expected)
            ++as_expected;
        else
            ++not_as_expected;
    }
    std::ostringstream out;
    std::string limits = "time limit " + std::to_string(matrix.time_limit_ms) + " ms";
    if (matrix.memory_limit_kib > 0)
        limits += ", memory limit " + format_kib(matrix.memory_limit_kib);
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<title>verify " << xml_escape(matrix.problem) << "</title>\n"
        << "<style>" << kHtmlStyle << "</style>\n</head>\n<body>\n"
        << "<h1>" << xml_escape(matrix.problem) << "</h1>\n"
        << "<p class=\"limits\">" << limits << "</p>\n"
        << "<p class=\"summary\">" << matrix.rows.size() << " submissions, " << as_expected
        << " as expected, " << not_as_expected << " not, " << skipped
        << " skipped. Cells: " << xml_escape(what_cells_are(matrix, layout)) << ".</p>\n"
        << "<table>\n<thead>\n<tr><th></th><th>submission</th><th>expected</th>";
    for (const MatrixColumn& column : columns) out << "<th>" << xml_escape(column.label) << "</th>";
    // A score column only where some submission has a score (as verify's table).
    bool scored = std::any_of(matrix.rows.begin(), matrix.rows.end(),
                              [](const MatrixRow& row) { return row.score.has_value(); });
    out << (scored ? "<th>score</th>" : "") << "<th>margin</th></tr>\n</thead>\n<tbody>\n";
    for (const MatrixRow& row : matrix.rows) {
        bool unexpected = !row.as_expected && !row.skipped;
        out << "<tr" << (unexpected ? " class=\"unexpected\"" : "") << "><td class=\"mark\">"
            << (unexpected ? "!" : "") << "</td><td class=\"name\">" << xml_escape(row.submission)
            << "</td><td>" << xml_escape(row.expected) << "</td>";
        for (const MatrixColumn& column : columns) {
            std::optional<MatrixCell> cell = column_cell(row, column);
            if (!cell) {
                out << "<td class=\"cell none\">-</td>";
                continue;
            }
            out << "<td class=\"cell " << css_class_of(cell->verdict) << "\">"
                << xml_escape(matrix_cell_text(*cell, row.cpu_limit_ms)) << "</td>";
        }
        if (scored)
            out << "<td class=\"score\">"
                << (row.score ? xml_escape(describe_score(*row.score)) : std::string("-"))
                << "</td>";
        std::string margin = matrix_margin(row, matrix.time_limit_ms);
        if (row.skipped) margin += ": " + *row.skipped;
        out << "<td class=\"margin\">" << xml_escape(margin) << "</td></tr>\n";
    }
    out << "</tbody>\n</table>\n<p class=\"footer\">" << xml_escape(matrix.judge_version)
        << "</p>\n</body>\n</html>\n";
    return out.str();
}

}  // namespace judge

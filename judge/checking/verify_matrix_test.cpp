#include "checking/verify_matrix.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

MatrixCell cell(Verdict verdict, std::int64_t cpu_ms) { return MatrixCell{verdict, cpu_ms}; }

MatrixRow row(std::string submission,
              std::string expected,
              bool as_expected,
              std::int64_t cpu_limit_ms,
              std::vector<std::optional<MatrixCell>> cells) {
    MatrixRow made;
    made.submission = std::move(submission);
    made.expected = std::move(expected);
    made.as_expected = as_expected;
    made.cpu_limit_ms = cpu_limit_ms;
    made.cells = std::move(cells);
    for (const auto& one : made.cells)
        if (one && (made.got == Verdict::JE || one->verdict != Verdict::AC))
            made.got = one->verdict;
    return made;
}

// Three cases, an accepted, a wrong answer and a TLE submission (judged at the TLE margin).
VerifyMatrix small_matrix() {
    VerifyMatrix matrix;
    matrix.problem = "sum";
    matrix.time_limit_ms = 1000;
    matrix.memory_limit_kib = 262144;
    matrix.judge_version = "judge 1.0.0 (commit abc)";
    matrix.cases = {{"tests/1", "tests"}, {"tests/2", "tests"}, {"tests/3", "tests"}};
    matrix.rows.push_back(
        row("sum.cpp", "accepted", true, 1000,
            {cell(Verdict::AC, 12), cell(Verdict::AC, 312), cell(Verdict::AC, 3)}));
    matrix.rows.push_back(row("wa.cpp", "wrong_answer", true, 1000,
                              {cell(Verdict::AC, 2), cell(Verdict::WA, 3), cell(Verdict::AC, 4)}));
    matrix.rows.push_back(
        row("spin.cpp", "time_limit_exceeded", true, 2000,
            {cell(Verdict::AC, 5), cell(Verdict::TLE, 2004), cell(Verdict::TLE, 2010)}));
    return matrix;
}

TEST(MatrixLayoutOption, AutoIsPerTestUpToThirtyCasesThenPerGroup) {
    EXPECT_EQ(matrix_layout("auto", 0), MatrixLayout::Tests);
    EXPECT_EQ(matrix_layout("auto", kMaxTestColumns), MatrixLayout::Tests);
    EXPECT_EQ(matrix_layout("auto", kMaxTestColumns + 1), MatrixLayout::Groups);
    EXPECT_EQ(matrix_layout("tests", 500), MatrixLayout::Tests);
    EXPECT_EQ(matrix_layout("groups", 2), MatrixLayout::Groups);
    EXPECT_EQ(matrix_layout("none", 2), MatrixLayout::None);
    EXPECT_EQ(matrix_layout("Tests", 2), std::nullopt);
    EXPECT_EQ(matrix_layout("", 2), std::nullopt);
}

TEST(MatrixCellText, VerdictAndCpuTimeAndATleAtTheLimitAsALowerBound) {
    EXPECT_EQ(matrix_cell_text(cell(Verdict::AC, 12), 1000), "AC 12");
    EXPECT_EQ(matrix_cell_text(cell(Verdict::WA, 3), 1000), "WA 3");
    EXPECT_EQ(matrix_cell_text(cell(Verdict::TLE, 1003), 1000), "TLE >1000");
    EXPECT_EQ(matrix_cell_text(cell(Verdict::TLE, 1000), 1000), "TLE >1000");
    // Stopped on wall time with little CPU: its CPU time is what it is.
    EXPECT_EQ(matrix_cell_text(cell(Verdict::TLE, 382), 1000), "TLE 382");
}

TEST(MatrixColumns, EmptyMatrixHasNoColumnsAndNoneLayoutNoColumnsEither) {
    VerifyMatrix empty;
    EXPECT_TRUE(matrix_columns(empty, MatrixLayout::Tests).empty());
    EXPECT_TRUE(matrix_columns(empty, MatrixLayout::Groups).empty());
    EXPECT_TRUE(matrix_columns(small_matrix(), MatrixLayout::None).empty());
    EXPECT_EQ(format_verify_matrix(small_matrix(), MatrixLayout::None, false), "");
}

TEST(MatrixColumns, GroupsInOrderOfFirstAppearance) {
    VerifyMatrix matrix;
    matrix.cases = {{"sample/1", "sample"},
                    {"secret/g1/1", "secret/g1"},
                    {"secret/g2/1", "secret/g2"},
                    {"secret/g1/2", "secret/g1"}};
    std::vector<MatrixColumn> columns = matrix_columns(matrix, MatrixLayout::Groups);
    ASSERT_EQ(columns.size(), 3u);
    EXPECT_EQ(columns[0].label, "sample");
    EXPECT_EQ(columns[1].label, "secret/g1");
    EXPECT_EQ(columns[1].cases, (std::vector<std::size_t>{1, 3}));
    EXPECT_EQ(columns[2].cases, (std::vector<std::size_t>{2}));
}

TEST(MatrixColumns, OneGroupFallsBackToBlocksOfConsecutiveCases) {
    VerifyMatrix matrix;
    for (int index = 1; index <= 25; ++index)
        matrix.cases.push_back({"tests/" + std::to_string(index), "tests"});
    std::vector<MatrixColumn> columns = matrix_columns(matrix, MatrixLayout::Groups);
    ASSERT_EQ(columns.size(), 3u);
    EXPECT_EQ(columns[0].label, "1-10");
    EXPECT_EQ(columns[2].label, "21-25");
    EXPECT_EQ(columns[2].cases.size(), 5u);
}

TEST(MatrixColumnCell, MostSevereVerdictAndLargestTimeOfTheJudgedCases) {
    MatrixRow one =
        row("x", "rejected", true, 1000,
            {cell(Verdict::AC, 900), cell(Verdict::WA, 3), std::nullopt, cell(Verdict::TLE, 1001)});
    EXPECT_EQ(column_cell(one, {"g", {0, 1}})->verdict, Verdict::WA);
    EXPECT_EQ(column_cell(one, {"g", {0, 1}})->cpu_ms, 900);
    EXPECT_EQ(column_cell(one, {"g", {1, 3}})->verdict, Verdict::TLE);  // TLE is worse than WA
    EXPECT_EQ(column_cell(one, {"g", {2}}), std::nullopt);              // not judged
    EXPECT_EQ(column_cell(one, {"g", {}}), std::nullopt);
}

TEST(MatrixMargin, SlowestAcceptedCaseAgainstTheLimit) {
    VerifyMatrix matrix = small_matrix();
    EXPECT_EQ(matrix_margin(matrix.rows[0], 1000), "max 312 ms = 31% of 1000 ms");
    EXPECT_EQ(matrix_margin(matrix.rows[1], 1000), "");  // a wrong answer's times say nothing
    EXPECT_EQ(matrix_margin(row("none.cpp", "accepted", false, 1000, {cell(Verdict::WA, 1)}), 1000),
              "no AC case");
}

TEST(MatrixMargin, FastestCaseOverTheLimitOfATleSubmission) {
    VerifyMatrix matrix = small_matrix();
    EXPECT_EQ(matrix_margin(matrix.rows[2], 1000), "min >2000 ms = >200% of 1000 ms");
    // Judged at the TLE margin, an AC above the limit is over it, and known exactly.
    MatrixRow slow = row("slow.cpp", "time_limit_exceeded", true, 2000,
                         {cell(Verdict::AC, 1500), cell(Verdict::TLE, 2001)});
    EXPECT_EQ(matrix_margin(slow, 1000), "min 1500 ms = 150% of 1000 ms");
    MatrixRow fast = row("fast.cpp", "time_limit_exceeded", false, 2000, {cell(Verdict::AC, 10)});
    EXPECT_EQ(matrix_margin(fast, 1000), "no case over the limit");
    // TLE or AC (Polygon's time-limit-exceeded-or-accepted): whichever it did.
    MatrixRow either = row("either.c", "time_limit_exceeded,accepted", true, 2000,
                           {cell(Verdict::AC, 10), cell(Verdict::AC, 700)});
    EXPECT_EQ(matrix_margin(either, 1000), "max 700 ms = 70% of 1000 ms");
}

TEST(MatrixMargin, SkippedAndCompileErrorsHaveNoCells) {
    MatrixRow skipped = row("a.kt", "accepted", false, 1000, {std::nullopt});
    skipped.skipped = "Kotlin is not installed";
    EXPECT_EQ(matrix_margin(skipped, 1000), "skipped");
    MatrixRow compile_error = row("ce.cpp", "compile_error", true, 1000, {std::nullopt});
    compile_error.got = Verdict::CE;
    EXPECT_EQ(matrix_margin(compile_error, 1000), "compile error");
}

TEST(MakeVerifyMatrix, AnAcOverTheDerivedLimitIsTle) {
    VerifyReport report;
    report.problem = "p";
    report.time_limit_ms = 1000;
    VerifiedSubmission accepted;
    accepted.path = "a.cpp";
    accepted.expected = "accepted";
    accepted.got = Verdict::TLE;
    accepted.cpu_limit_ms = 1000;  // settled after being judged under the probe limit
    report.submissions.push_back(accepted);
    VerifiedSubmission skipped;
    skipped.path = "b.kt";
    skipped.skipped = "no Kotlin";
    report.submissions.push_back(skipped);
    VerifyMatrix matrix = make_verify_matrix(report, {{"1", ""}, {"2", ""}},
                                             {{cell(Verdict::AC, 400), cell(Verdict::AC, 1200)}});
    ASSERT_EQ(matrix.rows.size(), 2u);
    EXPECT_EQ(matrix.rows[0].cells[0]->verdict, Verdict::AC);
    EXPECT_EQ(matrix.rows[0].cells[1]->verdict, Verdict::TLE);
    EXPECT_FALSE(matrix.rows[0].as_expected);
    // No cells given for the skipped one: a column each, none judged.
    ASSERT_EQ(matrix.rows[1].cells.size(), 2u);
    EXPECT_FALSE(matrix.rows[1].cells[0]);
}

TEST(FormatVerifyMatrix, RowsOfCellsAndMarginsAndAMarkOnWhatIsNotAsExpected) {
    VerifyMatrix matrix = small_matrix();
    matrix.rows[1].as_expected = false;
    std::string text = format_verify_matrix(matrix, MatrixLayout::Tests, false);
    EXPECT_NE(text.find("submission  expected             tests/1  tests/2    tests/3    margin"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("   sum.cpp     accepted             AC 12    AC 312     AC 3       max "
                        "312 ms = 31% of 1000 ms"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("!  wa.cpp      wrong_answer         AC 2     WA 3       AC 4"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("spin.cpp    time_limit_exceeded  AC 5     TLE >2000  TLE >2000  min "
                        ">2000 ms"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("\033["), std::string::npos);  // no colour unless asked
}

TEST(FormatVerifyMatrix, ColoursOnlyWhenAskedAndWithoutMovingColumns) {
    VerifyMatrix matrix = small_matrix();
    std::string plain = format_verify_matrix(matrix, MatrixLayout::Tests, false);
    std::string colored = format_verify_matrix(matrix, MatrixLayout::Tests, true);
    EXPECT_NE(colored.find("\033[32mAC 12"), std::string::npos);
    EXPECT_NE(colored.find("\033[33mTLE >2000"), std::string::npos);
    EXPECT_NE(colored.find("\033[31mWA 3"), std::string::npos);
    std::string stripped;
    for (std::size_t at = 0; at < colored.size(); ++at) {
        if (colored[at] == '\033') {
            at = colored.find('m', at);
            continue;
        }
        stripped += colored[at];
    }
    EXPECT_EQ(stripped, plain);
}

TEST(FormatVerifyMatrix, LongLabelsAreNumberedWithALegendAndNamesEscaped) {
    VerifyMatrix matrix = small_matrix();
    matrix.cases[0].name = "secret/a-rather-long-name";
    matrix.rows[0].submission = "evil\033[2J.cpp";
    std::string text = format_verify_matrix(matrix, MatrixLayout::Tests, false);
    EXPECT_NE(text.find("#1"), std::string::npos);
    EXPECT_NE(text.find("columns: #1 secret/a-rather-long-name, #2 tests/2, #3 tests/3\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find('\033'), std::string::npos);
    EXPECT_NE(text.find("evil\\x1b[2J.cpp"), std::string::npos);
}

TEST(FormatVerifyMatrix, PerGroupCellsSayTheWorstAndTheSlowest) {
    VerifyMatrix matrix = small_matrix();
    matrix.cases[0].group = "samples";
    std::string text = format_verify_matrix(matrix, MatrixLayout::Groups, false);
    EXPECT_NE(text.find("per group of cases"), std::string::npos);
    EXPECT_NE(text.find("expected             samples  tests      margin"), std::string::npos)
        << text;
    EXPECT_NE(text.find("time_limit_exceeded  AC 5     TLE >2000"), std::string::npos) << text;
    EXPECT_NE(text.find("wrong_answer         AC 2     WA 4"), std::string::npos) << text;
}

TEST(VerifyMatrixHtml, SelfContainedPageWithColouredCellsTitleAndVersion) {
    VerifyMatrix matrix = small_matrix();
    matrix.rows[1].as_expected = false;
    std::string html = verify_matrix_html(matrix, MatrixLayout::Tests);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_NE(html.find("<style>"), std::string::npos);
    EXPECT_NE(html.find("<title>verify sum</title>"), std::string::npos);
    EXPECT_NE(html.find("time limit 1000 ms, memory limit 256 MiB"), std::string::npos);
    EXPECT_NE(html.find("judge 1.0.0 (commit abc)"), std::string::npos);
    EXPECT_NE(html.find("<th>tests/2</th>"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"cell ac\">AC 312</td>"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"cell bad\">WA 3</td>"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"cell limit\">TLE &gt;2000</td>"), std::string::npos);
    EXPECT_NE(html.find("<tr class=\"unexpected\"><td class=\"mark\">!</td><td "
                        "class=\"name\">wa.cpp</td>"),
              std::string::npos)
        << html;
    // Nothing from the network, nothing run.
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("http"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find("@import"), std::string::npos);
}

TEST(VerifyMatrixHtml, EveryNameFromThePackageIsEscaped) {
    VerifyMatrix matrix = small_matrix();
    matrix.problem = "<b>p</b>";
    matrix.rows[0].submission = "<script>.cpp";
    matrix.rows[1].expected = "\"><img src=x onerror=alert(1)>";
    matrix.cases[1].name = "<script>alert(1)</script>";
    matrix.rows[2].skipped = "<i>no</i>";
    std::string html = verify_matrix_html(matrix, MatrixLayout::Tests);
    EXPECT_EQ(html.find("<script"), std::string::npos) << html;
    EXPECT_EQ(html.find("<img"), std::string::npos);
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_EQ(html.find("<i>"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;.cpp"), std::string::npos);
    EXPECT_NE(html.find("<th>&lt;script&gt;alert(1)&lt;/script&gt;</th>"), std::string::npos);
    EXPECT_NE(html.find("&quot;&gt;&lt;img"), std::string::npos);
    EXPECT_NE(html.find("skipped: &lt;i&gt;no&lt;/i&gt;"), std::string::npos);
    // A group named so, in the per-group layout.
    matrix.cases[0].group = "<script>";
    std::string grouped = verify_matrix_html(matrix, MatrixLayout::Groups);
    EXPECT_EQ(grouped.find("<script"), std::string::npos);
    EXPECT_NE(grouped.find("<th>&lt;script&gt;</th>"), std::string::npos);
}

}  // namespace
}  // namespace judge

#include "problems/statement_export.hpp"

#include <gtest/gtest.h>

#include <string>

#include "problems/name_uuid.hpp"

namespace judge {
namespace {

// The values of Python's uuid.uuid5(uuid.NAMESPACE_URL, name) for the same names.
TEST(NameUuid, IsRfc4122Version5InTheUrlNamespace) {
    EXPECT_EQ(name_based_uuid("urn:cp-judge:problem:quell"),
              "b9b49b33-e895-5d4a-959c-de4617014742");
    EXPECT_EQ(name_based_uuid("python.org"), "7af94e2b-4dd9-50f0-9c9a-8a48519bdef0");
    EXPECT_EQ(name_based_uuid(""), "1b4db7eb-4057-5ddf-91e0-36dec72071f5");
}

TEST(StatementExport, TakesTheNameAndLeavesTheSampleOut) {
    std::string markdown =
        "# quell: a drop\n\nIntro.\n\n## Example\n\nInput (`testdata/quell/sample/1.in`):\n\n"
        "```input\n#O@#\n```\n\nOutput:\n\n```output\ntrue\n```\n\nOne move right.\n";
    PackageStatement statement = export_statement(markdown, "quell", {{"#O@#\n", "true\n"}});
    EXPECT_EQ(statement.name, "Quell: a drop");
    EXPECT_EQ(statement.markdown, "Intro.\n\n## Example\n\nOne move right.\n");
    EXPECT_EQ(statement.latex.rfind("\\problemname{Quell: a drop}\n", 0), 0u);
    ASSERT_EQ(statement.notes.size(), 1u);
}

TEST(StatementExport, ASampleWithoutItsCommentLineIsStillTheSample) {
    std::string markdown = "Text.\n\n```input\nA B\nC D\n```\n\n```input\nX\nY\n```\n";
    PackageStatement statement =
        export_statement(markdown, "p", {{"# where it comes from\nA B\nC D\n", "1\n"}});
    EXPECT_EQ(statement.markdown, "Text.\n\n```\nX\nY\n```\n");
}

TEST(StatementExport, AWideTableIsAListInMarkdownAndATableInLatex) {
    std::string wide(70, 'x');
    std::string markdown = "| char | meaning |\n| --- | --- |\n| `#` | " + wide + " |\n";
    PackageStatement statement = export_statement(markdown, "p", {});
    EXPECT_EQ(statement.markdown, "- `#`: " + wide + "\n");
    EXPECT_NE(statement.latex.find("\\begin{tabular}"), std::string::npos);
    std::string narrow = "| a | b |\n| --- | --- |\n| 1 | 2 |\n";
    EXPECT_EQ(export_statement(narrow, "p", {}).markdown, narrow);
}

TEST(StatementExport, RewritesOrDropsRepositoryPaths) {
    std::string markdown =
        "## Limits\n\n- Time limit 2 s (`testdata/q/problem.txt`).\n\n## Notes\n\nSee the case "
        "`testdata/q/secret/small` and `solutions/q.cpp`. The test `cmake/q_test.py` checks it. "
        "Fine.\n\n## Python\n\nOur class is `solutions/q.py`. More.\n";
    PackageStatement statement = export_statement(markdown, "q", {});
    EXPECT_EQ(statement.markdown,
              "## Limits\n\n- Time limit 2 s.\n\n## Notes\n\nSee the case `data/secret/small` "
              "and `submissions/accepted/q.cpp`. Fine.\n");
    EXPECT_EQ(statement.notes.size(), 2u);  // one sentence, one section
}

TEST(MarkdownToLatex, TheSubsetOurStatementsUse) {
    EXPECT_EQ(markdown_to_latex("## Input\n"), "\\section*{Input}\n");
    EXPECT_EQ(markdown_to_latex("A `#_$` and **bold** and *it*, $x^2$ < 5% & <https://a.b/c>.\n"),
              "A \\texttt{\\#\\_\\$} and \\textbf{bold} and \\emph{it}, $x^2$ \\textless{} 5\\% "
              "\\& \\url{https://a.b/c}.\n");
    EXPECT_EQ(markdown_to_latex("- one\n  more\n  - inner\n- two\n"),
              "\\begin{itemize}\n\\item one\nmore\n\\begin{itemize}\n\\item inner\n"
              "\\end{itemize}\n\\item two\n\\end{itemize}\n");
    EXPECT_EQ(markdown_to_latex("1. first\n2. second\n"),
              "\\begin{enumerate}\n\\item first\n\\item second\n\\end{enumerate}\n");
    EXPECT_EQ(markdown_to_latex("```\n# a\\b\n```\n"),
              "\\begin{verbatim}\n# a\\b\n\\end{verbatim}\n");
    EXPECT_EQ(markdown_to_latex("| a | b |\n| --- | --- |\n| `|` | 2 |\n"),
              "\\begin{center}\n\\begin{tabular}{|l|p{0.7\\textwidth}|}\n\\hline\na & b \\\\\n"
              "\\hline\n\\texttt{\\textbar{}} & 2 \\\\\n\\hline\n\\end{tabular}\n\\end{center}\n");
    EXPECT_EQ(markdown_to_latex("[site](https://x.y) and [file](../a.txt)\n"),
              "\\href{https://x.y}{site} and file\n");
}

}  // namespace
}  // namespace judge

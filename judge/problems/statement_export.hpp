// A problem's statement.md as a package's statement: what a statement of the package format may
// hold (no problem name, no sample data, no path of this repository), in Markdown and in LaTeX.
#pragma once

#include <string>
#include <vector>

namespace judge {

/// One sample case's files, as text (what the statement must no longer show).
struct SampleText {
    std::string input;
    std::string answer;
};

struct PackageStatement {
    std::string name;      ///< the first `# ` heading's text, its first letter upper-case; or empty
    std::string markdown;  ///< the statement body in Markdown (CommonMark, $ math $ kept)
    std::string latex;     ///< the same body in LaTeX: \problemname{name}, then the body
    std::vector<std::string> notes;  ///< what was left out, and why
};

/// Turns testdata/<problem_id>/statement.md into a package's statement:
/// - the first `# ` heading becomes `name` (a package statement must not repeat the name);
/// - a fenced block that holds a sample case's input or answer (or two lines or more of one) is
///   left out (the format shows the samples from data/sample itself), and so is the paragraph
///   just before it that introduces it ("Input (...):", "Output:"); the other fenced blocks lose
///   their info string (pandoc would highlight ```input in environments problemtools lacks);
/// - repository paths in code spans are rewritten to the package's own: testdata/<id>/sample/X
///   and secret/X to data/sample/X and data/secret/X, solutions/<id>.cpp to
///   submissions/accepted/<id>.cpp; testdata/<id>/problem.txt (the limits) is dropped with its
///   parentheses. A `## ` section that still names a repository file (or links to one with a
///   relative link) is about this repository, not the problem: it is left out, with a note;
/// - in the Markdown, a pipe table with a line over 72 characters becomes a list (pandoc would
///   lay it out in LaTeX that problemtools' template cannot typeset); the LaTeX keeps the table.
PackageStatement export_statement(const std::string& markdown,
                                  const std::string& problem_id,
                                  const std::vector<SampleText>& samples);

/// The Markdown subset our statements use, as LaTeX: `##`/`###` headings, paragraphs, `code`,
/// **bold**, *emphasis*, <url> and [text](url) links, $math$ and $$math$$ as they are, fenced
/// code blocks (verbatim), bullet and numbered lists (nested by indentation) and pipe tables.
/// Everything else is text, escaped.
std::string markdown_to_latex(const std::string& markdown);

}  // namespace judge

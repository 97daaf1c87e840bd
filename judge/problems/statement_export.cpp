#include "problems/statement_export.hpp"

#include <cctype>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace judge {

namespace {

// A statement cut into blocks: a fenced code block (its ``` lines included), a heading line, or
// a run of other lines between blank lines (a paragraph, a list, a table).
struct Chunk {
    bool fence = false;
    std::vector<std::string> lines;

    bool heading() const { return !fence && !lines.empty() && lines[0].rfind('#', 0) == 0; }
    std::string text() const {
        std::string joined;
        for (const std::string& line : lines) {
            if (!joined.empty()) joined += '\n';
            joined += line;
        }
        return joined;
    }
};

std::size_t indent_of(const std::string& line) { return line.find_first_not_of(" \t"); }

bool blank(const std::string& line) { return indent_of(line) == std::string::npos; }

// The fence that opens a fenced code block on `line` (``` or ~~~, three or more), or "".
std::string fence_of(const std::string& line) {
    std::size_t at = indent_of(line);
    if (at == std::string::npos || at > 3) return "";
    char mark = line[at];
    if (mark != '`' && mark != '~') return "";
    std::size_t end = line.find_first_not_of(mark, at);
    std::size_t length = (end == std::string::npos ? line.size() : end) - at;
    return length >= 3 ? std::string(length, mark) : "";
}

std::vector<Chunk> split_chunks(const std::string& text) {
    std::vector<Chunk> chunks;
    std::istringstream in(text);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    Chunk current;
    auto finish = [&] {
        if (!current.lines.empty()) chunks.push_back(current);
        current = Chunk{};
    };
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (std::string fence = fence_of(line); !fence.empty()) {
            finish();
            current.fence = true;
            current.lines.push_back(line);
            for (++i; i < lines.size(); ++i) {
                current.lines.push_back(lines[i]);
                std::size_t at = indent_of(lines[i]);
                if (at != std::string::npos && lines[i].compare(at, fence.size(), fence) == 0)
                    break;
            }
            finish();
        } else if (blank(line)) {
            finish();
        } else if (line.rfind('#', 0) == 0) {
            finish();
            current.lines.push_back(line);
            finish();
        } else {
            current.lines.push_back(line);
        }
    }
    finish();
    return chunks;
}

// A fenced block's content, as the file it shows would hold it (no \r, no trailing blanks).
std::string normalized(const std::string& text) {
    std::string out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
            line.pop_back();
        out += line;
        out += '\n';
    }
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

std::string fence_content(const Chunk& chunk) {
    std::string content;
    std::size_t last = chunk.lines.size();
    if (last >= 2 && !fence_of(chunk.lines.back()).empty()) --last;
    for (std::size_t i = 1; i < last; ++i) content += chunk.lines[i] + "\n";
    return content;
}

// A block shows a sample when it is a sample file, or (two lines or more) a run of its lines: a
// sample may carry a comment line the statement does not repeat.
bool shows_a_sample(const Chunk& chunk, const std::vector<SampleText>& samples) {
    std::string content = normalized(fence_content(chunk));
    if (content.empty()) return false;
    bool several_lines = content.find('\n') != std::string::npos;
    for (const SampleText& sample : samples) {
        for (const std::string* file : {&sample.input, &sample.answer}) {
            std::string lines = "\n" + normalized(*file) + "\n";
            if (content == normalized(*file) ||
                (several_lines && lines.find("\n" + content + "\n") != std::string::npos))
                return true;
        }
    }
    return false;
}

std::string heading_text(const std::string& line) {
    std::size_t at = line.find_first_not_of('#');
    if (at == std::string::npos) return "";
    at = line.find_first_not_of(" \t", at);
    return at == std::string::npos ? "" : line.substr(at);
}

const char* const kRepositoryFolders[] = {"testdata/",   "solutions/", "checkers/",
                                          "generators/", "cmake/",     "judge/",
                                          "docs/",       "scripts/",   "bench/"};

bool is_repository_path(const std::string& text) {
    for (const char* folder : kRepositoryFolders)
        if (text.rfind(folder, 0) == 0) return true;
    return false;
}

// The first word of `text` that is a repository path ("python3 solutions/x.py" names one), or "".
std::string repository_path_in(const std::string& text) {
    for (std::size_t at = 0; at < text.size(); ++at) {
        bool word_start =
            at == 0 || std::string(" \t\n(\"'`").find(text[at - 1]) != std::string::npos;
        if (!word_start || !is_repository_path(text.substr(at, 12))) continue;
        std::size_t end = text.find_first_of(" \t\n)`\"'", at);
        return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    }
    return "";
}

// What a repository path becomes in the package: its package path, "" for "say nothing" (the
// limits file: problem.yaml holds the limits, a statement need not point there), or nullopt
// when the package has no such file.
std::optional<std::string> package_path(const std::string& path, const std::string& id) {
    std::string own = "testdata/" + id + "/";
    if (path == own + "problem.txt") return std::string();
    for (const char* group : {"sample/", "secret/"})
        if (path.rfind(own + group, 0) == 0) return "data/" + path.substr(own.size());
    if (path == "solutions/" + id + ".cpp") return "submissions/accepted/" + id + ".cpp";
    return std::nullopt;
}

// Rewrites the repository paths in the code spans of `text`; the first path the package has no
// counterpart for is returned in `unresolved`.
std::string rewrite_paths(const std::string& text, const std::string& id, std::string& unresolved) {
    static const std::regex relative_link(R"(\]\((?!https?:|mailto:|#)([^)\s]+)\))");
    std::smatch link;
    if (std::regex_search(text, link, relative_link) && unresolved.empty())
        unresolved = link[1].str();
    auto note_words = [&](const std::string& words) {
        std::string path = repository_path_in(words);
        if (!path.empty() && unresolved.empty()) unresolved = path;
    };
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t open = text.find('`', at);
        std::size_t close = open == std::string::npos ? open : text.find('`', open + 1);
        if (close == std::string::npos) {
            note_words(text.substr(at));
            out += text.substr(at);
            break;
        }
        note_words(text.substr(at, open - at));
        std::string span = text.substr(open + 1, close - open - 1);
        if (!is_repository_path(span)) note_words(span);
        std::optional<std::string> mapped;
        if (is_repository_path(span)) mapped = package_path(span, id);
        if (!is_repository_path(span) || (mapped && !mapped->empty())) {
            out += text.substr(at, open - at);
            out += "`" + (mapped ? *mapped : span) + "`";
            at = close + 1;
            continue;
        }
        std::string before = text.substr(at, open - at);
        if (mapped) {
            // " (`path`)" goes whole; "(`path`, more)" keeps "(more)".
            bool in_parentheses = !before.empty() && before.back() == '(';
            if (in_parentheses && text.compare(close + 1, 1, ")") == 0) {
                before.pop_back();
                while (!before.empty() && before.back() == ' ') before.pop_back();
                out += before;
                at = close + 2;
                continue;
            }
            if (in_parentheses && text.compare(close + 1, 2, ", ") == 0) {
                out += before;
                at = close + 3;
                continue;
            }
        }
        if (unresolved.empty()) unresolved = span;
        out += before + "`" + span + "`";
        at = close + 1;
    }
    return out;
}

// --- LaTeX ---

std::string latex_char(char c) {
    switch (c) {
        case '\\': return "\\textbackslash{}";
        case '{': return "\\{";
        case '}': return "\\}";
        case '$':
        case '&':
        case '#':
        case '_':
        case '%': return std::string("\\") + c;
        case '^': return "\\^{}";
        case '~': return "\\~{}";
        case '<': return "\\textless{}";
        case '>': return "\\textgreater{}";
        case '|': return "\\textbar{}";
        default: return std::string(1, c);
    }
}

std::string latex_escaped(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '\n' ? std::string(" ") : latex_char(c);
    return out;
}

std::string latex_inline(const std::string& text);

// The span from `from` up to the next `closing` (not part of a longer run of the same
// character), or nullopt.
std::optional<std::size_t> closing_at(const std::string& text,
                                      std::size_t from,
                                      const std::string& closing) {
    for (std::size_t at = text.find(closing, from); at != std::string::npos;
         at = text.find(closing, at + 1)) {
        bool longer_run =
            at + closing.size() < text.size() && text[at + closing.size()] == closing[0];
        if (!longer_run) return at;
        while (at + 1 < text.size() && text[at + 1] == closing[0]) ++at;
    }
    return std::nullopt;
}

std::string latex_inline(const std::string& text) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (c == '\\' && i + 1 < text.size() &&
            std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
            out += latex_char(text[i + 1]);
            i += 2;
        } else if (c == '`') {
            std::size_t run = text.find_first_not_of('`', i) - i;
            std::string ticks(run, '`');
            auto close = closing_at(text, i + run, ticks);
            if (!close) {
                out += latex_escaped(ticks);
                i += run;
                continue;
            }
            std::string code = text.substr(i + run, *close - i - run);
            if (code.size() >= 2 && code.front() == ' ' && code.back() == ' ')
                code = code.substr(1, code.size() - 2);
            out += "\\texttt{" + latex_escaped(code) + "}";
            i = *close + run;
        } else if (c == '$') {
            std::string delimiter = text.compare(i, 2, "$$") == 0 ? "$$" : "$";
            std::size_t close = text.find(delimiter, i + delimiter.size());
            bool math = close != std::string::npos && close > i + delimiter.size() &&
                        text[i + delimiter.size()] != ' ' && text[close - 1] != ' ';
            if (!math) {
                out += "\\$";
                ++i;
                continue;
            }
            out += text.substr(i, close + delimiter.size() - i);  // math passes through
            i = close + delimiter.size();
        } else if (text.compare(i, 2, "**") == 0) {
            auto close = closing_at(text, i + 2, "**");
            if (!close) {
                out += "**";
                i += 2;
                continue;
            }
            out += "\\textbf{" + latex_inline(text.substr(i + 2, *close - i - 2)) + "}";
            i = *close + 2;
        } else if (c == '*' && i + 1 < text.size() &&
                   !std::isspace(static_cast<unsigned char>(text[i + 1]))) {
            std::size_t close = text.find('*', i + 1);
            if (close == std::string::npos) {
                out += "*";
                ++i;
                continue;
            }
            out += "\\emph{" + latex_inline(text.substr(i + 1, close - i - 1)) + "}";
            i = close + 1;
        } else if (c == '<' &&
                   (text.compare(i + 1, 7, "http://") == 0 ||
                    text.compare(i + 1, 8, "https://") == 0) &&
                   text.find('>', i) != std::string::npos) {
            std::size_t close = text.find('>', i);
            std::string url = text.substr(i + 1, close - i - 1);
            std::string escaped;
            for (char u : url)
                escaped += (u == '%' || u == '#') ? std::string("\\") + u : std::string(1, u);
            out += "\\url{" + escaped + "}";
            i = close + 1;
        } else if (c == '[') {
            std::size_t middle = text.find("](", i);
            std::size_t close = middle == std::string::npos ? middle : text.find(')', middle);
            if (close == std::string::npos) {
                out += "[";
                ++i;
                continue;
            }
            std::string label = latex_inline(text.substr(i + 1, middle - i - 1));
            std::string url = text.substr(middle + 2, close - middle - 2);
            bool web = url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0;
            out += web ? "\\href{" + url + "}{" + label + "}" : label;
            i = close + 1;
        } else {
            out += c == '\n' ? std::string("\n") : latex_char(c);
            ++i;
        }
    }
    return out;
}

const std::regex& list_item() {
    static const std::regex item(R"(^(\s*)([-*+]|[0-9]+[.)])\s+(.*)$)");
    return item;
}

std::string latex_list(const Chunk& chunk) {
    struct Item {
        std::size_t indent;
        bool ordered;
        std::string text;
    };
    std::vector<Item> items;
    for (const std::string& line : chunk.lines) {
        std::smatch match;
        if (std::regex_match(line, match, list_item())) {
            bool ordered = std::isdigit(static_cast<unsigned char>(match[2].str()[0]));
            items.push_back({match[1].str().size(), ordered, match[3].str()});
        } else if (!items.empty()) {
            items.back().text += "\n" + line.substr(indent_of(line));
        }
    }
    std::string out;
    std::vector<Item> open;
    auto close_one = [&] {
        out += open.back().ordered ? "\\end{enumerate}\n" : "\\end{itemize}\n";
        open.pop_back();
    };
    for (const Item& item : items) {
        while (!open.empty() && item.indent < open.back().indent) close_one();
        if (open.empty() || item.indent > open.back().indent) {
            out += item.ordered ? "\\begin{enumerate}\n" : "\\begin{itemize}\n";
            open.push_back(item);
        }
        out += "\\item " + latex_inline(item.text) + "\n";
    }
    while (!open.empty()) close_one();
    return out;
}

// The cells of a table row "| a | `b|c` | d |": split at the pipes outside code spans.
std::vector<std::string> table_cells(const std::string& row) {
    std::vector<std::string> cells;
    std::string cell;
    bool in_code = false;
    std::size_t start = row.find('|') == indent_of(row) ? row.find('|') + 1 : 0;
    for (std::size_t i = start; i < row.size(); ++i) {
        char c = row[i];
        if (c == '`') in_code = !in_code;
        if (c == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cell += "\\|";
            ++i;
        } else if (c == '|' && !in_code) {
            cells.push_back(cell);
            cell.clear();
        } else {
            cell += c;
        }
    }
    if (!blank(cell)) cells.push_back(cell);
    for (std::string& each : cells) {
        std::size_t first = each.find_first_not_of(' ');
        std::size_t last = each.find_last_not_of(' ');
        each = first == std::string::npos ? "" : each.substr(first, last - first + 1);
    }
    return cells;
}

bool is_table(const Chunk& chunk) {
    static const std::regex separator(R"(^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$)");
    return chunk.lines.size() >= 2 && chunk.lines[0].find('|') != std::string::npos &&
           std::regex_match(chunk.lines[1], separator);
}

std::string latex_table(const Chunk& chunk) {
    std::size_t columns = table_cells(chunk.lines[0]).size();
    std::ostringstream spec;
    spec << "|l|";
    for (std::size_t c = 1; c < columns; ++c)
        spec << "p{" << static_cast<int>(70 / (columns - 1)) / 100.0 << "\\textwidth}|";
    std::string out = "\\begin{center}\n\\begin{tabular}{" + spec.str() + "}\n\\hline\n";
    for (std::size_t r = 0; r < chunk.lines.size(); ++r) {
        if (r == 1) continue;  // the separator
        std::vector<std::string> cells = table_cells(chunk.lines[r]);
        cells.resize(columns);
        for (std::size_t c = 0; c < columns; ++c) out += (c ? " & " : "") + latex_inline(cells[c]);
        out += r == 0 ? " \\\\\n\\hline\n" : " \\\\\n";
    }
    return out + "\\hline\n\\end{tabular}\n\\end{center}\n";
}

std::string latex_chunk(const Chunk& chunk) {
    if (chunk.fence) {
        std::string content = fence_content(chunk);
        if (content.find("\\end{verbatim}") != std::string::npos)
            return latex_inline("`" + normalized(content) + "`") + "\n";
        return "\\begin{verbatim}\n" + content + "\\end{verbatim}\n";
    }
    if (chunk.heading()) {
        std::size_t level = chunk.lines[0].find_first_not_of('#');
        std::string command = level <= 2 ? "\\section*{" : "\\subsection*{";
        return command + latex_inline(heading_text(chunk.lines[0])) + "}\n";
    }
    if (is_table(chunk)) return latex_table(chunk);
    if (std::regex_match(chunk.lines[0], list_item())) return latex_list(chunk);
    return latex_inline(chunk.text()) + "\n";
}

bool is_paragraph(const Chunk& chunk) {
    return !chunk.fence && !chunk.heading() && !is_table(chunk) &&
           !std::regex_match(chunk.lines[0], list_item());
}

// A paragraph's sentences: it breaks after ".", "!" or "?" followed by white space and a
// capital letter, a quote or a code span. Each keeps its own line breaks.
std::vector<std::string> sentences(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (std::string(".!?").find(text[i]) == std::string::npos) continue;
        std::size_t next = text.find_first_not_of(" \n", i + 1);
        if (next == i + 1 || next == std::string::npos) continue;
        char c = text[next];
        if (!std::isupper(static_cast<unsigned char>(c)) && c != '"' && c != '`') continue;
        out.push_back(text.substr(start, i + 1 - start));
        start = next;
        i = next - 1;
    }
    out.push_back(text.substr(start));
    return out;
}

// pandoc lays out a pipe table with a line over 72 characters in columns of relative widths,
// in LaTeX that problemtools' template cannot typeset (\real, \arraybackslash).
bool wider_than_pandoc_lays_out(const Chunk& table) {
    for (const std::string& line : table.lines)
        if (line.size() > 72) return true;
    return false;
}

// A table's rows as a list, "- first cell: the other cells; ..." (the header row goes).
Chunk table_as_list(const Chunk& table) {
    Chunk list;
    for (std::size_t r = 2; r < table.lines.size(); ++r) {
        std::vector<std::string> cells = table_cells(table.lines[r]);
        if (cells.empty()) continue;
        std::string item = "- " + cells[0];
        for (std::size_t c = 1; c < cells.size(); ++c) item += (c == 1 ? ": " : "; ") + cells[c];
        list.lines.push_back(item);
    }
    return list;
}

std::string join_chunks(const std::vector<Chunk>& chunks) {
    std::string out;
    for (const Chunk& chunk : chunks) {
        if (!out.empty()) out += "\n";
        out += chunk.text() + "\n";
    }
    return out;
}

}  // namespace

std::string markdown_to_latex(const std::string& markdown) {
    std::string out;
    for (const Chunk& chunk : split_chunks(markdown)) {
        if (!out.empty()) out += "\n";
        out += latex_chunk(chunk);
    }
    return out;
}

PackageStatement export_statement(const std::string& markdown,
                                  const std::string& problem_id,
                                  const std::vector<SampleText>& samples) {
    PackageStatement statement;
    std::vector<Chunk> chunks = split_chunks(markdown);
    if (!chunks.empty() && chunks[0].heading() && chunks[0].lines[0].rfind("# ", 0) == 0) {
        statement.name = heading_text(chunks[0].lines[0]);
        if (!statement.name.empty() && std::islower(static_cast<unsigned char>(statement.name[0])))
            statement.name[0] =
                static_cast<char>(std::toupper(static_cast<unsigned char>(statement.name[0])));
        chunks.erase(chunks.begin());
    }

    // Sample blocks, and the "Input (...):" / "Output:" paragraph that introduces each.
    std::vector<bool> keep(chunks.size(), true);
    int sample_blocks = 0;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        if (!chunks[i].fence || !shows_a_sample(chunks[i], samples)) continue;
        keep[i] = false;
        ++sample_blocks;
        if (i > 0 && keep[i - 1] && !chunks[i - 1].fence && !chunks[i - 1].heading()) {
            const std::string& first = chunks[i - 1].lines[0];
            if (first.rfind("Input", 0) == 0 || first.rfind("Output", 0) == 0) keep[i - 1] = false;
        }
    }
    if (sample_blocks > 0)
        statement.notes.push_back(
            "statement: " + std::to_string(sample_blocks) +
            " block(s) of sample data left out (the format shows data/sample itself)");

    // Repository paths: rewritten to the package's, or the sentence that names one goes; when
    // that is a section's first sentence (or a list or a table names one), the section is
    // about this repository and goes whole.
    std::vector<Chunk> kept;
    std::vector<Chunk> section;
    std::string section_unresolved;
    bool first_sentence = true;
    auto end_section = [&] {
        if (section_unresolved.empty()) {
            kept.insert(kept.end(), section.begin(), section.end());
        } else {
            std::string title =
                !section.empty() && section[0].heading() ? heading_text(section[0].lines[0]) : "";
            statement.notes.push_back("statement: section \"" + title + "\" left out: it names " +
                                      section_unresolved + ", which the package does not carry");
        }
        section.clear();
        section_unresolved.clear();
        first_sentence = true;
    };
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        if (!keep[i]) continue;
        Chunk chunk = chunks[i];
        if (chunk.heading() && chunk.lines[0].rfind("## ", 0) == 0) end_section();
        if (chunk.fence) {
            // A plain fence: pandoc highlights a block with a language (```input) in
            // environments that problemtools' LaTeX template does not define.
            std::size_t at = indent_of(chunk.lines[0]);
            chunk.lines[0] = chunk.lines[0].substr(0, at) + fence_of(chunk.lines[0]);
        }
        if (chunk.fence || chunk.heading() || !section_unresolved.empty()) {
            section.push_back(chunk);
            continue;
        }
        std::string text;
        if (is_paragraph(chunk)) {
            for (const std::string& sentence : sentences(chunk.text())) {
                std::string unresolved;
                std::string rewritten = rewrite_paths(sentence, problem_id, unresolved);
                if (unresolved.empty()) {
                    text += (text.empty() ? "" : " ") + rewritten;
                } else if (first_sentence) {
                    section_unresolved = unresolved;
                } else {
                    statement.notes.push_back("statement: a sentence left out: it names " +
                                              unresolved + ", which the package does not carry");
                }
                first_sentence = false;
            }
            if (text.empty()) continue;
        } else {
            text = rewrite_paths(chunk.text(), problem_id, section_unresolved);
            first_sentence = false;
        }
        std::istringstream lines(text);
        chunk.lines.clear();
        for (std::string line; std::getline(lines, line);) chunk.lines.push_back(line);
        section.push_back(chunk);
    }
    end_section();

    std::string name = statement.name.empty() ? problem_id : statement.name;
    statement.latex =
        "\\problemname{" + latex_escaped(name) + "}\n\n" + markdown_to_latex(join_chunks(kept));
    for (Chunk& chunk : kept)
        if (is_table(chunk) && wider_than_pandoc_lays_out(chunk)) chunk = table_as_list(chunk);
    statement.markdown = join_chunks(kept);
    return statement;
}

}  // namespace judge

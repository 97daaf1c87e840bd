#include "problems/export.hpp"

#include <zip.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include "building/compiler.hpp"  // find_quoted_include, jury_include_dirs, quoted_include_names
#include "problems/name_uuid.hpp"
#include "problems/statement_export.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Where `target` is built before it is renamed into place: ".NAME.tmp" beside it.
fs::path in_progress_name(const fs::path& target) {
    std::string name = ".";
    name += target.filename().string();
    name += ".tmp";
    return target.parent_path() / name;
}

// The format's text files (2025-09 says so; problemtools warns otherwise): \n line ends only,
// and a non-empty file ends with one.
bool has_format_line_ends(const std::string& text) {
    return text.find('\r') == std::string::npos && (text.empty() || text.back() == '\n');
}

// `text` with each \r\n as \n and a final \n added to a non-empty text without one (a lone
// \r stays: it is not a line end).
std::string with_format_line_ends(const std::string& text) {
    std::string out;
    out.reserve(text.size() + 1);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) out += text[i];
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
}

// A jury program's source with our own headers written in where they are included, so that it
// compiles alone (problemtools and BAPCtools compile a program's source without our include
// folders). A quoted include is looked up where the judge's compile looks (the including file's
// folder, then jury_include_dirs) and written in once, as #pragma once would; a header's
// `#pragma once` goes (it warns in a main file); <system> includes stay. checklib.hpp is
// preceded by CHECKLIB_KATTIS: the package protocol's exit codes and arguments.
class SourceBundler {
 public:
    explicit SourceBundler(const ProblemSettings& problem)
        : search_(jury_include_dirs(problem.root)) {}

    std::string bundle_main(const fs::path& source) {
        main_ = source;
        std::error_code error;
        done_.insert(fs::weakly_canonical(source, error));
        return "// " + source.filename().string() +
               " as one self-contained source, written by `judge export`.\n" + bundle(source);
    }

 private:
    std::string bundle(const fs::path& file) {
        std::string out;
        std::istringstream lines(read_file(file));
        for (std::string line; std::getline(lines, line);) {
            std::vector<std::string> names = quoted_include_names(line);
            if (names.empty()) {
                if (file == main_ || !is_pragma_once(line)) out += line + "\n";
                continue;
            }
            fs::path header = find(file, names[0]);
            std::error_code error;
            if (!done_.insert(fs::weakly_canonical(header, error)).second) {
                out += "// (\"" + names[0] + "\" is written in above)\n";
                continue;
            }
            out += "// ---- \"" + names[0] + "\", written in by `judge export` ----\n";
            if (header.filename() == "checklib.hpp") out += "#define CHECKLIB_KATTIS 1\n";
            out += bundle(header);
            out += "// ---- end of \"" + names[0] + "\" ----\n";
        }
        return out;
    }

    static bool is_pragma_once(const std::string& line) {
        std::string packed;  // "#pragma once", "# pragma  once"
        for (char c : line)
            if (c != ' ' && c != '\t' && c != '\r') packed += c;
        return packed == "#pragmaonce";
    }

    fs::path find(const fs::path& includer, const std::string& name) const {
        std::optional<fs::path> header = find_quoted_include(includer, name, search_);
        if (!header)
            throw JudgeError(includer.string() + " includes \"" + name + "\", which is nowhere");
        std::error_code error;
        if (!fs::is_regular_file(*header, error))  // a fifo would hang the read
            throw JudgeError(includer.string() + " includes " + header->string() +
                             ", which is not a regular file");
        return *header;
    }

    std::vector<fs::path> search_;
    std::set<fs::path> done_;
    fs::path main_;
};

// A jury program (checker, validator, interactor) as a package's program folder: `folder` with
// the one self-contained source (SourceBundler), under the source's own name.
void export_jury_program(const ProblemSettings& problem,
                         const fs::path& source,
                         const fs::path& folder) {
    std::error_code error;
    if (!fs::is_regular_file(source, error)) throw JudgeError(source.string() + " not found");
    SourceBundler bundler(problem);
    write_text(folder / source.filename(), bundler.bundle_main(source));
}

// A number of seconds as YAML writes it: "2", "1.5", "0.25".
std::string seconds_text(std::int64_t ms) {
    std::ostringstream text;
    text << static_cast<double>(ms) / 1000.0;
    return text.str();
}

// The name for people: the statement's first heading ("Quell: can the drop ..."), or the id.
std::string package_name(const ProblemSettings& problem, const std::string& heading) {
    return heading.empty() ? problem.id : heading;
}

std::string problem_yaml(const ProblemSettings& problem,
                         PackageVersion version,
                         const std::string& name) {
    std::int64_t output_mib = (problem.limits.output_kib + 1023) / 1024;
    std::ostringstream yaml;
    yaml << "# Exported by `judge export " << problem.id << "` (cp-judge).\n"
         << "problem_format_version: " << package_version_name(version) << "\n"
         << "name: " << yaml_quoted(name) << "\n"
         << "# Named after the problem id: every export of the problem has the same uuid.\n"
         << "uuid: " << name_based_uuid("urn:cp-judge:problem:" + problem.id) << "\n"
         << "type: " << (problem.interactive ? "interactive" : "pass-fail") << "\n"
         << "# This project's problems name no license.\n"
         << "license: unknown\n"
         << "limits:\n"
         << "  time_limit: " << seconds_text(problem.limits.cpu_ms) << "\n";
    std::int64_t resolution_ms = time_resolution_ms(problem.limits.cpu_ms);
    if (version == PackageVersion::V2025_09 && resolution_ms != 1000)
        yaml << "  time_resolution: " << seconds_text(resolution_ms) << "\n";
    yaml << "  memory: " << problem.limits.memory_kib / 1024 << "\n"
         << "  output: " << output_mib << "\n";
    return yaml.str();
}

// testdata/<id>/statement.md as the package's statement/ holds it; returns its name heading.
std::string export_statement_file(const ProblemSettings& problem,
                                  const std::vector<TestCase>& cases,
                                  const fs::path& package,
                                  bool markdown_statement,
                                  ExportSummary& summary) {
    std::error_code error;
    fs::path statement = problem.dir / "statement.md";
    summary.statement = fs::is_regular_file(statement, error);
    std::string markdown = "This problem has no statement yet.\n";
    if (summary.statement)
        markdown = read_file(statement);
    else
        // The format requires a statement (and a name's language to have one): a placeholder.
        summary.notes.push_back("no statement: " + statement.string() +
                                " does not exist (the package says the problem has none yet)");
    std::vector<SampleText> samples;
    for (const TestCase& test_case : cases)
        if (test_case.group == "sample")
            samples.push_back({read_file(test_case.input),
                               test_case.answer ? read_file(*test_case.answer) : std::string()});
    PackageStatement converted = export_statement(markdown, problem.id, samples);
    for (const std::string& note : converted.notes) summary.notes.push_back(note);
    if (markdown_statement)
        write_text(package / "statement" / "problem.en.md", converted.markdown);
    else
        write_text(package / "statement" / "problem.en.tex", converted.latex);
    return converted.name;
}

// Copies the tree `from` (the problem's own submissions/<verdict>/...) under `to`; the number
// of programs (files or folders directly in a verdict folder).
int copy_submissions(const fs::path& from, const fs::path& to) {
    std::error_code error;
    if (!fs::is_directory(from, error)) return 0;
    fs::create_directories(to, error);
    fs::copy(from, to, fs::copy_options::recursive, error);
    if (error) throw JudgeError("cannot copy " + from.string() + ": " + error.message());
    int count = 0;
    for (const auto& verdict : fs::directory_iterator(from, error))
        if (verdict.is_directory(error))
            count += static_cast<int>(std::distance(fs::directory_iterator(verdict.path(), error),
                                                    fs::directory_iterator()));
    return count;
}

}  // namespace

void copy_file_to(const fs::path& from, const fs::path& to) {
    std::error_code error;
    fs::create_directories(to.parent_path(), error);
    if (!error) fs::copy_file(from, to, fs::copy_options::overwrite_existing, error);
    if (error)
        throw JudgeError("cannot copy " + from.string() + " to " + to.string() + ": " +
                         error.message());
}

void write_text(const fs::path& file, const std::string& text) {
    std::error_code error;
    fs::create_directories(file.parent_path(), error);
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw JudgeError("cannot write " + file.string());
}

// The largest of 1, 0.1, 0.01 and 0.001 s that divides `ms`: 2025-09 requires the time limit to
// be a multiple of time_resolution (default 1 s).
std::int64_t time_resolution_ms(std::int64_t ms) {
    for (std::int64_t step : {1000, 100, 10})
        if (ms % step == 0) return step;
    return 1;
}

std::string yaml_quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string package_version_name(PackageVersion version) {
    return version == PackageVersion::V2025_09 ? "2025-09" : "2023-07-draft";
}

std::optional<PackageVersion> parse_package_version(const std::string& text) {
    if (text == "2023-07-draft" || text == "2023-07") return PackageVersion::Draft2023_07;
    if (text == "2025-09") return PackageVersion::V2025_09;
    return std::nullopt;
}

ExportSummary export_package(const ProblemSettings& problem,
                             const std::vector<TestCase>& cases,
                             const fs::path& out,
                             PackageVersion version,
                             bool markdown_statement) {
    std::error_code error;
    if (fs::exists(out, error)) throw JudgeError(out.string() + " exists already");
    if (problem.interactive && problem.checker != "none")
        throw JudgeError("problem " + problem.id +
                         ": an interactor followed by a checker has no form in a package (one "
                         "output validator talks with the submission and decides)");
    ExportSummary summary;
    // Built beside `out` and renamed when whole: an interrupted export leaves no half package.
    fs::path building = in_progress_name(out);
    fs::remove_all(building, error);
    fs::create_directories(building, error);
    if (error) throw JudgeError("cannot create " + building.string() + ": " + error.message());
    try {
        std::string heading =
            export_statement_file(problem, cases, building, markdown_statement, summary);
        write_text(building / "problem.yaml",
                   problem_yaml(problem, version, package_name(problem, heading)));

        int stress_cases = 0, inputs_rewritten = 0;
        std::vector<std::string> kept_line_ends;  // files not in the format's form, kept so
        for (const TestCase& test_case : cases) {
            if (test_case.group != "sample" && test_case.group != "secret") {
                ++stress_cases;
                continue;
            }
            fs::path folder = building / "data" / test_case.group;
            // An input in another form (\r\n, no final newline) is written in the format's
            // where the problem says its input may be either (input-line-ends: lf-or-crlf): the
            // same case to the problem. Elsewhere, and for answers, the bytes are the case.
            std::string input = read_file(test_case.input);
            if (has_format_line_ends(input)) {
                write_text(folder / (test_case.name + ".in"), input);
            } else if (problem.input_line_ends_either) {
                write_text(folder / (test_case.name + ".in"), with_format_line_ends(input));
                ++inputs_rewritten;
            } else {
                write_text(folder / (test_case.name + ".in"), input);
                kept_line_ends.push_back(test_case.group + "/" + test_case.name + ".in");
            }
            // The package format wants an .ans for every case; ours may have none
            // (checker-needs-ans no, an interactor that decides alone): an empty one then.
            if (test_case.answer) {
                std::string answer = read_file(*test_case.answer);
                write_text(folder / (test_case.name + ".ans"), answer);
                if (!has_format_line_ends(answer))
                    kept_line_ends.push_back(test_case.group + "/" + test_case.name + ".ans");
            } else {
                write_text(folder / (test_case.name + ".ans"), "");
            }
            ++(test_case.group == "sample" ? summary.sample_cases : summary.secret_cases);
        }
        if (stress_cases > 0)
            summary.notes.push_back(std::to_string(stress_cases) +
                                    " stress/ cases left out (not a contest's cases)");
        if (inputs_rewritten > 0)
            summary.notes.push_back(std::to_string(inputs_rewritten) +
                                    " inputs written with the format's line ends (\\n, a final "
                                    "newline): problem.txt's input-line-ends: lf-or-crlf");
        if (!kept_line_ends.empty())
            summary.notes.push_back(
                std::to_string(kept_line_ends.size()) +
                " files kept byte for byte with \\r or no final newline, which the format's "
                "tools warn on (" +
                kept_line_ends.front() + (kept_line_ends.size() > 1 ? ", ..." : "") +
                "; problem.txt has no input-line-ends: lf-or-crlf for inputs)");

        if (auto validator = problem.validator_source())
            export_jury_program(problem, *validator,
                                building / "input_validators" / problem.validator);
        else
            summary.notes.push_back(
                "no input validator: the format requires one (problemtools: "
                "\"No input format validators found\")");
        if (auto interactor = problem.interactor_source())
            export_jury_program(problem, *interactor, building / "output_validator");
        else if (problem.checker != "none")
            export_jury_program(problem, problem.checker_source(), building / "output_validator");

        fs::path solution = problem.solution_source();
        if (fs::is_regular_file(solution, error)) {
            copy_file_to(solution, building / "submissions" / "accepted" / solution.filename());
            ++summary.submissions;
        }
        summary.submissions +=
            copy_submissions(problem.submissions_dir(), building / "submissions");
        if (fs::is_regular_file(problem.brute_source(), error))
            summary.notes.push_back("the brute is left out (meant for small cases only)");

        fs::rename(building, out, error);
        if (error) throw JudgeError("cannot create " + out.string() + ": " + error.message());
    } catch (...) {
        fs::remove_all(building, error);
        throw;
    }
    return summary;
}

void write_zip(const fs::path& folder, const fs::path& zip_file) {
    fs::path building = in_progress_name(zip_file);
    std::error_code error;
    fs::remove(building, error);
    int zip_error = 0;
    zip_t* archive = zip_open(building.c_str(), ZIP_CREATE | ZIP_EXCL, &zip_error);
    if (!archive) throw JudgeError("cannot create " + zip_file.string());
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error))
        if (it->is_regular_file(error)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        std::string name = fs::relative(file, folder).generic_string();
        zip_source_t* source = zip_source_file(archive, file.c_str(), 0, -1);
        if (!source || zip_file_add(archive, name.c_str(), source, ZIP_FL_ENC_UTF_8) < 0) {
            if (source) zip_source_free(source);
            std::string why = zip_strerror(archive);
            zip_discard(archive);
            fs::remove(building, error);
            throw JudgeError("cannot add " + file.string() + " to " + zip_file.string() + ": " +
                             why);
        }
    }
    if (zip_close(archive) < 0) {
        std::string why = zip_strerror(archive);
        zip_discard(archive);
        fs::remove(building, error);
        throw JudgeError("cannot write " + zip_file.string() + ": " + why);
    }
    fs::rename(building, zip_file, error);
    if (error) throw JudgeError("cannot create " + zip_file.string() + ": " + error.message());
}

}  // namespace judge

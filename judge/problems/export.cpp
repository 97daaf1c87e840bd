#include "problems/export.hpp"

#include <zip.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "building/compiler.hpp"  // jury_include_dirs, quoted_include_names
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

// A jury program (checker, validator, interactor) as a package's program folder: the source and
// every local header it includes (found where the judge's compile finds them), flat in `folder`.
// checklib.hpp is written with CHECKLIB_KATTIS defined in front: the package protocol's exit
// codes and arguments, from the same source.
void export_jury_program(const ProblemSettings& problem,
                         const fs::path& source,
                         const fs::path& folder) {
    std::error_code error;
    if (!fs::is_regular_file(source, error)) throw JudgeError(source.string() + " not found");
    std::vector<fs::path> search = {source.parent_path()};
    for (const fs::path& dir : jury_include_dirs(problem.root)) search.push_back(dir);
    std::set<std::string> done;
    std::vector<fs::path> pending = {source};
    while (!pending.empty()) {
        fs::path file = pending.back();
        pending.pop_back();
        std::string text = read_file(file);
        if (file.filename() == "checklib.hpp") {
            write_text(folder / "checklib.hpp",
                       "// The package protocol (exit 42/43, feedback folder): see below.\n"
                       "#define CHECKLIB_KATTIS 1\n" +
                           text);
        } else {
            write_text(folder / file.filename(), text);
        }
        for (const std::string& name : quoted_include_names(text)) {
            if (!done.insert(name).second) continue;
            if (name.find('/') != std::string::npos)
                throw JudgeError(file.string() + " includes \"" + name +
                                 "\": a package's program is one flat folder");
            auto found = std::find_if(search.begin(), search.end(), [&](const fs::path& dir) {
                return fs::is_regular_file(dir / name, error);
            });
            if (found == search.end())
                throw JudgeError(file.string() + " includes \"" + name + "\", which is nowhere");
            pending.push_back(*found / name);
        }
    }
}

std::string seconds_text(std::int64_t ms) {
    std::ostringstream text;
    text << static_cast<double>(ms) / 1000.0;
    return text.str();
}

std::string problem_yaml(const ProblemSettings& problem) {
    std::int64_t output_mib = (problem.limits.output_kib + 1023) / 1024;
    std::ostringstream yaml;
    yaml << "# Exported by `judge export " << problem.id << "` (cp-judge).\n"
         << "problem_format_version: 2023-07-draft\n"
         << "name: " << problem.id << "\n"
         << "type: " << (problem.interactive ? "interactive" : "pass-fail") << "\n"
         << "limits:\n"
         << "  time_limit: " << seconds_text(problem.limits.cpu_ms) << "\n"
         << "  memory: " << problem.limits.memory_kib / 1024 << "\n"
         << "  output: " << output_mib << "\n";
    return yaml.str();
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

ExportSummary export_package(const ProblemSettings& problem,
                             const std::vector<TestCase>& cases,
                             const fs::path& out) {
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
        write_text(building / "problem.yaml", problem_yaml(problem));
        fs::path statement = problem.dir / "statement.md";
        summary.statement = fs::is_regular_file(statement, error);
        if (summary.statement)
            copy_file_to(statement, building / "problem_statement" / "problem.en.md");
        else
            summary.notes.push_back("no statement: " + statement.string() + " does not exist");

        int stress_cases = 0;
        for (const TestCase& test_case : cases) {
            if (test_case.group != "sample" && test_case.group != "secret") {
                ++stress_cases;
                continue;
            }
            fs::path folder = building / "data" / test_case.group;
            copy_file_to(test_case.input, folder / (test_case.name + ".in"));
            // The package format wants an .ans for every case; ours may have none
            // (checker-needs-ans no, an interactor that decides alone): an empty one then.
            if (test_case.answer)
                copy_file_to(*test_case.answer, folder / (test_case.name + ".ans"));
            else
                write_text(folder / (test_case.name + ".ans"), "");
            ++(test_case.group == "sample" ? summary.sample_cases : summary.secret_cases);
        }
        if (stress_cases > 0)
            summary.notes.push_back(std::to_string(stress_cases) +
                                    " stress/ cases left out (not a contest's cases)");

        if (auto validator = problem.validator_source())
            export_jury_program(problem, *validator,
                                building / "input_validators" / problem.validator);
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

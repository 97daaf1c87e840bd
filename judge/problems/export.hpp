// `judge export`: one of this project's problems written as a problem package (the ICPC/Kattis
// format, version 2023-07-draft or 2025-09), for DOMjudge, Kattis, problemtools, BAPCtools and
// this judge.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace judge {

/// The problem_format_version a package is written in. problemtools reads 2023-07-draft (and
/// refuses 2025-09); BAPCtools reads 2025-09 since its release (and 2023-07-draft before).
enum class PackageVersion { Draft2023_07, V2025_09 };

/// "2023-07-draft" or "2025-09", as problem.yaml says it.
std::string package_version_name(PackageVersion version);
/// The version a `--format` value names ("2023-07-draft", "2023-07" or "2025-09"); nullopt
/// for anything else.
std::optional<PackageVersion> parse_package_version(const std::string& text);

/// What export_package wrote, for the command's report.
struct ExportSummary {
    int sample_cases = 0;
    int secret_cases = 0;
    int submissions = 0;
    bool statement = false;          ///< testdata/<id>/statement.md was there to export
    std::vector<std::string> notes;  ///< what was left out, and why
};

/// Writes `problem` (this project's layout) as a package in `version` into `out`, a folder that
/// must not exist yet:
/// - problem.yaml: problem_format_version, name (the statement's first heading), uuid (named
///   after the problem id: the same on every export), type, license (unknown: this project
///   names none), limits (time_limit in seconds, with a time_resolution that divides it for
///   2025-09; memory and output in MiB);
/// - statement/problem.en.md (`markdown_statement`) or statement/problem.en.tex, made from
///   testdata/<id>/statement.md (statement_export.hpp: no name, no sample data, no repository
///   paths; a placeholder when there is none: the format requires a statement). One file per
///   language, as the format says: problemtools rejects two ("multiple statements in the same
///   language"). problemtools reads both forms (LaTeX through plasTeX 3, Markdown through
///   pandoc), BAPCtools only LaTeX;
/// - data/sample and data/secret (.in and .ans);
/// - input_validators/<validator>/<validator>.<ext> and output_validator/<checker>.<ext> (for
///   an interactive problem, the interactor), each ONE self-contained source: the tools compile
///   a program's source alone, so our headers (checklib.hpp with CHECKLIB_KATTIS, the package
///   protocol) are written into it where they are included;
/// - submissions: the solution under accepted/ and testdata/<id>/submissions/<verdict>/ as they
///   are. The brute and stress/ cases stay behind (a brute is meant for small cases; stress cases
///   are not a contest's).
/// Throws JudgeError for what cannot be expressed (an interactive problem with a checker after
/// the interactor) or a file that cannot be read or written.
ExportSummary export_package(const ProblemSettings& problem,
                             const std::vector<TestCase>& cases,
                             const std::filesystem::path& out,
                             PackageVersion version = PackageVersion::Draft2023_07,
                             bool markdown_statement = false);

/// Writes `text` to `file` byte for byte, making its folders. Throws JudgeError naming the file.
void write_text(const std::filesystem::path& file, const std::string& text);

/// Copies `from` to `to` (overwriting), making its folders. Throws JudgeError naming both.
void copy_file_to(const std::filesystem::path& from, const std::filesystem::path& to);

/// The largest of 1, 0.1, 0.01 and 0.001 s that divides `ms`: 2025-09 requires the time limit to
/// be a multiple of time_resolution (default 1 s).
std::int64_t time_resolution_ms(std::int64_t ms);

/// `text` as a double-quoted YAML string (" and \ escaped).
std::string yaml_quoted(const std::string& text);

/// Packs the folder `folder` into the zip archive `zip_file` (its files under their paths
/// relative to `folder`; written whole or not at all). Throws JudgeError on failure.
void write_zip(const std::filesystem::path& folder, const std::filesystem::path& zip_file);

}  // namespace judge

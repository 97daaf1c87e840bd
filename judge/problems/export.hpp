// `judge export`: one of this project's problems written as a problem package (the 2023-07
// draft of the ICPC/Kattis format), for DOMjudge, Kattis, problemtools, BAPCtools and this judge.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace judge {

/// What export_package wrote, for the command's report.
struct ExportSummary {
    int sample_cases = 0;
    int secret_cases = 0;
    int submissions = 0;
    bool statement = false;          ///< testdata/<id>/statement.md was there to export
    std::vector<std::string> notes;  ///< what was left out, and why
};

/// Writes `problem` (this project's layout) as a package into `out`, a folder that must not
/// exist yet: problem.yaml (name, type, limits: time_limit in seconds, memory and output in
/// MiB), problem_statement/problem.en.md (the folder both the legacy format and
/// its readers know) from testdata/<id>/statement.md, data/sample and data/secret
/// (.in and .ans), input_validators/<validator>/ and output_validator/ (or, for an interactive
/// problem, the interactor there), each the source with the local headers it includes and a copy
/// of checklib.hpp that speaks the package protocol (CHECKLIB_KATTIS), and submissions: the
/// solution under accepted/ and testdata/<id>/submissions/<verdict>/ as they are. The brute and
/// stress/ cases stay behind (a brute is meant for small cases; stress cases are not a contest's).
/// Throws JudgeError for what cannot be expressed (an interactive problem with a checker after
/// the interactor) or a file that cannot be read or written.
ExportSummary export_package(const ProblemSettings& problem,
                             const std::vector<TestCase>& cases,
                             const std::filesystem::path& out);

/// Packs the folder `folder` into the zip archive `zip_file` (its files under their paths
/// relative to `folder`; written whole or not at all). Throws JudgeError on failure.
void write_zip(const std::filesystem::path& folder, const std::filesystem::path& zip_file);

}  // namespace judge

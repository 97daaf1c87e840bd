// What each subcommand takes (its options, filled in by the command line: command_line.cpp) and
// the function that runs it (cmd_<name>.cpp). Kept apart from CLI11 so that only one file of
// the judge compiles CLI11's header, some 6 s of CPU each time (CLI11 2.1 has no precompiled
// form): the command files include this instead.
#pragma once

#include <string>
#include <vector>

#include "commands/commands.hpp"

namespace judge {

struct ExportOptions {
    std::string problem;
    std::string out;
    std::string format = "2023-07-draft";
    std::string statement;    ///< "md" or "tex"; empty: the form the version's tool reads
    bool no_sandbox = false;  ///< a Polygon package's generators and main solution unboxed
};

struct GenOptions {
    std::string problem;
    bool no_sandbox = false;
};

/// What `run` and `verify` share: --jobs, --no-cpu-binding, --reruns, --json, --junit.
struct JudgingOptions {
    int jobs = 0;  // 0 = default_jobs()
    int reruns = 2;
    bool no_cpu_binding = false;
    std::string json_file;
    std::string junit_file;
};

struct RunOptions : JudgingOptions {
    std::string problem;
    std::string solution;
    std::string tests;
    std::string cases_dir;
    bool no_validate = false;
    bool diagnose = false;
    bool no_sandbox = false;
};

struct SelftestOptions {
    std::string problem;
    std::string solution;
    bool no_sandbox = false;
};

struct StressOptions {
    std::string problem;
    std::string solution;
    std::string against = "brute";
    std::string seeds;
    double time_seconds = 0;
    std::string gen_args;
    int jobs = 1;
    bool no_cpu_binding = false;
    int shrink_tests = 300;
    bool no_shrink = false;
    bool no_save = false;
    bool no_diagnose = false;
    bool no_sandbox = false;
};

struct ValidateOptions {
    std::string problem;
    std::vector<std::string> files;
    int jobs = 0;
    bool no_sandbox = false;
};

struct VerifyOptions : JudgingOptions {
    std::string problem;
    bool no_validate = false;
    bool no_sandbox = false;
    std::string matrix = "auto";  // --matrix: tests, groups, none, auto (matrix_layout)
    std::string html_file;
};

/// judge export: writes a problem or a Polygon package as a problem package. Returns the exit
/// status (0, 1 or 2).
int run_export(const GlobalOptions& global, const ExportOptions& options);
/// judge gen: rebuilds testdata/<problem>/secret/ from secret/plan.txt. Returns the exit status (0,
/// 1 or 2).
int run_gen(const GlobalOptions& global, const GenOptions& options);
/// judge list PACKAGE...: the named problem packages (Polygon contests problem by problem). Returns
/// the exit status (0, 1 or 2).
int list_packages(const GlobalOptions& global, const std::vector<std::string>& names);
/// judge list: the problems under testdata/ of the project root. Returns the exit status (0, 1 or
/// 2).
int run_list(const GlobalOptions& global);
/// judge run: judges a solution on a problem's cases. Returns the exit status (0, 1 or 2).
int run_run(const GlobalOptions& global, const RunOptions& options);
/// judge selftest: the checker fixtures and invalid inputs, or a Polygon package's
/// validator and checker tests. Returns the exit status (0, 1 or 2).
int run_selftest(const GlobalOptions& global, const SelftestOptions& options);
/// judge stress: compares a solution with a reference on generated cases. Returns the exit status
/// (0, 1 or 2).
int run_stress(const GlobalOptions& global, const StressOptions& options);
/// judge validate: the input validator on a problem's inputs or on files. Returns the exit status
/// (0, 1 or 2).
int run_validate(const GlobalOptions& global, const ValidateOptions& options);
/// judge verify: every submission of one problem against its expected verdict. Returns the exit
/// status (0, 1 or 2).
int run_verify(const GlobalOptions& global, const VerifyOptions& options);
/// judge verify of a Polygon contest package: each problem in turn. Returns the exit status (0, 1
/// or 2).
int run_verify_contest(const GlobalOptions& global, const VerifyOptions& options);

}  // namespace judge

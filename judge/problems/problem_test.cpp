#include "problems/problem.hpp"
#include "problems/package.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

void touch(const fs::path& file, const std::string& text = "") {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

std::string error_of(std::string_view text) {
    try {
        parse_settings(text, "p", "p/problem.txt");
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

TEST(Settings, MinimalFileGetsDefaults) {
    ProblemSettings settings =
        parse_settings("time-limit-ms: 1500\nmemory-limit-mib: 256\n", "abc", "f");
    EXPECT_EQ(settings.id, "abc");
    EXPECT_EQ(settings.limits.cpu_ms, 1500);
    EXPECT_EQ(settings.limits.wall_ms, 2 * 1500 + 1000);
    EXPECT_EQ(settings.limits.memory_kib, 256 * 1024);
    EXPECT_EQ(settings.limits.output_kib, 65536);
    EXPECT_EQ(settings.checker, "abc");
    EXPECT_TRUE(settings.checker_needs_ans);
    EXPECT_EQ(settings.validator, "");
}

TEST(Settings, EveryKeyCommentsAndBlankLines) {
    ProblemSettings settings = parse_settings(
        "# limits\n\n  time-limit-ms: 2000   # CPU\r\nwall-limit-ms: 7000\nmemory-limit-mib:512\n"
        "output-limit-kib: 1024\nchecker: tokens\nchecker-needs-ans: no\nvalidator: v1",
        "q", "f");
    EXPECT_EQ(settings.limits.cpu_ms, 2000);
    EXPECT_EQ(settings.limits.wall_ms, 7000);
    EXPECT_EQ(settings.limits.memory_kib, 512 * 1024);
    EXPECT_EQ(settings.limits.output_kib, 1024);
    EXPECT_EQ(settings.checker, "tokens");
    EXPECT_FALSE(settings.checker_needs_ans);
    EXPECT_EQ(settings.validator, "v1");
}

TEST(Settings, BadFilesNameFileAndLine) {
    EXPECT_EQ(error_of("time-limit-ms: 1000\nmemory-limit-mib: 64\ncolour: red\n"),
              "p/problem.txt:3: unknown key 'colour'");
    EXPECT_EQ(error_of("time-limit-ms: 1000\ntime-limit-ms: 2000\nmemory-limit-mib: 64\n"),
              "p/problem.txt:2: duplicate key 'time-limit-ms' (first on line 1)");
    EXPECT_EQ(error_of("time-limit-ms 1000\n"),
              "p/problem.txt:1: expected 'key: value', got 'time-limit-ms 1000'");
    EXPECT_EQ(error_of("time-limit-ms: 1s\nmemory-limit-mib: 64\n"),
              "p/problem.txt:1: 'time-limit-ms' must be a positive integer, got '1s'");
    EXPECT_EQ(error_of("time-limit-ms: 0\nmemory-limit-mib: 64\n"),
              "p/problem.txt:1: 'time-limit-ms' must be a positive integer, got '0'");
    EXPECT_EQ(error_of("time-limit-ms: -5\nmemory-limit-mib: 64\n"),
              "p/problem.txt:1: 'time-limit-ms' must be a positive integer, got '-5'");
    EXPECT_EQ(error_of("time-limit-ms: 99999999999999999999\nmemory-limit-mib: 64\n"),
              "p/problem.txt:1: 'time-limit-ms' must be a positive integer, got "
              "'99999999999999999999'");
    EXPECT_EQ(error_of("memory-limit-mib: 64\n"), "p/problem.txt: missing 'time-limit-ms'");
    EXPECT_EQ(error_of("time-limit-ms: 10\n"), "p/problem.txt: missing 'memory-limit-mib'");
    EXPECT_EQ(error_of("time-limit-ms: 10\nmemory-limit-mib: 1\nchecker:\n"),
              "p/problem.txt:3: no value for 'checker'");
    EXPECT_EQ(error_of("time-limit-ms: 10\nmemory-limit-mib: 1\nchecker: ../evil\n"),
              "p/problem.txt:3: bad checker name '../evil'");
    EXPECT_EQ(error_of("time-limit-ms: 10\nmemory-limit-mib: 1\nchecker-needs-ans: maybe\n"),
              "p/problem.txt:3: 'checker-needs-ans' must be yes or no, got 'maybe'");
    EXPECT_EQ(error_of(""), "p/problem.txt: missing 'time-limit-ms'");
}

TEST(Settings, LoadProblemErrorsNameTheFile) {
    TempDir root("judge-problem-test");
    fs::create_directories(root.path() / "testdata");
    try {
        load_problem(root.path(), "nope");
        FAIL();
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find((root.path() / "testdata/nope").string()),
                  std::string::npos);
    }
    fs::create_directories(root.path() / "testdata/p");
    try {
        load_problem(root.path(), "p");
        FAIL();
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find("testdata/p/problem.txt"), std::string::npos);
    }
    touch(root.path() / "testdata/p/problem.txt",
          "time-limit-ms: 100\nmemory-limit-mib: 8\nx: 1\n");
    try {
        load_problem(root.path(), "p");
        FAIL();
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find("testdata/p/problem.txt:3: unknown key 'x'"),
                  std::string::npos);
    }
    EXPECT_THROW(load_problem(root.path(), "../p"), JudgeError);
}

TEST(Settings, UnreadableSettingsFile) {
    TempDir root("judge-problem-test");
    fs::path settings = root.path() / "testdata/p/problem.txt";
    if (geteuid() == 0) {
        // Root reads any file whatever its permissions; a regular file whose read fails (EIO at
        // offset 0 of /proc/self/mem) stands in for it.
        fs::create_directories(settings.parent_path());
        fs::create_symlink("/proc/self/mem", settings);
    } else {
        touch(settings, "time-limit-ms: 100\nmemory-limit-mib: 8\n");
        fs::permissions(settings, fs::perms::none);
    }
    try {
        load_problem(root.path(), "p");
        FAIL() << "no error";
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find("cannot read " + settings.string()),
                  std::string::npos)
            << error.what();
    }
}

TEST(Settings, SettingsPathThatIsAFolderIsAnError) {
    TempDir root("judge-problem-test");
    fs::create_directories(root.path() / "testdata/p/problem.txt");
    try {
        load_problem(root.path(), "p");
        FAIL();
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find("problem.txt: not a regular file"),
                  std::string::npos)
            << error.what();
    }
}

TEST(Settings, SettingsLargerThanTheBoundIsAnErrorNotTruncated) {
    TempDir root("judge-problem-test");
    fs::path settings = root.path() / "testdata/p/problem.txt";
    std::string valid = "time-limit-ms: 100\nmemory-limit-mib: 8\n";
    // Valid settings padded with comment lines to exactly the bound: fine.
    std::string at_bound = valid;
    while (at_bound.size() < kMaxSettingsBytes) {
        std::size_t line = std::min<std::size_t>(80, kMaxSettingsBytes - at_bound.size());
        at_bound += '#';
        at_bound.append(line - 1, 'x');
        at_bound.back() = '\n';
    }
    ASSERT_EQ(at_bound.size(), kMaxSettingsBytes);
    touch(settings, at_bound);
    EXPECT_EQ(load_problem(root.path(), "p").limits.cpu_ms, 100);
    // 100 KiB, its settings on the last line: an error, not a cut file that lost them.
    touch(settings, std::string(100 * 1024 - 1, '#') + "\n" + valid);
    try {
        load_problem(root.path(), "p");
        FAIL() << "no error";
    } catch (const JudgeError& error) {
        EXPECT_EQ(
            std::string(error.what()),
            settings.string() + " is larger than 64 KiB: a problem.txt holds a few short lines");
    }
}

TEST(Settings, LoadFillsPathsAndDefaultValidator) {
    TempDir root("judge-problem-test");
    touch(root.path() / "testdata/p/problem.txt", "time-limit-ms: 100\nmemory-limit-mib: 8\n");
    ProblemSettings settings = load_problem(root.path(), "p");
    EXPECT_EQ(settings.dir, root.path() / "testdata/p");
    EXPECT_EQ(settings.solution_source(), root.path() / "solutions/p.cpp");
    EXPECT_EQ(settings.validator, "");
    EXPECT_FALSE(settings.validator_source().has_value());
    touch(root.path() / "checkers/validators/p.cpp");
    touch(root.path() / "checkers/p.cpp");
    settings = load_problem(root.path(), "p");
    EXPECT_EQ(settings.validator, "p");
    EXPECT_EQ(settings.validator_source(), root.path() / "checkers/validators/p.cpp");
    EXPECT_EQ(settings.checker_source(), root.path() / "checkers/p.cpp");
}

TEST(Settings, GenericCheckerFallsBackToRepository) {
    TempDir root("judge-problem-test");
    touch(root.path() / "testdata/p/problem.txt",
          "time-limit-ms: 100\nmemory-limit-mib: 8\nchecker: tokens\n");
    ProblemSettings settings = load_problem(root.path(), "p");
    fs::path repository_tokens = fs::path(JUDGE_REPO_ROOT) / "checkers" / "tokens.cpp";
    EXPECT_EQ(settings.checker_source().lexically_normal(), repository_tokens.lexically_normal());
    // The root's own file wins over the repository's.
    touch(root.path() / "checkers/tokens.cpp");
    EXPECT_EQ(settings.checker_source(), root.path() / "checkers/tokens.cpp");
}

// DOMjudge's @EXPECTED_RESULTS@ line: its names as the format's folders (any case, spaces, its
// underscore spellings); two lines or an unknown name are a reason, never a guess.
TEST(ExpectedResults, DomjudgeNamesBecomeFolders) {
    TempDir dir("judge-expected-results-test");
    std::string why;
    touch(dir.path() / "a.c", "/*\n * @EXPECTED_RESULTS@: CORRECT\n */\n");
    EXPECT_EQ(expected_results_of(dir.path() / "a.c", why).value_or("-"), "accepted");
    touch(dir.path() / "b.c", "// @expected_results@:  RUN_TIME_ERROR , no-output,TIMELIMIT\n");
    EXPECT_EQ(expected_results_of(dir.path() / "b.c", why).value_or("-"),
              "run_time_error,wrong_answer,time_limit_exceeded");
    touch(dir.path() / "c.c", "// @EXPECTED_RESULTS@: OUTPUT-LIMIT, COMPILER-ERROR\n");
    EXPECT_EQ(expected_results_of(dir.path() / "c.c", why).value_or("-"),
              "output_limit_exceeded,compile_error");
    touch(dir.path() / "none.c", "int main() {}\n");
    EXPECT_FALSE(expected_results_of(dir.path() / "none.c", why).has_value());
    EXPECT_EQ(why, "");
    touch(dir.path() / "folder" / "x.h", "// @EXPECTED_RESULTS@: WRONG-ANSWER\n");
    touch(dir.path() / "folder" / "main.c", "int main() {}\n");
    EXPECT_EQ(expected_results_of(dir.path() / "folder", why).value_or("-"), "wrong_answer");
}

TEST(ExpectedResults, TwoLinesOrAnUnknownNameAreAReason) {
    TempDir dir("judge-expected-results-test");
    std::string why;
    touch(dir.path() / "two.c", "// @EXPECTED_RESULTS@: CORRECT\n// @EXPECTED_RESULTS@: CORRECT\n");
    EXPECT_EQ(expected_results_of(dir.path() / "two.c", why).value_or("-"), "");
    EXPECT_EQ(why,
              "two.c has more than one @EXPECTED_RESULTS@ line (an @EXPECTED_SCORE@ line naming "
              "verdicts counts as one)");
    why.clear();
    touch(dir.path() / "odd.c", "// @EXPECTED_RESULTS@: CORRECT, SLOW\n");
    EXPECT_EQ(expected_results_of(dir.path() / "odd.c", why).value_or("-"), "");
    EXPECT_NE(why.find("names 'SLOW', which is no verdict"), std::string::npos) << why;
    why.clear();
    touch(dir.path() / "pair" / "a.c", "// @EXPECTED_RESULTS@: CORRECT\n");
    touch(dir.path() / "pair" / "b.c", "// @EXPECTED_RESULTS@: CORRECT\n");
    EXPECT_EQ(expected_results_of(dir.path() / "pair", why).value_or("-"), "");
    EXPECT_EQ(why, "more than one file of pair has an @EXPECTED_RESULTS@ line");
}

// A 2025-09 package with one secret case, `yaml` as its problem.yaml.
fs::path package_2025(const TempDir& dir, const std::string& yaml) {
    fs::path root = dir.path() / "p";
    touch(root / "problem.yaml", "problem_format_version: 2025-09\nname: P\nuuid: u\n" + yaml);
    touch(root / "data" / "secret" / "1.in", "1\n");
    touch(root / "data" / "secret" / "1.ans", "1\n");
    return root;
}

std::string package_error(const fs::path& root) {
    try {
        ProblemSettings problem = load_package(root);
        discover_package_cases(problem);
        (void)list_submissions(root / "submissions", nullptr, problem.package_version,
                               problem.constants);
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

TEST(Package2025, EveryFieldReadAndLimitsApplied) {
    TempDir dir("judge-package-2025-test");
    fs::path root =
        package_2025(dir,
                     "type: [pass-fail, interactive]\n"
                     "version: '1.0'\n"
                     "credits:\n  authors: [A <a@b.c>, {name: B, orcid: 0000}]\n"
                     "  translators: {da: C}\n"
                     "source: [{name: NWERC 2024, url: https://x.example}, SWERC]\n"
                     "license: cc by-sa\n"
                     "rights_owner: Someone\n"
                     "embargo_until: 2030-01-02T03:04:05Z\n"
                     "keywords: [graphs, easy]\n"
                     "languages: [cpp, python3]\n"
                     "allow_file_writing: true\n"
                     "constants: {n: 5, k: {value: 1000, tex: '10^3'}}\n"
                     "limits:\n  time_limit: 1.5\n  time_resolution: 0.5\n"
                     "  memory: 256\n  output: 16\n  code: 64\n"
                     "  compilation_time: 30\n  validation_time: 20\n"
                     "  time_multipliers: {ac_to_time_limit: 3, time_limit_to_tle: 2}\n");
    touch(root / "output_validator" / "v.py", "print()\n");
    ProblemSettings problem = load_package(root);
    EXPECT_EQ(problem.package_version, "2025-09");
    EXPECT_TRUE(problem.interactive);
    EXPECT_EQ(problem.limits.cpu_ms, 1500);
    EXPECT_EQ(problem.time_resolution_s, 0.5);
    EXPECT_EQ(problem.limits.memory_kib, 256 * 1024);
    EXPECT_EQ(problem.limits.output_kib, 16 * 1024);
    EXPECT_EQ(problem.jury_time_limit_ms, 20000);
    EXPECT_EQ(problem.ac_to_time_limit, 3.0);
    EXPECT_EQ(problem.time_limit_to_tle, 2.0);
    EXPECT_EQ(
        substitute_constants("n={{n}} k={{k}} {{k.tex}} {{k.value}} {{z}}", problem.constants),
        "n=5 k=1000 10^3 1000 {{z}}");
    // Without a memory limit, 2025-09's typical default.
    fs::path plain = package_2025(dir, "");
    EXPECT_EQ(load_package(plain).limits.memory_kib, 2048 * 1024);
}

// Each refusal names the file, the version and the key.
TEST(Package2025, BadFieldsAreOneLineErrorsNamingTheVersion) {
    TempDir dir("judge-package-2025-test");
    auto error_for = [&](const std::string& yaml) {
        fs::remove_all(dir.path() / "p");
        return package_error(package_2025(dir, yaml));
    };
    EXPECT_NE(error_for("colour: red\n").find("problem.yaml (2025-09): 'colour' is no key"),
              std::string::npos)
        << error_for("colour: red\n");
    EXPECT_NE(
        error_for("type: multi-pass\n").find("a multi-pass problem needs an output validator"),
        std::string::npos);
    EXPECT_NE(error_for("type: submit-answer\n").find("'submit-answer' is not supported"),
              std::string::npos);
    EXPECT_NE(error_for("type: [pass-fail, scoring]\n").find("exclude each other"),
              std::string::npos);
    EXPECT_NE(error_for("type: [interactive, interactive]\n").find("twice"), std::string::npos);
    EXPECT_NE(error_for("license: gpl\n").find("'license' 'gpl' is no license"), std::string::npos);
    EXPECT_NE(error_for("license: cc0\n").find("needs a rights owner"), std::string::npos);
    EXPECT_EQ(error_for("license: cc0\ncredits: Me\n"), "");
    EXPECT_NE(error_for("license: public domain\nrights_owner: X\n").find("must not be given"),
              std::string::npos);
    EXPECT_NE(error_for("credits: {authors: {email: a@b}}\n").find("'credits.authors'"),
              std::string::npos);
    EXPECT_NE(error_for("credits: {writers: X}\n").find("'credits.writers' is no key"),
              std::string::npos);
    EXPECT_NE(error_for("source: {url: x}\n").find("'source'"), std::string::npos);
    EXPECT_NE(error_for("embargo_until: 2030-1-2\n").find("'embargo_until' must be"),
              std::string::npos);
    EXPECT_NE(error_for("languages: [C++]\n").find("'C++' is no language code"), std::string::npos);
    EXPECT_NE(error_for("allow_file_writing: maybe\n").find("must be true or false"),
              std::string::npos);
    EXPECT_NE(error_for("constants: {9lives: 1}\n").find("no constant name"), std::string::npos);
    EXPECT_NE(error_for("limits: {time_limit: 1.25}\n").find("multiple of time_resolution"),
              std::string::npos);
    EXPECT_EQ(error_for("limits: {time_limit: 1.25, time_resolution: 0.25}\n"), "");
    EXPECT_NE(error_for("limits: {memory: 1.5}\n").find("'limits.memory' must be a whole number"),
              std::string::npos);
    EXPECT_NE(error_for("limits: {cpu: 1}\n").find("'limits.cpu' is no key"), std::string::npos);
    EXPECT_NE(error_for("limits: {time_multipliers: {ac_to_time_limit: 0.5}}\n")
                  .find("'limits.time_multipliers.ac_to_time_limit' must be at least 1"),
              std::string::npos);
    EXPECT_NE(error_for("limits: {validation_passes: 3}\n").find("only for a multi-pass"),
              std::string::npos);
    // A version the judge does not read: refused, naming those it reads.
    touch(dir.path() / "p" / "problem.yaml", "problem_format_version: 2099-01\n");
    EXPECT_NE(package_error(dir.path() / "p")
                  .find("'2099-01' is not one this judge reads (legacy, 2023-07-draft, 2023-07, "
                        "2025-09)"),
              std::string::npos);
}

// Multi-pass (issue 30): read with its limit on passes, 2 by default; a limit below 2 refused.
TEST(Package2025, MultiPassIsReadWithItsLimitOnPasses) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "type: [multi-pass, interactive]\n");
    touch(root / "output_validator" / "v.py", "print()\n");
    ProblemSettings problem = load_package(root);
    EXPECT_TRUE(problem.multi_pass);
    EXPECT_TRUE(problem.interactive);
    EXPECT_EQ(problem.validation_passes, 2);
    touch(root / "problem.yaml",
          "problem_format_version: 2025-09\nname: P\nuuid: u\ntype: multi-pass\n"
          "limits: {validation_passes: 5}\n");
    problem = load_package(root);
    EXPECT_TRUE(problem.multi_pass);
    EXPECT_FALSE(problem.interactive);
    EXPECT_EQ(problem.validation_passes, 5);
    touch(root / "problem.yaml",
          "problem_format_version: 2025-09\nname: P\nuuid: u\ntype: multi-pass\n"
          "limits: {validation_passes: 1}\n");
    EXPECT_NE(package_error(root).find("'limits.validation_passes' must be at least 2"),
              std::string::npos)
        << package_error(root);
}

// Legacy packages say it in `validation` (DOMjudge's hangman: `custom multi-pass`).
TEST(Package2025, LegacyValidationMultiPassIsMultiPass) {
    TempDir dir("judge-package-2025-test");
    fs::path root = dir.path() / "p";
    touch(root / "problem.yaml", "name: P\nvalidation: custom multi-pass\n");
    touch(root / "data" / "secret" / "1.in", "1\n");
    touch(root / "data" / "secret" / "1.ans", "1\n");
    touch(root / "output_validators" / "v" / "v.py", "print()\n");
    ProblemSettings problem = load_package(root);
    EXPECT_TRUE(problem.multi_pass);
    EXPECT_FALSE(problem.interactive);
    EXPECT_EQ(problem.validation_passes, 2);
}

TEST(Package2025, VersionNamedForOlderFormatsToo) {
    TempDir dir("judge-package-2025-test");
    fs::path root = dir.path() / "p";
    touch(root / "problem.yaml", "problem_format_version: 2023-07-draft\ntype: quiz\n");
    touch(root / "data" / "secret" / "1.in", "1\n");
    EXPECT_NE(package_error(root).find("problem.yaml (2023-07-draft): 'type' unknown type 'quiz'"),
              std::string::npos)
        << package_error(root);
}

TEST(Package2025, TestGroupYamlAndCaseYaml) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "type: scoring\nconstants: {eps: '1e-6'}\n");
    fs::remove(root / "data" / "secret" / "1.in");
    fs::remove(root / "data" / "secret" / "1.ans");
    touch(root / "data" / "secret" / "test_group.yaml",
          "output_validator_args: [float_tolerance, '{{eps}}']\n");
    touch(root / "data" / "secret" / "g1" / "test_group.yaml",
          "max_score: 40\nscore_aggregation: min\ninput_validator_args: {v: [--small]}\n");
    touch(root / "data" / "secret" / "g1" / "1.in", "1\n");
    touch(root / "data" / "secret" / "g1" / "1.ans", "1\n");
    touch(root / "data" / "secret" / "g1" / "2.in", "1\n");
    touch(root / "data" / "secret" / "g1" / "2.ans", "1\n");
    touch(root / "data" / "secret" / "g1" / "2.yaml",
          "output_validator_args: [case_sensitive]\nhint: h\ndescription: d\n");
    // testdata.yaml is not the 2025-09 name: ignored.
    touch(root / "data" / "secret" / "g1" / "testdata.yaml", "output_validator_flags: nothing\n");
    ProblemSettings problem = load_package(root);
    std::vector<TestCase> cases = discover_package_cases(problem);
    ASSERT_EQ(cases.size(), 2u);
    EXPECT_EQ(cases[0].output_validator_flags,
              (std::vector<std::string>{"float_tolerance", "1e-6"}));
    // A map: each validator its own words (v or v.py: {"--small"}), none for another.
    EXPECT_FALSE(cases[0].input_validator_flags.named.empty());
    EXPECT_EQ(cases[0].input_validator_flags.of("v"), (std::vector<std::string>{"--small"}));
    EXPECT_EQ(cases[0].input_validator_flags.of("v.py"), (std::vector<std::string>{"--small"}));
    EXPECT_TRUE(cases[0].input_validator_flags.of("w.py").empty());
    EXPECT_EQ(cases[1].output_validator_flags, (std::vector<std::string>{"case_sensitive"}));

    auto error_with = [&](const fs::path& file, const std::string& text) {
        std::string before = read_file(file);
        touch(file, text);
        std::string error = package_error(root);
        touch(file, before);
        return error;
    };
    fs::path group = root / "data" / "secret" / "g1" / "test_group.yaml";
    EXPECT_NE(error_with(group, "score_aggregation: max\n").find("must be pass-fail, sum or min"),
              std::string::npos);
    EXPECT_NE(error_with(group, "output_validator_args: case_sensitive\n")
                  .find("test_group.yaml (2025-09): 'output_validator_args' must be a list"),
              std::string::npos);
    EXPECT_NE(error_with(group, "args: [--fast]\n").find("runs submissions without arguments"),
              std::string::npos);
    EXPECT_NE(error_with(group, "points: 3\n").find("'points' is no key"), std::string::npos);
    EXPECT_NE(error_with(root / "data" / "secret" / "g1" / "2.yaml", "weight: 2\n")
                  .find("2.yaml (2025-09): 'weight' is no key"),
              std::string::npos);
    EXPECT_NE(error_with(root / "problem.yaml", "problem_format_version: 2025-09\nname: P\n")
                  .find("'max_score' is only for a scoring problem"),
              std::string::npos);
    // Groups and loose cases side by side in secret/; a group in a group; input files.
    touch(root / "data" / "secret" / "9.in", "1\n");
    EXPECT_NE(package_error(root).find("holds test groups"), std::string::npos);
    fs::remove(root / "data" / "secret" / "9.in");
    touch(root / "data" / "secret" / "g1" / "sub" / "test_group.yaml", "");
    EXPECT_NE(package_error(root).find("a test group inside a test group"), std::string::npos);
    fs::remove_all(root / "data" / "secret" / "g1" / "sub");
    touch(root / "data" / "secret" / "g1" / "1.files" / "grid.txt", "x\n");
    EXPECT_NE(package_error(root).find("(.files) are not supported"), std::string::npos);
}

// submissions.yaml: the folders' defaults, an entry overriding a default folder, added folders,
// globs over submissions and over cases, roles for the time limit.
TEST(Package2025, SubmissionsYamlRules) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "constants: {word: hello}\n");
    fs::path submissions = root / "submissions";
    touch(submissions / "accepted" / "a.py");
    touch(submissions / "accepted" / "b.py");
    touch(submissions / "time_limit_exceeded" / "slow.py");
    touch(submissions / "brute_force" / "brute.py");
    touch(submissions / "ac_or_wa" / "x.py");
    touch(submissions / "unruled" / "y.py");
    touch(submissions / "submissions.yaml",
          "accepted:\n  permitted: [AC, WA]\n"
          "accepted/b.py:\n  message: '{{word}}'\n"
          "ac_or_wa:\n  permitted: [AC, WA]\n  sample:\n    required: [AC]\n");
    std::vector<std::string> unknown;
    std::vector<ExpectedSubmission> listed =
        list_submissions(submissions, &unknown, "2025-09", {{"word", "hello"}});
    ASSERT_EQ(listed.size(), 5u);
    EXPECT_EQ(unknown, std::vector<std::string>{"unruled"});
    // accepted/a.py: the default, overridden by the entry named after the folder.
    EXPECT_EQ(listed[0].path.filename(), "a.py");
    ASSERT_EQ(listed[0].rules.size(), 1u);
    EXPECT_EQ(listed[0].rules[0].permitted, (std::vector<std::string>{"AC", "WA"}));
    EXPECT_EQ(listed[0].rules[0].required, (std::vector<std::string>{"AC", "WA", "TLE", "RTE"}));
    EXPECT_TRUE(listed[0].lower_bounds_time_limit);
    EXPECT_FALSE(listed[0].judge_every_case);
    // accepted/b.py: and a message (constants substituted) from its own entry.
    ASSERT_EQ(listed[1].rules.size(), 2u);
    EXPECT_EQ(listed[1].rules[1].message.value_or(""), "hello");
    EXPECT_TRUE(listed[1].judge_every_case);
    EXPECT_EQ(listed[2].folder, "time_limit_exceeded");
    EXPECT_TRUE(listed[2].upper_bounds_time_limit);
    EXPECT_FALSE(listed[2].lower_bounds_time_limit);
    EXPECT_EQ(listed[3].folder, "brute_force");
    EXPECT_FALSE(listed[3].lower_bounds_time_limit);
    EXPECT_FALSE(listed[3].upper_bounds_time_limit);
    EXPECT_EQ(listed[4].folder, "ac_or_wa");
    ASSERT_EQ(listed[4].rules.size(), 2u);
    EXPECT_EQ(listed[4].rules[1].cases, "sample");
    EXPECT_TRUE(listed[4].judge_every_case);

    touch(submissions / "submissions.yaml", "accepted:\n  permitted: [OK]\n");
    EXPECT_NE(package_error(root).find(
                  "submissions.yaml (2025-09): 'accepted.permitted' names 'OK', which is none of"),
              std::string::npos)
        << package_error(root);
    touch(submissions / "submissions.yaml", "accepted:\n  sample:\n    language: cpp\n");
    EXPECT_NE(package_error(root).find("'accepted.sample.language' is no key"), std::string::npos);
}

// Programs named *.disabled or *.template, files or folders, are put aside as BAPCtools puts
// them aside (its test problem `different` has accepted/prolog.disabled/): a submission is
// listed and skipped with the reason, in every format; a validator is not loaded.
TEST(PackageSubmissions, ProgramsSetAsideAreSkippedSubmissionsAndNoValidators) {
    for (const std::string version : {"legacy", "2025-09"}) {
        TempDir dir("judge-package-set-aside-test");
        fs::path root = package_2025(dir, "");
        if (version == "legacy") touch(root / "problem.yaml", "name: P\n");
        fs::path accepted = root / "submissions" / "accepted";
        touch(accepted / "a.py");
        touch(accepted / "prolog.disabled" / "main.pl");
        touch(accepted / "b.cs.disabled");
        touch(accepted / "c.py.template");
        touch(root / "input_validators" / "check.py");
        touch(root / "input_validators" / "old.disabled" / "check.py");
        touch(root / "input_validators" / "new.py.template");
        ProblemSettings problem = load_package(root);
        ASSERT_EQ(problem.package_version, version);
        ASSERT_EQ(problem.input_validators.size(), 1u) << version;
        EXPECT_EQ(problem.input_validators[0].filename(), "check.py");
        std::vector<ExpectedSubmission> listed =
            list_submissions(root / "submissions", nullptr, problem.package_version);
        ASSERT_EQ(listed.size(), 4u) << version;
        EXPECT_EQ(listed[0].path.filename(), "a.py");
        EXPECT_EQ(listed[0].expectation_error, "");
        EXPECT_EQ(listed[1].path.filename(), "b.cs.disabled");
        EXPECT_EQ(listed[1].expectation_error,
                  "set aside: named *.disabled, which BAPCtools leaves out");
        EXPECT_EQ(listed[2].path.filename(), "c.py.template");
        EXPECT_EQ(listed[2].expectation_error,
                  "set aside: named *.template, which BAPCtools leaves out");
        EXPECT_EQ(listed[3].path.filename(), "prolog.disabled");
        EXPECT_EQ(listed[3].folder, "accepted");
        EXPECT_EQ(listed[3].expectation_error,
                  "set aside: named *.disabled, which BAPCtools leaves out");
    }
}

// Constant sequences found as BAPCtools' CONSTANT_SUBSTITUTE_REGEX finds them with re.sub, the
// ones naming no constant left and listed once.
TEST(Package2025, ConstantSequencesAsBapctoolsFindsThem) {
    const std::vector<std::pair<std::string, std::string>> constants = {
        {"n", "5"}, {"k", "1000"}, {"k.tex", "10^3"}, {"k.value", "1000"}};
    std::vector<std::string> unknown;
    EXPECT_EQ(substitute_constants("{{{n}}} {{{{k.tex}}}}", constants, &unknown), "{5} {{10^3}}");
    EXPECT_EQ(
        substitute_constants("{{n }} {{ n}} {{k.tex.x}} {{1n}} {{n.}} {{n", constants, &unknown),
        "{{n }} {{ n}} {{k.tex.x}} {{1n}} {{n.}} {{n");
    EXPECT_TRUE(unknown.empty());
    EXPECT_EQ(substitute_constants("{{z}}{{n}}{{z}} {{k.roman}} {{_q}}", constants, &unknown),
              "{{z}}5{{z}} {{k.roman}} {{_q}}");
    EXPECT_EQ(unknown, (std::vector<std::string>{"{{z}}", "{{k.roman}}", "{{_q}}"}));
    EXPECT_EQ(substitute_constants("{{n}}", {}), "{{n}}");
}

// Two keys of the legacy format that 2025-09 replaced (author, source_url; the format's own
// examples/problems/passfail has source_url) are read with a note, not refused; their values
// must still be texts, and any other unknown key is still an error.
TEST(Package2025, LegacyAuthorAndSourceUrlAreReadWithANote) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "author: A. Person\nsource_url: https://example.com\n");
    ProblemSettings problem = load_package(root);
    ASSERT_EQ(problem.notes.size(), 2u);
    EXPECT_NE(problem.notes[0].find("problem.yaml (2025-09): 'author' is a key of the legacy "
                                    "format (2025-09: credits)"),
              std::string::npos)
        << problem.notes[0];
    EXPECT_NE(problem.notes[1].find("'source_url' is a key of the legacy format (2025-09: "
                                    "source.url)"),
              std::string::npos)
        << problem.notes[1];
    touch(root / "problem.yaml",
          "problem_format_version: 2025-09\nname: P\nuuid: u\nsource_url: [a, b]\n");
    EXPECT_NE(package_error(root).find("'source_url'"), std::string::npos) << package_error(root);
    touch(root / "problem.yaml",
          "problem_format_version: 2025-09\nname: P\nuuid: u\nvalidation: default\n");
    EXPECT_NE(package_error(root).find("'validation' is no key of this file in the 2025-09"),
              std::string::npos)
        << package_error(root);
}

// A 2025-09 package without data/secret/ (BAPCtools' hellounix): its samples are judged, and
// package_lacks_secret says so (the judge notes it); with secret/ it says nothing.
TEST(Package2025, WithoutSecretTheSamplesAreJudged) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "");
    EXPECT_FALSE(package_lacks_secret(load_package(root)));
    fs::remove_all(root / "data" / "secret");
    touch(root / "data" / "sample" / "1.in", "1\n");
    touch(root / "data" / "sample" / "1.ans", "1\n");
    ProblemSettings problem = load_package(root);
    EXPECT_TRUE(package_lacks_secret(problem));
    std::vector<TestCase> cases = discover_package_cases(problem);
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].display_name(), "sample/1");
}

// A 2025-09 case's own NAME.yaml has its constants substituted, as its test_group.yaml.
TEST(Package2025, ConstantsInCaseYaml) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "constants: {n: 7}\n");
    touch(root / "data" / "secret" / "1.yaml", "input_validator_args: ['{{n}}', '{{m}}']\n");
    std::vector<TestCase> cases = discover_package_cases(load_package(root));
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].input_validator_flags.each, (std::vector<std::string>{"7", "{{m}}"}));
}

// Validators holding constant sequences are built from substituted copies in the store, named
// by their bytes; the others (and every program of a package without constants) stay.
TEST(Package2025, ValidatorsWithConstantsAreSubstitutedCopies) {
    TempDir dir("judge-package-2025-test");
    fs::path root = package_2025(dir, "constants: {n: 5, k: {value: 9, word: nine}}\n");
    touch(root / "output_validator" / "check.cpp", "int n = {{n}}; // {{k.word}}\n");
    touch(root / "output_validator" / "common.h", "// {{k}}\n");
    touch(root / "output_validator" / "run", "#!/bin/sh\n");
    fs::permissions(root / "output_validator" / "run", fs::perms(0755));
    touch(root / "input_validators" / "a.py", "assert {{n}} == 5  # {{nope}}\n");
    touch(root / "input_validators" / "b.py", "print('{{nope}}')\n");
    fs::path store = dir.path() / "cache" / "constants";
    ProblemSettings problem = load_package(root);
    std::vector<std::string> notes = substitute_validator_constants(problem, store);
    EXPECT_EQ(notes, (std::vector<std::string>{
                         "input_validators/a.py: {{nope}} names no constant of problem.yaml: left "
                         "as it is",
                         "input_validators/b.py: {{nope}} names no constant of problem.yaml: left "
                         "as it is"}));
    fs::path checker = problem.output_validator;
    EXPECT_EQ(checker.parent_path().parent_path(), store);
    EXPECT_EQ(checker.filename(), "output_validator");
    EXPECT_EQ(read_file(checker / "check.cpp"), "int n = 5; // nine\n");
    EXPECT_EQ(read_file(checker / "common.h"), "// 9\n");
    EXPECT_EQ(fs::status(checker / "run").permissions() & fs::perms::mask, fs::perms(0755));
    ASSERT_EQ(problem.input_validators.size(), 2u);
    EXPECT_EQ(problem.input_validators[0].filename(), "a.py");
    EXPECT_EQ(read_file(problem.input_validators[0]), "assert 5 == 5  # {{nope}}\n");
    EXPECT_EQ(problem.input_validators[1], root / "input_validators" / "b.py");
    EXPECT_EQ(read_file(root / "output_validator" / "check.cpp"), "int n = {{n}}; // {{k.word}}\n");

    // The same bytes: the same copy (a changed one is rewritten); other values: another.
    touch(checker / "check.cpp", "int n = 6;\n");
    ProblemSettings again = load_package(root);
    (void)substitute_validator_constants(again, store);
    EXPECT_EQ(again.output_validator, checker);
    EXPECT_EQ(read_file(checker / "check.cpp"), "int n = 5; // nine\n");
    touch(root / "problem.yaml",
          "problem_format_version: 2025-09\nname: P\nuuid: u\nconstants: {n: 6, k: 9}\n");
    ProblemSettings changed = load_package(root);
    (void)substitute_validator_constants(changed, store);
    EXPECT_NE(changed.output_validator, checker);
    EXPECT_EQ(read_file(changed.output_validator / "check.cpp"), "int n = 6; // {{k.word}}\n");

    // Without constants nothing is copied.
    touch(root / "problem.yaml", "problem_format_version: 2025-09\nname: P\nuuid: u\n");
    ProblemSettings plain = load_package(root);
    EXPECT_TRUE(substitute_validator_constants(plain, store).empty());
    EXPECT_EQ(plain.output_validator, root / "output_validator");
}

// DOMjudge's domjudge-problem.ini: its timelimit and name; .timelimit beside a different
// problem.yaml limit is refused as DOMjudge does.
TEST(PackageDomjudge, ProblemIniAndTimelimitFile) {
    TempDir dir("judge-package-domjudge-test");
    fs::path root = dir.path() / "hello";
    touch(root / "domjudge-problem.ini",
          "name = \"Hello World\"\ntimelimit = '2.5'\ncolor = #ff0000\n");
    touch(root / ".timelimit", "5\n");
    touch(root / "data" / "secret" / "1.in", "1\n");
    ProblemSettings problem = load_package(root);
    EXPECT_EQ(problem.name, "Hello World");
    EXPECT_EQ(problem.limits.cpu_ms, 2500);
    EXPECT_EQ(problem.time_limit_source, "domjudge-problem.ini timelimit");
    touch(root / "domjudge-problem.ini", "timelimit = fast\n");
    EXPECT_NE(package_error(root).find("domjudge-problem.ini: expected timelimit to be a positive"),
              std::string::npos)
        << package_error(root);
    fs::remove(root / "domjudge-problem.ini");
    EXPECT_EQ(load_package(root).limits.cpu_ms, 5000);
    touch(root / "problem.yaml",
          "problem_format_version: 2023-07-draft\nlimits: {time_limit: 2}\n");
    EXPECT_NE(package_error(root).find(".timelimit says 5 s, but problem.yaml's"),
              std::string::npos)
        << package_error(root);
}

TEST(NaturalSort, Basics) {
    EXPECT_TRUE(natural_less("2", "10"));
    EXPECT_FALSE(natural_less("10", "2"));
    EXPECT_TRUE(natural_less("a2", "a10"));
    EXPECT_TRUE(natural_less("a", "a1"));
    EXPECT_TRUE(natural_less("01", "1"));  // equal value: byte order keeps it total
    EXPECT_FALSE(natural_less("1", "01"));
    EXPECT_FALSE(natural_less("x", "x"));
    EXPECT_TRUE(natural_less("case9b", "case10a"));
    EXPECT_TRUE(natural_less("99999999999999999999999", "100000000000000000000000"));
}

TEST(Glob, Patterns) {
    EXPECT_TRUE(glob_match("", ""));
    EXPECT_FALSE(glob_match("", "a"));
    EXPECT_TRUE(glob_match("*", ""));
    EXPECT_TRUE(glob_match("*", "secret/01"));
    EXPECT_TRUE(glob_match("secret/*", "secret/01"));
    EXPECT_FALSE(glob_match("secret/*", "sample/01"));
    EXPECT_TRUE(glob_match("0?", "07"));
    EXPECT_FALSE(glob_match("0?", "007"));
    EXPECT_TRUE(glob_match("[0-4]*", "3x"));
    EXPECT_FALSE(glob_match("[0-4]*", "5x"));
    EXPECT_TRUE(glob_match("[!0-4]*", "5x"));
    EXPECT_TRUE(glob_match("*big*", "secret/very_big_7"));
    EXPECT_TRUE(glob_match("a*b*c", "aXXbYYbZc"));
    EXPECT_FALSE(glob_match("a*b*c", "aXXbYYbZ"));
    EXPECT_TRUE(glob_match("[", "["));
}

TEST(Discovery, EmptyFolderHasNoCases) {
    TempDir dir("judge-discovery-test");
    EXPECT_TRUE(discover_cases(dir.path()).empty());
}

TEST(Discovery, GroupsInOrderNaturalSortAndAnswers) {
    TempDir dir("judge-discovery-test");
    const fs::path& p = dir.path();
    touch(p / "secret/10.in");
    touch(p / "secret/10.ans");
    touch(p / "secret/2.in");
    touch(p / "secret/2.ans");
    touch(p / "secret/plan.txt");
    touch(p / "secret/notes.in.txt");
    fs::create_directories(p / "secret/nested.in");  // a folder, not a case
    touch(p / "stress/shrunk-1.in");
    touch(p / "sample/1.in");
    touch(p / "sample/1.ans");
    touch(p / "invalid/bad.in");  // never judged
    touch(p / "checker/ok/x.in");
    touch(p / "loose.in");  // outside any group
    auto cases = discover_cases(p);
    std::vector<std::string> names;
    for (const auto& test_case : cases) names.push_back(test_case.display_name());
    EXPECT_EQ(names,
              (std::vector<std::string>{"sample/1", "secret/2", "secret/10", "stress/shrunk-1"}));
    ASSERT_EQ(cases.size(), 4u);
    EXPECT_EQ(cases[1].input, p / "secret/2.in");
    EXPECT_EQ(cases[1].answer, p / "secret/2.ans");
    EXPECT_FALSE(cases[3].answer.has_value());
}

TEST(Discovery, CasesFolderAndFilter) {
    TempDir dir("judge-discovery-test");
    touch(dir.path() / "b10.in");
    touch(dir.path() / "b9.in");
    touch(dir.path() / "a.in");
    touch(dir.path() / "a.ans");
    auto cases = discover_cases_in(dir.path());
    ASSERT_EQ(cases.size(), 3u);
    EXPECT_EQ(cases[0].display_name(), "a");
    EXPECT_EQ(cases[1].display_name(), "b9");
    EXPECT_EQ(cases[2].display_name(), "b10");
    EXPECT_EQ(filter_cases(cases, "b*").size(), 2u);
    EXPECT_EQ(filter_cases(cases, "").size(), 3u);
    EXPECT_TRUE(filter_cases(cases, "zzz").empty());
    EXPECT_THROW(discover_cases_in(dir.path() / "missing"), JudgeError);
}

TEST(Discovery, FilterMatchesGroupOrBareName) {
    std::vector<TestCase> cases(2);
    cases[0].group = "sample", cases[0].name = "1", cases[0].input = "s1.in";
    cases[1].group = "secret", cases[1].name = "1", cases[1].input = "x1.in";
    EXPECT_EQ(filter_cases(cases, "secret/*").size(), 1u);
    EXPECT_EQ(filter_cases(cases, "1").size(), 2u);
}

TEST(Discovery, ProblemIdsOnlyFoldersWithSettings) {
    TempDir root("judge-discovery-test");
    touch(root.path() / "testdata/p10/problem.txt");
    touch(root.path() / "testdata/p9/problem.txt");
    fs::create_directories(root.path() / "testdata/empty");
    EXPECT_EQ(list_problem_ids(root.path()), (std::vector<std::string>{"p9", "p10"}));
}

// The JudgeError message of `call`; "" when it throws none.
template <typename Call>
std::string judge_error(Call call) {
    try {
        call();
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

// A problem folder p/ with one good case, for the tests of bad case files.
struct ProblemTree {
    TempDir root{"judge-discovery-test"};
    fs::path problem = root.path() / "p";
    ProblemTree() {
        touch(problem / "sample/1.in", "1 2\n");
        touch(problem / "sample/1.ans", "3\n");
    }
    std::string error() const {
        return judge_error([&] { discover_cases(problem); });
    }
};

// `message` names `file` and says `what`; a one-line message (main() prints it as is).
void expect_error(const std::string& message, const fs::path& file, const std::string& what) {
    EXPECT_NE(message.find("case file " + file.string() + " is "), std::string::npos) << message;
    EXPECT_NE(message.find(what), std::string::npos) << message;
}

TEST(Discovery, FifoInputIsAnErrorAndNeverOpened) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    // Opening it would block until a writer comes: discovery must look, never open.
    ASSERT_EQ(mkfifo((tree.problem / "secret/1.in").c_str(), 0644), 0);
    expect_error(tree.error(), tree.problem / "secret/1.in", "is a FIFO;");
}

TEST(Discovery, FifoAnswerIsAnErrorNotAMissingAnswer) {
    ProblemTree tree;
    touch(tree.problem / "secret/1.in", "1 1\n");
    ASSERT_EQ(mkfifo((tree.problem / "secret/1.ans").c_str(), 0644), 0);
    expect_error(tree.error(), tree.problem / "secret/1.ans", "is a FIFO;");
}

TEST(Discovery, SocketIsAnError) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::path socket_path = tree.problem / "secret/1.in";
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    ASSERT_LT(socket_path.string().size(), sizeof address.sun_path);
    std::strcpy(address.sun_path, socket_path.c_str());
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    close(fd);
    expect_error(tree.error(), socket_path, "is a socket;");
}

TEST(Discovery, DeviceIsAnError) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::path device = tree.problem / "secret/1.in";
    // The node of /dev/zero (1, 5): endless input. Needs CAP_MKNOD.
    if (mknod(device.c_str(), S_IFCHR | 0644, makedev(1, 5)) != 0)
        GTEST_SKIP() << "cannot make a device node here: " << std::strerror(errno);
    expect_error(tree.error(), device, "is a device;");
}

TEST(Discovery, LinkLeavingTheProblemIsAnError) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::create_symlink("/etc/passwd", tree.problem / "secret/1.in");
    expect_error(tree.error(), tree.problem / "secret/1.in",
                 "a symbolic link to /etc/passwd, outside the problem's folder");
    // Relative, and only to a sibling problem: still outside p/.
    fs::remove(tree.problem / "secret/1.in");
    touch(tree.root.path() / "other/secret/1.ans", "secret answer\n");
    touch(tree.problem / "secret/1.in", "1 1\n");
    fs::create_symlink("../../other/secret/1.ans", tree.problem / "secret/1.ans");
    expect_error(tree.error(), tree.problem / "secret/1.ans", "outside the problem's folder");
}

TEST(Discovery, DanglingLinkIsAnError) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::create_symlink("missing.txt", tree.problem / "secret/1.in");
    expect_error(tree.error(), tree.problem / "secret/1.in", "is a dangling symbolic link;");
}

TEST(Discovery, LinkLoopIsAnError) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::create_symlink("b.in", tree.problem / "secret/a.in");
    fs::create_symlink("a.in", tree.problem / "secret/b.in");
    std::string message = tree.error();
    EXPECT_NE(message.find("is a symbolic link loop;"), std::string::npos) << message;
    EXPECT_NE(message.find(tree.problem.string() + "/secret/"), std::string::npos) << message;
}

TEST(Discovery, LinkInsideTheProblemIsFine) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::create_symlink("../sample/1.in", tree.problem / "secret/1.in");
    fs::create_symlink(tree.problem / "sample/1.ans", tree.problem / "secret/1.ans");  // absolute
    // A chain of links that ends inside is fine too.
    fs::create_symlink("1.in", tree.problem / "secret/2.in");
    std::vector<TestCase> cases;
    EXPECT_EQ(judge_error([&] { cases = discover_cases(tree.problem); }), "");
    ASSERT_EQ(cases.size(), 3u);
    EXPECT_EQ(cases[1].input, tree.problem / "secret/1.in");
    EXPECT_EQ(cases[1].answer, tree.problem / "secret/1.ans");
    EXPECT_FALSE(cases[2].answer.has_value());
}

TEST(Discovery, LinkToAFolderOrAnAnswerFolderIsAnError) {
    ProblemTree tree;
    touch(tree.problem / "secret/1.in", "1 1\n");
    fs::create_directories(tree.problem / "secret/1.ans");
    expect_error(tree.error(), tree.problem / "secret/1.ans", "is a folder;");
    fs::remove(tree.problem / "secret/1.ans");
    fs::create_directory_symlink(tree.problem / "sample", tree.problem / "secret/1.ans");
    expect_error(tree.error(), tree.problem / "secret/1.ans", "is a link to a folder;");
}

TEST(Discovery, GroupFolderLeavingTheProblemIsAnError) {
    ProblemTree tree;
    touch(tree.root.path() / "elsewhere/1.in", "1 1\n");
    fs::create_directory_symlink(tree.root.path() / "elsewhere", tree.problem / "secret");
    std::string message = tree.error();
    EXPECT_NE(message.find("case folder " + (tree.problem / "secret").string() + " is a link to"),
              std::string::npos)
        << message;
}

TEST(Discovery, CasesFolderLinksMustStayInsideIt) {
    ProblemTree tree;
    fs::path dir = tree.problem / "sample";
    fs::create_symlink("1.in", dir / "2.in");
    EXPECT_EQ(judge_error([&] { discover_cases_in(dir); }), "");
    // --cases bounds links by its own folder: p/loose.txt is outside p/sample.
    touch(tree.problem / "loose.txt", "1 1\n");
    fs::create_symlink("../loose.txt", dir / "3.in");
    expect_error(judge_error([&] { discover_cases_in(dir); }), dir / "3.in",
                 "outside the problem's folder");
}

TEST(Discovery, BadCaseFileNameIsEscapedInTheError) {
    ProblemTree tree;
    fs::create_directories(tree.problem / "secret");
    fs::path hostile = tree.problem / "secret/a\x1b[2J\nb.in";
    ASSERT_EQ(mkfifo(hostile.c_str(), 0644), 0);
    std::string message = tree.error();
    EXPECT_NE(message.find("secret/a\\x1b[2J\\nb.in is a FIFO"), std::string::npos) << message;
    EXPECT_EQ(message.find_first_of("\x1b\n"), std::string::npos) << message;
}

TEST(Root, ExplicitRootMustHoldTestdata) {
    TempDir root("judge-root-test");
    EXPECT_THROW(find_root(root.path()), JudgeError);
    fs::create_directories(root.path() / "testdata");
    EXPECT_EQ(find_root(root.path()), root.path());
}

TEST(Root, NearestAncestorOfWorkingDirectory) {
    TempDir root("judge-root-test");
    fs::create_directories(root.path() / "testdata");
    fs::create_directories(root.path() / "a/b");
    fs::path saved = fs::current_path();
    fs::current_path(root.path() / "a/b");
    fs::path found = find_root(std::nullopt);
    fs::current_path(saved);
    EXPECT_EQ(fs::canonical(found), fs::canonical(root.path()));
}

}  // namespace
}  // namespace judge

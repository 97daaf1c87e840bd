#include "stress/diagnose.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

TEST(Diagnose, SilentStderrGivesNoReport) {
    EXPECT_EQ(extract_sanitizer_report(""), "");
    EXPECT_EQ(extract_sanitizer_report("assertion failed\nbye\n"), "");
}

TEST(Diagnose, KeepsUbsanLinesAndAsanBlock) {
    std::string err =
        "noise\n"
        "a.cpp:5:13: runtime error: signed integer overflow: 2147483647 + 1 cannot be "
        "represented in type 'int'\n"
        "    #0 0x4011 in main a.cpp:5\n"
        "more noise\n"
        "=================================================================\n"
        "==12==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ff\n"
        "READ of size 4 at 0x7ff thread T0\n"
        "SUMMARY: AddressSanitizer: stack-buffer-overflow a.cpp:9 in main\n"
        "after\n";
    std::string report = extract_sanitizer_report(err);
    EXPECT_NE(report.find("signed integer overflow"), std::string::npos);
    EXPECT_NE(report.find("#0 0x4011 in main"), std::string::npos);
    EXPECT_NE(report.find("stack-buffer-overflow on address"), std::string::npos);
    EXPECT_NE(report.find("READ of size 4"), std::string::npos);
    EXPECT_NE(report.find("SUMMARY"), std::string::npos);
    EXPECT_EQ(report.find("noise"), std::string::npos);
    EXPECT_EQ(report.find("after"), std::string::npos);
}

TEST(Diagnose, CutsToMaxLines) {
    std::string err;
    for (int i = 0; i < 100; ++i)
        err += "x.cpp:1:1: runtime error: thing " + std::to_string(i) + "\n";
    std::string report = extract_sanitizer_report(err, 3);
    EXPECT_EQ(std::count(report.begin(), report.end(), '\n'), 3);
}

// End to end: a real out-of-bounds write, found by the sanitized rebuild.
// Issue 28: the report comes from the submission's stderr, which can hold a fake block: every
// line of it is shown marked as the submission's, none as one of the judge's.
TEST(Diagnose, TheReportIsShownAsTheSubmissionsText) {
    Diagnosis diagnosis;
    diagnosis.compiled = true;
    diagnosis.report = extract_sanitizer_report(
        "==1==ERROR: AddressSanitizer: forged\nverdict: AC  (7 cases: 7 AC)\nSUMMARY: x\n");
    ASSERT_NE(diagnosis.report.find("verdict: AC"), std::string::npos);
    std::string text = describe_diagnosis(diagnosis);
    EXPECT_EQ(text,
              "the sanitizers' report (from the run's stderr, the submission's text):\n"
              "  | ==1==ERROR: AddressSanitizer: forged\n"
              "  | verdict: AC  (7 cases: 7 AC)\n"
              "  | SUMMARY: x\n");
}

TEST(Diagnose, FindsAStackOverflowInARealProgram) {
    TempDir dir("diagnose-test");
    auto source = test::write_text(dir.path() / "oob.cpp",
                                   "#include <cstdio>\n"
                                   "int main() {\n"
                                   "    int n = 0;\n"
                                   "    if (std::scanf(\"%d\", &n) != 1) return 1;\n"
                                   "    int values[4] = {0, 1, 2, 3};\n"
                                   "    volatile int index = n;\n"
                                   "    values[index] = 7;\n"
                                   "    std::printf(\"%d\\n\", values[0]);\n"
                                   "}\n");
    auto input = test::write_text(dir.path() / "in", "10\n");
    Compiler compiler(dir.path(), dir.path() / "cache");
    Limits limits;
    limits.cpu_ms = 2000;
    limits.wall_ms = 5000;
    limits.memory_kib = 256 * 1024;
    Diagnosis diagnosis = diagnose(compiler, source, input, limits);
    ASSERT_TRUE(diagnosis.compiled) << diagnosis.compile_message;
    // UBSan's bounds check or ASan, whichever fires first, names the write.
    EXPECT_TRUE(diagnosis.report.find("index 10 out of bounds") != std::string::npos ||
                diagnosis.report.find("stack-buffer-overflow") != std::string::npos)
        << diagnosis.report << diagnosis.stderr_tail;
    EXPECT_NE(describe_diagnosis(diagnosis).find("oob.cpp:7"), std::string::npos)
        << describe_diagnosis(diagnosis);
}

TEST(Diagnose, CleanProgramReportsNothing) {
    TempDir dir("diagnose-test");
    auto source = test::write_text(dir.path() / "ok.cpp", "int main() { return 0; }\n");
    auto input = test::write_text(dir.path() / "in", "");
    Compiler compiler(dir.path(), dir.path() / "cache");
    Diagnosis diagnosis = diagnose(compiler, source, input, Limits{});
    ASSERT_TRUE(diagnosis.compiled);
    EXPECT_EQ(diagnosis.report, "");
    EXPECT_NE(describe_diagnosis(diagnosis).find("reported nothing"), std::string::npos);
}

// Sets or unsets one variable of the test's own environment, and restores it.
class ScopedEnv {
 public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }

 private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(Diagnose, SanitizerEnvironmentDefaultsAndUserSettings) {
    ScopedEnv asan("ASAN_OPTIONS", nullptr), ubsan("UBSAN_OPTIONS", nullptr);
    EXPECT_EQ(sanitizer_environment(),
              (std::vector<std::string>{"ASAN_OPTIONS=detect_leaks=0",
                                        "UBSAN_OPTIONS=print_stacktrace=1"}));
    ScopedEnv own("ASAN_OPTIONS", "detect_leaks=1:verbosity=1");
    EXPECT_EQ(sanitizer_environment()[0], "ASAN_OPTIONS=detect_leaks=1:verbosity=1");
}

// A program that prints what it sees of the sanitizer options on stderr (the diagnosis keeps
// the first lines of a stderr the sanitizers did not write).
Diagnosis diagnose_env_printer(const TempDir& dir) {
    auto source =
        test::write_text(dir.path() / "env.cpp",
                         "#include <cstdio>\n"
                         "#include <cstdlib>\n"
                         "int main() {\n"
                         "    const char* asan = std::getenv(\"ASAN_OPTIONS\");\n"
                         "    const char* ubsan = std::getenv(\"UBSAN_OPTIONS\");\n"
                         "    std::fprintf(stderr, \"asan=%s ubsan=%s\\n\",\n"
                         "                 asan ? asan : \"unset\", ubsan ? ubsan : \"unset\");\n"
                         "    return 1;\n"
                         "}\n");
    auto input = test::write_text(dir.path() / "in", "");
    Compiler compiler(dir.path(), dir.path() / "cache");
    return diagnose(compiler, source, input, Limits{});
}

// The options go in the run's request: setenv() on the judge raced with other threads' runs,
// and the sandbox clears the environment anyway.
TEST(Diagnose, LeavesTheJudgesEnvironmentAlone) {
    ScopedEnv asan("ASAN_OPTIONS", nullptr), ubsan("UBSAN_OPTIONS", nullptr);
    TempDir dir("diagnose-test");
    Diagnosis diagnosis = diagnose_env_printer(dir);
    ASSERT_TRUE(diagnosis.compiled) << diagnosis.compile_message;
    EXPECT_EQ(std::getenv("ASAN_OPTIONS"), nullptr);
    EXPECT_EQ(std::getenv("UBSAN_OPTIONS"), nullptr);
}

// Passes once the runner implements RunRequest::environment.
TEST(Diagnose, SanitizedRunSeesTheSanitizerOptions) {
    ScopedEnv asan("ASAN_OPTIONS", nullptr), ubsan("UBSAN_OPTIONS", nullptr);
    TempDir dir("diagnose-test");
    Diagnosis diagnosis = diagnose_env_printer(dir);
    ASSERT_TRUE(diagnosis.compiled) << diagnosis.compile_message;
    EXPECT_NE(diagnosis.stderr_tail.find("asan=detect_leaks=0 ubsan=print_stacktrace=1"),
              std::string::npos)
        << diagnosis.stderr_tail;
}

}  // namespace
}  // namespace judge

// judge export of a Polygon package: the wrapper that makes a testlib checker or validator speak
// the Kattis package protocol (its exit codes, its arguments, the saved output), built as the
// format's tools build a program folder, and the one that runs an interactor and a checker as
// an interactive output validator; where each tag's solutions go.
#include "problems/polygon_export.hpp"

#include <sys/wait.h>

#include <cstdlib>

#include <gtest/gtest.h>

#include "building/compiler.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

// A stand-in for a testlib checker: exits with the code its answer file holds (-1: aborts), after
// checking that it was called as testlib's `checker <in> <output> <answer>` with the output being
// what the wrapper got on stdin (the tests give it the input file there): 99 otherwise.
constexpr const char* kFakeChecker = R"(#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
static std::string text_of(const char* file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}
int main(int argc, char** argv) {
    if (argc != 4 || text_of(argv[1]) != text_of(argv[2])) return 99;
    int code = std::atoi(text_of(argv[3]).c_str());
    std::fprintf(stderr, "fake checker says %d\n", code);
    if (code < 0) std::abort();
    std::exit(code);
}
)";

// A stand-in for a testlib validator, with main's `int main()` and no return (as many are): stdin
// "ok" is valid, "bad" invalid (testlib's exit 3), anything else a crash.
constexpr const char* kFakeValidator = R"(#include <cstdlib>
#include <iostream>
#include <string>
int main() {
    std::string word;
    std::cin >> word;
    if (word == "bad") std::exit(3);
    if (word != "ok") std::abort();
}
)";

class PolygonWrapperTest : public ::testing::Test {
 protected:
    TempDir dir{"judge-polygon-wrapper-test"};
    Compiler compiler{dir.path(), dir.path() / "cache"};

    // The program folder as judge export writes it: the program's source beside the wrapper.
    fs::path build(const std::string& program,
                   bool input_validator,
                   bool points_as_percent = false) {
        fs::path folder = dir.path() / (input_validator ? "validator" : "checker");
        test::write_text(folder / "program.cpp", program);
        test::write_text(
            folder / "polygon_kattis_wrapper.cpp",
            polygon_kattis_wrapper_source(
                input_validator ? WrapperRole::InputValidator : WrapperRole::OutputValidator,
                points_as_percent));
        CompileResult result = compiler.compile(folder, SourceKind::Checker);
        EXPECT_TRUE(result.ok) << result.message;
        return result.binary;
    }

    // Runs `command` through the shell; its exit status (-1 when it did not exit).
    static int exit_status(const std::string& command) {
        int status = std::system(command.c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
};

TEST_F(PolygonWrapperTest, CheckerExitCodesBecomeTheKattisOnes) {
    fs::path binary = build(kFakeChecker, false);
    fs::path input = test::write_text(dir.path() / "in", "3 4\n");
    // testlib: 0 ok, 1 wrong answer, 2 presentation error, 3 fail, 7 points (here without its
    // "points" line: a failure), a crash.
    const std::pair<int, int> kMapping[] = {{0, 42}, {1, 43}, {2, 43}, {3, 1}, {7, 1}, {-1, 1}};
    for (const auto& [testlib, kattis] : kMapping) {
        fs::path feedback = dir.path() / ("feedback" + std::to_string(testlib));
        fs::create_directories(feedback);
        fs::path answer = test::write_text(dir.path() / "ans", std::to_string(testlib) + "\n");
        int status = exit_status(binary.string() + " " + input.string() + " " + answer.string() +
                                 " " + feedback.string() + " < " + input.string());
        EXPECT_EQ(status, kattis) << "testlib exit " << testlib;
        EXPECT_EQ(read_file(feedback / "team_output"), "3 4\n");
        if (testlib >= 0) {
            EXPECT_EQ(read_file(feedback / "judgemessage.txt"),
                      "fake checker says " + std::to_string(testlib) + "\n");
        }
    }
}

// A stand-in for a checker that gives points (testlib's quitp): "points P" on stderr, exit 7,
// P being what its answer file holds.
constexpr const char* kPointsChecker = R"(#include <cstdio>
#include <cstdlib>
#include <fstream>
int main(int, char** argv) {
    std::ifstream answer(argv[3]);
    double points = 0;
    answer >> points;
    std::fprintf(stderr, "points %g partly right\n", points);
    std::exit(7);
}
)";

// Polygon's partial result (points short of the whole test) has no verdict of the format's: a
// wrong answer, as the judge gives it in the Polygon package; with the package's
// treat-points-from-checker-as-percent, 100 is the whole test: accepted.
TEST_F(PolygonWrapperTest, CheckerPointsAreAWrongAnswerOrTheWholeTest) {
    fs::path input = test::write_text(dir.path() / "in", "3 4\n");
    for (bool percent : {false, true}) {
        fs::path binary = build(kPointsChecker, false, percent);
        for (const auto& [points, kattis] :
             std::vector<std::pair<std::string, int>>{{"45", 43}, {"100", percent ? 42 : 43}}) {
            fs::path feedback = dir.path() / ("points" + points + (percent ? "-percent" : ""));
            fs::create_directories(feedback);
            fs::path answer = test::write_text(dir.path() / "ans", points + "\n");
            int status =
                exit_status(binary.string() + " " + input.string() + " " + answer.string() + " " +
                            feedback.string() + " < " + input.string());
            EXPECT_EQ(status, kattis) << points << " points, percent " << percent;
            EXPECT_EQ(read_file(feedback / "judgemessage.txt"),
                      "points " + points + " partly right\n");
        }
    }
}

TEST_F(PolygonWrapperTest, CheckerWithoutAFeedbackFolderFails) {
    fs::path binary = build(kFakeChecker, false);
    EXPECT_EQ(exit_status(binary.string() + " in ans 2>/dev/null </dev/null"), 1);
}

TEST_F(PolygonWrapperTest, ValidatorExitCodesBecomeTheKattisOnes) {
    fs::path binary = build(kFakeValidator, true);
    EXPECT_EQ(exit_status("echo ok | " + binary.string()), 42);
    EXPECT_EQ(exit_status("echo bad | " + binary.string()), 43);
    EXPECT_EQ(exit_status("echo what | " + binary.string() + " 2>/dev/null"), 1);
}

// Stand-ins for a testlib interactor and checker, for the interactive wrapper (`run`). The
// interactor, called as `interactor <in> <tout> <ans>`, says "hello" to the submission, reads its
// one line, writes it to tout and exits with the code its input file holds (-1: aborts). The
// checker, `checker <in> <tout> <ans>`, exits with the code its answer holds when tout holds
// "reply" (99 otherwise).
constexpr const char* kFakeInteractor = R"(#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
    if (argc != 4) return 99;
    int code = 99;
    std::ifstream(argv[1]) >> code;
    std::cout << "hello" << std::endl;
    std::string line;
    std::getline(std::cin, line);
    std::ofstream(argv[2]) << line << "\n";
    std::fprintf(stderr, "fake interactor says %d\n", code);
    if (code < 0) std::abort();
    return code;
}
)";
constexpr const char* kFakeInteractiveChecker = R"(#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
int main(int argc, char** argv) {
    std::string tout;
    int code = 99;
    if (argc != 4 || !(std::ifstream(argv[2]) >> tout) || !(std::ifstream(argv[3]) >> code) ||
        tout != "reply")
        return 99;
    std::fprintf(stderr, "fake checker says %d\n", code);
    if (code < 0) std::abort();
    return code;
}
)";

// The interactive output validator as judge export writes it (a `build` script that compiles the
// interactor, the checker and the wrapper as `run`), built as the format's tools build it.
class PolygonInteractiveWrapperTest : public PolygonWrapperTest {
 protected:
    fs::path build_interactive() {
        fs::path folder = dir.path() / "output_validator";
        test::write_text(folder / "interactor.cpp", kFakeInteractor);
        test::write_text(folder / "check.cpp", kFakeInteractiveChecker);
        test::write_text(folder / "polygon_kattis_wrapper.cpp",
                         polygon_kattis_wrapper_source(WrapperRole::Interactive));
        test::write_text(
            folder / "build",
            "#!/bin/sh\nset -e\nc++ -O2 -o interactor interactor.cpp\n"
            "c++ -O2 -o checker check.cpp\nc++ -O2 -o run polygon_kattis_wrapper.cpp\n");
        fs::permissions(folder / "build", fs::perms::owner_exec, fs::perm_options::add);
        CompileResult result = compiler.compile(folder, SourceKind::Checker);
        EXPECT_TRUE(result.ok) << result.message;
        return result.binary / "run";
    }

    // `submission | run <in> <ans> <feedback> > to_submission`: run's exit status. When `run`
    // ends, <feedback>/marker_seen is made if the file `marker` exists then.
    int interact(const fs::path& run,
                 int interactor_code,
                 int checker_code,
                 const std::string& submission,
                 const std::string& name,
                 const fs::path& marker = "/nonexistent") {
        fs::path input =
            test::write_text(dir.path() / (name + ".in"), std::to_string(interactor_code) + "\n");
        fs::path answer =
            test::write_text(dir.path() / (name + ".ans"), std::to_string(checker_code) + "\n");
        fs::path feedback = dir.path() / name;
        fs::create_directories(feedback);
        return exit_status("{ " + submission + "; } | { " + run.string() + " " + input.string() +
                           " " + answer.string() + " " + feedback.string() + "/ > " +
                           (feedback / "to_submission").string() + "; code=$?; [ -e " +
                           marker.string() + " ] && touch " + (feedback / "marker_seen").string() +
                           "; exit $code; }");
    }
};

TEST_F(PolygonInteractiveWrapperTest, InteractorThenCheckerExitCodesBecomeTheKattisOnes) {
    fs::path run = build_interactive();
    // The interactor accepts (0): the checker's testlib code decides.
    const std::pair<int, int> kChecker[] = {{0, 42}, {1, 43}, {2, 43}, {3, 1}, {7, 1}, {-1, 1}};
    for (const auto& [testlib, kattis] : kChecker) {
        std::string name = "checker" + std::to_string(testlib);
        EXPECT_EQ(interact(run, 0, testlib, "echo reply", name), kattis) << "checker " << testlib;
        fs::path feedback = dir.path() / name;
        EXPECT_EQ(read_file(feedback / "to_submission"), "hello\n");
        EXPECT_EQ(read_file(feedback / "tout"), "reply\n");
        if (testlib >= 0) {
            EXPECT_EQ(
                read_file(feedback / "judgemessage.txt"),
                "fake interactor says 0\nfake checker says " + std::to_string(testlib) + "\n");
        }
    }
    // The interactor rejects (1 wrong answer, 2 presentation error) or fails: the checker never
    // runs (its answer would make it fail).
    const std::pair<int, int> kInteractor[] = {{1, 43}, {2, 43}, {3, 1}, {7, 1}, {-1, 1}};
    for (const auto& [testlib, kattis] : kInteractor) {
        std::string name = "interactor" + std::to_string(testlib);
        EXPECT_EQ(interact(run, testlib, 3, "echo reply", name), kattis)
            << "interactor " << testlib;
        EXPECT_EQ(read_file(dir.path() / name / "judgemessage.txt").find("fake checker"),
                  std::string::npos);
    }
}

// Polygon judges a submission out of time TLE even when the interactor rejected first; the format
// lets a validator that ends first decide. So after a rejection `run` ends only when the
// submission writes again or ends (here after making the marker), and after an acceptance it
// reads what the submission still writes until it ends (its own limit or crash then decides, as
// under Polygon). Both would end before the marker is made otherwise.
TEST_F(PolygonInteractiveWrapperTest, EndsAfterTheSubmissionUnlessItWritesOn) {
    fs::path run = build_interactive();
    fs::path rejected = dir.path() / "rejected.marker";
    EXPECT_EQ(
        interact(run, 1, 0, "echo reply; sleep 0.3; touch " + rejected.string(), "late", rejected),
        43);
    EXPECT_TRUE(fs::exists(dir.path() / "late" / "marker_seen"));
    fs::path accepted = dir.path() / "accepted.marker";
    EXPECT_EQ(interact(run, 0, 0, "echo reply; echo more; sleep 0.3; touch " + accepted.string(),
                       "drained", accepted),
              42);
    EXPECT_TRUE(fs::exists(dir.path() / "drained" / "marker_seen"));
}

TEST(PolygonSubmissionFolder, EachTagHasTheFormatsFolderOrNone) {
    auto folder = [](const std::string& tag, PackageVersion version) {
        return polygon_submission_folder(tag, version).folder;
    };
    for (PackageVersion version : {PackageVersion::Draft2023_07, PackageVersion::V2025_09}) {
        EXPECT_EQ(folder("main", version), "accepted");
        EXPECT_EQ(folder("accepted", version), "accepted");
        EXPECT_EQ(folder("wrong-answer", version), "wrong_answer");
        EXPECT_EQ(folder("presentation-error", version), "wrong_answer");
        EXPECT_EQ(folder("time-limit-exceeded", version), "time_limit_exceeded");
        EXPECT_EQ(folder("memory-limit-exceeded", version), "run_time_error");
        EXPECT_EQ(folder("failed", version), "");
    }
    // 2023-07-draft has no folder for "not accepted" or "either of two verdicts".
    for (const char* tag : {"rejected", "time-limit-exceeded-or-accepted",
                            "time-limit-exceeded-or-memory-limit-exceeded"})
        EXPECT_EQ(folder(tag, PackageVersion::Draft2023_07), "") << tag;
    EXPECT_EQ(folder("rejected", PackageVersion::V2025_09), "rejected");
    SubmissionPlace either =
        polygon_submission_folder("time-limit-exceeded-or-accepted", PackageVersion::V2025_09);
    // In folders without a default rule of the format: only the exported rule applies.
    EXPECT_EQ(either.folder, "time_limit_exceeded_or_accepted");
    EXPECT_EQ(either.rule, "{permitted: [AC, TLE]}");
    SubmissionPlace slow_or_big = polygon_submission_folder(
        "time-limit-exceeded-or-memory-limit-exceeded", PackageVersion::V2025_09);
    EXPECT_EQ(slow_or_big.folder, "time_limit_exceeded_or_memory_limit_exceeded");
    EXPECT_EQ(slow_or_big.rule, "{permitted: [AC, TLE, RTE], required: [TLE, RTE]}");
}

}  // namespace
}  // namespace judge

// Multi-pass problems (a package's type multi-pass; issue 30): judge_case runs the submission
// again on each nextpass.in its output validator leaves, as the format's "Multi-pass
// validation" says. The programs are shell scripts; the validators speak the Kattis protocol
// (`validator input answer feedback_dir < output`, exit 42 accepted, 43 wrong answer).
#include <gtest/gtest.h>

#include <string>

#include "checking/judging.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

// A solution that answers "first" with "one" and "second" with "two" (the pass's input).
constexpr const char* kTwoPassSolution =
    "read word; case $word in first) echo one;; second) echo two;; *) echo other;; esac";

// A validator of two passes: pass 1 (input "first") wants "one", keeps a note in its feedback
// folder (refusing a folder that has one already: it must start empty) and asks for pass 2 with
// "second"; pass 2 (its input file is the pass's: "second") wants "two" and the note kept.
constexpr const char* kTwoPassValidator =
    "read said; pass=$(cat \"$1\"); fb=$3\n"
    "if [ \"$pass\" = first ]; then\n"
    "  [ -e \"$fb/note\" ] && { echo 'stale feedback' >> \"$fb/judgemessage.txt\"; exit 43; }\n"
    "  [ \"$said\" = one ] || { echo \"pass 1 got $said\" >> \"$fb/judgemessage.txt\"; exit 43; }\n"
    "  echo kept > \"$fb/note\"; echo second > \"$fb/nextpass.in\"\n"
    "  echo 'pass 1 fine' >> \"$fb/judgemessage.txt\"; exit 42\n"
    "fi\n"
    "[ \"$pass\" = second ] || { echo \"input $pass\" >> \"$fb/judgemessage.txt\"; exit 43; }\n"
    "[ \"$(cat \"$fb/note\")\" = kept ] || { echo 'note lost' >> \"$fb/judgemessage.txt\"; exit "
    "43; }\n"
    "[ \"$said\" = two ] || { echo \"pass 2 got $said\" >> \"$fb/judgemessage.txt\"; exit 43; }\n"
    "echo 'pass 2 fine' >> \"$fb/judgemessage.txt\"; exit 42";

class MultiPass : public ::testing::Test {
 protected:
    TempDir dir{"judge-multi-pass-test"};
    ProblemSettings problem;
    JudgeOptions options;
    TestCase test_case;

    void SetUp() override {
        problem.id = "m";
        problem.format = ProblemFormat::Package;
        problem.output_check = OutputCheck::KattisValidator;
        problem.multi_pass = true;
        problem.validation_passes = 2;
        problem.limits.cpu_ms = 1000;
        problem.limits.wall_ms = 30000;  // a loaded machine must not turn a pass into a TLE
        problem.limits.memory_kib = 256 * 1024;
        problem.limits.output_kib = 1024;
        options.work_dir = dir.path() / "work";
        options.reruns = 0;
        test_case.group = "secret";
        test_case.name = "1";
        test_case.input = test::write_text(dir.path() / "1.in", "first\n");
        test_case.answer = test::write_text(dir.path() / "1.ans", "");
    }

    CaseResult judge(const std::string& solution, const std::string& validator) {
        options.solution =
            test::as_program(test::write_script(dir.path() / "solution.sh", solution));
        options.checker =
            test::as_program(test::write_script(dir.path() / "validator.sh", validator));
        return judge_case(problem, test_case, options);
    }
};

TEST_F(MultiPass, TheValidatorsNextPassInputIsRunAndItsFeedbackFolderKept) {
    CaseResult result = judge(kTwoPassSolution, kTwoPassValidator);
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    EXPECT_EQ(result.passes, 2);
    ASSERT_EQ(result.runs.size(), 1u);
    EXPECT_EQ(result.runs[0].passes, 2);
    // The message is what the validator appended in the last pass, after the passes used.
    EXPECT_EQ(result.message, "2 passes; pass 2 fine");
}

// Each run of a case starts with an empty feedback folder, in a worker's folder kept from case
// to case too (the validator rejects a note left there).
TEST_F(MultiPass, EachCaseStartsWithAnEmptyFeedbackFolder) {
    options.solution =
        test::as_program(test::write_script(dir.path() / "solution.sh", kTwoPassSolution));
    options.checker =
        test::as_program(test::write_script(dir.path() / "validator.sh", kTwoPassValidator));
    TestCase second = test_case;
    second.name = "2";
    std::vector<CaseResult> results = judge_cases(problem, {test_case, second}, options, 1);
    ASSERT_EQ(results.size(), 2u);
    for (const CaseResult& result : results) {
        EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
        EXPECT_EQ(result.passes, 2);
    }
}

TEST_F(MultiPass, AValidatorThatAcceptsWithoutNextPassEndsTheCase) {
    CaseResult result = judge("echo one", "read said; [ \"$said\" = one ] && exit 42; exit 43");
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    EXPECT_EQ(result.passes, 1);
    EXPECT_EQ(result.message, "1 pass");
}

TEST_F(MultiPass, AWrongAnswerOnTheSecondPassIsTheCasesVerdictWithThatPassesMessage) {
    CaseResult result =
        judge("read word; [ \"$word\" = first ] && echo one || echo three", kTwoPassValidator);
    EXPECT_EQ(result.verdict, Verdict::WA) << result.message;
    EXPECT_EQ(result.passes, 2);
    // Not the first line of judgemessage.txt ("pass 1 fine"): what pass 2 appended.
    EXPECT_EQ(result.message, "pass 2: pass 2 got three");
}

// Every pass has the whole time limit: two passes of 0.6 s each under a 1 s limit are AC; a
// second pass that spins is TLE.
TEST_F(MultiPass, TheTimeLimitHoldsForEachPass) {
    const std::string spend = "python3 -c 'import time\nwhile time.process_time() < 0.6: pass'; ";
    CaseResult result = judge(spend + kTwoPassSolution, kTwoPassValidator);
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    EXPECT_EQ(result.passes, 2);
    EXPECT_GE(result.cpu_ms, 600);  // the largest pass, not their sum
    EXPECT_LT(result.cpu_ms, 1000);

    result = judge("read word; [ \"$word\" = first ] && { echo one; exit 0; }; while :; do :; done",
                   kTwoPassValidator);
    EXPECT_EQ(result.verdict, Verdict::TLE) << result.message;
    EXPECT_EQ(result.passes, 2);
    EXPECT_EQ(result.message.rfind("pass 2: CPU time over", 0), 0u) << result.message;
}

TEST_F(MultiPass, ACrashOnTheSecondPassIsRuntimeError) {
    CaseResult result = judge("read word; [ \"$word\" = first ] && { echo one; exit 0; }; exit 3",
                              kTwoPassValidator);
    EXPECT_EQ(result.verdict, Verdict::RE) << result.message;
    EXPECT_EQ(result.message, "pass 2: exit code 3");
}

// The format: "It is a judge error to run more passes than specified by limits.validation_passes".
TEST_F(MultiPass, AskingForAPassBeyondTheLimitIsJudgeError) {
    problem.validation_passes = 3;
    CaseResult result = judge("echo x", "echo again > \"$3/nextpass.in\"; exit 42");
    EXPECT_EQ(result.verdict, Verdict::JE) << result.message;
    EXPECT_EQ(result.passes, 3);
    EXPECT_NE(result.message.find("pass 3: the output validator asked for pass 4, beyond "
                                  "limits.validation_passes (3)"),
              std::string::npos)
        << result.message;
}

// The format: "It is a judge error to create the nextpass.in file and exit with any other code
// than 42" (a rejection, or a crash).
TEST_F(MultiPass, ANextPassWithoutAcceptingIsJudgeError) {
    CaseResult result = judge("echo x", "echo again > \"$3/nextpass.in\"; exit 43");
    EXPECT_EQ(result.verdict, Verdict::JE) << result.message;
    EXPECT_NE(result.message.find("rejected the output but left a nextpass.in"), std::string::npos)
        << result.message;
    result = judge("echo x", "echo again > \"$3/nextpass.in\"; exit 1");
    EXPECT_EQ(result.verdict, Verdict::JE) << result.message;
}

// The validator's folder is its own: a nextpass.in that is a link (to a file the validator may
// not read) is never read by the judge for it.
TEST_F(MultiPass, ANextPassThatIsALinkIsJudgeError) {
    CaseResult result = judge("echo x", "ln -s /etc/shadow \"$3/nextpass.in\"; exit 42");
    EXPECT_EQ(result.verdict, Verdict::JE) << result.message;
    EXPECT_NE(result.message.find("nextpass.in is not a regular file"), std::string::npos)
        << result.message;
}

// Interactive and multi-pass: the validator talks with the submission in each pass, on that
// pass's input; a pass the submission fails is the case's verdict.
TEST_F(MultiPass, InteractivePassesTalkOnEachPassesInput) {
    problem.interactive = true;
    const std::string interactor =
        "pass=$(cat \"$1\"); echo \"$pass\"; read said; fb=$3\n"
        "if [ \"$pass\" = first ]; then\n"
        "  [ \"$said\" = one ] || exit 43; echo second > \"$fb/nextpass.in\"; exit 42\n"
        "fi\n"
        "[ \"$said\" = two ] && exit 42; echo \"pass 2 got $said\" >> \"$fb/judgemessage.txt\"; "
        "exit 43";
    CaseResult result = judge(kTwoPassSolution, interactor);
    EXPECT_EQ(result.verdict, Verdict::AC) << result.message;
    EXPECT_EQ(result.passes, 2);

    result = judge("read word; [ \"$word\" = first ] && echo one || echo three", interactor);
    EXPECT_EQ(result.verdict, Verdict::WA) << result.message;
    EXPECT_EQ(result.message, "pass 2: pass 2 got three");

    result = judge("read word; [ \"$word\" = first ] && { echo one; exit 0; }; while :; do :; done",
                   interactor);
    EXPECT_EQ(result.verdict, Verdict::TLE) << result.message;
    EXPECT_EQ(result.passes, 2);
}

}  // namespace
}  // namespace judge

#include "checking/checker_protocol.hpp"

#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>

#include "building/compiler.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

RunResult exited_with(int code) {
    RunResult run;
    run.exited = true;
    run.exit_code = code;
    return run;
}

TEST(CheckerProtocol, ExitCodesMapToOutcomes) {
    EXPECT_EQ(map_checker_exit(exited_with(0)), CheckerOutcome::Ok);
    EXPECT_EQ(map_checker_exit(exited_with(1)), CheckerOutcome::WrongAnswer);
    EXPECT_EQ(map_checker_exit(exited_with(2)), CheckerOutcome::PresentationError);
    EXPECT_EQ(map_checker_exit(exited_with(3)), CheckerOutcome::Fail);
}

TEST(CheckerProtocol, UnknownExitCodesAreCrashes) {
    for (int code : {4, 5, 7, 42, 127, 255})
        EXPECT_EQ(map_checker_exit(exited_with(code)), CheckerOutcome::Crashed) << code;
}

TEST(CheckerProtocol, SignalsAndLimitsAreCrashes) {
    RunResult killed;
    killed.signaled = true;
    killed.term_signal = SIGSEGV;
    EXPECT_EQ(map_checker_exit(killed), CheckerOutcome::Crashed);
    RunResult timed_out = exited_with(0);  // even a clean exit code does not count after a limit
    timed_out.limit_hit = LimitHit::CpuTime;
    EXPECT_EQ(map_checker_exit(timed_out), CheckerOutcome::Crashed);
    RunResult wall = exited_with(1);
    wall.limit_hit = LimitHit::WallTime;
    EXPECT_EQ(map_checker_exit(wall), CheckerOutcome::Crashed);
}

TEST(CheckerProtocol, OutcomeToVerdictNeverTurnsFailureIntoWrongAnswer) {
    EXPECT_EQ(to_verdict(CheckerOutcome::Ok), Verdict::AC);
    EXPECT_EQ(to_verdict(CheckerOutcome::WrongAnswer), Verdict::WA);
    EXPECT_EQ(to_verdict(CheckerOutcome::PresentationError), Verdict::PE);
    EXPECT_EQ(to_verdict(CheckerOutcome::Fail), Verdict::JE);
    EXPECT_EQ(to_verdict(CheckerOutcome::Crashed), Verdict::JE);
}

class RealChecker : public ::testing::Test {
 protected:
    TempDir dir{"judge-checker-test"};
    fs::path input = test::write_text(dir.path() / "in", "1 2\n");
    fs::path output = test::write_text(dir.path() / "out", "3\n");
    fs::path answer = test::write_text(dir.path() / "ans", "3\n");

    CheckResult check(const std::string& body, std::int64_t time_limit_ms = 2000) {
        fs::path checker = test::write_script(dir.path() / "checker.sh", body);
        return run_checker(test::as_program(checker), JuryProtocol::Testlib,
                           {input, output, answer, dir.path(), {}, {}}, time_limit_ms);
    }
};

TEST_F(RealChecker, MessagePassesThrough) {
    CheckResult result = check("echo 'ok 1 token' >&2; exit 0");
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok);
    EXPECT_EQ(result.message, "ok 1 token");
    result = check("echo 'wrong answer expected 3, found 4' >&2; exit 1");
    EXPECT_EQ(result.outcome, CheckerOutcome::WrongAnswer);
    EXPECT_EQ(result.message, "wrong answer expected 3, found 4");
    EXPECT_EQ(check("exit 2").outcome, CheckerOutcome::PresentationError);
}

TEST_F(RealChecker, ArgumentsAreInputOutputAnswer) {
    CheckResult result = check("[ \"$1\" = '" + input.string() + "' ] && [ \"$2\" = '" +
                               output.string() + "' ] && [ \"$3\" = '" + answer.string() +
                               "' ] && exit 0; echo \"got $*\" >&2; exit 1");
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok) << result.message;
}

TEST_F(RealChecker, NoAnswerPassesDevNull) {
    fs::path checker = test::write_script(dir.path() / "c.sh", "[ \"$3\" = /dev/null ]");
    EXPECT_EQ(run_checker(test::as_program(checker), JuryProtocol::Testlib,
                          {input, output, "", dir.path(), {}, {}})
                  .outcome,
              CheckerOutcome::Ok);
}

TEST_F(RealChecker, FailIsJudgeErrorWithMessage) {
    CheckResult result = check("echo 'FAIL answer has 2 tokens' >&2; exit 3");
    EXPECT_EQ(result.outcome, CheckerOutcome::Fail);
    EXPECT_EQ(to_verdict(result.outcome), Verdict::JE);
    EXPECT_NE(result.message.find("FAIL answer has 2 tokens"), std::string::npos);
}

TEST_F(RealChecker, UnknownExitCodeIsCrashNamingTheCode) {
    CheckResult result = check("echo 'points 5' >&2; exit 7");
    EXPECT_EQ(result.outcome, CheckerOutcome::Crashed);
    EXPECT_NE(result.message.find("exited with code 7"), std::string::npos) << result.message;
    EXPECT_NE(result.message.find("points 5"), std::string::npos) << result.message;
}

TEST_F(RealChecker, SignalIsCrash) {
    CheckResult result = check("kill -SEGV $$");
    EXPECT_EQ(result.outcome, CheckerOutcome::Crashed);
    EXPECT_NE(result.message.find("SIGSEGV"), std::string::npos) << result.message;
}

TEST_F(RealChecker, HangingCheckerIsStopped) {
    // sleep uses no CPU: the wall limit (2 x 200 + 1000 ms) must end it.
    CheckResult result = check("exec sleep 30", 200);
    EXPECT_EQ(result.outcome, CheckerOutcome::Crashed);
    EXPECT_NE(result.message.find("time limit"), std::string::npos) << result.message;
    EXPECT_LT(result.wall_us, 10000 * 1000);
}

// A shell body that starts up to 200 children, each asleep for 5 s (bounded, so the machine is
// safe even where the limit does not hold), counting them in `started`; it exits 0 when all
// could start and 9 when a fork failed.
std::string forking_body(const fs::path& started) {
    return "( i=0; while [ $i -lt 200 ]; do { echo x >> '" + started.string() +
           "'; exec sleep 5; } & i=$((i+1)); done ) || exit 9\nexit 0";
}

std::size_t lines_in(const fs::path& file) {
    std::string text = fs::exists(file) ? read_file(file) : "";
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Only a pids cgroup makes max_processes hold for root, and for a user it is the only limit of
// the run's own processes: without one for this process, there is nothing to test.
bool process_limit_can_hold() {
    RunRequest probe;
    probe.argv = {"/bin/true"};
    return run_process(probe).process_limit_source == "cgroup";
}

TEST_F(RealChecker, ForkingCheckerIsStoppedByTheProcessLimit) {
    if (!process_limit_can_hold()) GTEST_SKIP() << "no pids cgroup for this process";
    fs::path started = dir.path() / "started";
    CheckResult result = check(forking_body(started), 2000);
    EXPECT_EQ(to_verdict(result.outcome), Verdict::JE) << result.message;
    EXPECT_LT(lines_in(started), 200u);
    EXPECT_LE(lines_in(started),
              static_cast<std::size_t>(jury_limits(JuryRole::Checker, {}).max_processes));

    fs::path validator_started = dir.path() / "validator-started";
    fs::path validator =
        test::write_script(dir.path() / "v-fork.sh", forking_body(validator_started));
    ValidationResult validation = run_validator(test::as_program(validator), JuryProtocol::Testlib,
                                                input, dir.path(), {}, 2000);
    EXPECT_TRUE(validation.validator_failed) << validation.message;
    EXPECT_LT(lines_in(validator_started), 200u);
}

TEST_F(RealChecker, MissingCheckerIsCrashNotException) {
    CheckResult result =
        run_checker(test::as_program(dir.path() / "no-such-checker"), JuryProtocol::Testlib,
                    {input, output, answer, dir.path(), {}, {}});
    EXPECT_EQ(result.outcome, CheckerOutcome::Crashed);
    EXPECT_FALSE(result.message.empty());
}

TEST_F(RealChecker, ValidatorProtocol) {
    fs::path good = test::write_script(dir.path() / "v-ok.sh", "cat >/dev/null; exit 0");
    ValidationResult result =
        run_validator(test::as_program(good), JuryProtocol::Testlib, input, dir.path());
    EXPECT_TRUE(result.valid);
    EXPECT_FALSE(result.validator_failed);

    fs::path strict = test::write_script(
        dir.path() / "v-bad.sh", "grep -q '^1 2$' || { echo 'a: expected 1' >&2; exit 3; }");
    EXPECT_TRUE(
        run_validator(test::as_program(strict), JuryProtocol::Testlib, input, dir.path()).valid);
    result = run_validator(test::as_program(strict), JuryProtocol::Testlib, output, dir.path());
    EXPECT_FALSE(result.valid);
    EXPECT_FALSE(result.validator_failed);
    EXPECT_EQ(result.message, "a: expected 1");

    fs::path broken = test::write_script(dir.path() / "v-broken.sh", "exit 9");
    result = run_validator(test::as_program(broken), JuryProtocol::Testlib, input, dir.path());
    EXPECT_FALSE(result.valid);
    EXPECT_TRUE(result.validator_failed);
    EXPECT_NE(result.message.find("code 9"), std::string::npos) << result.message;
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// checkers/tokens.cpp, the generic checker, compiled as the judge compiles it.
class TokensChecker : public ::testing::Test {
 protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir("judge-tokens-test");
        // A cache shared by the test processes (ctest runs each test alone): compiled once.
        Compiler compiler(JUDGE_REPO_ROOT, JUDGE_TEST_CACHE_DIR);
        CompileResult result = compiler.compile(fs::path(JUDGE_REPO_ROOT) / "checkers/tokens.cpp",
                                                SourceKind::Checker);
        ASSERT_TRUE(result.ok) << result.message;
        binary_ = new fs::path(result.binary);
    }
    static void TearDownTestSuite() {
        delete binary_;
        delete dir_;
    }

    CheckResult check(const std::string& output, const std::string& answer) {
        fs::path in = test::write_text(dir_->path() / "in", "ignored\n");
        fs::path out = test::write_text(dir_->path() / "out", output);
        fs::path ans = test::write_text(dir_->path() / "ans", answer);
        return run_checker(test::as_program(*binary_), JuryProtocol::Testlib,
                           {in, out, ans, dir_->path(), {}, {}});
    }

    static TempDir* dir_;
    static fs::path* binary_;
};
TempDir* TokensChecker::dir_ = nullptr;
fs::path* TokensChecker::binary_ = nullptr;

TEST_F(TokensChecker, EmptyOutputForEmptyAnswer) {
    EXPECT_EQ(check("", "").outcome, CheckerOutcome::Ok);
}

TEST_F(TokensChecker, SameTokensAnyWhiteSpace) {
    CheckResult result = check("1  2\r\n\t3", "1 2\n3\n");
    EXPECT_EQ(result.outcome, CheckerOutcome::Ok) << result.message;
    EXPECT_NE(result.message.find("3 tokens"), std::string::npos) << result.message;
}

TEST_F(TokensChecker, DifferentTokenNamesPosition) {
    CheckResult result = check("1 2 4\n", "1 2 3\n");
    EXPECT_EQ(result.outcome, CheckerOutcome::WrongAnswer);
    EXPECT_NE(result.message.find("token 3 differs: expected '3', found '4'"), std::string::npos)
        << result.message;
}

TEST_F(TokensChecker, ShortAndLongOutputsAreWrong) {
    EXPECT_EQ(check("1 2", "1 2 3").outcome, CheckerOutcome::WrongAnswer);
    EXPECT_EQ(check("", "1").outcome, CheckerOutcome::WrongAnswer);
    CheckResult extra = check("1 2 3 4", "1 2 3");
    EXPECT_EQ(extra.outcome, CheckerOutcome::WrongAnswer);
    EXPECT_NE(extra.message.find("extra output"), std::string::npos) << extra.message;
}

TEST_F(TokensChecker, ComparesExactlyNotNumerically) {
    EXPECT_EQ(check("01", "1").outcome, CheckerOutcome::WrongAnswer);
    EXPECT_EQ(check("YES", "yes").outcome, CheckerOutcome::WrongAnswer);
}

// The feedback folder was the validator's to write: a link named judgemessage.txt must not make
// the judge read (and show) a file the validator could not.
TEST(CheckerProtocol, AJudgeMessageThatIsALinkIsNotFollowed) {
    TempDir dir("checker-test");
    fs::path secret = test::write_text(dir.path() / "secret", "root:hash:1:2\n");
    fs::path feedback = dir.path() / "feedback";
    fs::create_directories(feedback);
    ASSERT_EQ(::symlink(secret.c_str(), (feedback / "judgemessage.txt").c_str()), 0);
    EXPECT_EQ(kattis_judge_message(feedback), "");
    fs::remove(feedback / "judgemessage.txt");
    test::write_text(feedback / "judgemessage.txt", "expected 3, got 4\nmore\n");
    EXPECT_EQ(kattis_judge_message(feedback), "expected 3, got 4");
}

TEST(CheckerProtocol, AJuryOutputMustBeARegularFile) {
    TempDir dir("checker-test");
    fs::path tout = dir.path() / "run-0.tout";
    EXPECT_EQ(jury_output_problem(tout), "it wrote no run-0.tout");
    ASSERT_EQ(::symlink("/etc/passwd", tout.c_str()), 0);
    EXPECT_NE(jury_output_problem(tout).find("not a regular file"), std::string::npos);
    fs::remove(tout);
    test::write_text(tout, "3\n");
    EXPECT_EQ(jury_output_problem(tout), "");
}

}  // namespace
}  // namespace judge

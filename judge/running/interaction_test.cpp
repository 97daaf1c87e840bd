// Tests of run_interaction: a dialogue goes through the relay, and each direction stops at its
// writer's output limit (a flood is cut, not kept, and its writer's run says Output).
#include "running/interaction.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <string>
#include <vector>

namespace judge {
namespace {

RunRequest shell(const std::string& script, std::int64_t output_kib) {
    RunRequest request;
    request.argv = {"/bin/sh", "-c", script};
    request.limits.cpu_ms = 5000;
    request.limits.wall_ms = 10000;
    request.limits.output_kib = output_kib;
    request.sandbox.enabled = false;
    return request;
}

bool exited_zero(const RunResult& run) { return run.exited && run.exit_code == 0; }

TEST(Interaction, ADialogueGoesThroughAndIsCounted) {
    InteractionResult result =
        run_interaction(shell("read question; echo $((question + 1))", 1024),
                        shell("echo 41; read answer; test \"$answer\" = 42", 1024), exited_zero);
    EXPECT_TRUE(exited_zero(result.interactor));
    EXPECT_TRUE(exited_zero(result.submission));
    EXPECT_EQ(result.submission.stdout_bytes, 3);  // "42\n"
    EXPECT_EQ(result.interactor.stdout_bytes, 3);  // "41\n"
    EXPECT_FALSE(result.submission_output_exceeded);
    EXPECT_EQ(result.submission.limit_hit, LimitHit::None);
}

// Without a bound, a submission that writes without end runs into its time limit while the
// interactor reads (and, reading as checklib's stream did, keeps) every byte.
TEST(Interaction, ASubmissionsFloodStopsAtItsOutputLimit) {
    InteractionResult result =
        run_interaction(shell("exec yes flood", 1024), shell("cat >/dev/null", 1024), exited_zero);
    EXPECT_TRUE(result.submission_output_exceeded);
    EXPECT_EQ(result.submission.limit_hit, LimitHit::Output);
    EXPECT_GT(result.submission.stdout_bytes, 1024 * 1024);
    EXPECT_TRUE(exited_zero(result.interactor));  // it read EOF where the flood was cut
}

// (Without stop_when_rejected: the interactor cut at its limit did not accept, and the
// submission would be stopped instead of reading EOF where the flood was cut.)
TEST(Interaction, AnInteractorsFloodStopsAtItsOutputLimit) {
    InteractionResult result = run_interaction(shell("cat >/dev/null", 1024),
                                               shell("exec yes flood", 2048), exited_zero, false);
    EXPECT_EQ(result.interactor.limit_hit, LimitHit::Output);
    EXPECT_GT(result.interactor.stdout_bytes, 2048 * 1024);
    EXPECT_FALSE(result.submission_output_exceeded);
    EXPECT_TRUE(exited_zero(result.submission));
}

// An accepting interactor that ended first: what the submission still writes is drained (and
// counted), so it ends by itself instead of blocking on a full pipe until its wall limit.
TEST(Interaction, ASubmissionWritingAfterAnAcceptingInteractorIsDrained) {
    InteractionResult result = run_interaction(shell("head -c 300000 /dev/zero", 1024),
                                               shell("exit 0", 1024), exited_zero);
    EXPECT_TRUE(exited_zero(result.submission));
    EXPECT_EQ(result.submission.limit_hit, LimitHit::None);
}

// An interactor that closes its stdout gives the submission EOF at once, as BAPCtools does
// (its pseudointeraction: the submission answers at EOF, the interactor waits for the answer):
// before, the judge's own copy of the pipe held the EOF back until the interactor ended, and
// both waited until the wall limit.
TEST(Interaction, AnInteractorClosingItsStdoutGivesTheSubmissionEof) {
    RunRequest submission = shell("wc -l", 1024);
    submission.limits.cpu_ms = 2000;
    submission.limits.wall_ms = 4000;
    InteractionResult result = run_interaction(
        submission, shell("printf '1\\n2\\n'; exec 1>&-; read lines; test $lines = 2", 1024),
        exited_zero);
    EXPECT_TRUE(exited_zero(result.submission));
    EXPECT_EQ(result.submission.limit_hit, LimitHit::None);
    EXPECT_TRUE(exited_zero(result.interactor));
}

// A submission that closes its stdout does not end the dialogue by that (BAPCtools' and
// problemtools' rule; BAPCtools' guess expects a crash after closing it to be RE): the
// interactor reads EOF only when the submission has ended, so the submission ends first.
TEST(Interaction, ASubmissionClosingItsStdoutGivesTheInteractorEofOnlyWhenItEnds) {
    InteractionResult result = run_interaction(shell("exec 1>&-; sleep 0.3; exit 3", 1024),
                                               shell("cat >/dev/null; exit 43", 1024), exited_zero);
    EXPECT_TRUE(result.submission.exited && result.submission.exit_code == 3);
    EXPECT_FALSE(result.interactor_first);
}

// A rejecting interactor that ended first decides the verdict: the submission, spinning
// without reading, is stopped there (killed), not left to run into its CPU limit, with or
// without a keeper and a box. Before, it ran on until its CPU limit (LimitHit::CpuTime).
TEST(Interaction, ASubmissionStillRunningAfterARejectingInteractorIsStopped) {
    struct Mode {
        bool direct, sandbox;
    };
    for (Mode mode : {Mode{true, false}, Mode{false, false}, Mode{true, true}, Mode{false, true}}) {
        if (mode.sandbox && !sandbox_support().available) continue;
        RunRequest submission = shell("while :; do :; done", 1024);
        submission.limits.cpu_ms = 20000;
        submission.limits.wall_ms = 40000;
        RunRequest interactor = shell("exit 43", 1024);
        for (RunRequest* request : {&submission, &interactor}) {
            request->direct = mode.direct;
            request->sandbox.enabled = mode.sandbox;
        }
        InteractionResult result = run_interaction(submission, interactor, exited_zero);
        SCOPED_TRACE(std::string(mode.direct ? "direct" : "keeper") +
                     (mode.sandbox ? ", sandbox" : ""));
        EXPECT_TRUE(result.interactor.exited && result.interactor.exit_code == 43);
        EXPECT_TRUE(result.interactor_first);
        EXPECT_EQ(result.submission.limit_hit, LimitHit::None);
        EXPECT_TRUE(result.submission.signaled && result.submission.term_signal == SIGKILL);
        EXPECT_LT(result.submission.cpu_ms, submission.limits.cpu_ms);
    }
}

// An accepting interactor decides nothing about what the submission does next: a submission
// that spins after it is not stopped, and runs into its CPU limit (its TLE is its verdict).
TEST(Interaction, ASubmissionStillRunningAfterAnAcceptingInteractorRunsOn) {
    RunRequest submission = shell("while :; do :; done", 1024);
    submission.limits.cpu_ms = 300;
    InteractionResult result = run_interaction(submission, shell("exit 0", 1024), exited_zero);
    EXPECT_TRUE(exited_zero(result.interactor));
    EXPECT_EQ(result.submission.limit_hit, LimitHit::CpuTime);
}

// Polygon's rule (a submission out of time is TLE whatever the interactor said): without
// stop_when_rejected, a submission spinning after a rejecting interactor runs into its limit.
TEST(Interaction, WithoutStopWhenRejectedASubmissionRunsOnAfterARejection) {
    RunRequest submission = shell("while :; do :; done", 1024);
    submission.limits.cpu_ms = 300;
    InteractionResult result =
        run_interaction(submission, shell("exit 43", 1024), exited_zero, false);
    EXPECT_TRUE(result.interactor_first);
    EXPECT_EQ(result.submission.limit_hit, LimitHit::CpuTime);
}

}  // namespace
}  // namespace judge

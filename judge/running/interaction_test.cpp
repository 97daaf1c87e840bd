// Tests of run_interaction: a dialogue goes through the relay, and each direction stops at its
// writer's output limit (a flood is cut, not kept, and its writer's run says Output).
#include "running/interaction.hpp"

#include <gtest/gtest.h>

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

TEST(Interaction, AnInteractorsFloodStopsAtItsOutputLimit) {
    InteractionResult result =
        run_interaction(shell("cat >/dev/null", 1024), shell("exec yes flood", 2048), exited_zero);
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

}  // namespace
}  // namespace judge

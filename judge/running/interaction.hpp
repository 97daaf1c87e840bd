// Two programs in a dialogue: a submission and the jury's interactor, each one's stdout the other's
// stdin, both run by run_process under their own limits (the submission in its box).
#pragma once

#include "running/process_runner.hpp"

namespace judge {

/// What became of both programs of an interaction.
struct InteractionResult {
    RunResult submission;
    RunResult interactor;
    /// The interactor's main process ended before the submission's (by the runner's monotonic
    /// clock): then its verdict stands, whatever the submission did after (Kattis' rule).
    bool interactor_first = false;
};

/// Runs `submission` and `interactor` at once, connected by two pipes (their stdin and stdout
/// settings are replaced; stderr, limits and sandbox are theirs). Blocks until both have ended;
/// safe to call from several threads at once. The pipes are closed as problemtools' interactive
/// runner closes them, so that who ended first, and what the other sees, does not depend on
/// scheduling:
///   - the interactor -> submission pipe's write end is closed when the interactor has ended (the
///     submission then reads EOF); its read end is kept until both have ended, so an interactor
///     that writes after the submission ended gets no SIGPIPE;
///   - the submission -> interactor pipe's write end is closed when the submission has ended (the
///     interactor reads EOF); its read end is closed when the interactor ended without accepting
///     (`interactor_accepted` false: a submission still writing gets SIGPIPE at once), and kept
///     otherwise, so that a submission still writing after an accepting interactor is not killed
///     by the race of that exit.
/// Throws RunnerError (after both runs have ended) when either run could not be carried out.
InteractionResult run_interaction(RunRequest submission,
                                  RunRequest interactor,
                                  bool (*interactor_accepted)(const RunResult&));

}  // namespace judge

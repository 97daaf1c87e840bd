// Two programs in a dialogue: a submission and the jury's interactor, each one's stdout relayed
// to the other's stdin, both run by run_process under their own limits, each in its box.
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
    /// The submission said more than its output limit: the relay cut its direction there
    /// (submission.limit_hit is Output), so what the interactor made of the rest is moot.
    bool submission_output_exceeded = false;
};

/// Runs `submission` and `interactor` at once, each one's stdout relayed into the other's
/// stdin by a thread of the judge (their stdin and stdout settings are replaced; stderr, limits
/// and sandbox are theirs). The relay moves the bytes with splice (the judge keeps none of
/// them) and counts each direction: past the writer's output limit (the submission's: the
/// problem's; the interactor's: its jury row, 256 MiB) the direction is cut (the writer gets
/// SIGPIPE, the reader EOF) and the writer's run gets LimitHit::Output (OLE for the submission,
/// JE for the interactor); RunResult::stdout_bytes is what each wrote. Blocks until both have
/// ended; safe to call from several threads at once. The pipes end as problemtools'
/// interactive runner ends them, so that who ended first, and what the other sees, does not
/// depend on scheduling:
///   - when the interactor has ended or closed its stdout, the submission reads EOF after
///     what it was sent (BAPCtools' rule); an interactor that writes after the submission
///     ended is drained (counted), never given SIGPIPE;
///   - when the submission has ended (not when it only closed its stdout: BAPCtools' and
///     problemtools' rule), the interactor reads EOF after what it was sent; a
///     submission still writing when the interactor ended without accepting
///     (`interactor_accepted` false) gets SIGPIPE at once, and one still writing after an
///     accepting interactor is drained (counted, up to its limit), not killed by the race of
///     that exit;
///   - with `stop_when_rejected`, a submission still running when the interactor ended without
///     accepting (or its run failed) is stopped there (RunRequest::stop_fd): killed, its CPU
///     and wall time what it used until then, as BAPCtools kills it. After an accepting
///     interactor, or without `stop_when_rejected` (Polygon, where a submission out of time is
///     TLE whatever the interactor said), it runs on to its own end or limit.
/// Throws RunnerError (after both runs have ended) when either run, or the relay, failed.
InteractionResult run_interaction(RunRequest submission,
                                  RunRequest interactor,
                                  bool (*interactor_accepted)(const RunResult&),
                                  bool stop_when_rejected = true);

}  // namespace judge

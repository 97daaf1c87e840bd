#include "running/interaction.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <thread>

#include "running/scoped_fd.hpp"

namespace judge {

namespace {

using detail::ScopedFd;

struct Channel {
    ScopedFd read_end, write_end;
};

Channel make_channel(const char* what) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw RunnerError(std::string("runner: pipe for the interaction (") + what +
                          "): " + std::strerror(errno));
    return {ScopedFd(fds[0]), ScopedFd(fds[1])};
}

void make_nonblocking(int fd) {
    int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0)
        throw RunnerError(std::string("runner: fcntl on an interaction's pipe: ") +
                          std::strerror(errno));
}

// One direction of the dialogue: what the writer wrote into its stdout pipe (`from`), moved
// by the relay into the reader's stdin pipe (`to`) and counted. The relay's ends only: the
// programs' ends are blocking and theirs.
struct Direction {
    ScopedFd from, to;
    std::int64_t limit_bytes = 0;
    std::int64_t bytes = 0;
    bool exceeded = false;          // more than limit_bytes came: both ends closed
    bool discard = false;           // the reader is gone: drain and count, forward nothing
    bool waiting_for_room = false;  // `from` has data and `to` is full: wait for `to`
    bool open() const { return from.get() >= 0; }
    void close() {
        from.reset();
        to.reset();
    }
};

// The judge's side of an interaction: one thread moving both directions with splice (no copy
// through user memory, nothing kept: the judge stays small whatever is sent) and stopping a
// direction at its bound. The threads that wait for the two programs tell it when one ended.
class Relay {
 public:
    Relay(Direction to_interactor, Direction to_submission)
        : to_interactor_(std::move(to_interactor)), to_submission_(std::move(to_submission)) {
        wake_.reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
        if (wake_.get() < 0)
            throw RunnerError(std::string("runner: eventfd for the interaction: ") +
                              std::strerror(errno));
    }

    void submission_ended() { notify(submission_ended_); }
    void interactor_ended(bool accepted) {
        interactor_rejected_ = !accepted;
        notify(interactor_ended_);
    }
    void stop() { notify(stop_); }

    // The thread's body. Reads the flags set by the others; owns the four relay ends.
    void run() {
        // A reader end closed under us would raise SIGPIPE in the judge: never, as
        // run_interaction keeps both readers' ends until the relay stops; blocked anyway.
        sigset_t pipe_signal;
        sigemptyset(&pipe_signal);
        sigaddset(&pipe_signal, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_signal, nullptr);
        while (!stop_.load()) {
            apply_endings();
            pollfd fds[3] = {{wake_.get(), POLLIN, 0}, {-1, 0, 0}, {-1, 0, 0}};
            Direction* directions[2] = {&to_interactor_, &to_submission_};
            for (int i = 0; i < 2; ++i) fds[i + 1] = watch(*directions[i]);
            if (::poll(fds, 3, -1) < 0) {
                if (errno == EINTR) continue;
                fail("poll");
                break;
            }
            if (fds[0].revents) {
                std::uint64_t count;
                [[maybe_unused]] ssize_t ignored = ::read(wake_.get(), &count, sizeof count);
            }
            for (int i = 0; i < 2; ++i)
                if (fds[i + 1].revents) move(*directions[i]);
        }
        to_interactor_.close();
        to_submission_.close();
    }

    const Direction& to_interactor() const { return to_interactor_; }
    const Direction& to_submission() const { return to_submission_; }
    const std::string& error() const { return error_; }

 private:
    void notify(std::atomic<bool>& flag) {
        flag = true;
        std::uint64_t one = 1;
        [[maybe_unused]] ssize_t ignored = ::write(wake_.get(), &one, sizeof one);
    }

    // problemtools' rules (interaction.hpp) on what a program's end does to the other's pipe.
    void apply_endings() {
        if (interactor_ended_.load() && !to_interactor_.discard && to_interactor_.open()) {
            if (interactor_rejected_.load()) {
                to_interactor_.close();  // a submission still writing gets SIGPIPE at once
            } else {
                to_interactor_.to.reset();      // accepted: what the submission still says is
                to_interactor_.discard = true;  // drained (and counted), never a SIGPIPE
                to_interactor_.waiting_for_room = false;
            }
        }
        if (submission_ended_.load() && !to_submission_.discard && to_submission_.open()) {
            // An interactor that writes after the submission ended is drained, never blocked
            // or killed by SIGPIPE for it.
            to_submission_.to.reset();
            to_submission_.discard = true;
            to_submission_.waiting_for_room = false;
        }
    }

    static pollfd watch(const Direction& direction) {
        if (!direction.open()) return {-1, 0, 0};
        if (direction.waiting_for_room) return {direction.to.get(), POLLOUT, 0};
        return {direction.from.get(), POLLIN, 0};
    }

    void move(Direction& direction) {
        direction.waiting_for_room = false;
        ssize_t moved;
        if (direction.discard) {
            char buffer[65536];
            moved = ::read(direction.from.get(), buffer, sizeof buffer);
        } else {
            moved = ::splice(direction.from.get(), nullptr, direction.to.get(), nullptr, 1 << 16,
                             SPLICE_F_NONBLOCK);
        }
        if (moved > 0) {
            direction.bytes += moved;
            if (direction.bytes > direction.limit_bytes) {
                // The writer gets SIGPIPE on its next write, the reader EOF.
                direction.exceeded = true;
                direction.close();
            }
        } else if (moved == 0) {
            direction.close();  // every writer is gone: the reader reads EOF after the rest
        } else if (errno == EAGAIN) {
            // `from` said it had data, so `to` is full (or, at worst, the next poll says again).
            if (!direction.discard) direction.waiting_for_room = true;
        } else if (errno != EINTR) {
            fail("splice");
            direction.close();
        }
    }

    void fail(const char* what) {
        if (error_.empty())
            error_ =
                std::string("runner: ") + what + " in the interaction: " + std::strerror(errno);
    }

    Direction to_interactor_, to_submission_;
    ScopedFd wake_;
    std::atomic<bool> submission_ended_{false}, interactor_ended_{false},
        interactor_rejected_{false}, stop_{false};
    std::string error_;
};

// What the relay counted, on the run of the writer: its stdout_bytes, and LimitHit::Output
// when its direction went over the bound (unless another limit ended it first).
void record_direction(RunResult& writer, const Direction& direction) {
    writer.stdout_bytes = direction.bytes;
    if (direction.exceeded && writer.limit_hit == LimitHit::None)
        writer.limit_hit = LimitHit::Output;
}

// A direction's bound: the writer's output limit (0: none).
std::int64_t relay_bound_bytes(const Limits& writer) {
    return writer.output_kib > 0 ? writer.output_kib * 1024
                                 : std::numeric_limits<std::int64_t>::max();
}

}  // namespace

InteractionResult run_interaction(RunRequest submission,
                                  RunRequest interactor,
                                  bool (*interactor_accepted)(const RunResult&),
                                  bool stop_when_rejected) {
    Channel submission_out = make_channel("submission's stdout");
    Channel interactor_in = make_channel("interactor's stdin");
    Channel interactor_out = make_channel("interactor's stdout");
    Channel submission_in = make_channel("submission's stdin");
    submission.stdin_fd = submission_in.read_end.get();
    submission.stdout_fd = submission_out.write_end.get();
    submission.stdin_path.clear();
    submission.stdout_path.clear();
    interactor.stdin_fd = interactor_in.read_end.get();
    interactor.stdout_fd = interactor_out.write_end.get();
    interactor.stdin_path.clear();
    interactor.stdout_path.clear();
    for (int fd : {submission_out.read_end.get(), interactor_in.write_end.get(),
                   interactor_out.read_end.get(), submission_in.write_end.get()})
        make_nonblocking(fd);

    Direction to_interactor, to_submission;
    to_interactor.from = std::move(submission_out.read_end);
    to_interactor.to = std::move(interactor_in.write_end);
    to_interactor.limit_bytes = relay_bound_bytes(submission.limits);
    to_submission.from = std::move(interactor_out.read_end);
    to_submission.to = std::move(submission_in.write_end);
    to_submission.limit_bytes = relay_bound_bytes(interactor.limits);
    Relay relay(std::move(to_interactor), std::move(to_submission));
    // Ends the submission's run once the interactor has ended without accepting: its verdict is
    // decided (the interactor ended first), and what it would still do, spin until the time
    // limit, is neither judged nor timed (BAPCtools kills it there too; a package's limit
    // derived from a wrong answer's time must not count it).
    ScopedFd stop_submission(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    if (stop_submission.get() < 0)
        throw RunnerError(std::string("runner: eventfd for the interaction: ") +
                          std::strerror(errno));
    submission.stop_fd = stop_submission.get();

    InteractionResult result;
    std::exception_ptr interactor_error, submission_error;
    // The readers' ends (the programs' stdin) stay open here until the relay has stopped, so
    // the relay never writes into a pipe without a reader. The submission's stdout write end is
    // closed by the thread that waited for it, the moment it ended: the relay then reads EOF
    // once what the program wrote is moved (a submission that closes its stdout early does not
    // end the dialogue by that: the interactor reads EOF when it has ended, as BAPCtools and
    // problemtools hold that pipe). The interactor's is closed as soon as it holds its own copy
    // (on_started): an interactor that closes its stdout gives the submission EOF at once, as
    // BAPCtools does (its test problem pseudointeraction: the interactor writes the case, closes
    // its stdout and waits for an answer that the submission gives at EOF). run_process has
    // made its own copies of the fds it was given when on_started runs, so closing ours then
    // never races with its start.
    std::thread relay_thread([&] { relay.run(); });
    interactor.on_started = [&interactor_out] { interactor_out.write_end.reset(); };
    std::thread interactor_thread([&] {
        try {
            result.interactor = run_process(interactor);
        } catch (...) {
            interactor_error = std::current_exception();
        }
        interactor_out.write_end.reset();
        const bool accepted = !interactor_error && interactor_accepted(result.interactor);
        relay.interactor_ended(accepted);
        if (!accepted && stop_when_rejected) {
            std::uint64_t one = 1;
            [[maybe_unused]] ssize_t ignored = ::write(stop_submission.get(), &one, sizeof one);
        }
    });
    try {
        result.submission = run_process(submission);
    } catch (...) {
        submission_error = std::current_exception();
    }
    submission_out.write_end.reset();
    relay.submission_ended();
    interactor_thread.join();
    relay.stop();
    relay_thread.join();
    if (interactor_error) std::rethrow_exception(interactor_error);
    if (submission_error) std::rethrow_exception(submission_error);
    if (!relay.error().empty()) throw RunnerError(relay.error());
    record_direction(result.submission, relay.to_interactor());
    record_direction(result.interactor, relay.to_submission());
    result.submission_output_exceeded = relay.to_interactor().exceeded;
    result.interactor_first = result.interactor.end_ns < result.submission.end_ns;
    return result;
}

}  // namespace judge

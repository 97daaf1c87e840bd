#include "running/interaction.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
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

}  // namespace

InteractionResult run_interaction(RunRequest submission,
                                  RunRequest interactor,
                                  bool (*interactor_accepted)(const RunResult&)) {
    Channel to_submission = make_channel("interactor to submission");
    Channel to_interactor = make_channel("submission to interactor");
    submission.stdin_fd = to_submission.read_end.get();
    submission.stdout_fd = to_interactor.write_end.get();
    submission.stdin_path.clear();
    submission.stdout_path.clear();
    interactor.stdin_fd = to_interactor.read_end.get();
    interactor.stdout_fd = to_submission.write_end.get();
    interactor.stdin_path.clear();
    interactor.stdout_path.clear();

    InteractionResult result;
    std::exception_ptr interactor_error, submission_error;
    // Each side's closing is done by the thread that waited for it, the moment it ended; the two
    // threads touch different fds. run_process has made its own copies of the fds it was given
    // before it returns, so closing ours afterwards never races with its start.
    std::thread interactor_thread([&] {
        try {
            result.interactor = run_process(interactor);
        } catch (...) {
            interactor_error = std::current_exception();
        }
        to_submission.write_end.reset();
        if (interactor_error || !interactor_accepted(result.interactor))
            to_interactor.read_end.reset();
    });
    try {
        result.submission = run_process(submission);
    } catch (...) {
        submission_error = std::current_exception();
    }
    to_interactor.write_end.reset();
    interactor_thread.join();
    if (interactor_error) std::rethrow_exception(interactor_error);
    if (submission_error) std::rethrow_exception(submission_error);
    result.interactor_first = result.interactor.end_ns < result.submission.end_ns;
    return result;
}

}  // namespace judge

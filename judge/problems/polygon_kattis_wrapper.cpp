// polygon_kattis_wrapper.cpp: a Polygon package's testlib checker or validator speaking the Kattis
// package protocol. Not part of the judge: `judge export` of a Polygon package
// (problems/polygon_export.hpp) writes this file beside the program's own source and testlib.h,
// and the format's tools compile a program folder's sources together, so the constructor below
// runs before the program's main and adapts its arguments and exit codes:
//
// - output validator (the default): called as `validator <in> <ans> <feedback_dir> < output`;
//   stdin (the submission's output) is saved as <feedback_dir>/team_output and the checker runs
//   as testlib wants it, `checker <in> <feedback_dir>/team_output <ans>`, its stderr (testlib's
//   message) appended to <feedback_dir>/judgemessage.txt. Exit 42 for testlib's 0 (ok), 43 for
//   1 (wrong answer) and 2 (presentation error: the format has no such verdict); anything else
//   (3 fail, 7 points, a crash) is the checker's failure, exit 1, never 43: a judge error is no
//   wrong answer.
// - input validator (POLYGON_KATTIS_INPUT_VALIDATOR defined above this text): the validator reads
//   stdin as it does under Polygon; exit 0 (valid) is 42, another exit (testlib's 3) 43, a crash
//   1.
//
// The program runs in a forked child, so its main, its exit() calls and its crashes are its own
// and the parent sees them all as a wait status. glibc passes argc and argv to constructors (the
// tools run on Linux). No '@' in this file: CMake embeds it into the judge with configure_file.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace polygon_kattis {

/// Kattis' exit code for a testlib checker's wait status.
inline int output_validator_exit(int wait_status) {
    if (!WIFEXITED(wait_status)) return 1;
    int code = WEXITSTATUS(wait_status);
    if (code == 0) return 42;
    if (code == 1 || code == 2) return 43;
    return 1;
}

/// Kattis' exit code for a testlib validator's wait status.
inline int input_validator_exit(int wait_status) {
    if (!WIFEXITED(wait_status)) return 1;
    return WEXITSTATUS(wait_status) == 0 ? 42 : 43;
}

inline bool write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        ssize_t wrote = ::write(fd, data, size);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;
        data += wrote;
        size -= static_cast<std::size_t>(wrote);
    }
    return true;
}

// Copies stdin into `path`; false when it cannot.
inline bool save_stdin(const std::string& path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    char buffer[1 << 16];
    bool ok = true;
    for (;;) {
        ssize_t got = ::read(0, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) ok = false;
        if (got <= 0) break;
        if (!write_all(fd, buffer, static_cast<std::size_t>(got))) {
            ok = false;
            break;
        }
    }
    return ::close(fd) == 0 && ok;
}

[[noreturn]] inline void fail(const char* why) {
    std::fprintf(stderr, "polygon_kattis_wrapper: %s\n", why);
    std::_Exit(1);
}

// Forks: returns in the child (which goes on to the program's main); the parent waits for it and
// exits with `map` of its status.
inline void run_program_in_child(int (*map)(int)) {
    std::fflush(nullptr);
    pid_t child = ::fork();
    if (child < 0) fail("fork failed");
    if (child == 0) return;
    int status = 0;
    while (::waitpid(child, &status, 0) < 0)
        if (errno != EINTR) fail("waitpid failed");
    std::_Exit(map(status));
}

}  // namespace polygon_kattis

#ifdef POLYGON_KATTIS_INPUT_VALIDATOR
__attribute__((constructor(101))) static void polygon_kattis_adapt(int, char**, char**) {
    polygon_kattis::run_program_in_child(polygon_kattis::input_validator_exit);
}
#else
__attribute__((constructor(101))) static void polygon_kattis_adapt(int argc, char** argv, char**) {
    if (argc < 4) polygon_kattis::fail("usage: validator <in> <ans> <feedback_dir> < output");
    static std::string feedback = std::string(argv[3]) + "/";
    static std::string output = feedback + "team_output";
    static std::string message = feedback + "judgemessage.txt";
    static std::string result = feedback + "testlib_result.txt";
    if (!polygon_kattis::save_stdin(output))
        polygon_kattis::fail("cannot save the output into the feedback folder");
    int message_fd = ::open(message.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (message_fd < 0) polygon_kattis::fail("cannot open judgemessage.txt");
    polygon_kattis::run_program_in_child(polygon_kattis::output_validator_exit);
    // The child: testlib's arguments in place of Kattis' (argc stays: a 5th argument, the
    // validator flags' first, becomes testlib's result file in the feedback folder).
    ::dup2(message_fd, 2);
    std::string answer = argv[2];
    static std::string answer_copy = answer;
    argv[2] = output.data();
    argv[3] = answer_copy.data();
    if (argc > 4) argv[4] = result.data();
    for (int i = 5; i < argc; ++i) argv[i] = result.data();
}
#endif

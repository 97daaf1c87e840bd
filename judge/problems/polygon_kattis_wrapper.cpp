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
//   1 (wrong answer) and 2 (presentation error: the format has no such verdict); 7 (points,
//   testlib's quitp: its message starts "points X") is Polygon's partial result, which the
//   format has not either: 43, as the judge gives it WA in the Polygon package, unless
//   POLYGON_KATTIS_POINTS_PERCENT is defined above this text (the package treats the points as
//   percentages) and X is at least 100, the whole test: 42. Anything else (3 fail, 7 without a
//   number, a crash) is the checker's failure, exit 1, never 43: a judge error is no wrong
//   answer.
// - input validator (POLYGON_KATTIS_INPUT_VALIDATOR defined above this text): the validator reads
//   stdin as it does under Polygon; exit 0 (valid) is 42, another exit (testlib's 3) 43, a crash
//   1.
// - interactive (POLYGON_KATTIS_INTERACTIVE defined above this text): no program of the package
//   is compiled with this file; it is the output validator's `run`, which the folder's `build`
//   script compiles beside the package's interactor and checker, each compiled alone from its
//   own source (two testlib programs, two mains). Below.
//
// With a constructor, the program runs in a forked child, so its main, its exit() calls and its
// crashes are its own and the parent sees them all as a wait status. glibc passes argc and argv to
// constructors (the tools run on Linux). No '@' in this file: CMake embeds it into the judge with
// configure_file.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace polygon_kattis {

/// judgemessage.txt, where the checker's stderr goes (set before it runs).
inline std::string& message_path() {
    static std::string path;
    return path;
}

/// The points of the last line of judgemessage.txt that starts "points " (testlib's quitp);
/// false when there is none, or no number after it.
inline bool checker_points(double& points) {
    std::FILE* file = std::fopen(message_path().c_str(), "r");
    if (!file) return false;
    bool found = false;
    char line[4096];
    while (std::fgets(line, sizeof line, file)) {
        if (std::strncmp(line, "points ", 7) != 0) continue;
        char* end = nullptr;
        double value = std::strtod(line + 7, &end);
        found = end != line + 7;
        if (found) points = value;
    }
    std::fclose(file);
    return found;
}

/// Kattis' exit code for a testlib checker's wait status.
inline int output_validator_exit(int wait_status) {
    if (!WIFEXITED(wait_status)) return 1;
    int code = WEXITSTATUS(wait_status);
    if (code == 0) return 42;
    if (code == 1 || code == 2) return 43;
    double points = 0;
    if (code == 7 && checker_points(points)) {
#if defined(POLYGON_KATTIS_POINTS_PERCENT)
        if (points >= 100) return 42;
#endif
        return 43;
    }
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

#if defined(POLYGON_KATTIS_INTERACTIVE)
// Polygon's interactive protocol in the format's one. Called as the format's interactive output
// validator, `run <in> <ans> <feedback_dir> [flags] < submission's output > submission's input`:
//
// 1. the package's interactor runs as Polygon runs it, `interactor <in> <feedback_dir>/tout
//    <ans>`, with this program's stdin and stdout (the submission's), its stderr appended to
//    judgemessage.txt; it ignores SIGPIPE, so a submission gone early makes its writes fail and
//    its next read see EOF (a rejection, as under Polygon), not kill it (a validator crash);
// 2. this program keeps no end the submission reads from: it reads EOF when the interactor ends;
// 3. the interactor rejected (testlib 1 wrong answer, 2 presentation error): exit 43 as soon as
//    the submission writes again or ends, not at once. Polygon judges a submission out of time
//    TLE whatever the interactor said (and one that writes on is cut by SIGPIPE: the rejection
//    stands); the format lets a validator that ends first decide, so ending first would make
//    such a submission's TLE a wrong answer;
// 4. it accepted (0): what the submission still writes is read and dropped until it ends (as
//    under Polygon, its own limit or crash then decides), and the package's checker judges the
//    interactor's tout as Polygon does, `checker <in> <feedback_dir>/tout <ans>`: 0 is 42, 1 and
//    2 are 43;
// 5. the checker's points (7) as for an output validator, above; anything else from either (3
//    fail, the interactor's 7, a crash, a program that cannot start) is this validator's
//    failure, exit 1, never 43: a judge error is no wrong answer.
// The interactor and the checker are the binaries `interactor` and `checker` beside this one.
namespace polygon_kattis {

inline std::string folder_of(const char* program) {
    std::string path = program;
    std::string::size_type slash = path.rfind('/');
    return slash == std::string::npos ? std::string("./") : path.substr(0, slash + 1);
}

// Starts `argv[0]` with stdin `in`, stdout `out` and stderr `err`; SIGPIPE ignored when asked.
inline pid_t start(char* const* argv, int in, int out, int err, bool ignore_sigpipe) {
    std::fflush(nullptr);
    pid_t child = ::fork();
    if (child < 0) fail("fork failed");
    if (child > 0) return child;
    if (ignore_sigpipe) ::signal(SIGPIPE, SIG_IGN);
    if ((in != 0 && ::dup2(in, 0) < 0) || (out != 1 && ::dup2(out, 1) < 0) || ::dup2(err, 2) < 0)
        std::_Exit(127);
    ::execv(argv[0], argv);
    std::fprintf(stderr, "polygon_kattis_wrapper: cannot start %s\n", argv[0]);
    std::_Exit(127);
}

inline int wait_for(pid_t child) {
    int status = 0;
    while (::waitpid(child, &status, 0) < 0)
        if (errno != EINTR) fail("waitpid failed");
    return status;
}

// Waits until `fd` has something to read or its writer is gone.
inline void wait_readable(int fd) {
    pollfd watch = {fd, POLLIN, 0};
    while (::poll(&watch, 1, -1) < 0)
        if (errno != EINTR) return;
}

// Reads `fd` to its end, dropping what it reads.
inline void drain(int fd) {
    char buffer[1 << 16];
    for (;;) {
        ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return;
    }
}

inline void note(int fd, const std::string& text) { write_all(fd, text.data(), text.size()); }

}  // namespace polygon_kattis

int main(int argc, char** argv) {
    using namespace polygon_kattis;
    if (argc < 4) fail("usage: run <in> <ans> <feedback_dir> < output > input");
    std::string feedback = argv[3];
    if (feedback.empty() || feedback.back() != '/') feedback += '/';
    std::string tout = feedback + "tout";
    std::string message = feedback + "judgemessage.txt";
    message_path() = message;
    std::string folder = folder_of(argv[0]);
    std::string interactor = folder + "interactor";
    std::string checker = folder + "checker";
    int message_fd = ::open(message.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (message_fd < 0) fail("cannot open judgemessage.txt");
    int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null_fd < 0) fail("cannot open /dev/null");

    char* interactor_argv[] = {interactor.data(), argv[1], tout.data(), argv[2], nullptr};
    pid_t interactor_pid = start(interactor_argv, 0, 1, message_fd, true);
    if (::dup2(null_fd, 1) < 0) fail("cannot close stdout");
    int status = wait_for(interactor_pid);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == 1 || code == 2) {
        wait_readable(0);
        std::_Exit(43);
    }
    if (code != 0) {
        note(message_fd, WIFEXITED(status)
                             ? "polygon_kattis_wrapper: the interactor failed (exit code " +
                                   std::to_string(code) + ")\n"
                             : "polygon_kattis_wrapper: the interactor was killed by signal " +
                                   std::to_string(WTERMSIG(status)) + "\n");
        std::_Exit(1);
    }
    drain(0);
    char* checker_argv[] = {checker.data(), argv[1], tout.data(), argv[2], nullptr};
    std::_Exit(
        output_validator_exit(wait_for(start(checker_argv, null_fd, null_fd, message_fd, false))));
}
#elif defined(POLYGON_KATTIS_INPUT_VALIDATOR)
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
    polygon_kattis::message_path() = message;
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

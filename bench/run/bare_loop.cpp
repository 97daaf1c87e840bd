// bare_loop: the floor `judge run` is measured against (bench/run/cases_per_second.sh).
// For each case FIRST..LAST of CASES (NAME.in, NAME.ans): optionally the validator (stdin = the
// input), the solution (stdin = the input, stdout = a file), the checker (input, output,
// answer), each started with posix_spawn and reaped with waitpid, one after the other, as the
// judge does with --jobs 1, with none of its limits, sandbox or bookkeeping. Prints the wall
// time of the loop in seconds. Every program must exit 0 (or it is an error: a broken floor
// would flatter the judge).
//
// Usage: bare_loop VALIDATE(0|1) CASES FIRST LAST SOLUTION CHECKER VALIDATOR OUTPUT_FILE
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern char** environ;

namespace {

double now_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// posix_spawn + waitpid of `argv` with stdin/stdout from the given files (empty: /dev/null).
void run(const std::vector<std::string>& argv, const std::string& in, const std::string& out) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, in.empty() ? "/dev/null" : in.c_str(), O_RDONLY,
                                     0);
    posix_spawn_file_actions_addopen(&actions, 1, out.empty() ? "/dev/null" : out.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) {
        std::fprintf(stderr, "bare_loop: cannot start %s\n", args[0]);
        std::exit(1);
    }
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {}
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "bare_loop: %s failed (status %d)\n", args[0], status);
        std::exit(1);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 9) {
        std::fprintf(stderr,
                     "usage: bare_loop VALIDATE CASES FIRST LAST SOLUTION CHECKER VALIDATOR "
                     "OUTPUT_FILE\n");
        return 2;
    }
    const bool validate = std::string(argv[1]) == "1";
    const std::string cases = argv[2];
    const int first = std::atoi(argv[3]), last = std::atoi(argv[4]);
    const std::string solution = argv[5], checker = argv[6], validator = argv[7], output = argv[8];
    double start = now_seconds();
    for (int i = first; i <= last; ++i) {
        std::string in = cases + "/" + std::to_string(i) + ".in";
        std::string answer = cases + "/" + std::to_string(i) + ".ans";
        if (validate) run({validator}, in, "");
        run({solution}, in, output);
        run({checker, in, output, answer}, "", "");
    }
    std::printf("%.4f\n", now_seconds() - start);
}

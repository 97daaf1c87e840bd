// spawn_time: whole-process time of one program on one input, without a shell in between.
// Usage: spawn_time RUNS INPUT PROGRAM [ARGS...]
// Runs PROGRAM RUNS times (after 3 warm-up runs) with stdin from INPUT and stdout/stderr to
// /dev/null; prints "median_wall_ms median_cpu_ms" (wall from CLOCK_MONOTONIC around fork ..
// wait4, cpu = user + sys from wait4's rusage). Exits 1 if a run fails.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char* argv[]) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: spawn_time RUNS INPUT PROGRAM [ARGS...]\n");
        return 2;
    }
    int runs = std::atoi(argv[1]);
    std::vector<double> wall, cpu;
    for (int i = -3; i < runs; ++i) {
        timespec t0{}, t1{};
        clock_gettime(CLOCK_MONOTONIC, &t0);
        pid_t pid = fork();
        if (pid < 0) return 1;
        if (pid == 0) {
            int in = open(argv[2], O_RDONLY), out = open("/dev/null", O_WRONLY);
            if (in < 0 || out < 0) _exit(127);
            dup2(in, 0), dup2(out, 1), dup2(out, 2);
            execv(argv[3], argv + 3);
            _exit(127);
        }
        int status = 0;
        rusage usage{};
        if (wait4(pid, &status, 0, &usage) != pid) return 1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::fprintf(stderr, "spawn_time: the program failed (status %d)\n", status);
            return 1;
        }
        if (i < 0) continue;
        wall.push_back((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
        cpu.push_back((usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
                      (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3);
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("%.2f %.2f\n", median(wall), median(cpu));
}

// Benchmarks of the process runner (Google Benchmark; built with JUDGE_BUILD_BENCHMARKS, never
// run by ctest; figures in bench/runner/RESULTS.md).
//   - BM_BareSpawn: posix_spawn + wait4 of a trivial program, the floor for any launcher.
//   - BM_RunProcess/cgroups:1|0/sandbox:0|1: run_process on the same program, with the cgroup
//     controllers or the rlimit + /proc fallback, bare or in the sandbox (namespaces, box,
//     unprivileged uid, syscall filter). Overhead per run = its time minus BM_BareSpawn's.
//   - BM_CpuLimitPromptness: a spinner under a 1 s CPU limit; the counters give the CPU and
//     wall time at which it was killed (goal: <= 1010 ms CPU, <= 1050 ms wall).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>

#include "running/process_runner.hpp"

extern char** environ;

namespace {

void BM_BareSpawn(benchmark::State& state) {
    char* argv[] = {const_cast<char*>(JUDGE_BENCH_TRIVIAL), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    for (auto _ : state) {
        pid_t pid;
        if (posix_spawn(&pid, argv[0], &actions, nullptr, argv, environ) != 0)
            state.SkipWithError("posix_spawn failed");
        int status;
        rusage usage;
        if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status))
            state.SkipWithError("wait4 failed");
    }
    posix_spawn_file_actions_destroy(&actions);
}
BENCHMARK(BM_BareSpawn)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_RunProcess(benchmark::State& state) {
    judge::RunRequest request;
    request.argv = {JUDGE_BENCH_TRIVIAL};
    request.use_cgroups = state.range(0) != 0;
    request.sandbox.enabled = state.range(1) != 0;
    if (request.sandbox.enabled && !judge::sandbox_support().available) {
        state.SkipWithError("no sandbox here");
        return;
    }
    std::string source, isolation;
    for (auto _ : state) {
        judge::RunResult result = judge::run_process(request);
        if (!result.exited || result.exit_code != 0) state.SkipWithError("the run failed");
        source = result.memory_source;
        isolation = result.isolation.substr(0, result.isolation.find(' '));
    }
    state.SetLabel("memory_source=" + source + " isolation=" + isolation);
}
BENCHMARK(BM_RunProcess)
    ->ArgNames({"cgroups", "sandbox"})
    ->ArgsProduct({{1, 0}, {0, 1}})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

void BM_CpuLimitPromptness(benchmark::State& state) {
    judge::RunRequest request;
    request.argv = {JUDGE_BENCH_SPIN};
    request.limits.cpu_ms = 1000;
    request.limits.wall_ms = 3000;
    request.use_cgroups = state.range(0) != 0;
    double cpu_ms_sum = 0, wall_ms_sum = 0, cpu_ms_max = 0, wall_ms_max = 0;
    for (auto _ : state) {
        judge::RunResult result = judge::run_process(request);
        if (result.limit_hit != judge::LimitHit::CpuTime) state.SkipWithError("not CpuTime");
        double cpu_ms = static_cast<double>(result.cpu_us) / 1000.0;
        double wall_ms = static_cast<double>(result.wall_us) / 1000.0;
        cpu_ms_sum += cpu_ms;
        wall_ms_sum += wall_ms;
        cpu_ms_max = std::max(cpu_ms_max, cpu_ms);
        wall_ms_max = std::max(wall_ms_max, wall_ms);
    }
    auto runs = static_cast<double>(state.iterations());
    state.counters["cpu_ms_mean"] = cpu_ms_sum / runs;
    state.counters["cpu_ms_max"] = cpu_ms_max;
    state.counters["wall_ms_mean"] = wall_ms_sum / runs;
    state.counters["wall_ms_max"] = wall_ms_max;
}
BENCHMARK(BM_CpuLimitPromptness)
    ->ArgName("cgroups")
    ->Arg(1)
    ->Arg(0)
    ->Iterations(5)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

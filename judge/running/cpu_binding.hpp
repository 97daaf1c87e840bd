// The CPUs a judge thread's runs may use. A judge run binds each worker to one CPU of the
// judge's, as contest judges bind each judging process to a core: the worker's programs, its
// box's spawner and the jury's programs all start and run there. The hand-offs of a run (judge
// thread -> spawner -> program -> judge thread) then happen on one CPU with warm caches,
// instead of waking another CPU each time and moving the programs' page-cache structures
// between the CPUs' caches (bench/run/RESULTS.md: tiny cases 8-9 % faster with --jobs 2 or
// validation, interactive round trips ~7 times as many on an idle machine). Internal to judge/.
#pragma once

#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <limits>

#include "util/parallel.hpp"

namespace judge {

/// Binds the calling thread to one CPU of those this process may use while it lives, then gives
/// the thread back the CPUs it had; children the thread starts meanwhile inherit the binding.
/// Worker k gets the k-th CPU after `first_cpu` (wrapping around): a pool of workers started
/// from one thread takes the CPU that thread was on (free enough to run it) and the next ones.
/// Nothing is bound when `enabled` is false or the CPUs cannot be read or set: the runs are then
/// placed by the kernel, as without it.
class WorkerCpuBinding {
 public:
    WorkerCpuBinding(int worker, int first_cpu, bool enabled);
    ~WorkerCpuBinding();
    WorkerCpuBinding(const WorkerCpuBinding&) = delete;
    WorkerCpuBinding& operator=(const WorkerCpuBinding&) = delete;

    /// The CPU bound to, or -1.
    int cpu() const { return cpu_; }
    /// The CPU the calling thread runs on now (-1 if unknown): `first_cpu` of a pool.
    static int current_cpu();

 private:
    int cpu_ = -1;
    cpu_set_t before_{};
};

/// run_workers (util/parallel.hpp), each worker bound to a CPU of its own when `bind` (worker k
/// on the k-th CPU from the one the calling thread is on now).
template <class Work>
void run_bound_workers(int jobs,
                       bool bind,
                       Work&& work,
                       std::size_t max_workers = std::numeric_limits<std::size_t>::max()) {
    const int first_cpu = WorkerCpuBinding::current_cpu();
    run_workers(
        jobs,
        [&](int worker) {
            const WorkerCpuBinding binding(worker, first_cpu, bind);
            work(worker);
        },
        max_workers);
}

namespace detail {

/// The calling thread's CPUs as a WorkerCpuBinding left them; nullptr when it never bound the
/// thread (the thread then has the CPUs it was started with).
const cpu_set_t* thread_cpus();
/// A number that changes whenever the calling thread's CPUs are changed through a binding, so
/// that a process serving the thread (a box's spawner) can follow them.
std::uint64_t thread_cpus_stamp();
/// Gives the calling thread every CPU of the process: a helper thread that a bound worker
/// starts inherits the worker's one CPU, where its work would wait for the worker's runs and
/// delay them.
void use_every_process_cpu();

}  // namespace detail
}  // namespace judge

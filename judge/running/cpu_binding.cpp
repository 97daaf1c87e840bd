// Binding a judge worker to one CPU (cpu_binding.hpp).
#include "running/cpu_binding.hpp"

#include <atomic>

namespace judge {

namespace {

std::atomic<std::uint64_t> last_stamp{0};
thread_local std::uint64_t thread_stamp = 0;  // 0: never bound
thread_local cpu_set_t thread_set;

/// The CPUs this process may use, read once (the first binding's thread's, before it binds).
const cpu_set_t* process_cpus() {
    static const cpu_set_t* const cpus = [] {
        static cpu_set_t set;
        return ::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0 ? &set
                                                                                    : nullptr;
    }();
    return cpus;
}

void note_thread_cpus(const cpu_set_t& set) {
    thread_set = set;
    thread_stamp = ++last_stamp;
}

}  // namespace

int WorkerCpuBinding::current_cpu() { return ::sched_getcpu(); }

WorkerCpuBinding::WorkerCpuBinding(int worker, int first_cpu, bool enabled) {
    const cpu_set_t* cpus = process_cpus();
    if (!enabled || !cpus || worker < 0 || ::sched_getaffinity(0, sizeof before_, &before_) != 0)
        return;
    // The process's CPUs in order, from first_cpu on (from the lowest when it is not one).
    int listed[CPU_SETSIZE], count = 0, first = 0;
    for (int candidate = 0; candidate < CPU_SETSIZE; ++candidate) {
        if (!CPU_ISSET(candidate, cpus)) continue;
        if (candidate == first_cpu) first = count;
        listed[count++] = candidate;
    }
    const int cpu = listed[(first + worker) % count];
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (::sched_setaffinity(0, sizeof one, &one) != 0) return;
    cpu_ = cpu;
    note_thread_cpus(one);
}

WorkerCpuBinding::~WorkerCpuBinding() {
    if (cpu_ < 0) return;
    ::sched_setaffinity(0, sizeof before_, &before_);
    note_thread_cpus(before_);
}

namespace detail {

const cpu_set_t* thread_cpus() { return thread_stamp != 0 ? &thread_set : nullptr; }
std::uint64_t thread_cpus_stamp() { return thread_stamp; }

void use_every_process_cpu() {
    if (const cpu_set_t* cpus = process_cpus()) ::sched_setaffinity(0, sizeof *cpus, cpus);
}

}  // namespace detail
}  // namespace judge

#include "running/cpu_binding.hpp"

#include <sched.h>

#include <thread>

#include <gtest/gtest.h>

namespace judge {
namespace {

cpu_set_t own_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    EXPECT_EQ(::sched_getaffinity(0, sizeof set, &set), 0);
    return set;
}

/// The k-th CPU (in order) of `set`, -1 if there is none.
int nth_cpu(const cpu_set_t& set, int k) {
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set) && k-- == 0) return cpu;
    return -1;
}

// Each check on a thread of its own: a binding must not outlive its guard anyway, but a failed
// check must not leave the test process bound either.
template <class Check>
void on_a_thread(Check check) {
    std::thread(check).join();
}

TEST(WorkerCpuBinding, BindsTheThreadToOneCpuAndGivesItsCpusBack) {
    on_a_thread([] {
        const cpu_set_t before = own_cpus();
        const std::uint64_t stamp = detail::thread_cpus_stamp();
        {
            WorkerCpuBinding binding(0, nth_cpu(before, 0), true);
            ASSERT_EQ(binding.cpu(), nth_cpu(before, 0));
            cpu_set_t now = own_cpus();
            EXPECT_EQ(CPU_COUNT(&now), 1);
            EXPECT_TRUE(CPU_ISSET(binding.cpu(), &now));
            ASSERT_NE(detail::thread_cpus(), nullptr);
            EXPECT_TRUE(CPU_EQUAL(detail::thread_cpus(), &now));
            EXPECT_NE(detail::thread_cpus_stamp(), stamp);
        }
        cpu_set_t after = own_cpus();
        EXPECT_TRUE(CPU_EQUAL(&after, &before));
        ASSERT_NE(detail::thread_cpus(), nullptr);
        EXPECT_TRUE(CPU_EQUAL(detail::thread_cpus(), &before)) << "a spawner follows this set";
    });
}

TEST(WorkerCpuBinding, WorkersTakeTheCpusFromTheFirstOnWrappingAround) {
    const cpu_set_t all = own_cpus();
    const int count = CPU_COUNT(&all);
    if (count < 2) GTEST_SKIP() << "one CPU: every worker gets it";
    const int first = nth_cpu(all, count - 1);  // the last: the next worker wraps to the first
    for (int worker = 0; worker < 3; ++worker) {
        on_a_thread([&] {
            WorkerCpuBinding binding(worker, first, true);
            EXPECT_EQ(binding.cpu(), nth_cpu(all, (count - 1 + worker) % count)) << worker;
        });
    }
    on_a_thread([&] {  // a first CPU that is not the process's: from the lowest
        WorkerCpuBinding binding(1, -1, true);
        EXPECT_EQ(binding.cpu(), nth_cpu(all, 1));
    });
}

TEST(WorkerCpuBinding, DisabledBindsNothing) {
    on_a_thread([] {
        const cpu_set_t before = own_cpus();
        const std::uint64_t stamp = detail::thread_cpus_stamp();
        WorkerCpuBinding binding(0, nth_cpu(before, 0), false);
        EXPECT_EQ(binding.cpu(), -1);
        cpu_set_t now = own_cpus();
        EXPECT_TRUE(CPU_EQUAL(&now, &before));
        EXPECT_EQ(detail::thread_cpus_stamp(), stamp);
    });
}

}  // namespace
}  // namespace judge

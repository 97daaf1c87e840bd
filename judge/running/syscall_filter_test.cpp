// The sandbox's syscall filter, run by a small classic-BPF interpreter over every syscall
// number: it must refuse exactly the listed calls (EPERM), clone with a namespace flag or with
// CLONE_PARENT but from the spawner (EPERM), madvise's page-cache advice (EPERM), preadv2 and
// pwritev2 with RWF_NOWAIT (EOPNOTSUPP), clone3 (ENOSYS), x32 numbers (EPERM) and other
// architectures (kill), and allow the rest. The filter is a search tree built at compile time;
// a wrong jump would let a call through.
#include <gtest/gtest.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <set>

#include "running/sandbox.hpp"

namespace judge::detail {
namespace {

struct Call {
    unsigned arch;
    unsigned number;
    std::uint64_t args[6];
};

/// The filter's verdict for `call`; fails the test on an instruction the filter should not
/// hold or a jump out of it.
unsigned run_filter(const sock_filter* code, std::size_t length, const Call& call) {
    unsigned accumulator = 0;
    std::size_t at = 0;
    while (at < length) {
        const sock_filter& step = code[at];
        switch (step.code) {
            case BPF_LD | BPF_W | BPF_ABS: {
                const std::size_t args = offsetof(seccomp_data, args);
                if (step.k == offsetof(seccomp_data, arch)) {
                    accumulator = call.arch;
                } else if (step.k == offsetof(seccomp_data, nr)) {
                    accumulator = call.number;
                } else if (step.k >= args && step.k < args + sizeof call.args && step.k % 4 == 0) {
                    // x86-64: the low word of an argument first.
                    std::uint64_t argument = call.args[(step.k - args) / 8];
                    accumulator =
                        static_cast<unsigned>((step.k - args) % 8 == 0 ? argument : argument >> 32);
                } else {
                    ADD_FAILURE() << "load of offset " << step.k;
                }
                ++at;
                break;
            }
            case BPF_JMP | BPF_JEQ | BPF_K:
                at += 1 + (accumulator == step.k ? step.jt : step.jf);
                break;
            case BPF_JMP | BPF_JGE | BPF_K:
                at += 1 + (accumulator >= step.k ? step.jt : step.jf);
                break;
            case BPF_JMP | BPF_JSET | BPF_K:
                at += 1 + ((accumulator & step.k) != 0 ? step.jt : step.jf);
                break;
            case BPF_RET | BPF_K: return step.k;
            default: ADD_FAILURE() << "instruction " << step.code << " at " << at; return 0;
        }
    }
    ADD_FAILURE() << "the filter ran off its end";
    return 0;
}

constexpr unsigned kEperm = SECCOMP_RET_ERRNO | EPERM;

/// The filter's verdict for an x86-64 call.
unsigned verdict(unsigned number, std::initializer_list<std::uint64_t> args = {}) {
    std::size_t length = 0;
    const sock_filter* code = syscall_filter(&length);
    Call call{AUDIT_ARCH_X86_64, number, {}};
    std::size_t i = 0;
    for (std::uint64_t argument : args) call.args[i++] = argument;
    return run_filter(code, length, call);
}

class SyscallFilter : public ::testing::Test {
 protected:
    void SetUp() override {
        std::size_t length = 0;
        if (!syscall_filter(&length)) GTEST_SKIP() << "no syscall filter on this architecture";
        ASSERT_LE(length, BPF_MAXINSNS);
    }
};

TEST_F(SyscallFilter, RefusesExactlyTheListedCallsAndAllowsEveryOther) {
    std::size_t length = 0, denied_count = 0;
    const sock_filter* code = syscall_filter(&length);
    const unsigned* denied = syscall_filter_denied(&denied_count);
    ASSERT_GT(denied_count, 30u);
    const std::set<unsigned> refused(denied, denied + denied_count);
    EXPECT_TRUE(refused.count(SYS_ptrace) && refused.count(SYS_mount) &&
                refused.count(SYS_unshare));
    // A POSIX message queue would outlive its run in a resident box's ipc namespace.
    EXPECT_TRUE(refused.count(SYS_mq_open));
    for (unsigned number = 0; number < 1024; ++number) {
        unsigned expected = refused.count(number) ? kEperm : SECCOMP_RET_ALLOW;
        if (number == SYS_clone3) expected = SECCOMP_RET_ERRNO | ENOSYS;
        EXPECT_EQ(verdict(number), expected) << number;
        unsigned with_namespace = number == SYS_clone ? kEperm : expected;
        for (unsigned flag : {CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET})
            EXPECT_EQ(verdict(number, {flag | SIGCHLD}), with_namespace)
                << number << " with namespace flag " << flag;
    }
    for (unsigned x32 : {0x40000000u, 0x40000000u + SYS_read, 0xffffffffu})
        EXPECT_EQ(run_filter(code, length, {AUDIT_ARCH_X86_64, x32, {}}), kEperm) << x32;
    EXPECT_EQ(run_filter(code, length, {AUDIT_ARCH_I386, SYS_read, {}}), SECCOMP_RET_KILL_PROCESS);
}

TEST_F(SyscallFilter, CloneParentPassesWithTheSpawnersKeyAlone) {
    // A process cloned with CLONE_PARENT is its cloner's sibling: in a direct run, the judge
    // thread's child. Only the box's spawner, which knows the key, may do it.
    std::uint64_t key = 0;
    ASSERT_TRUE(spawner_clone_key(&key));
    ASSERT_NE(key, 0u);
    const std::uint64_t parent = CLONE_PARENT | SIGCHLD;
    const std::uint64_t spawner = CLONE_VM | CLONE_VFORK | CLONE_PIDFD | CLONE_PARENT;
    EXPECT_EQ(verdict(SYS_clone, {spawner, 0x1000, 0x2000, 0, key}), SECCOMP_RET_ALLOW);
    EXPECT_EQ(verdict(SYS_clone, {parent, 0, 0, 0, key}), SECCOMP_RET_ALLOW);
    for (std::uint64_t guess :
         {std::uint64_t{0}, key ^ 1, key ^ (std::uint64_t{1} << 40), key & 0xffffffffu, key >> 32})
        EXPECT_EQ(verdict(SYS_clone, {parent, 0, 0, 0, guess}), kEperm) << guess;
    // The key opens CLONE_PARENT, never a namespace; other arguments do not hold it.
    EXPECT_EQ(verdict(SYS_clone, {parent | CLONE_NEWPID, 0, 0, 0, key}), kEperm);
    EXPECT_EQ(verdict(SYS_clone, {parent, key, key, key, 0, key}), kEperm);
    // fork (glibc: clone with SIGCHLD and the tid flags), vfork's flags and threads still pass.
    EXPECT_EQ(verdict(SYS_clone, {CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD}),
              SECCOMP_RET_ALLOW);
    EXPECT_EQ(verdict(SYS_clone, {CLONE_VM | CLONE_VFORK | SIGCHLD}), SECCOMP_RET_ALLOW);
    EXPECT_EQ(verdict(SYS_clone,
                      {CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD |
                       CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID}),
              SECCOMP_RET_ALLOW);
    EXPECT_EQ(verdict(SYS_vfork), SECCOMP_RET_ALLOW);
    EXPECT_EQ(verdict(SYS_fork), SECCOMP_RET_ALLOW);
}

TEST_F(SyscallFilter, RefusesWhatDropsOrProbesThePageCache) {
    // Another run's cached pages of /usr: dropped (fadvise, MADV_PAGEOUT, MADV_COLD) or probed
    // (mincore, cachestat, RWF_NOWAIT) they would carry bits from run to run.
    EXPECT_EQ(verdict(SYS_fadvise64, {3, 0, 0, 4 /* POSIX_FADV_DONTNEED */}), kEperm);
    EXPECT_EQ(verdict(SYS_mincore, {0x10000, 4096, 0x20000}), kEperm);
    EXPECT_EQ(verdict(451 /* cachestat */, {3, 0x1000, 0x2000, 0}), kEperm);
    for (std::uint64_t advice : {MADV_COLD, MADV_PAGEOUT})
        EXPECT_EQ(verdict(SYS_madvise, {0x10000, 4096, advice}), kEperm) << advice;
    // The advice is an int: the kernel ignores the high word.
    EXPECT_EQ(verdict(SYS_madvise, {0x10000, 4096, (std::uint64_t{1} << 32) | MADV_PAGEOUT}),
              kEperm);
    for (std::uint64_t advice :
         {MADV_NORMAL, MADV_DONTNEED, MADV_FREE, MADV_WILLNEED, MADV_HUGEPAGE, MADV_DONTFORK})
        EXPECT_EQ(verdict(SYS_madvise, {0x10000, 4096, advice}), SECCOMP_RET_ALLOW) << advice;
    const unsigned not_supported = SECCOMP_RET_ERRNO | EOPNOTSUPP;
    for (unsigned number : {SYS_preadv2, SYS_pwritev2}) {
        EXPECT_EQ(verdict(number, {3, 0x1000, 1, 0, 0, RWF_NOWAIT}), not_supported) << number;
        EXPECT_EQ(verdict(number, {3, 0x1000, 1, 0, 0, RWF_NOWAIT | RWF_HIPRI}), not_supported)
            << number;
        EXPECT_EQ(verdict(number, {3, 0x1000, 1, 0, 0, 0}), SECCOMP_RET_ALLOW) << number;
        EXPECT_EQ(verdict(number, {3, 0x1000, 1, 0, 0, RWF_HIPRI}), SECCOMP_RET_ALLOW) << number;
    }
    // The flags' place, not another argument's.
    EXPECT_EQ(verdict(SYS_preadv2, {RWF_NOWAIT, RWF_NOWAIT, RWF_NOWAIT, RWF_NOWAIT, RWF_NOWAIT}),
              SECCOMP_RET_ALLOW);
}

}  // namespace
}  // namespace judge::detail

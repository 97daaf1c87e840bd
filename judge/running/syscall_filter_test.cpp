// The sandbox's syscall filter, run by a small classic-BPF interpreter over every syscall
// number: it must refuse exactly the listed calls (EPERM), clone with a namespace flag (EPERM),
// clone3 (ENOSYS), x32 numbers (EPERM) and other architectures (kill), and allow the rest. The
// filter is a search tree built at compile time; a wrong jump would let a call through.
#include <gtest/gtest.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstddef>
#include <set>

#include "running/sandbox.hpp"

namespace judge::detail {
namespace {

struct Call {
    unsigned arch;
    unsigned number;
    unsigned first_argument;  // low 32 bits
};

/// The filter's verdict for `call`; fails the test on an instruction the filter should not
/// hold or a jump out of it.
unsigned run_filter(const sock_filter* code, std::size_t length, const Call& call) {
    unsigned accumulator = 0;
    std::size_t at = 0;
    while (at < length) {
        const sock_filter& step = code[at];
        switch (step.code) {
            case BPF_LD | BPF_W | BPF_ABS:
                if (step.k == offsetof(seccomp_data, arch))
                    accumulator = call.arch;
                else if (step.k == offsetof(seccomp_data, nr))
                    accumulator = call.number;
                else if (step.k == offsetof(seccomp_data, args[0]))
                    accumulator = call.first_argument;
                else
                    ADD_FAILURE() << "load of offset " << step.k;
                ++at;
                break;
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

TEST(SyscallFilter, RefusesExactlyTheListedCallsAndAllowsEveryOther) {
    std::size_t length = 0, denied_count = 0;
    const sock_filter* code = syscall_filter(&length);
    const unsigned* denied = syscall_filter_denied(&denied_count);
    if (!code) GTEST_SKIP() << "no syscall filter on this architecture";
    ASSERT_LE(length, BPF_MAXINSNS);
    ASSERT_GT(denied_count, 30u);
    const std::set<unsigned> refused(denied, denied + denied_count);
    EXPECT_TRUE(refused.count(SYS_ptrace) && refused.count(SYS_mount) &&
                refused.count(SYS_unshare));
    // A POSIX message queue would outlive its run in a resident box's ipc namespace.
    EXPECT_TRUE(refused.count(SYS_mq_open));
    constexpr unsigned kEperm = SECCOMP_RET_ERRNO | EPERM;
    for (unsigned number = 0; number < 1024; ++number) {
        unsigned expected = refused.count(number) ? kEperm : SECCOMP_RET_ALLOW;
        if (number == SYS_clone3) expected = SECCOMP_RET_ERRNO | ENOSYS;
        EXPECT_EQ(run_filter(code, length, {AUDIT_ARCH_X86_64, number, 0}), expected) << number;
        unsigned with_namespace = number == SYS_clone ? kEperm : expected;
        for (unsigned flag : {CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET})
            EXPECT_EQ(run_filter(code, length, {AUDIT_ARCH_X86_64, number, flag | SIGCHLD}),
                      with_namespace)
                << number << " with namespace flag " << flag;
    }
    for (unsigned x32 : {0x40000000u, 0x40000000u + SYS_read, 0xffffffffu})
        EXPECT_EQ(run_filter(code, length, {AUDIT_ARCH_X86_64, x32, 0}), kEperm) << x32;
    EXPECT_EQ(run_filter(code, length, {AUDIT_ARCH_I386, SYS_read, 0}), SECCOMP_RET_KILL_PROCESS);
}

}  // namespace
}  // namespace judge::detail

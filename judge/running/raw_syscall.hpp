// System calls that leave errno alone, for threads that share their memory (and with it
// glibc's thread-local errno) with a process they cloned with CLONE_VM: a keeper, a resident
// box's holder. While such a clone runs, the thread that started it may not rely on errno,
// and the clone's errno writes land in that thread's errno; so the waiting side calls these.
#pragma once

#include <unistd.h>

namespace judge::detail {

#if defined(__x86_64__)
/// Returns the result or -errno.
inline long raw_syscall(long number, long a = 0, long b = 0, long c = 0, long d = 0) {
    long result;
    register long r10 asm("r10") = d;
    asm volatile("syscall"
                 : "=a"(result)
                 : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10)
                 : "rcx", "r11", "memory");
    return result;
}
/// Whether a clone may share the judge's memory here (elsewhere: forks only).
constexpr bool kClonesCanShareMemory = true;
#else
inline long raw_syscall(long number, long a = 0, long b = 0, long c = 0, long d = 0) {
    long result = ::syscall(number, a, b, c, d);
    return result < 0 ? -errno : result;
}
constexpr bool kClonesCanShareMemory = false;
#endif

}  // namespace judge::detail

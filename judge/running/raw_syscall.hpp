// For threads that share their memory with a process they cloned with CLONE_VM (a keeper, a
// resident box's holder, a probe): system calls that leave errno alone (the clone's errno is
// the starting thread's, glibc's thread-local storage being reached through the same
// register), the clone's reaping, and its stack.
#pragma once

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>

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

/// waitpid for `pid` by raw system calls, retried on EINTR.
inline void raw_reap(pid_t pid, int& status) {
    while (raw_syscall(SYS_wait4, pid, reinterpret_cast<long>(&status), 0, 0) == -EINTR) {}
}

/// The stack a thread gives the CLONE_VM processes it starts one at a time (kept for its next
/// ones: the pages are faulted in once), with a guard page at its low end.
class CloneStack {
 public:
    explicit CloneStack(std::size_t bytes) : bytes_(bytes) {}
    CloneStack(const CloneStack&) = delete;
    CloneStack& operator=(const CloneStack&) = delete;
    ~CloneStack() {
        if (base_) ::munmap(base_, bytes_);
    }
    /// The top of the stack (stacks grow down), or nullptr when it cannot be mapped.
    char* top() {
        if (!base_) {
            void* mapped = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
            if (mapped == MAP_FAILED) return nullptr;
            base_ = static_cast<char*>(mapped);
            ::mprotect(base_, 4096, PROT_NONE);  // overflow faults instead of corrupting
        }
        return base_ + bytes_;
    }
    /// A clone that did not come back may still run on this stack for a moment (until its
    /// death signal lands): the stack is left to it, never reused.
    void abandon() { base_ = nullptr; }

 private:
    std::size_t bytes_;
    char* base_ = nullptr;
};

}  // namespace judge::detail

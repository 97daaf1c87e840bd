// RAII for one file descriptor: the runner's and the cgroup pool's fds are closed on every path.
#pragma once

#include <unistd.h>

#include <utility>

namespace judge::detail {

/// Owns one fd; closes it on destruction.
class ScopedFd {
 public:
    ScopedFd() = default;
    explicit ScopedFd(int fd) : fd_(fd) {}
    ScopedFd(ScopedFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    ScopedFd& operator=(ScopedFd&& other) noexcept {
        reset(std::exchange(other.fd_, -1));
        return *this;
    }
    ScopedFd(const ScopedFd&) = delete;
    ScopedFd& operator=(const ScopedFd&) = delete;
    ~ScopedFd() { reset(); }
    int get() const { return fd_; }
    void reset(int fd = -1) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

 private:
    int fd_ = -1;
};

}  // namespace judge::detail

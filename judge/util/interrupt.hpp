// Ctrl-C for the judge's long commands (run, stress): SIGINT/SIGTERM set a flag instead of
// killing the judge, so the command stops starting programs, lets the running ones end (on a
// terminal they get the same SIGINT), removes its scratch folders by unwinding, and exits 2 with
// one line. A second Ctrl-C kills at once (SA_RESETHAND).
#pragma once

#include <atomic>

namespace judge {

/// The flag the handler sets; lock-free, so it may be set from a signal handler.
std::atomic<bool>& interrupt_flag();

/// True once SIGINT or SIGTERM arrived while an InterruptGuard was alive.
inline bool interrupted() { return interrupt_flag().load(); }

/// Installs the handler for SIGINT and SIGTERM; restores the previous handlers when destroyed.
class InterruptGuard {
 public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
    struct Saved;
    Saved* saved_;
};

}  // namespace judge

#include "util/interrupt.hpp"

#include <signal.h>

namespace judge {

namespace {
std::atomic<bool> flag{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
void on_interrupt(int) { flag.store(true); }
}  // namespace

std::atomic<bool>& interrupt_flag() { return flag; }

struct InterruptGuard::Saved {
    struct sigaction previous_int {};
    struct sigaction previous_term {};
};

InterruptGuard::InterruptGuard() : saved_(new Saved) {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;  // a second Ctrl-C kills at once
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &saved_->previous_int);
    sigaction(SIGTERM, &action, &saved_->previous_term);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &saved_->previous_int, nullptr);
    sigaction(SIGTERM, &saved_->previous_term, nullptr);
    delete saved_;
}

}  // namespace judge

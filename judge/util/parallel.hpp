// The judge's one thread-pool loop: `jobs` workers pulling from a shared counter. Cases, files
// and stress seeds are all judged this way; the caller's `work` claims its items itself (an
// atomic index), so the order in which items are taken stays the caller's rule.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <thread>
#include <vector>

namespace judge {

/// Calls `work(worker_index)` on min(jobs, max_workers) threads (at least one) and returns when
/// every call has returned. One worker runs on the calling thread (no thread started), so
/// `--jobs 1` behaves exactly as a plain loop.
template <class Work>
void run_workers(int jobs,
                 Work&& work,
                 std::size_t max_workers = std::numeric_limits<std::size_t>::max()) {
    std::size_t count = std::max<std::size_t>(
        1, std::min(static_cast<std::size_t>(std::max(jobs, 1)), max_workers));
    if (count == 1) {
        work(0);
        return;
    }
    std::vector<std::jthread> threads;
    threads.reserve(count);
    for (std::size_t i = 0; i < count; ++i) threads.emplace_back(work, static_cast<int>(i));
}

}  // namespace judge

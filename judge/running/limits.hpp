// The limits of one run: what every layer (the runner, problems, reports, compiles) shares, so
// none of them needs the runner's header for it.
#pragma once

#include <cstdint>

namespace judge {

/// Limits of one run. Every field is a hard limit; 0 means "no limit" for output_kib and
/// max_processes only.
struct Limits {
    std::int64_t cpu_ms = 1000;        ///< CPU time (user + system) of the whole process group
    std::int64_t wall_ms = 3000;       ///< monotonic wall-clock time from spawn to exit
    std::int64_t memory_kib = 262144;  ///< peak resident memory
    std::int64_t output_kib = 65536;   ///< bytes written to stdout; more is OLE
    int max_processes = 64;            ///< processes the run may have at once (fork bombs)
};

}  // namespace judge

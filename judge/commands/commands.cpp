// What the subcommands share: resolving the global options.
#include "commands/commands.hpp"

#include <algorithm>
#include <system_error>
#include <thread>

#include "building/compiler.hpp"
#include "problems/problem.hpp"

namespace judge {

namespace fs = std::filesystem;

Context make_context(const GlobalOptions& global) {
    Context context;
    context.root =
        find_root(global.root.empty() ? std::nullopt : std::optional<fs::path>(global.root));
    std::error_code error;
    context.cache_dir = fs::absolute(default_cache_dir(context.root, global.cache), error);
    if (error) context.cache_dir = default_cache_dir(context.root, global.cache);
    if (global.compile_cpu_s > 0) {
        context.compile_limits.cpu_ms = static_cast<std::int64_t>(global.compile_cpu_s * 1000);
        context.compile_limits.wall_ms = 2 * context.compile_limits.cpu_ms;
    }
    if (global.compile_memory_mib > 0)
        context.compile_limits.memory_kib = global.compile_memory_mib * 1024;
    return context;
}

int default_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

}  // namespace judge

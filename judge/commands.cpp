// What the subcommands share: resolving the global options.
#include "commands.hpp"

#include <algorithm>
#include <system_error>
#include <thread>

#include "compiler.hpp"
#include "problem.hpp"

namespace judge {

namespace fs = std::filesystem;

Context make_context(const GlobalOptions& global) {
    Context context;
    context.root =
        find_root(global.root.empty() ? std::nullopt : std::optional<fs::path>(global.root));
    std::error_code error;
    context.cache_dir = fs::absolute(default_cache_dir(context.root, global.cache), error);
    if (error) context.cache_dir = default_cache_dir(context.root, global.cache);
    return context;
}

int default_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

}  // namespace judge

// The judge's subcommands: each lives in its own cmd_<name>.cpp and registers itself on the app
// through setup_<name>() (CLI11's subcommand-in-files pattern). main.cpp only wires them.
#pragma once

#include "building/compiler.hpp"

#include <filesystem>
#include <string>

namespace CLI {
class App;
}

namespace judge {

/// Options every subcommand shares; owned by main(), alive while the app runs.
struct GlobalOptions {
    std::string root;   ///< --root DIR; empty = nearest ancestor of the cwd holding testdata/
    std::string cache;  ///< --cache DIR; empty = $JUDGE_CACHE_DIR or <root>/.cache/judge
    /// --compile-cpu-s and --compile-memory-mib; 0 = CompileLimits' defaults.
    double compile_cpu_s = 0;
    std::int64_t compile_memory_mib = 0;
};

/// The resolved global options, made when a subcommand runs.
struct Context {
    std::filesystem::path root;       ///< absolute project root
    std::filesystem::path cache_dir;  ///< absolute compiled-binary cache folder
    CompileLimits compile_limits;     ///< every compile's limits (defaults, or the options')
};

/// Resolves root and cache. Throws JudgeError when no root is found.
Context make_context(const GlobalOptions& global);

/// Thrown by a subcommand's callback to end the program with `status`; main() catches it.
/// (0 all good, 1 the judged program failed somewhere, 2 judge failure or misuse.)
struct CommandExit {
    int status;
};

/// The number of cores, at least 1 (the default of every --jobs).
int default_jobs();

/// The help text of --no-sandbox, the same for every subcommand that runs submissions.
inline constexpr const char* kNoSandboxHelp =
    "Run submissions without the sandbox (namespaces, unprivileged uid, no network); for "
    "machines that forbid namespaces";

void setup_run(CLI::App& app, const GlobalOptions& global);
void setup_list(CLI::App& app, const GlobalOptions& global);
// --- stress helper commands --- (setup_stress, setup_gen, setup_validate, setup_selftest)
void setup_stress(CLI::App& app, const GlobalOptions& global);
void setup_gen(CLI::App& app, const GlobalOptions& global);
void setup_validate(CLI::App& app, const GlobalOptions& global);
void setup_selftest(CLI::App& app, const GlobalOptions& global);

}  // namespace judge

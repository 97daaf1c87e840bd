// judge: compiles and judges the project's solutions (see README). Wiring only: every subcommand
// lives in its own cmd_<name>.cpp and registers itself through setup_<name>().
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "commands/commands.hpp"
#include "running/process_runner.hpp"
#include "util/error.hpp"
#include "util/files.hpp"  // escape_control

int main(int argc, char** argv) {
    judge::use_short_time_slice();  // before any thread: they all inherit it
    CLI::App app{"judge: compile, run and check competitive-programming solutions"};
    app.set_help_all_flag("--help-all", "Show the help of every subcommand");
    judge::GlobalOptions global;
    app.add_option("--root", global.root,
                   "Project root (default: nearest ancestor of the working directory holding "
                   "testdata/)");
    app.add_option("--cache", global.cache,
                   "Folder of compiled binaries (default: $JUDGE_CACHE_DIR or "
                   "<root>/.cache/judge)");
    app.add_option("--compile-cpu-s", global.compile_cpu_s,
                   "CPU time limit of every compile, in seconds (wall time: twice that; "
                   "default 30)")
        ->check(CLI::PositiveNumber);
    app.add_option("--compile-memory-mib", global.compile_memory_mib,
                   "Memory limit of every compile, in MiB (default 2048)")
        ->check(CLI::PositiveNumber);
    // Global options may also follow the subcommand: `judge run x --root R`.
    app.fallthrough();
    app.require_subcommand(1);

    judge::setup_run(app, global);
    judge::setup_list(app, global);
    judge::setup_verify(app, global);
    judge::setup_export(app, global);
    // --- stress helper commands ---
    judge::setup_stress(app, global);
    judge::setup_gen(app, global);
    judge::setup_validate(app, global);
    judge::setup_selftest(app, global);
    // --- end stress helper commands ---

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        // --help is a ParseError with status 0; any real parse error is misuse: exit 2.
        return app.exit(error) == 0 ? 0 : 2;
    } catch (const judge::CommandExit& exit) {
        return exit.status;
    } catch (const judge::JudgeError& error) {
        std::cout.flush();
        // One line whatever the message quotes: a file name may hold a newline or an escape code.
        std::cerr << "judge: error: " << judge::escape_control(error.what()) << "\n";
        return 2;
    } catch (const std::exception& error) {
        std::cout.flush();
        std::cerr << "judge: internal error: " << judge::escape_control(error.what()) << "\n";
        return 2;
    }
    return 0;
}

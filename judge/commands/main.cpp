// judge: compiles and judges the project's solutions (see README). Wiring only: every subcommand
// lives in its own cmd_<name>.cpp and registers itself through setup_<name>().
#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "commands/commands.hpp"
#include "commands/help.hpp"
#include "running/process_runner.hpp"
#include "util/error.hpp"
#include "util/files.hpp"  // escape_control
#include "util/install_layout.hpp"

#if !defined(JUDGE_VERSION) || !defined(JUDGE_GIT_COMMIT)
#error "JUDGE_VERSION and JUDGE_GIT_COMMIT come from judge/CMakeLists.txt (cmake/Version.cmake)"
#endif

namespace {

// `judge --version`: the release (project(VERSION)), the commit it was configured from, and the
// folder of checklib and the built-in checkers this binary uses (an installed one: its prefix).
std::string version_text() {
    judge::BuiltinCheckers checkers = judge::builtin_checkers();
    return std::string("judge ") + JUDGE_VERSION + " (commit " + JUDGE_GIT_COMMIT + ")\n" +
           "checkers: " + checkers.dir.string() + " (" + std::string(checkers.found_by) + ")";
}

}  // namespace

int main(int argc, char** argv) {
    judge::use_short_time_slice();  // before any thread: they all inherit it
    CLI::App app{"judge: compile, run and check competitive-programming solutions"};
    app.set_help_all_flag("--help-all", "Show the help of every subcommand");
    app.set_version_flag("--version", version_text,
                         "Show the version, the commit and where the built-in checkers are");
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
    app.add_option("--testset", global.testset,
                   "The testset of a Polygon package to judge (default: tests)");
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
    judge::add_examples(app);
    app.failure_message(judge::explain_parse_error);

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

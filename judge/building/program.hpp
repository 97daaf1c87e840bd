// A built program, ready to run: how it is started, and what a sandbox must show it.
#pragma once

#include <string>
#include <vector>

#include "running/process_runner.hpp"

namespace judge {

struct Language;

struct Program {
    const Language* language = nullptr;
    /// The start of its argv: the binary; or the interpreter and the main file; or the JVM, its
    /// flags, the class path and the main class. Absolute paths.
    std::vector<std::string> command;
    /// Host paths a sandboxed run must see, read-only: the program's own folder in the cache (an
    /// interpreted or JVM program), the JVM's configuration in /etc. Empty for a native binary
    /// (the runner execs it through a file descriptor; it need not be in the box).
    std::vector<std::string> box_paths;
    /// The folder whose entries a submission finds in its working folder (the format's: its
    /// files, their compiled forms, the included files): the program's folder in the cache, for
    /// a program that runs from it (interpreted, JVM, build and run scripts). Empty for a native
    /// binary: it runs through a file descriptor and its box holds nothing of it.
    std::string working_folder;
    /// A JVM's heap flag ("-Xmx"): each run passes the run's memory limit with it, so the heap
    /// stops where the judge would (as Kattis runs Java). Empty for other languages.
    std::string heap_flag;

    bool empty() const { return command.empty(); }
    /// The program's name for messages: its last command word (the binary or the main class).
    const std::string& display_name() const { return command.back(); }
};

/// Makes `request` run `program` with `args` appended: argv, and the box's extra read-only paths.
/// Call it after request.limits is set (a JVM's heap flag is taken from the memory limit).
void set_program(RunRequest& request,
                 const Program& program,
                 const std::vector<std::string>& args = {});

}  // namespace judge

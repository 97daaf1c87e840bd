// Helpers for judge_tests: small executable scripts standing in for solutions and checkers.
#pragma once

#include "building/program.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace judge::test {

/// A program file (a binary or a #! script) as the runner's Program: run as it is.
inline Program as_program(const std::filesystem::path& file) {
    Program program;
    program.command = {file.string()};
    return program;
}

/// Writes an executable `#!/bin/sh` script with `body` to `file` and returns its path.
inline std::filesystem::path write_script(const std::filesystem::path& file,
                                          const std::string& body) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << "#!/bin/sh\n" << body << "\n";
    chmod(file.c_str(), 0755);
    return file;
}

/// Writes `text` to `file`, creating its folder.
inline std::filesystem::path write_text(const std::filesystem::path& file,
                                        const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
}

}  // namespace judge::test

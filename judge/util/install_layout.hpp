// Where the judge finds its own files at run time (checklib.hpp and the built-in checkers): beside
// an installed binary, or in the source tree for a judge run from its build folder.
#pragma once

#include <filesystem>
#include <string_view>

namespace judge {

/// The folder holding checklib.hpp and the built-in checkers (tokens.cpp), and how it was found.
struct BuiltinCheckers {
    std::filesystem::path dir;
    /// "$JUDGE_CHECKLIB_DIR", "installed", "source tree", or "missing" (then `dir` is where an
    /// installed judge would have it, for messages).
    std::string_view found_by;
};

/// Looked up in this order, on each call (the first is the environment's):
/// 1. $JUDGE_CHECKLIB_DIR when set and not empty (a judge run by a user who may not read the
///    folder below, e.g. the tests as nobody);
/// 2. <binary's folder>/../share/cp-judge/checkers when it holds checklib.hpp: the installed
///    layout (`cmake --install`, the .deb), found through /proc/self/exe, so that a prefix copied
///    elsewhere works;
/// 3. the source tree's checkers/ (compiled in) only for a binary that lies under the build
///    folder it was built in: an installed or copied judge never reads a checkout it happens to
///    find at its build's path.
BuiltinCheckers builtin_checkers();

/// The name of the folder under <prefix>/share (and of the Debian package).
inline constexpr std::string_view kDataFolderName = "cp-judge";

}  // namespace judge

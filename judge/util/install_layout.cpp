#include "util/install_layout.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <system_error>

#ifndef JUDGE_CHECKLIB_DIR
#error "JUDGE_CHECKLIB_DIR must name the repository's checkers/ folder (set by judge/CMakeLists)"
#endif
#ifndef JUDGE_BUILD_DIR
#error "JUDGE_BUILD_DIR must name the build folder (set by judge/CMakeLists)"
#endif

namespace judge {

namespace fs = std::filesystem;

namespace {

// Computed once: neither the binary nor the build folder moves while the judge runs.
const fs::path& own_executable() {
    static const fs::path path = [] {
        std::error_code error;
        fs::path exe = fs::read_symlink("/proc/self/exe", error);
        return error ? fs::path() : exe;
    }();
    return path;
}

// Component-wise: /work/build-x is not under /work/build.
bool lies_under(const fs::path& file, const fs::path& folder) {
    if (file.empty() || folder.empty()) return false;
    auto [folder_end, file_at] =
        std::mismatch(folder.begin(), folder.end(), file.begin(), file.end());
    return folder_end == folder.end();
}

bool run_from_build_folder() {
    static const bool inside = [] {
        std::error_code error;
        fs::path build = fs::weakly_canonical(JUDGE_BUILD_DIR, error);
        return !error && lies_under(own_executable(), build);
    }();
    return inside;
}

}  // namespace

BuiltinCheckers builtin_checkers() {
    if (const char* own = std::getenv("JUDGE_CHECKLIB_DIR"); own && *own)
        return {fs::path(own), "$JUDGE_CHECKLIB_DIR"};
    // <prefix>/bin/judge -> <prefix>/share/cp-judge/checkers
    fs::path installed = own_executable().parent_path().parent_path() / "share" /
                         std::string(kDataFolderName) / "checkers";
    std::error_code error;
    if (!own_executable().empty() && fs::is_regular_file(installed / "checklib.hpp", error))
        return {installed, "installed"};
    if (run_from_build_folder())
        return {fs::path(JUDGE_CHECKLIB_DIR).lexically_normal(), "source tree"};
    return {installed, "missing"};
}

}  // namespace judge

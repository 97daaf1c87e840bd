// Small file-system helpers shared by the commands: temporary folders, whole-file writes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace judge {

/// A fresh private folder, removed with everything in it on destruction. Not copyable; movable.
class TempDir {
 public:
    /// `prefix` starts the folder's name (e.g. "judge-run"); it is made under `base`, or under
    /// $TMPDIR (else /tmp) when `base` is empty. Throws JudgeError when it cannot be created.
    explicit TempDir(std::string_view prefix, const std::filesystem::path& base = {});
    ~TempDir();
    TempDir(TempDir&& other) noexcept;
    TempDir& operator=(TempDir&& other) noexcept;
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

 private:
    std::filesystem::path path_;
};

/// Where scratch files of many short runs should go: $TMPDIR when set (the user's choice wins),
/// else /dev/shm when it is a writable folder (tmpfs: measured about 1 ms less judge overhead
/// per case than /tmp on ext4, docs/judge-run.md), else /tmp.
std::filesystem::path fast_temp_base();

/// Writes `content` to `target` whole or not at all: a temporary file in the same folder, flushed,
/// then renamed over `target`. On any failure the temporary is removed, `target` is untouched,
/// and JudgeError names `target`.
void write_file_atomically(const std::filesystem::path& target, std::string_view content);

/// Reads at most `max_bytes` of `file` (the whole file by default). Throws JudgeError naming the
/// file when it cannot be read.
std::string read_file(const std::filesystem::path& file, std::size_t max_bytes = std::string::npos);

/// The first line of `text` (without its end of line), trimmed of white space and cut to
/// `max_chars` characters with "..." when longer: what a table cell shows of a program's message.
std::string first_line(std::string_view text, std::size_t max_chars = 200);

/// The first line of a program's message file (stderr; a checker's stdout), as first_line()
/// cuts it; "" when the file is missing or unreadable. Reads at most 64 KiB, all the runner keeps
/// of stderr. It is what a verdict message quotes (an assertion, an exception, a checker's say).
std::string first_line_of_file(const std::filesystem::path& file, std::size_t max_chars);

}  // namespace judge

// Small helpers shared by the commands: temporary folders, whole-file writes, and the escaping
// of text from programs and file names before it reaches the terminal.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace judge {

/// A fresh private folder, removed with everything in it on destruction. Not copyable; movable.
///
/// Its name is judge-<pid>-<purpose>-XXXXXX (pid: this process), so that a later judge can tell
/// the scratch folders of a judge that was killed (SIGKILL: no destructor ran) from those of a
/// live one: the first TempDir made under a base in a process removes the stale ones there
/// (remove_stale_scratch_folders).
class TempDir {
 public:
    /// `prefix` names the folder's purpose (e.g. "judge-run"; a leading "judge-" is dropped, so
    /// the folder is judge-<pid>-run-XXXXXX); it is made under `base`, or under $TMPDIR (else
    /// /tmp) when `base` is empty. Throws JudgeError when it cannot be created.
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

/// Removes, directly under `base`, the scratch folders of judges that are no longer running:
/// folders (not links) named judge-<pid>-<purpose>-XXXXXX as TempDir names them, owned by our
/// effective uid, whose pid no longer exists (kill(pid, 0) fails with ESRCH; a pid of another
/// user's process counts as alive). Nothing else is touched, and no symbolic link is followed
/// while deleting (every entry is opened relative to its folder with O_NOFOLLOW). Best effort:
/// errors are ignored. Returns how many folders were removed. Costs one readdir of `base` plus
/// one lstat and one kill per matching name. Pids are those of our pid namespace: a judge in
/// another pid namespace must not share `base` with us.
std::size_t remove_stale_scratch_folders(const std::filesystem::path& base);

/// An exclusive advisory lock (flock) on `file`, created if missing, held until destruction:
/// between judge processes that share a folder (two judges compiling the same source into one
/// cache). Waits for the lock. Throws JudgeError when the file cannot be opened.
class FileLock {
 public:
    explicit FileLock(const std::filesystem::path& file);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

 private:
    int fd_ = -1;
};

/// Writes `content` to `target` whole or not at all: a temporary file in the same folder, flushed,
/// then renamed over `target`. On any failure the temporary is removed, `target` is untouched,
/// and JudgeError names `target`.
void write_file_atomically(const std::filesystem::path& target, std::string_view content);

/// Reads at most `max_bytes` of `file` (the whole file by default). Throws JudgeError naming the
/// file when it cannot be read.
std::string read_file(const std::filesystem::path& file, std::size_t max_bytes = std::string::npos);

/// `text` made safe to print on a terminal or in a one-line message: bytes below 0x20 and 0x7f
/// become visible escapes (`\n`, `\t`, `\r`, else `\x1b`), C1 controls (U+0080..U+009F), line
/// and paragraph separators and bidirectional overrides (U+2028..U+202E, U+2066..U+2069: they
/// reorder what the terminal shows) become `\u202e`, and each byte of invalid UTF-8 becomes
/// `\xff`. Every other character, valid UTF-8 included, is kept; a backslash is kept as it is,
/// so escaping twice (the same way) changes nothing. With `keep_newlines`, '\n' and '\t' are
/// kept (a compiler's multi-line message). Use it on everything a program, a jury file or a file
/// name can put into the console: a raw escape code from a submission must never reach the
/// terminal.
std::string escape_control(std::string_view text, bool keep_newlines = false);

/// True when `text` is valid UTF-8 (RFC 3629: no overlong forms, surrogates or code points above
/// U+10FFFF). JSON text must be: nlohmann's dump() throws on anything else.
bool is_valid_utf8(std::string_view text);

/// The first line of `text` (without its end of line), trimmed of white space, cut to
/// `max_chars` bytes with "..." when longer (never inside a UTF-8 character) and then passed
/// through escape_control (so the result may be longer than `max_chars`): what a table cell or
/// a message shows of a program's output.
std::string first_line(std::string_view text, std::size_t max_chars = 200);

/// The 1-based line of `text` that byte `offset` is on (a parser's offset, for a message that
/// names file:line); 0 for a negative offset (none known), the last line past the end.
int line_at_offset(std::string_view text, std::ptrdiff_t offset);

/// Whether `folder` is a folder, not a link to one nor anything else (lstat): a folder a jury
/// program run unboxed was given may have been replaced by a link meanwhile.
bool is_plain_folder(const std::filesystem::path& folder);

/// How much of a program's message file is read for its first line: all the runner keeps of
/// stderr (RunRequest::stderr_path).
constexpr std::size_t kMessageFileBytes = 64 * 1024;

/// The first line of a program's message file (stderr; a checker's stdout), as first_line()
/// cuts it; "" when the file is missing or unreadable. Reads at most kMessageFileBytes. It is what
/// a verdict message quotes (an assertion, an exception, a checker's say).
std::string first_line_of_file(const std::filesystem::path& file, std::size_t max_chars);

}  // namespace judge

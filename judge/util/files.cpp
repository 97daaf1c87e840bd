#include "util/files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <utility>
#include <vector>

#include "util/error.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

fs::path default_temp_base() {
    const char* tmpdir = std::getenv("TMPDIR");
    return tmpdir && *tmpdir ? fs::path(tmpdir) : fs::path("/tmp");
}

}  // namespace

fs::path fast_temp_base() {
    const char* tmpdir = std::getenv("TMPDIR");
    if (tmpdir && *tmpdir) return tmpdir;
    std::error_code error;
    if (fs::is_directory("/dev/shm", error) && access("/dev/shm", W_OK | X_OK) == 0)
        return "/dev/shm";
    return "/tmp";
}

namespace {

constexpr std::string_view kScratchStart = "judge-";
constexpr std::size_t kScratchRandomChars = 6;  // mkdtemp's XXXXXX

// The pid in a scratch folder's name judge-<pid>-<purpose>-XXXXXX; nullopt when `name` is not
// one of ours (another program's folder, or an old judge's judge-run-XXXXXX).
std::optional<pid_t> scratch_owner(std::string_view name) {
    if (name.substr(0, kScratchStart.size()) != kScratchStart) return std::nullopt;
    std::size_t digits_end = kScratchStart.size();
    std::int64_t pid = 0;
    while (digits_end < name.size() && name[digits_end] >= '0' && name[digits_end] <= '9') {
        pid = pid * 10 + (name[digits_end] - '0');
        if (pid > (std::int64_t{1} << 22)) return std::nullopt;  // above Linux's PID_MAX_LIMIT
        ++digits_end;
    }
    // After the pid: "-", a purpose of at least one character, "-", the random part.
    if (digits_end == kScratchStart.size() || pid <= 0) return std::nullopt;
    if (name.size() < digits_end + 3 + kScratchRandomChars || name[digits_end] != '-' ||
        name[name.size() - kScratchRandomChars - 1] != '-')
        return std::nullopt;
    return static_cast<pid_t>(pid);
}

// Removes `name` in the open folder `parent_fd` with everything under it, never following a
// symbolic link: a link is unlinked itself, and every folder is opened relative to its parent
// with O_NOFOLLOW, so a link swapped in meanwhile cannot redirect the deletion. Folders on
// another file system than `device` are left alone (rm --one-file-system): a mount a sandbox
// left in a dead judge's box (a bind mount of /usr, of testdata) must not be emptied. The depth
// is bounded by the open-file limit (a deeper folder fails to open and is left). True when gone.
bool remove_tree_at(int parent_fd, const char* name, dev_t device) {
    int fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return true;
        // A file or a link (ENOTDIR, ELOOP): unlink the entry itself.
        return unlinkat(parent_fd, name, 0) == 0 || errno == ENOENT;
    }
    struct stat info {};
    if (fstat(fd, &info) != 0 || info.st_dev != device) {
        close(fd);
        return false;
    }
    DIR* dir = fdopendir(fd);
    if (!dir) {
        close(fd);
        return false;
    }
    while (const dirent* entry = readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0) continue;
        if (entry->d_type != DT_DIR && entry->d_type != DT_UNKNOWN)
            unlinkat(dirfd(dir), entry->d_name, 0);  // saves the openat of a plain file
        else
            remove_tree_at(dirfd(dir), entry->d_name, device);
    }
    closedir(dir);
    return unlinkat(parent_fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT;
}

// remove_stale_scratch_folders once per base and process: a command makes many TempDirs (one
// per validated file, per stress seed...), and one sweep at the first suffices.
void remove_stale_scratch_folders_once(const fs::path& base) {
    static std::mutex mutex;
    static std::set<std::string> swept;
    std::lock_guard lock(mutex);
    if (swept.insert(base.string()).second) remove_stale_scratch_folders(base);
}

}  // namespace

std::size_t remove_stale_scratch_folders(const fs::path& base) {
    int base_fd = open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (base_fd < 0) return 0;
    DIR* dir = fdopendir(base_fd);
    if (!dir) {
        close(base_fd);
        return 0;
    }
    // Names first, deletions after: removing entries while reading the same folder may skip some.
    std::vector<std::pair<std::string, dev_t>> stale;
    while (const dirent* entry = readdir(dir)) {
        auto owner = scratch_owner(entry->d_name);
        if (!owner) continue;
        struct stat info {};
        if (fstatat(dirfd(dir), entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (!S_ISDIR(info.st_mode) || info.st_uid != geteuid()) continue;
        // ESRCH only: EPERM means the pid is alive (another user's process took it over).
        if (kill(*owner, 0) != 0 && errno == ESRCH) stale.emplace_back(entry->d_name, info.st_dev);
    }
    std::size_t removed = 0;
    for (const auto& [name, device] : stale)
        if (remove_tree_at(dirfd(dir), name.c_str(), device)) ++removed;
    closedir(dir);
    return removed;
}

TempDir::TempDir(std::string_view prefix, const fs::path& base) {
    const fs::path folder = base.empty() ? default_temp_base() : base;
    remove_stale_scratch_folders_once(folder);
    if (prefix.substr(0, kScratchStart.size()) == kScratchStart)
        prefix.remove_prefix(kScratchStart.size());
    std::string name(kScratchStart);
    name += std::to_string(getpid());
    name += '-';
    name += prefix.empty() ? std::string_view("scratch") : prefix;
    name += "-XXXXXX";
    std::string pattern = (folder / name).string();
    if (!mkdtemp(pattern.data()))
        throw JudgeError("cannot create a temporary folder " + pattern + ": " +
                         std::strerror(errno));
    path_ = pattern;
}

TempDir::~TempDir() {
    if (path_.empty()) return;
    std::error_code ignored;  // nothing sensible to do about a failed clean-up in a destructor
    fs::remove_all(path_, ignored);
}

TempDir::TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }

TempDir& TempDir::operator=(TempDir&& other) noexcept {
    if (this != &other) {
        if (!path_.empty()) {
            std::error_code ignored;
            fs::remove_all(path_, ignored);
        }
        path_ = std::move(other.path_);
        other.path_.clear();
    }
    return *this;
}

void write_file_atomically(const fs::path& target, std::string_view content) {
    fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    // Appended piece by piece: GCC 12 gives a false -Wrestrict on "literal" + std::string&&.
    std::string temp_name = ".";
    temp_name += target.filename().string();
    temp_name += ".tmp-XXXXXX";
    std::string temp = (folder / temp_name).string();
    int fd = mkstemp(temp.data());
    if (fd < 0) throw JudgeError("cannot write " + target.string() + ": " + std::strerror(errno));
    auto fail = [&](const char* what) {
        std::string reason = std::strerror(errno);
        if (fd >= 0) close(fd);
        unlink(temp.c_str());
        throw JudgeError("cannot write " + target.string() + " (" + what + "): " + reason);
    };
    const char* data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        ssize_t written = write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR) continue;
            fail("write");
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    // mkstemp creates 0600; a report is an ordinary file.
    if (fchmod(fd, 0644) != 0) fail("chmod");
    if (fsync(fd) != 0) fail("fsync");
    int closed = close(fd);
    fd = -1;
    if (closed != 0) fail("close");
    if (rename(temp.c_str(), target.c_str()) != 0) fail("rename");
}

std::string read_file(const fs::path& file, std::size_t max_bytes) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw JudgeError("cannot read " + file.string() + ": " + std::strerror(errno));
    std::string text;
    char buffer[65536];
    while (text.size() < max_bytes && in) {
        std::size_t want = std::min(sizeof buffer, max_bytes - text.size());
        in.read(buffer, static_cast<std::streamsize>(want));
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) throw JudgeError("cannot read " + file.string() + ": read error");
    return text;
}

namespace {

// The length of the valid UTF-8 sequence starting at text[at] (2 to 4 bytes; a lead byte of
// 0x80 or more) and its code point in `code`; 0 when it is not valid UTF-8 (a stray continuation
// byte, a bad lead byte, a truncated sequence, an overlong form, a surrogate, above U+10FFFF).
std::size_t utf8_sequence(std::string_view text, std::size_t at, char32_t& code) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    unsigned char lead = byte(at);
    std::size_t length = 0;
    // The allowed range of the second byte narrows for E0, ED, F0 and F4 (RFC 3629's table).
    unsigned char low = 0x80, high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
        code = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        code = lead & 0x0f;
        if (lead == 0xe0) low = 0xa0;
        if (lead == 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        code = lead & 0x07;
        if (lead == 0xf0) low = 0x90;
        if (lead == 0xf4) high = 0x8f;
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        unsigned char next = byte(at + i);
        if (next < (i == 1 ? low : 0x80) || next > (i == 1 ? high : 0xbf)) return 0;
        code = (code << 6) | (next & 0x3f);
    }
    return length;
}

// Valid characters that still change what a terminal shows: C1 controls (U+009B is CSI on some
// terminals), line and paragraph separators, and bidirectional embeddings, overrides and
// isolates (they can make a table row read differently from what it holds).
bool is_invisible_control(char32_t code) {
    return (code >= 0x80 && code <= 0x9f) || (code >= 0x2028 && code <= 0x202e) ||
           (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        if (static_cast<unsigned char>(text[at]) < 0x80) {
            ++at;
            continue;
        }
        char32_t code = 0;
        std::size_t length = utf8_sequence(text, at, code);
        if (length == 0) return false;
        at += length;
    }
    return true;
}

std::string escape_control(std::string_view text, bool keep_newlines) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        unsigned char byte = static_cast<unsigned char>(text[at]);
        if (byte >= 0x20 && byte < 0x7f) {
            out += static_cast<char>(byte);
            ++at;
            continue;
        }
        if (byte < 0x80) {  // a C0 control or DEL
            if (keep_newlines && (byte == '\n' || byte == '\t'))
                out += static_cast<char>(byte);
            else if (byte == '\n')
                out += "\\n";
            else if (byte == '\t')
                out += "\\t";
            else if (byte == '\r')
                out += "\\r";
            else
                out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
            ++at;
            continue;
        }
        char32_t code = 0;
        std::size_t length = utf8_sequence(text, at, code);
        if (length == 0) {
            out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
            ++at;
        } else if (is_invisible_control(code)) {
            out += {'\\',
                    'u',
                    kHex[(code >> 12) & 15],
                    kHex[(code >> 8) & 15],
                    kHex[(code >> 4) & 15],
                    kHex[code & 15]};
            at += length;
        } else {
            out.append(text.substr(at, length));
            at += length;
        }
    }
    return out;
}

int line_at_offset(std::string_view text, std::ptrdiff_t offset) {
    if (offset < 0) return 0;
    std::string_view before = text.substr(0, static_cast<std::size_t>(offset));
    return 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
}

bool is_plain_folder(const std::filesystem::path& folder) {
    struct stat info {};
    return ::lstat(folder.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

std::string first_line(std::string_view text, std::size_t max_chars) {
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    std::size_t begin = 0;
    while (begin < text.size() && is_space(text[begin])) ++begin;
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    while (end > begin && is_space(text[end - 1])) --end;
    std::string_view line = text.substr(begin, end - begin);
    if (line.size() <= max_chars) return escape_control(line);
    std::size_t cut = max_chars > 3 ? max_chars - 3 : 0;
    // Back to the start of a UTF-8 character, so that the cut does not leave a broken one.
    std::size_t back = cut;
    while (back > 0 && cut - back < 3 && (static_cast<unsigned char>(line[back]) & 0xc0) == 0x80)
        --back;
    if ((static_cast<unsigned char>(line[back]) & 0xc0) != 0x80) cut = back;
    return escape_control(line.substr(0, cut)) + "...";
}

std::string first_line_of_file(const std::filesystem::path& file, std::size_t max_chars) {
    try {
        return first_line(read_file(file, kMessageFileBytes), max_chars);
    } catch (const std::exception&) {
        return "";  // no such file: the program never ran far enough to open it
    }
}

FileLock::FileLock(const fs::path& file) {
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd_ < 0) throw JudgeError("cannot open " + file.string() + ": " + std::strerror(errno));
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno == EINTR) continue;
        std::string reason = std::strerror(errno);
        ::close(fd_);
        throw JudgeError("cannot lock " + file.string() + ": " + reason);
    }
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the lock
}

}  // namespace judge

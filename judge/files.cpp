#include "files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <system_error>

#include "error.hpp"

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

TempDir::TempDir(std::string_view prefix, const fs::path& base) {
    std::string pattern =
        ((base.empty() ? default_temp_base() : base) / (std::string(prefix) + "-XXXXXX")).string();
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

std::string first_line(std::string_view text, std::size_t max_chars) {
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    std::size_t begin = 0;
    while (begin < text.size() && is_space(text[begin])) ++begin;
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    while (end > begin && is_space(text[end - 1])) --end;
    std::string line(text.substr(begin, end - begin));
    if (line.size() > max_chars) line = line.substr(0, max_chars > 3 ? max_chars - 3 : 0) + "...";
    return line;
}

std::string first_line_of_file(const std::filesystem::path& file, std::size_t max_chars) {
    try {
        return first_line(read_file(file, 64 * 1024), max_chars);
    } catch (const std::exception&) {
        return "";  // no such file: the program never ran far enough to open it
    }
}

}  // namespace judge

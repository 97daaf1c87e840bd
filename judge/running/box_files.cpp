#include "running/box_files.hpp"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <system_error>
#include <vector>

#include "running/process_runner.hpp"
#include "running/scoped_fd.hpp"

namespace judge {

namespace fs = std::filesystem;
using detail::ScopedFd;

bool is_plain_file_name(const std::string& name) {
    return !name.empty() && name.size() <= 255 && name != "." && name != ".." &&
           name.find('/') == std::string::npos && name.find('\0') == std::string::npos;
}

namespace {

std::string errno_text(int error) { return std::strerror(error); }

// Removes `path` and what it holds without following a link, after making each folder the
// judge's to list and empty: a program may have left a folder of mode 000 (in a user namespace
// it is the judge's own uid, which the mode binds).
void remove_left_behind(const fs::path& path, std::error_code& error) {
    fs::file_status status = fs::symlink_status(path, error);
    if (error) return;
    if (fs::is_directory(status)) {
        ::chmod(path.c_str(), 0700);
        std::vector<fs::path> entries;
        for (fs::directory_iterator entry(path, error), end; !error && entry != end;
             entry.increment(error))
            entries.push_back(entry->path());
        if (error) return;
        for (const fs::path& entry : entries) {
            remove_left_behind(entry, error);
            if (error) return;
        }
    }
    fs::remove(path, error);
}

// Copies what `from` holds from its start into `to`, at most `limit` bytes; returns the bytes
// copied, or -1 with errno set. *more is set when `from` held more than `limit`.
std::int64_t copy_bytes(int from, int to, std::int64_t limit, bool* more) {
    std::vector<char> buffer(1 << 16);
    std::int64_t copied = 0;
    for (;;) {
        ssize_t got = ::read(from, buffer.data(), buffer.size());
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        if (got == 0) return copied;
        std::int64_t keep = std::min<std::int64_t>(got, limit - copied);
        if (keep < got && more) {
            *more = true;
            got = keep;
        }
        for (ssize_t at = 0; at < got;) {
            ssize_t put = ::write(to, buffer.data() + at, static_cast<std::size_t>(got - at));
            if (put < 0 && errno == EINTR) continue;
            if (put < 0) return -1;
            at += put;
        }
        copied += got;
        if (more && *more) return copied;
    }
}

}  // namespace

namespace {

// Whether `folder` is a mount point (its device differs from its parent's): the tmpfs of a run.
bool is_mount_point(const fs::path& folder) {
    struct stat self {
    }, parent{};
    return ::lstat(folder.c_str(), &self) == 0 && S_ISDIR(self.st_mode) &&
           ::stat((folder / "..").c_str(), &parent) == 0 && self.st_dev != parent.st_dev;
}

}  // namespace

void release_box_folder(const fs::path& folder) {
    // Lazily: a file the judge still holds open cannot keep the mount (or the judge) waiting.
    if (is_mount_point(folder)) ::umount2(folder.c_str(), MNT_DETACH | UMOUNT_NOFOLLOW);
}

std::string stage_box_folder(const fs::path& folder,
                             bool for_box_uid,
                             const std::string& input_name,
                             const fs::path& input,
                             std::int64_t size_kib) {
    std::error_code error;
    release_box_folder(folder);  // a run that did not release its own
    struct stat info {};
    if (::lstat(folder.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
        // Emptied in place: what the last run left goes, links removed and never followed.
        std::vector<fs::path> entries;
        for (fs::directory_iterator entry(folder, error), end; !error && entry != end;
             entry.increment(error))
            entries.push_back(entry->path());
        for (const fs::path& entry : entries)
            if (!error) remove_left_behind(entry, error);
    } else {
        fs::remove_all(folder, error);
        if (!error) fs::create_directories(folder, error);
    }
    if (error) return "cannot empty the folder " + folder.string() + ": " + error.message();
    if (size_kib > 0 && ::geteuid() == 0) {
        const std::string options =
            "size=" + std::to_string(size_kib) + "k,nr_inodes=4096,mode=0755";
        if (::mount("tmpfs", folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0)
            return "cannot mount a tmpfs on " + folder.string() + ": " + errno_text(errno);
    }
    if (::chmod(folder.c_str(), 0755) != 0)
        return "cannot set the mode of " + folder.string() + ": " + errno_text(errno);
    if (for_box_uid && ::chown(folder.c_str(), kSandboxUid, kSandboxGid) != 0)
        return "cannot give the folder " + folder.string() + " to uid " +
               std::to_string(kSandboxUid) + ": " + errno_text(errno);
    if (input_name.empty()) return "";
    if (!is_plain_file_name(input_name))
        return "input file name '" + input_name + "' is not a plain file name";
    ScopedFd from(::open(input.c_str(), O_RDONLY | O_CLOEXEC));
    if (from.get() < 0) return "cannot read the input " + input.string() + ": " + errno_text(errno);
    ScopedFd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (dir.get() < 0) return "cannot open " + folder.string() + ": " + errno_text(errno);
    ScopedFd to(::openat(dir.get(), input_name.c_str(),
                         O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (to.get() < 0 || ::fchmod(to.get(), 0644) != 0 ||
        copy_bytes(from.get(), to.get(), INT64_MAX, nullptr) < 0)
        return "cannot copy the input into " + (folder / input_name).string() + ": " +
               errno_text(errno);
    return "";
}

std::string link_working_folder(const fs::path& folder,
                                const fs::path& working_folder,
                                const std::vector<std::string>& kept_names) {
    if (working_folder.empty()) return "";
    std::error_code error;
    for (fs::directory_iterator it(working_folder, error), end; !error && it != end;
         it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (std::find(kept_names.begin(), kept_names.end(), name) != kept_names.end()) continue;
        fs::create_symlink(it->path(), folder / name, error);
    }
    if (error)
        return "cannot link the files of " + working_folder.string() + " into " + folder.string() +
               ": " + error.message();
    return "";
}

BoxOutput collect_box_output(const fs::path& folder,
                             const std::string& name,
                             std::int64_t limit_bytes,
                             const fs::path& destination) {
    BoxOutput result;
    if (!is_plain_file_name(name)) {
        result.reason = "output file name '" + name + "' is not a plain file name";
        return result;
    }
    ScopedFd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (dir.get() < 0) {
        result.reason =
            "cannot open the box's folder " + folder.string() + ": " + errno_text(errno);
        return result;
    }
    // Not followed if a link, not waited on if a FIFO, no terminal taken if a device.
    ScopedFd file(::openat(dir.get(), name.c_str(),
                           O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (file.get() < 0) {
        const int why = errno;
        if (why == ENOENT) {
            result.status = BoxOutputStatus::Missing;
            result.reason = "it wrote no output file " + name;
        } else if (why == ELOOP) {
            result.status = BoxOutputStatus::NotRegular;
            result.reason = "its output file " + name + " is a symbolic link (not followed)";
        } else if (why == ENXIO || why == EOPNOTSUPP) {  // a socket
            result.status = BoxOutputStatus::NotRegular;
            result.reason = "its output file " + name + " is not a regular file";
        } else if (why == EACCES || why == EPERM) {
            result.status = BoxOutputStatus::Unreadable;
            result.reason = "its output file " + name + " cannot be read: " + errno_text(why);
        } else {
            result.reason = "cannot open the output file " + name + ": " + errno_text(why);
        }
        return result;
    }
    struct stat info {};
    if (::fstat(file.get(), &info) != 0) {
        result.reason = "cannot stat the output file " + name + ": " + errno_text(errno);
        return result;
    }
    if (!S_ISREG(info.st_mode)) {
        result.status = BoxOutputStatus::NotRegular;
        result.reason = "its output file " + name + " is not a regular file (" +
                        (S_ISDIR(info.st_mode)    ? "a folder"
                         : S_ISFIFO(info.st_mode) ? "a FIFO"
                                                  : "a special file") +
                        ")";
        return result;
    }
    if (info.st_size > limit_bytes) {
        result.status = BoxOutputStatus::TooLarge;
        result.reason = "its output file " + name + " is over the output limit (" +
                        std::to_string(info.st_size) + " bytes)";
        return result;
    }
    ScopedFd to(::open(destination.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (to.get() < 0) {
        result.reason = "cannot write " + destination.string() + ": " + errno_text(errno);
        return result;
    }
    bool more = false;
    if (copy_bytes(file.get(), to.get(), limit_bytes, &more) < 0) {
        result.reason = "cannot copy the output file " + name + ": " + errno_text(errno);
        return result;
    }
    if (more) {  // grew after fstat: nothing of the run is left to grow it, but be exact
        result.status = BoxOutputStatus::TooLarge;
        result.reason = "its output file " + name + " is over the output limit";
        return result;
    }
    result.status = BoxOutputStatus::Read;
    return result;
}

}  // namespace judge

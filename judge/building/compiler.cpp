#include "building/compiler.hpp"

#include <endian.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <utility>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/install_layout.hpp"

namespace judge {

namespace fs = std::filesystem;

std::string_view kind_name(SourceKind kind) {
    switch (kind) {
        case SourceKind::Solution: return "solution";
        case SourceKind::Checker: return "checker";
        case SourceKind::Validator: return "validator";
        case SourceKind::Generator: return "generator";
    }
    return "solution";
}

fs::path default_cache_dir(const fs::path& root, const std::string& explicit_dir) {
    if (!explicit_dir.empty()) return explicit_dir;
    if (const char* env = std::getenv("JUDGE_CACHE_DIR"); env && *env) return env;
    return root / ".cache" / "judge";
}

std::vector<std::string> quoted_include_names(const std::string& text) {
    std::vector<std::string> names;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::size_t at = line.find_first_not_of(" \t");
        if (at == std::string::npos || line[at] != '#') continue;
        at = line.find_first_not_of(" \t", at + 1);
        if (at == std::string::npos || line.compare(at, 7, "include") != 0) continue;
        std::size_t open = line.find('"', at + 7);
        std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
        if (close != std::string::npos) names.push_back(line.substr(open + 1, close - open - 1));
    }
    return names;
}

std::optional<fs::path> find_quoted_include(const fs::path& includer,
                                            const std::string& name,
                                            const std::vector<fs::path>& include_dirs) {
    std::vector<fs::path> candidates = {includer.parent_path() / name};
    for (const fs::path& dir : include_dirs) candidates.push_back(dir / name);
    for (const fs::path& candidate : candidates) {
        std::error_code error;
        fs::file_status status = fs::status(candidate, error);
        if (fs::exists(status) && !fs::is_directory(status)) return candidate;
    }
    return std::nullopt;
}

namespace {

constexpr std::size_t kMaxMessageBytes = 64 * 1024;
// The bound on each file the judge reads to compile a program: a submission's sources, a jury
// program's sources and quoted includes (compiler.hpp).
constexpr std::int64_t kMaxSourceBytes = 64 * 1024 * 1024;

// SipHash-2-4 with a 128-bit output (Aumasson and Bernstein; the reference implementation's
// 128-bit mode): a keyed hash, fed in pieces. Without the key, its output tells nothing about
// the message, so a program that learns its own cache key (its binary's name, through
// /proc/self/exe) learns nothing of what else the key covers, and cannot compute the key of
// anything else.
class SipHash128 {
 public:
    explicit SipHash128(const CacheSecret& key) {
        std::uint64_t k0 = 0, k1 = 0;
        std::memcpy(&k0, key.data(), 8);
        std::memcpy(&k1, key.data() + 8, 8);
        k0 = le64toh(k0);
        k1 = le64toh(k1);
        v0_ = k0 ^ 0x736f6d6570736575ULL;
        v1_ = k1 ^ 0x646f72616e646f6dULL ^ 0xee;  // 0xee: the 128-bit mode
        v2_ = k0 ^ 0x6c7967656e657261ULL;
        v3_ = k1 ^ 0x7465646279746573ULL;
    }

    void update(std::string_view bytes) {
        total_ += bytes.size();
        std::size_t at = 0;
        while (at < bytes.size() && tail_bytes_ != 0) take_tail_byte(bytes[at++]);
        for (; at + 8 <= bytes.size(); at += 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, bytes.data() + at, 8);
            compress(le64toh(word));
        }
        while (at < bytes.size()) take_tail_byte(bytes[at++]);
    }

    /// One field of a message made of fields: its length (8 bytes), then its bytes, so that
    /// ("ab", "c") and ("a", "bc") differ.
    void add_field(std::string_view bytes) {
        std::uint64_t length = htole64(bytes.size());
        update(std::string_view(reinterpret_cast<const char*>(&length), 8));
        update(bytes);
    }

    /// The 16 bytes of the hash in hex, as the reference prints them (a copy is finished: the
    /// hasher itself can take more).
    std::string hex() const {
        SipHash128 last = *this;
        std::uint64_t final_word = last.tail_ | (static_cast<std::uint64_t>(total_ & 0xff) << 56);
        last.compress(final_word);
        last.v2_ ^= 0xee;
        last.rounds(4);
        std::uint64_t first = last.v0_ ^ last.v1_ ^ last.v2_ ^ last.v3_;
        last.v1_ ^= 0xdd;
        last.rounds(4);
        std::uint64_t second = last.v0_ ^ last.v1_ ^ last.v2_ ^ last.v3_;
        std::string text;
        for (std::uint64_t half : {first, second})
            for (int byte = 0; byte < 8; ++byte) {
                char digits[3];
                std::snprintf(digits, sizeof digits, "%02x",
                              static_cast<unsigned>((half >> (8 * byte)) & 0xff));
                text += digits;
            }
        return text;
    }

 private:
    static std::uint64_t rotate(std::uint64_t x, int bits) {
        return (x << bits) | (x >> (64 - bits));
    }

    void rounds(int count) {
        for (int i = 0; i < count; ++i) {
            v0_ += v1_;
            v1_ = rotate(v1_, 13) ^ v0_;
            v0_ = rotate(v0_, 32);
            v2_ += v3_;
            v3_ = rotate(v3_, 16) ^ v2_;
            v0_ += v3_;
            v3_ = rotate(v3_, 21) ^ v0_;
            v2_ += v1_;
            v1_ = rotate(v1_, 17) ^ v2_;
            v2_ = rotate(v2_, 32);
        }
    }

    void compress(std::uint64_t word) {
        v3_ ^= word;
        rounds(2);
        v0_ ^= word;
    }

    void take_tail_byte(char byte) {
        tail_ |= static_cast<std::uint64_t>(static_cast<unsigned char>(byte)) << (8 * tail_bytes_);
        if (++tail_bytes_ == 8) {
            compress(tail_);
            tail_ = 0;
            tail_bytes_ = 0;
        }
    }

    std::uint64_t v0_, v1_, v2_, v3_;
    std::uint64_t tail_ = 0;  // the last 0 to 7 bytes, little-endian
    int tail_bytes_ = 0;
    std::uint64_t total_ = 0;
};

// "cannot read FILE: larger than 64 MiB (...)".
[[noreturn]] void throw_too_large(const fs::path& file) {
    throw JudgeError("cannot read " + file.string() + ": larger than " +
                     std::to_string(kMaxSourceBytes / (1024 * 1024)) +
                     " MiB (the bound on a source file and on each file a jury program includes)");
}

// The bytes of the source (or included) file `file`, read outside any box, so with bounds: a
// regular file only (opened with O_NONBLOCK, so that a FIFO or a device never blocks the open,
// then refused after fstat), of at most kMaxSourceBytes, counted as read and not taken from
// st_size (a /proc file says 0 and never ends: /proc/self/pagemap). With `follow_links` false,
// a symbolic link is refused too (a link in a submission's folder must not make the judge read a
// host file for it). Throws JudgeError naming the file; never hangs, never holds more than the
// bound.
std::string read_source_file(const fs::path& file, bool follow_links = true) {
    int fd =
        ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow_links ? 0 : O_NOFOLLOW));
    if (fd < 0) {
        if (errno == ELOOP && !follow_links)
            throw JudgeError("cannot read " + file.string() +
                             ": a symbolic link (a submission's files must be regular files)");
        throw JudgeError("cannot read " + file.string() + ": " + std::strerror(errno));
    }
    auto fail = [&](const std::string& why) {
        ::close(fd);
        throw JudgeError("cannot read " + file.string() + ": " + why);
    };
    struct stat info {};
    if (::fstat(fd, &info) != 0) fail(std::strerror(errno));
    if (!S_ISREG(info.st_mode)) fail("not a regular file (a folder, a FIFO or a device)");
    if (info.st_size > kMaxSourceBytes) {
        ::close(fd);
        throw_too_large(file);
    }
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(info.st_size));
    char buffer[64 * 1024];
    for (;;) {
        // Whole buffers (a /proc/self/pagemap read must be a multiple of 8 bytes): at most one
        // buffer past the bound is held before the file is known to be larger.
        ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) fail(std::strerror(errno));
        if (got == 0) break;
        bytes.append(buffer, static_cast<std::size_t>(got));
        if (bytes.size() > static_cast<std::size_t>(kMaxSourceBytes)) {
            ::close(fd);
            throw_too_large(file);
        }
    }
    ::close(fd);
    return bytes;
}

// The files a jury program pulls in with `#include "..."`, transitively, with their bytes, in
// the order the compiler would look for them (the including file's folder, then
// `include_dirs`). They go into the cache key: a generator that includes a solution, or a
// checker's model header, must be rebuilt when that file changes. `<...>` includes are system
// headers, covered by the compiler version. A quoted include found nowhere (or only as a
// folder) is skipped: the compiler will report it. Every read is read_source_file's (bounded,
// regular files only): a jury program that names /proc/self/pagemap or /dev/zero is a
// JudgeError naming it. Never called for a submission: nothing a submission names is read
// outside its box.
std::vector<std::pair<fs::path, std::string>> quoted_includes(
    const fs::path& source,
    const std::string& source_bytes,
    const std::vector<fs::path>& include_dirs) {
    std::vector<std::pair<fs::path, std::string>> found;
    std::vector<std::pair<fs::path, std::string>> pending = {{source, source_bytes}};
    std::set<fs::path> seen = {fs::weakly_canonical(source)};
    while (!pending.empty()) {
        auto [file, text] = std::move(pending.back());
        pending.pop_back();
        for (const std::string& name : quoted_include_names(text)) {
            std::optional<fs::path> header = find_quoted_include(file, name, include_dirs);
            std::error_code error;
            if (header && seen.insert(fs::weakly_canonical(*header, error)).second) {
                std::string bytes = read_source_file(*header);
                found.emplace_back(*header, bytes);
                pending.emplace_back(*header, std::move(bytes));
            }
        }
    }
    return found;
}

// A 128-bit fingerprint of a binary's bytes, for the cache's integrity check. Four independent
// 64-bit lanes take 32 bytes a step (a multiply and an xor-shift each, both one-to-one in the
// lane's state, so the CPU overlaps the four chains), then murmur3's finaliser mixes them:
// 0.25 ms for a 3.2 MB binary (quell, -g -static), where the byte-wise FNV pair the key used
// before it was keyed took 6.3 ms (measured on the 2-core CI machine).
// The length goes in first, so a truncated copy differs. Not cryptographic, and it need not be:
// it only detects a changed artifact (see compiler.hpp); the key is the keyed SipHash above.
std::string content_hash(std::string_view bytes) {
    constexpr std::uint64_t kMultiplier = 0xff51afd7ed558ccdULL;
    // Four scalars, not an array: GCC would vectorise an array's loop with SSE2, which has no
    // 64-bit multiply, and run about four times slower.
    std::uint64_t lane0 = 0x9e3779b97f4a7c15ULL ^ bytes.size(), lane1 = 0xc2b2ae3d27d4eb4fULL,
                  lane2 = 0x165667b19e3779f9ULL, lane3 = 0x27d4eb2f165667c5ULL;
    auto mix = [](std::uint64_t lane, std::uint64_t word) {
        lane = (lane ^ word) * kMultiplier;
        return lane ^ (lane >> 32);
    };
    auto word_at = [&](std::size_t at) {  // zero-padded past the end
        std::uint64_t word = 0;
        if (at < bytes.size())
            std::memcpy(&word, bytes.data() + at, std::min<std::size_t>(8, bytes.size() - at));
        return word;
    };
    std::size_t at = 0;
    for (; at + 32 <= bytes.size(); at += 32) {
        std::uint64_t words[4];
        std::memcpy(words, bytes.data() + at, 32);
        lane0 = mix(lane0, words[0]);
        lane1 = mix(lane1, words[1]);
        lane2 = mix(lane2, words[2]);
        lane3 = mix(lane3, words[3]);
    }
    if (at < bytes.size()) {  // the last 1 to 31 bytes
        lane0 = mix(lane0, word_at(at));
        lane1 = mix(lane1, word_at(at + 8));
        lane2 = mix(lane2, word_at(at + 16));
        lane3 = mix(lane3, word_at(at + 24));
    }
    auto finish = [](std::uint64_t x) {
        x ^= x >> 33;
        x *= 0xff51afd7ed558ccdULL;
        x ^= x >> 33;
        x *= 0xc4ceb9fe1a85ec53ULL;
        return x ^ (x >> 33);
    };
    std::uint64_t high = finish(lane0 ^ finish(lane1));
    std::uint64_t low = finish(lane2 ^ finish(lane3 ^ high));
    char buffer[33];
    std::snprintf(buffer, sizeof buffer, "%016llx%016llx", static_cast<unsigned long long>(high),
                  static_cast<unsigned long long>(low));
    return buffer;
}

// The bytes of `file` when it is a regular file of at most `max_bytes`; nullopt when it is
// missing, a link (O_NOFOLLOW: a compile must not make the judge read a host file through a
// link it left in the box), a FIFO or device (O_NONBLOCK: opening one never blocks), too large,
// or unreadable.
std::optional<std::string> read_regular_file(const fs::path& file, std::int64_t max_bytes) {
    int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > max_bytes) {
        ::close(fd);
        return std::nullopt;
    }
    std::string bytes(static_cast<std::size_t>(info.st_size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += static_cast<std::size_t>(got);
    }
    ::close(fd);
    if (done != bytes.size()) return std::nullopt;  // shrank while we read: not what was checked
    return bytes;
}

// Where the hash of a cached artifact is recorded: "<hex> <size>\n".
fs::path record_path(const fs::path& artifact) {
    fs::path record = artifact;
    record += ".hash";
    return record;
}

std::string record_of(std::string_view bytes) {
    return content_hash(bytes) + " " + std::to_string(bytes.size()) + "\n";
}

// A folder artifact's bytes as one string: every regular file's relative name, size and bytes,
// in name order. nullopt when anything in it is not a folder or a regular file (a link, a FIFO:
// nothing the judge put there), or it is larger than `max_bytes` in all.
std::optional<std::string> folder_bytes(const fs::path& folder, std::int64_t max_bytes) {
    std::vector<std::string> names;
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        fs::file_status status = it->symlink_status(error);
        if (fs::is_directory(status)) continue;
        if (!fs::is_regular_file(status)) return std::nullopt;
        names.push_back(fs::relative(it->path(), folder, error).string());
    }
    if (error) return std::nullopt;
    std::sort(names.begin(), names.end());
    std::string all;
    for (const std::string& name : names) {
        std::optional<std::string> bytes =
            read_regular_file(folder / name, max_bytes - static_cast<std::int64_t>(all.size()));
        if (!bytes) return std::nullopt;
        all += name + '\0' + std::to_string(bytes->size()) + '\0' + *bytes;
    }
    return all;
}

enum class CacheState { Missing, Good, NoRecord, Changed };

// Whether `artifact` is in the cache and still holds the bytes that were recorded for it.
CacheState check_cached(const fs::path& artifact) {
    struct stat info {};
    if (::lstat(artifact.c_str(), &info) != 0) return CacheState::Missing;
    std::optional<std::string> record = read_regular_file(record_path(artifact), 100);
    if (!record) return CacheState::NoRecord;
    std::int64_t size =
        std::strtoll(record->c_str() + std::min<std::size_t>(33, record->size()), nullptr, 10);
    std::optional<std::string> bytes =
        S_ISDIR(info.st_mode) ? folder_bytes(artifact, size) : read_regular_file(artifact, size);
    if (!bytes || record_of(*bytes) != *record) return CacheState::Changed;
    return CacheState::Good;
}

// Creates `file` (it must not exist) with `bytes` and `mode`, whatever the umask. Throws
// JudgeError naming `file`, after removing what it wrote.
void write_new_file(const fs::path& file, std::string_view bytes, mode_t mode) {
    int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    auto fail = [&](const char* what) {
        std::string reason = std::strerror(errno);
        if (fd >= 0) ::close(fd);
        ::unlink(file.c_str());
        throw JudgeError("cannot write " + file.string() + " (" + what + "): " + reason);
    };
    if (fd < 0) fail("create");
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) fail("write");
        done += static_cast<std::size_t>(wrote);
    }
    if (::fchmod(fd, mode) != 0) fail("chmod");
    int closed = ::close(fd);
    fd = -1;
    if (closed != 0) fail("close");
}

// A fresh name beside `artifact` for building it before the rename.
fs::path temporary_beside(const fs::path& artifact) {
    static std::atomic<unsigned> counter{0};
    fs::path temp = artifact;
    temp += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    return temp;
}

// Puts `bytes` into the cache as `binary`: the record first, then the binary by rename(), so
// another judge process never finds a new binary with an old record or none (a record without
// its binary is harmless: the binary is missing, so it is compiled).
void install_binary(std::string_view bytes, const fs::path& binary) {
    write_file_atomically(record_path(binary), record_of(bytes));
    fs::path temp = temporary_beside(binary);
    // 0755: a sandboxed run execs it as another uid (65534); the 0700 cache folder keeps
    // everyone else out.
    write_new_file(temp, bytes, 0755);
    if (::rename(temp.c_str(), binary.c_str()) != 0) {
        std::string reason = std::strerror(errno);
        ::unlink(temp.c_str());
        throw JudgeError("cannot write " + binary.string() + ": " + reason);
    }
}

// Puts `files` (relative name -> bytes) into the cache as the folder `artifact`, as
// install_binary does: record first, folder by rename(). Folders 0755 and files 0644: a
// sandboxed run reads them as uid 65534 through a read-only view of this one folder.
void install_folder(const std::map<std::string, std::string>& files,
                    const fs::path& artifact,
                    const std::set<std::string>& executables = {}) {
    fs::path temp = temporary_beside(artifact);
    auto make_dir = [](const fs::path& dir) {
        if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
            throw JudgeError("cannot create " + dir.string() + ": " + std::strerror(errno));
        ::chmod(dir.c_str(), 0755);
    };
    make_dir(temp);
    try {
        for (const auto& [name, bytes] : files) {
            fs::path file = temp / name;
            for (fs::path dir = temp; const auto& part : fs::path(name).parent_path())
                make_dir(dir /= part);
            write_new_file(file, bytes, executables.count(name) ? 0755 : 0644);
        }
        std::optional<std::string> all =
            folder_bytes(temp, std::numeric_limits<std::int64_t>::max());
        if (!all) throw JudgeError("cannot read back " + temp.string());
        write_file_atomically(record_path(artifact), record_of(*all));
        std::error_code error;
        fs::remove_all(artifact, error);  // a changed copy (its record was rewritten just now)
        if (::rename(temp.c_str(), artifact.c_str()) != 0)
            throw JudgeError("cannot write " + artifact.string() + ": " + std::strerror(errno));
    } catch (...) {
        std::error_code ignored;
        fs::remove_all(temp, ignored);
        throw;
    }
}

// Makes the cache folder (parents as usual, the folder itself 0700) unless it exists.
void make_cache_dir(const fs::path& dir) {
    std::error_code error;
    if (fs::is_directory(dir, error)) return;
    if (dir.has_parent_path()) fs::create_directories(dir.parent_path(), error);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
        throw JudgeError("cannot create the cache folder " + dir.string() + ": " +
                         std::strerror(errno));
    if (!fs::is_directory(dir, error))
        throw JudgeError("cannot create the cache folder " + dir.string());
}

// The cache's secret, in the cache folder: 32 hex digits and a newline, mode 0600.
constexpr const char* kSecretFileName = ".secret";

// The secret recorded in `file`; nullopt when there is no such file. Throws JudgeError naming
// the file when it is anything but what new_secret_file writes (a link, not a regular file,
// readable by others, not 32 hex digits and a newline): then it was not this judge's doing, and
// it is not replaced behind the operator's back.
std::optional<CacheSecret> read_secret_file(const fs::path& file) {
    int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) return std::nullopt;
    auto malformed = [&](const std::string& why) {
        if (fd >= 0) ::close(fd);
        return JudgeError("the cache's secret " + file.string() + " is unusable (" + why +
                          "): remove it and the judge makes a new one (the cache's programs are "
                          "then compiled again)");
    };
    if (fd < 0) throw malformed(std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0) throw malformed(std::strerror(errno));
    if (!S_ISREG(info.st_mode)) throw malformed("not a regular file");
    if ((info.st_mode & 077) != 0) throw malformed("others may read it: mode must be 0600");
    char text[64];
    std::size_t done = 0;
    for (ssize_t got; done < sizeof text; done += static_cast<std::size_t>(got)) {
        got = ::read(fd, text + done, sizeof text - done);
        if (got < 0 && errno == EINTR)
            got = 0;
        else if (got < 0)
            throw malformed(std::strerror(errno));
        else if (got == 0)
            break;
    }
    ::close(fd);
    fd = -1;
    CacheSecret secret{};
    auto digit = [](char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    };
    bool well_formed = done == 2 * secret.size() + 1 && text[2 * secret.size()] == '\n';
    for (std::size_t i = 0; well_formed && i < secret.size(); ++i) {
        int high = digit(text[2 * i]), low = digit(text[2 * i + 1]);
        well_formed = high >= 0 && low >= 0;
        secret[i] = static_cast<unsigned char>(high * 16 + low);
    }
    if (!well_formed) throw malformed("not 32 lowercase hex digits and a newline");
    return secret;
}

// Makes `file` hold a fresh random secret unless it exists: written whole to a temporary
// beside it (0600, flushed) and then link()ed to its name, which fails if another judge sharing
// the cache got there first. So the file appears whole or not at all, and every judge ends up
// with the one that won.
void new_secret_file(const fs::path& file) {
    CacheSecret secret{};
    for (std::size_t done = 0; done < secret.size();) {
        ssize_t got = ::getrandom(secret.data() + done, secret.size() - done, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            throw JudgeError("cannot make the cache's secret " + file.string() +
                             ": getrandom: " + std::strerror(errno));
        done += static_cast<std::size_t>(got);
    }
    std::string text;
    for (unsigned char byte : secret) {
        char digits[3];
        std::snprintf(digits, sizeof digits, "%02x", byte);
        text += digits;
    }
    text += '\n';
    fs::path temp = temporary_beside(file);
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    bool written = fd >= 0 && ::fchmod(fd, 0600) == 0 &&
                   ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                   ::fsync(fd) == 0;
    std::string reason = std::strerror(errno);
    if (fd >= 0 && ::close(fd) != 0) written = false;
    bool linked = written && (::link(temp.c_str(), file.c_str()) == 0 || errno == EEXIST);
    if (written && !linked) reason = std::strerror(errno);
    ::unlink(temp.c_str());
    if (!linked)
        throw JudgeError("cannot make the cache's secret " + file.string() + ": " + reason);
}

// "30 s", "1500 ms"; "2048 MiB", "100 KiB": how a limit is named in a message.
std::string describe_ms(std::int64_t ms) {
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}
std::string describe_kib(std::int64_t kib) {
    return kib % 1024 == 0 ? std::to_string(kib / 1024) + " MiB" : std::to_string(kib) + " KiB";
}

// The first line of a compile error stopped by a limit.
std::string limit_sentence(LimitHit hit, const CompileLimits& limits) {
    switch (hit) {
        case LimitHit::CpuTime:
            return "compilation exceeded the " + describe_ms(limits.cpu_ms) + " CPU time limit";
        case LimitHit::WallTime:
            return "compilation exceeded the " + describe_ms(limits.wall_ms) + " wall time limit";
        case LimitHit::Memory:
            return "compilation exceeded the " + describe_kib(limits.memory_kib) + " memory limit";
        case LimitHit::Output:
            return "compilation exceeded the " + describe_kib(limits.output_kib) +
                   " output limit (the binary, a temporary file or stdout of the compiler)";
        case LimitHit::None: break;
    }
    return "";
}

// Whether a compiler part (cc1plus, as, ld) was killed by RLIMIT_FSIZE. The runner only sees
// the driver g++, which reports its part's signal and exits with an error code; strsignal's
// text in the C locale (the sandbox's environment) or the signal's number (collect2).
bool part_hit_file_size_limit(std::string_view message) {
    return message.find("File size limit exceeded") != std::string_view::npos ||
           message.find("signal " + std::to_string(SIGXFSZ) + " ") != std::string_view::npos;
}

// The source's file name in the box and the binary's: the source's own (so the compiler's
// messages name the file the user knows) when it is plain, else "solution.cpp"; never a name
// that starts with '-' (an option to g++).
std::pair<std::string, std::string> box_names(const fs::path& source) {
    auto plain = [](const std::string& text) {
        if (text.empty() || text[0] == '-' || text.size() > 100) return false;
        for (char c : text)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '+' &&
                c != '.')
                return false;
        return true;
    };
    std::string stem = source.stem().string();
    std::string extension = source.extension().string();
    if (!plain(stem) || stem[0] == '.') stem = "solution";
    if (!plain(extension)) extension = ".cpp";
    return {stem + extension, stem};
}

// `file` under one of the system paths every sandbox shows.
bool in_system_path(const fs::path& file) {
    std::string text = file.string();
    for (std::string_view prefix : {"/usr/", "/bin/", "/sbin/", "/lib", "/etc/alternatives/"})
        if (text.compare(0, prefix.size(), prefix) == 0) return true;
    return false;
}

// Host folders a compiler outside the system paths needs in the box (/opt/gcc-13/bin/g++: its
// bin, lib, libexec and include folders), never the whole prefix (~/bin/g++ must not show the
// home folder).
std::vector<std::string> compiler_folders(const std::string& compiler_path) {
    std::vector<std::string> folders;
    std::error_code error;
    for (fs::path file : {fs::path(compiler_path), fs::canonical(compiler_path, error)}) {
        if (file.empty() || in_system_path(file)) continue;
        fs::path bin = file.parent_path();
        folders.push_back(bin.string());
        if (bin.filename() == "bin" && bin.parent_path() != bin.root_path())
            for (const char* sibling : {"lib", "lib64", "libexec", "include"})
                if (fs::is_directory(bin.parent_path() / sibling, error))
                    folders.push_back((bin.parent_path() / sibling).string());
    }
    return folders;
}

// What a program wrote to a capture file (at most 64 KiB); "" when there is none.
std::string captured(const fs::path& file) {
    try {
        return read_file(file, kMaxMessageBytes);
    } catch (const JudgeError&) {
        return "";
    }
}

// Whether the file is executable by its owner (a build/run script must be: the format runs it).
bool is_executable_file(const fs::path& file) {
    struct stat info {};
    return ::stat(file.c_str(), &info) == 0 && S_ISREG(info.st_mode) && (info.st_mode & S_IXUSR);
}

// How to start the executable `file` (on the host) that a run sees at `seen_as`: a script with a
// `#!` line through its interpreter, so that its $0 is a path it can find its folder by
// (BAPCtools' run scripts start `$(dirname "$0")/...`; the runner would give it /dev/fd/3); a
// binary as itself.
std::vector<std::string> script_command(const fs::path& file, const std::string& seen_as) {
    std::string head = read_file(file, 512);
    if (head.rfind("#!", 0) != 0) return {seen_as};
    std::string line = head.substr(2, head.find('\n') - 2);
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    std::size_t space = line.find_first_of(" \t");
    std::vector<std::string> command = {line.substr(0, space)};
    if (space != std::string::npos) {  // Linux passes the rest as one argument
        std::string argument = line.substr(space + 1);
        argument.erase(0, argument.find_first_not_of(" \t"));
        if (!argument.empty()) command.push_back(argument);
    }
    command.push_back(seen_as);
    return command;
}

}  // namespace

Compiler::Compiler(fs::path project_root,
                   fs::path cache_dir,
                   std::string compiler,
                   CompileLimits limits)
    : root_(std::move(project_root)),
      cache_dir_(std::move(cache_dir)),
      compiler_(std::move(compiler)),
      limits_(limits) {}

std::string siphash_2_4_128_hex(const CacheSecret& key, std::string_view message) {
    SipHash128 hasher(key);
    hasher.update(message);
    return hasher.hex();
}

CacheSecret Compiler::cache_secret() {
    std::lock_guard lock(mutex_);
    if (secret_) return *secret_;
    make_cache_dir(cache_dir_);
    fs::path file = cache_dir_ / kSecretFileName;
    std::optional<CacheSecret> secret = read_secret_file(file);
    if (!secret) {
        new_secret_file(file);
        secret = read_secret_file(file);
    }
    if (!secret) throw JudgeError("cannot read the cache's secret " + file.string() + ": gone");
    secret_ = secret;
    return *secret_;
}

namespace {

// `name` on `path_list` (colon-separated folders): the absolute path of the first executable
// regular file; empty when there is none. A name with a slash is taken as it is.
fs::path find_on_path(const std::string& name, const std::string& path_list) {
    if (name.find('/') != std::string::npos) return fs::absolute(name).lexically_normal();
    std::size_t start = 0;
    while (start <= path_list.size()) {
        std::size_t end = path_list.find(':', start);
        if (end == std::string::npos) end = path_list.size();
        std::string folder = path_list.substr(start, end - start);
        start = end + 1;
        if (folder.empty()) folder = ".";
        fs::path candidate = fs::absolute(fs::path(folder) / name).lexically_normal();
        std::error_code error;
        if (fs::is_regular_file(candidate, error) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

// The PATH a sandboxed program has: where interpreters are looked up (see compiler.hpp).
std::string sandbox_path_list() {
    for (const std::string& entry : kSandboxEnvironment)
        if (entry.rfind("PATH=", 0) == 0) return entry.substr(5);
    return "/usr/bin:/bin";
}

// Host files and folders every compile and run of `language` needs in a box beyond the system's
// (Language::box_paths, those that exist): the JDK reads its configuration from /etc/java-*/
// (lib/jvm.cfg links there), mono from /etc/mono. A trailing '*' stands for any rest of a name
// in its folder.
std::vector<std::string> language_box_paths(const Language& language) {
    std::vector<std::string> paths;
    std::error_code error;
    for (std::string_view pattern : language.box_paths) {
        fs::path path(pattern);
        std::string name = path.filename().string();
        if (name.empty() || name.back() != '*') {
            if (fs::exists(path, error)) paths.push_back(path.string());
            continue;
        }
        name.pop_back();
        std::vector<std::string> matches;
        for (const auto& entry : fs::directory_iterator(path.parent_path(), error))
            if (entry.path().filename().string().rfind(name, 0) == 0)
                matches.push_back(entry.path().string());
        std::sort(matches.begin(), matches.end());
        paths.insert(paths.end(), matches.begin(), matches.end());
    }
    return paths;
}

// Whether `language` is C or C++: compiled with the judge's own compilers (found on its PATH,
// another g++ may be given), with checklib's -I folders for jury programs and the caller's
// extra flags (sanitizers).
bool c_family(const Language& language) { return language.key == "c" || language.key == "cpp"; }

}  // namespace

const std::string& Compiler::tool_path_locked(const Language& language, std::string_view tool) {
    std::string name(tool);
    // The C++ compiler may be another g++ (the constructor's); it and gcc are found on the
    // judge's own PATH, interpreters where a sandboxed program finds them.
    if (language.key == "cpp" && tool == language.compiler) name = compiler_;
    auto found = tool_paths_.find(name);
    if (found != tool_paths_.end()) return found->second;
    bool native = c_family(language);
    const char* judge_path = std::getenv("PATH");
    fs::path path = find_on_path(
        name, native ? (judge_path ? judge_path : "/usr/bin:/bin") : sandbox_path_list());
    if (path.empty()) {
        std::string where = native ? "on PATH" : "in " + sandbox_path_list();
        if (language.key == "cpp") throw JudgeError("compiler '" + name + "' not found " + where);
        throw UnsupportedLanguage(std::string(language.name) + ": " + name + " not found " + where +
                                  " on this machine");
    }
    if (::access(path.c_str(), X_OK) != 0)
        throw JudgeError("cannot run " + path.string() + ": " + std::strerror(errno));
    return tool_paths_[name] = path.string();
}

std::string Compiler::tool_version(const Language& language, std::string_view tool) {
    std::string path;
    {
        std::lock_guard lock(mutex_);
        path = tool_path_locked(language, tool);
        auto known = versions_.find(path);
        if (known != versions_.end()) return known->second;
    }
    RunRequest request;
    // Java's tools print their version on stderr with -version, the others mostly on stdout
    // with --version (Language::version_args).
    request.argv = {path};
    request.argv.insert(request.argv.end(), language.version_args.begin(),
                        language.version_args.end());
    TempDir scratch("tool-version");
    request.stdout_path = (scratch.path() / "out").string();
    request.stderr_path = (scratch.path() / "err").string();
    // The compile's default limits, not the user's compile limits: `--compile-cpu-s 0.01` must
    // make the compile of a source fail (CE naming the limit), not this query of the compiler's
    // identity, which the cache key needs first.
    request.limits = CompileLimits{};
    request.limits.max_processes = std::max(request.limits.max_processes, language.min_processes);
    RunResult run;
    try {
        run = run_process(request);
    } catch (const RunnerError& error) {
        throw JudgeError("cannot run " + path + ": " + error.what());
    }
    std::string output = captured(request.stdout_path) + captured(request.stderr_path);
    if (!run.exited || run.exit_code != 0 || run.limit_hit != LimitHit::None)
        throw JudgeError("'" + path + " " + request.argv.at(1) + "' failed: " + first_line(output));
    // The first line that is not a warning: kotlinc's JVM warns about its own options first.
    std::istringstream lines(output);
    std::string version;
    for (std::string line; version.empty() && std::getline(lines, line);)
        if (line.find("warning") == std::string::npos) version = first_line(line, 400);
    if (version.empty()) version = first_line(output, 400);
    std::lock_guard lock(mutex_);
    return versions_[path] = version;
}

std::string Compiler::compiler_version() { return tool_version(*language_by_key("cpp"), "g++"); }

std::string Compiler::language_version(const Language& language) {
    return tool_version(language, language.compiler);
}

std::vector<fs::path> jury_include_dirs(const fs::path& root) {
    fs::path checklib = builtin_checkers().dir;
    // The root's own checklib first (a test root may carry its own), then the judge's own
    // (installed, or the source tree's); g++ stops at a folder it may not enter, so one we cannot
    // read is left out.
    std::vector<fs::path> dirs = {root / "checkers"};
    if (::access(checklib.c_str(), R_OK | X_OK) == 0) dirs.push_back(checklib);
    return dirs;
}

namespace {

// The flags of a compile of `language` (what the cache key covers): the language's own, then
// for C and C++ jury programs checklib's folders, then the caller's.
std::vector<std::string> language_flags(const Language& language,
                                        SourceKind kind,
                                        const fs::path& root,
                                        const std::vector<std::string>& extra_flags) {
    // The sanitizers' runtimes are shared libraries: a sanitized build (judge --diagnose) drops
    // -static.
    bool sanitized = std::any_of(extra_flags.begin(), extra_flags.end(), [](const std::string& f) {
        return f.rfind("-fsanitize", 0) == 0;
    });
    std::vector<std::string> flags;
    for (std::string_view flag : language.compile_flags)
        if (!(sanitized && flag == "-static" && c_family(language))) flags.emplace_back(flag);
    if (!c_family(language)) return flags;
    if (kind != SourceKind::Solution)
        for (const fs::path& dir : jury_include_dirs(root))
            flags.insert(flags.end(), {"-I", dir.string()});
    flags.insert(flags.end(), extra_flags.begin(), extra_flags.end());
    return flags;
}

// A cache key's readable part: the program's name, cut to safe characters.
std::string key_name(const std::string& name) {
    std::string safe;
    for (char c : name.substr(0, 60))
        safe += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '_';
    return safe.empty() ? "program" : safe;
}

}  // namespace

std::vector<std::string> Compiler::flags_for(SourceKind kind,
                                             const std::vector<std::string>& extra_flags) const {
    return language_flags(*language_by_key("cpp"), kind, root_, extra_flags);
}

CompileResult Compiler::compile(const fs::path& source,
                                SourceKind kind,
                                const std::vector<std::string>& extra_flags,
                                const SourceChoice& choice) {
    std::error_code error;
    if (!fs::exists(source, error))
        throw JudgeError("cannot compile " + source.string() + ": no such file");
    SourceSet set;
    try {
        set = read_source_set(source, choice);
    } catch (const NoEntryPoint& no_entry) {
        if (kind != SourceKind::Solution) throw;
        CompileResult result;  // the submission's fault: a compile error, never a JE
        result.message = no_entry.what();
        return result;
    }
    const Language& language = *set.language;
    const bool scripts = &language == &build_run_scripts();
    if (scripts && kind == SourceKind::Solution)
        throw UnsupportedLanguage(source.string() +
                                  " has a build or run script: the package format allows them to "
                                  "validators and visualizers, not to submissions");
    std::vector<std::string> flags = language_flags(language, kind, root_, extra_flags);
    // Read once, with bounds: the key and the box are made of the same bytes. A submission's
    // folder may hold no link (read_source_file); the path given is taken as the caller's.
    const bool submission = kind == SourceKind::Solution;
    std::map<std::string, std::string> bytes;
    for (const std::string& file : set.files)
        bytes[file] = read_source_file(set.file(file), !submission || set.file(file) == set.path);

    // The key: a keyed hash (the cache's secret) of the kind, the language, the entry, every
    // file's name and bytes, the flags, the language's compile recipe and the tools' versions;
    // for a jury program also of every file it includes with `#include "..."`. A submission's
    // includes are never read here: the compiler finds them, in the box, or does not.
    SipHash128 hasher(cache_secret());
    hasher.add_field(kind_name(kind));
    hasher.add_field(language.key);
    hasher.add_field(set.entry);
    for (const auto& [file, content] : bytes) {
        hasher.add_field(file);
        hasher.add_field(content);
    }
    hasher.add_field("flags");
    for (const auto& flag : flags) hasher.add_field(flag);
    // How the language is compiled: a judge that compiles it otherwise (another argument or
    // environment, each source checked) must not take an earlier judge's artifact for its own.
    hasher.add_field("recipe");
    for (const std::string& field : compile_recipe(language)) hasher.add_field(field);
    if (scripts) {  // which files the scripts may execute (no compiler version: they name theirs)
        hasher.add_field("executables");
        for (const std::string& file : set.files)
            hasher.add_field(is_executable_file(set.file(file)) ? "x" : "-");
    } else {
        hasher.add_field(tool_version(language, language.compiler));
    }
    if (!scripts && !language.runtime.empty() && language.runtime != language.compiler)
        hasher.add_field(tool_version(language, language.runtime));
    if (c_family(language) && !submission) {
        hasher.add_field("includes");
        std::vector<fs::path> include_dirs = jury_include_dirs(root_);
        for (const std::string& file : set.sources)
            for (const auto& [header, content] :
                 quoted_includes(set.file(file), bytes.at(file), include_dirs)) {
                hasher.add_field(header.string());
                hasher.add_field(content);
            }
    }
    std::string key = key_name(set.name) + "-" + std::string(kind_name(kind)) + "-" + hasher.hex();
    fs::path artifact = cache_dir_ / key;

    std::shared_ptr<std::mutex> key_mutex;
    {
        std::lock_guard lock(mutex_);
        auto& slot = in_flight_[key];
        if (!slot) slot = std::make_shared<std::mutex>();
        key_mutex = slot;
    }
    std::lock_guard key_lock(*key_mutex);
    // Other judge processes that share this cache: one compiles and installs the key while the
    // others wait, then find it cached. (Without it, a second install of a folder artifact, a
    // Python program's or Java's classes, replaced the folder under the first judge's runs.)
    make_cache_dir(cache_dir_);
    std::error_code lock_error;
    fs::create_directory(cache_dir_ / ".locks", lock_error);
    FileLock cache_lock(cache_dir_ / ".locks" / key);

    std::string note;
    switch (check_cached(artifact)) {
        case CacheState::Good: {
            CompileResult result;
            result.ok = true;
            result.binary = artifact;
            result.from_cache = true;
            std::lock_guard lock(mutex_);
            result.program = program_of(set, artifact);
            return result;
        }
        case CacheState::Missing: break;
        case CacheState::NoRecord:
            note = "the cached binary " + artifact.string() +
                   " had no recorded hash: discarded and compiled again";
            break;
        case CacheState::Changed:
            note = "the cached binary " + artifact.string() +
                   " did not match the hash recorded when it was compiled (it was changed since):"
                   " discarded and compiled again";
            break;
    }
    if (!note.empty()) {
        // Gone before anything else happens: even if this compile fails, it is never run.
        fs::remove_all(artifact, error);
        fs::remove(record_path(artifact), error);
        if (fs::exists(fs::symlink_status(artifact, error)))
            throw JudgeError("cannot remove the changed cached binary " + artifact.string());
    }
    CompileResult result = scripts ? build_with_scripts(set, bytes, artifact)
                                   : build(set, bytes, kind, flags, artifact);
    result.note = std::move(note);
    return result;
}

CompileResult Compiler::build_with_scripts(const SourceSet& set,
                                           const std::map<std::string, std::string>& source_bytes,
                                           const fs::path& artifact) {
    CompileResult result;
    auto failed = [&](const std::string& why) {
        result.message = why + (result.message.empty() ? "" : "\n" + result.message);
        return result;
    };
    // A copy of the program's folder (the format: build runs in a copy), in a scratch folder of
    // the 0700 cache, with each file's executable bit.
    TempDir scratch("compile", cache_dir_);
    fs::path box = scratch.path() / "box";
    if (::mkdir(box.c_str(), 0755) != 0 || ::chmod(box.c_str(), 0755) != 0)
        throw JudgeError("cannot create " + box.string() + ": " + std::strerror(errno));
    for (const std::string& file : set.files) {
        for (fs::path dir = box; const auto& part : fs::path(file).parent_path())
            if (::mkdir((dir /= part).c_str(), 0755) != 0 && errno != EEXIST)
                throw JudgeError("cannot create " + dir.string());
        write_new_file(box / file, source_bytes.at(file),
                       is_executable_file(set.file(file)) ? 0755 : 0644);
    }
    if (std::find(set.files.begin(), set.files.end(), "build") != set.files.end()) {
        if (!is_executable_file(set.file("build")))
            return failed(set.file("build").string() +
                          " is not executable (the format runs it as a program: chmod +x)");
        // In the box, as a submission's compile: the scripts are the package's, but nothing they
        // run needs more than their own folder and the system's tools.
        if (sandbox_ && sandbox_support().as_root)
            for (fs::recursive_directory_iterator it(box), end; it != end; ++it)
                if (it->is_directory()) ::chown(it->path().c_str(), kSandboxUid, kSandboxGid);
        if (sandbox_ && sandbox_support().as_root) ::chown(box.c_str(), kSandboxUid, kSandboxGid);
        RunRequest request;
        request.argv = script_command(box / "build", sandbox_ ? "/box/build" : "./build");
        if (request.argv.size() == 1) request.argv = {(box / "build").string()};  // a binary
        request.stdout_path = (scratch.path() / "build.out").string();
        request.stderr_path = (scratch.path() / "build.err").string();
        request.limits = limits_;
        request.limits.max_processes = std::max(limits_.max_processes, 64);
        request.sandbox.enabled = sandbox_;
        request.sandbox.work_dir = box.string();
        request.working_dir = box.string();
        RunResult run;
        try {
            run = run_process(request);
        } catch (const RunnerError& error) {
            throw JudgeError("cannot run " + set.file("build").string() + ": " + error.what());
        }
        result.wall_ms = run.wall_ms;
        result.isolation = run.isolation;
        result.limit_hit = run.limit_hit;
        result.message = captured(request.stderr_path) + captured(request.stdout_path);
        if (result.message.size() > kMaxMessageBytes) result.message.resize(kMaxMessageBytes);
        if (run.limit_hit != LimitHit::None)
            return failed(set.file("build").string() + ": " +
                          limit_sentence(run.limit_hit, limits_));
        if (!run.exited || run.exit_code != 0)
            return failed(set.file("build").string() + " failed (" +
                          (run.signaled ? "signal " + std::to_string(run.term_signal)
                                        : "exit code " + std::to_string(run.exit_code)) +
                          ")");
    }
    if (!is_executable_file(box / "run"))
        return failed(set.path.string() +
                      ": no executable `run` after its build (the format starts the program "
                      "with it)");
    // Everything the build left (regular files only, never through a link), with the executable
    // bits: `run` may start what `build` made.
    if (!folder_bytes(box, limits_.output_kib * 1024))
        return failed(set.path.string() + ": its build left more than the compile's output limit");
    std::map<std::string, std::string> files;
    std::set<std::string> executables;
    std::error_code error;
    for (fs::recursive_directory_iterator it(box, error), end; !error && it != end;
         it.increment(error)) {
        if (!it->is_regular_file(error) || it->is_symlink(error)) continue;
        std::string name = it->path().lexically_relative(box).string();
        files[name] = read_file(it->path());
        if (is_executable_file(it->path())) executables.insert(name);
    }
    install_folder(files, artifact, executables);
    result.ok = true;
    result.binary = artifact;
    std::lock_guard lock(mutex_);
    result.program = program_of(set, artifact);
    return result;
}

Program Compiler::program_of(const SourceSet& set, const fs::path& artifact) {
    const Language& language = *set.language;
    Program program;
    program.language = &language;
    if (&language == &build_run_scripts()) {
        program.command = script_command(artifact / "run", (artifact / "run").string());
        program.box_paths = {artifact.string()};
        program.working_folder = artifact.string();
        return program;
    }
    switch (language.entry) {
        case EntryPoint::Binary: program.command = {artifact.string()}; break;
        case EntryPoint::MainFile: {
            program.command = {tool_path_locked(language, language.runtime)};
            program.command.insert(program.command.end(), language.runtime_flags.begin(),
                                   language.runtime_flags.end());
            std::string main =
                language.output_entry.empty() ? set.entry : std::string(language.output_entry);
            program.command.push_back((artifact / main).string());
            if (language.runs_every_source)
                for (const std::string& source : set.sources)
                    if (source != main) program.command.push_back((artifact / source).string());
            program.box_paths = {artifact.string()};
            program.working_folder = artifact.string();
            break;
        }
        case EntryPoint::MainClass: {
            program.command = {tool_path_locked(language, language.runtime)};
            program.command.insert(program.command.end(), language.runtime_flags.begin(),
                                   language.runtime_flags.end());
            std::string class_path = artifact.string();
            for (std::string_view jar : language.class_path)  // under /usr: in every box
                class_path += ":" + std::string(jar);
            program.command.insert(program.command.end(), {"-cp", class_path, set.entry});
            program.box_paths.insert(program.box_paths.begin(), artifact.string());
            program.working_folder = artifact.string();
            program.heap_flag = "-Xmx";
            break;
        }
    }
    for (const std::string& path : language_box_paths(language)) program.box_paths.push_back(path);
    return program;
}

CompileResult Compiler::build(const SourceSet& set,
                              const std::map<std::string, std::string>& source_bytes,
                              SourceKind kind,
                              const std::vector<std::string>& flags,
                              const fs::path& artifact) {
    const Language& language = *set.language;
    std::string compiler_path;
    {
        std::lock_guard lock(mutex_);
        compiler_path = tool_path_locked(language, language.compiler);
    }
    // In the cache folder (0700): nobody else reaches the source or the binary meanwhile, and a
    // killed judge's scratch folder is removed by the next judge's TempDir sweep.
    TempDir scratch("compile", cache_dir_);
    fs::path box = scratch.path() / "box";
    if (::mkdir(box.c_str(), 0755) != 0 || ::chmod(box.c_str(), 0755) != 0)
        throw JudgeError("cannot create " + box.string() + ": " + std::strerror(errno));

    RunRequest request;
    request.argv = {compiler_path};
    request.stdout_path = (scratch.path() / "compiler.out").string();
    request.stderr_path = (scratch.path() / "compiler.err").string();
    request.limits = limits_;
    request.limits.max_processes = std::max(limits_.max_processes, language.min_processes);
    // What the compiler is given: the names in the box (a solution) or the files where they are
    // (jury code: compiled in place, for its quoted includes: checklib, model solutions).
    std::vector<std::string> sources;
    std::string output_name = key_name(set.name);
    const bool boxed = kind == SourceKind::Solution;
    if (boxed) {
        // A submission: only its own bytes go in, and the compiler runs in the box. As root the
        // box's program is uid 65534, which must own /box to write the binary there (the
        // sources stay root's, 0644: readable, not replaceable).
        if (fs::is_directory(set.path)) {
            for (const std::string& file : set.files) {
                for (fs::path dir = box; const auto& part : fs::path(file).parent_path())
                    if (::mkdir((dir /= part).c_str(), 0755) != 0 && errno != EEXIST)
                        throw JudgeError("cannot create " + dir.string());
                write_new_file(box / file, source_bytes.at(file), 0644);
            }
            for (const std::string& file : set.sources) sources.push_back("./" + file);
        } else {
            auto [source_name, binary_name] = box_names(set.path);
            write_new_file(box / source_name, source_bytes.at(set.files.at(0)), 0644);
            sources.push_back(source_name);
            output_name = binary_name;
        }
        if (sandbox_ && sandbox_support().as_root &&
            ::chown(box.c_str(), kSandboxUid, kSandboxGid) != 0)
            throw JudgeError("cannot give " + box.string() + " to uid " +
                             std::to_string(kSandboxUid) + ": " + std::strerror(errno));
        request.sandbox.enabled = sandbox_;
        request.sandbox.work_dir = box.string();
        request.sandbox.read_only_paths = compiler_folders(compiler_path);
        for (const std::string& path : language_box_paths(language))
            request.sandbox.read_only_paths.push_back(path);
        request.working_dir = box.string();  // the same relative names if no box can be made
    } else if (language.writes_beside_sources) {
        // Jury code whose compiler writes beside its sources: compiled from a copy, so that
        // nothing is written into the package.
        for (const std::string& file : set.files) {
            for (fs::path dir = box; const auto& part : fs::path(file).parent_path())
                if (::mkdir((dir /= part).c_str(), 0755) != 0 && errno != EEXIST)
                    throw JudgeError("cannot create " + dir.string());
            write_new_file(box / file, source_bytes.at(file), 0644);
        }
        for (const std::string& file : set.sources) sources.push_back((box / file).string());
        output_name = (box / (output_name + ".bin")).string();
    } else {
        for (const std::string& file : set.sources)
            sources.push_back(fs::absolute(set.file(file)).string());
        output_name = (box / output_name).string();
    }
    // Where the compiler writes: the executable, or the folder of class files (main.exe); and
    // the compile's own writable folder for what else it leaves ({tmp}: object files, caches).
    const bool writes_folder =
        language.entry == EntryPoint::MainClass || !language.output_entry.empty();
    std::string output =
        writes_folder ? (boxed ? "classes" : (box / "classes").string()) : output_name;
    fs::path tmp_dir = box / ".judge-tmp";
    if (writes_folder && ::mkdir((boxed ? box / "classes" : fs::path(output)).c_str(), 0755) != 0)
        throw JudgeError("cannot create the output folder in " + box.string());
    if (::mkdir(tmp_dir.c_str(), 0755) != 0)
        throw JudgeError("cannot create " + tmp_dir.string() + ": " + std::strerror(errno));
    if (boxed && sandbox_ && sandbox_support().as_root)
        for (const fs::path& dir : {tmp_dir, box / "classes"})
            if (fs::exists(dir)) ::chown(dir.c_str(), kSandboxUid, kSandboxGid);
    // In the box the compiler sees its folder as /box.
    std::string tmp = boxed && sandbox_ ? "/box/.judge-tmp" : tmp_dir.string();
    auto filled = [&](std::string_view pattern) {
        std::string text(pattern);
        for (auto [name, value] :
             {std::pair<std::string_view, const std::string&>{"{output}", output}, {"{tmp}", tmp}})
            for (std::size_t at; (at = text.find(name)) != std::string::npos;)
                text.replace(at, name.size(), value);
        return text;
    };
    std::string main_source = sources.empty() ? "" : sources.front();
    for (std::size_t i = 0; i < set.sources.size(); ++i)
        if (set.sources[i] == set.entry) main_source = sources[i];
    // The files `{main}` stands for, one compile run each: the main one, or every source.
    std::vector<std::string> mains = {main_source};
    if (language.check_each_source && sources.size() > 1) {
        for (const std::string& source : sources)
            if (source != main_source) mains.push_back(source);
    }
    for (std::string_view variable : language.compile_environment)
        request.environment.push_back(filled(variable));
    const std::vector<std::string> compiler_argv = request.argv;

    RunResult run;
    std::int64_t wall_ms = 0;
    for (const std::string& main : mains) {
        request.argv = compiler_argv;
        for (std::string_view arg : language.compile_args) {
            if (arg == "{flags}")
                request.argv.insert(request.argv.end(), flags.begin(), flags.end());
            else if (arg == "{sources}")
                request.argv.insert(request.argv.end(), sources.begin(), sources.end());
            else if (arg == "{main}")
                request.argv.push_back(main);
            else
                request.argv.push_back(filled(arg));
        }
        try {
            run = run_process(request);
        } catch (const RunnerError& error) {
            throw JudgeError("cannot run the compiler " + compiler_path + ": " + error.what());
        }
        wall_ms += run.wall_ms;
        if (run.limit_hit != LimitHit::None || !run.exited || run.exit_code != 0) break;
    }
    CompileResult result;
    result.wall_ms = wall_ms;
    result.isolation = run.isolation;
    result.limit_hit = run.limit_hit;
    std::string message = captured(request.stderr_path) + captured(request.stdout_path);
    if (result.limit_hit == LimitHit::None && !(run.exited && run.exit_code == 0) &&
        part_hit_file_size_limit(message))
        result.limit_hit = LimitHit::Output;
    if (result.limit_hit != LimitHit::None) {
        std::string first = limit_sentence(result.limit_hit, limits_);
        message = message.empty() ? first : first + "\n" + message;
    } else if (run.signaled) {
        message = "the compiler was killed by signal " + std::to_string(run.term_signal) +
                  (message.empty() ? "" : "\n" + message);
    } else if (run.exit_code != 0 && message.empty()) {
        message = "the compiler exited with code " + std::to_string(run.exit_code);
    }
    if (message.size() > kMaxMessageBytes) message.resize(kMaxMessageBytes);
    result.message = std::move(message);
    if (result.limit_hit != LimitHit::None || !run.exited || run.exit_code != 0) return result;

    auto no_output = [&](const std::string& what) {
        result.message += (result.message.empty() ? "" : "\n") + std::string("the compiler left ") +
                          what + " in " + box.string();
        return result;
    };
    switch (language.entry) {
        case EntryPoint::Binary: {
            std::optional<std::string> bytes = read_regular_file(
                boxed ? box / output_name : fs::path(output_name), limits_.output_kib * 1024);
            if (!bytes) return no_output("no binary (a regular file)");
            install_binary(*bytes, artifact);
            break;
        }
        case EntryPoint::MainClass: break;
        case EntryPoint::MainFile: {
            if (writes_folder) break;
            // The bytes the judge read, not the box's copies (the box was the compiler's to write).
            std::map<std::string, std::string> files = source_bytes;
            if (!fs::is_directory(set.path))
                files = {{set.entry, source_bytes.at(set.files.at(0))}};
            install_folder(files, artifact);
            break;
        }
    }
    if (writes_folder) {
        // The compiler's folder: class files, main.exe (regular files only, never through a link).
        fs::path classes_dir = boxed ? box / "classes" : fs::path(output);
        std::optional<std::string> all = folder_bytes(classes_dir, limits_.output_kib * 1024);
        if (!all) return no_output("no output files (regular files only)");
        std::map<std::string, std::string> files;
        std::error_code error;
        for (fs::recursive_directory_iterator it(classes_dir, error), end; !error && it != end;
             it.increment(error))
            if (it->is_regular_file(error))
                files[fs::relative(it->path(), classes_dir, error).string()] =
                    read_file(it->path());
        if (files.empty()) return no_output("no output files");
        install_folder(files, artifact);
    }
    result.ok = true;
    result.binary = artifact;
    std::lock_guard lock(mutex_);
    result.program = program_of(set, artifact);
    return result;
}

}  // namespace judge

// checklib.hpp: a small, clean-room subset of testlib's documented interface, for the project's
// checkers, validators and generators. Written here from testlib's public documentation, not from
// its source, so that every checker keeps testlib's shape and could move to the real testlib.h.
//
// Modes (one per program, chosen by the register call):
//   registerTestlibCmd(argc, argv)  checker: `checker <input> <output> <answer>`.
//       Exit codes: 0 OK, 1 WA, 2 PE, 3 FAIL. A verdict other than OK raised while reading the
//       answer file (`ans`) or the input file (`inf`) becomes FAIL: the jury's data is wrong,
//       never the contestant.
//   registerValidation(argc, argv)  validator: reads the case on stdin, strictly (no white space
//       is skipped implicitly). Exit 0 valid; 3 invalid, with a one-line message on stderr.
//   registerInteraction(argc, argv) interactor: `interactor <input> <tout> [<answer>]`, with the
//       submission's output on stdin (`ouf`, read as it arrives) and its input on stdout (flush
//       after each message: std::endl, or fflush(stdout)). What the interactor writes to `tout`
//       goes to the checker when the problem has one. Exit codes as for a checker; a mistake in
//       the input or answer file is FAIL.
//   registerGen(argc, argv, 1)      generator: `rnd` is seeded from a hash of every argument, so
//       the same arguments give the same case; options come from `opt<T>("name")`.
//
// The package format's protocol instead (ICPC/Kattis, what `judge export` writes): with
// CHECKLIB_KATTIS defined, a validator exits 42 valid / 43 invalid; a checker is an output
// validator `checker <input> <answer> <feedback_dir> < output` and an interactor
// `interactor <input> <answer> <feedback_dir>`, exiting 42 accepted, 43 rejected (WA and PE
// alike) and 1 on FAIL, with the message in <feedback_dir>/judgemessage.txt. The same source
// serves both judges: `judge export` puts a copy of this file with the definition in front of it.
//
// Line ends: The statements (testdata/<id>/statement.md) allow `\n` or `\r\n` and a missing final
// newline, so the strict `readEoln` accepts `\n`, `\r\n`, or the end of the file.
//
// Headers: C's stdio and <string>/<vector> only, no <iostream>, <fstream>, <sstream> or <random>.
// The judge compiles jury programs in a fresh cache in every test, hundreds of times; with those
// headers tokens.cpp took 1.8 s of CPU to compile and 0.5 s to link statically, without them
// 1.1 s and 0.3 s (most of the rest is <string>). A program that prints with std::cout includes
// <iostream> itself.
#pragma once

#include <cerrno>
#include <climits>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iosfwd>  // std::ostream, named (not used) by tout's std::endl
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <unistd.h>  // read(): the interactor's ouf reads the submission's output as it comes

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

namespace checklib_detail {

enum class Mode { None, Checker, Validator, Generator, Interactor };
inline Mode mode = Mode::None;
#ifdef CHECKLIB_KATTIS
inline constexpr bool kattis = true;
#else
inline constexpr bool kattis = false;
#endif
inline std::string feedback_dir;  // Kattis protocol: where judgemessage.txt goes
inline bool quitting = false;     // quit() is ending the program with its own exit code

// Kattis protocol: a program that returns from main (a validator's `return 0` after readEof,
// as testlib's are written) has accepted; its exit code must then be 42, not 0.
inline void accept_on_return() {
    if (quitting) return;
    std::fflush(nullptr);
    std::_Exit(42);
}
inline void kattis_exit_codes() {
    if (kattis) std::atexit(accept_on_return);
}

inline const char* verdict_word(TResult result) {
    switch (result) {
        case _ok: return "ok";
        case _wa: return "wrong answer";
        case _pe: return "wrong output format";
        case _fail: return "FAIL";
    }
    return "FAIL";
}

// One line, whatever the message holds: the judge shows it in a table cell.
inline std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    if (text.size() > 500) text = text.substr(0, 497) + "...";
    return text;
}

inline std::string vformat(const char* format, va_list args) {
    va_list copy;
    va_copy(copy, args);
    int length = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    if (length < 0) return format;
    std::string text(static_cast<size_t>(length) + 1, '\0');
    std::vsnprintf(text.data(), text.size(), format, args);
    text.resize(static_cast<size_t>(length));
    return text;
}

// All of `file` from where it stands, as reading it through an std::istreambuf_iterator did.
inline std::string read_all(std::FILE* file) {
    std::string text;
    char buffer[1 << 16];
    size_t got;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
    return text;
}

// Replaces the file at `path` with `text`, as an std::ofstream would; nothing if it cannot be
// opened.
inline void write_file(const std::string& path, const std::string& text) {
    std::FILE* file = std::fopen(path.c_str(), "w");
    if (!file) return;
    std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
}

// Shortens a token for messages, as testlib's compress() does.
inline std::string compress(const std::string& text) {
    return text.size() <= 64 ? text : text.substr(0, 30) + "..." + text.substr(text.size() - 31);
}

}  // namespace checklib_detail

/// Ends the program with `result` and `message` (one line on stderr).
[[noreturn]] inline void quit(TResult result, const std::string& message) {
    using namespace checklib_detail;
    quitting = true;
    if (kattis && mode == Mode::Validator) {
        if (result == _ok) std::exit(42);
        std::fprintf(stderr, "%s\n", one_line(message).c_str());
        std::exit(43);
    }
    if (kattis && (mode == Mode::Checker || mode == Mode::Interactor)) {
        std::string line = std::string(verdict_word(result)) + " " + one_line(message);
        if (!feedback_dir.empty()) write_file(feedback_dir + "/judgemessage.txt", line + "\n");
        std::fprintf(stderr, "%s\n", line.c_str());
        std::exit(result == _ok ? 42 : result == _fail ? 1 : 43);
    }
    if (mode == Mode::Validator || mode == Mode::Generator) {
        if (result == _ok) std::exit(0);
        std::fprintf(stderr, "%s\n", one_line(message).c_str());
        std::exit(3);
    }
    std::fprintf(stderr, "%s %s\n", verdict_word(result), one_line(message).c_str());
    std::exit(static_cast<int>(result));
}

[[noreturn]] inline void quitf(TResult result, const char* format, ...)
    __attribute__((format(printf, 2, 3)));
inline void quitf(TResult result, const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::string message = checklib_detail::vformat(format, args);
    va_end(args);
    quit(result, message);
}

/// Fails (checker: FAIL; validator: invalid input) unless `condition` holds.
inline void ensuref(bool condition, const char* format, ...) __attribute__((format(printf, 2, 3)));
inline void ensuref(bool condition, const char* format, ...) {
    if (condition) return;
    va_list args;
    va_start(args, format);
    std::string message = checklib_detail::vformat(format, args);
    va_end(args);
    quit(_fail, message);
}

/// testlib compatibility: testlib checkers name themselves with setName("compare %s", ...) for
/// their help text. checklib has no help text, so it is accepted and ignored: it prints nothing
/// and changes no verdict or message.
inline void setName(const char* format, ...) __attribute__((format(printf, 1, 2)));
inline void setName(const char* format, ...) { (void)format; }

inline void ensure(bool condition) {
    if (!condition) quit(_fail, "a condition the program relies on failed");
}

/// A whole file (or stdin) held in memory, read token by token or character by character.
class InStream {
 public:
    enum class Kind { Input, Output, Answer };

    void open_text(std::string text, std::string name, Kind kind, bool strict) {
        data_ = std::move(text);
        pos_ = 0;
        streamed_ = false;
        dropped_lines_ = dropped_column_ = 0;
        name_ = std::move(name);
        kind_ = kind;
        strict_ = strict;
        opened_ = true;
    }

    /// Reads file descriptor `fd` only as far as the reads ask (an interactor's view of the
    /// submission's output: waiting for all of it first would deadlock the dialogue).
    void open_stream(int fd, std::string name, Kind kind) {
        open_text("", std::move(name), kind, false);
        fd_ = fd;
        streamed_ = true;
    }

    bool open_file(const std::string& path, Kind kind, bool strict) {
        std::FILE* file = std::fopen(path.c_str(), "rb");
        if (!file) return false;
        std::string text = checklib_detail::read_all(file);
        std::fclose(file);
        open_text(std::move(text), path, kind, strict);
        return true;
    }

    /// Ends the program with a verdict about this stream: mistakes in the jury's files are FAIL.
    [[noreturn]] void quit(TResult result, const std::string& message) const {
        if (result != _ok && kind_ != Kind::Output &&
            (checklib_detail::mode == checklib_detail::Mode::Checker ||
             checklib_detail::mode == checklib_detail::Mode::Interactor))
            ::quit(_fail, std::string(kind_ == Kind::Answer ? "answer" : "input") + " file " +
                              name_ + ": " + message);
        ::quit(result, message);
    }

    [[noreturn]] void quitf(TResult result, const char* format, ...) const
        __attribute__((format(printf, 3, 4)));

    bool eof() const { return !has(pos_); }
    bool seekEof() {
        skipBlanks();
        return eof();
    }
    bool eoln() const {
        if (eof()) return false;
        if (data_[pos_] == '\n') return true;
        return data_[pos_] == '\r' && has(pos_ + 1) && data_[pos_ + 1] == '\n';
    }
    bool seekEoln() {
        while (!eof() && (data_[pos_] == ' ' || data_[pos_] == '\t')) {
            ++pos_;
            discard_consumed();
        }
        return eof() || eoln();
    }
    void skipBlanks() {
        while (!eof() && is_blank(data_[pos_])) {
            ++pos_;
            discard_consumed();  // a flood of blanks is read through, never kept
        }
    }

    /// Next character, whatever it is.
    char readChar() {
        discard_consumed();
        if (eof()) fail_format("unexpected end of file, a character expected");
        return data_[pos_++];
    }
    /// Next character, which must be `expected`.
    char readChar(char expected) {
        if (eof()) fail_format("unexpected end of file, " + describe(expected) + " expected");
        char found = data_[pos_];
        if (found != expected)
            fail_format(describe(expected) + " expected, " + describe(found) + " found");
        ++pos_;
        return found;
    }
    void readSpace() { readChar(' '); }

    /// The end of a line: `\n`, `\r\n` or the end of the file. Outside strict mode, spaces and
    /// tabs before it are skipped.
    void readEoln() {
        discard_consumed();
        if (!strict_)
            while (!eof() && (data_[pos_] == ' ' || data_[pos_] == '\t')) {
                ++pos_;
                discard_consumed();
            }
        if (eof()) return;
        if (data_[pos_] == '\r' && has(pos_ + 1) && data_[pos_ + 1] == '\n') {
            pos_ += 2;
            return;
        }
        if (data_[pos_] == '\n') {
            ++pos_;
            return;
        }
        fail_format("end of line expected, " + describe(data_[pos_]) + " found");
    }

    /// The end of the file. Outside strict mode, trailing white space is allowed.
    void readEof() {
        if (!strict_) skipBlanks();
        if (!eof()) fail_format("end of file expected, " + describe(data_[pos_]) + " found");
    }

    /// A maximal run of non-blank characters. Outside strict mode, blanks before it are skipped.
    std::string readToken() {
        discard_consumed();
        if (!strict_) skipBlanks();
        if (eof()) fail_format("unexpected end of file, a token expected");
        if (is_blank(data_[pos_]))
            fail_format("a token expected, " + describe(data_[pos_]) + " found");
        size_t start = pos_;
        while (!eof() && !is_blank(data_[pos_])) ++pos_;
        return data_.substr(start, pos_ - start);
    }
    std::string readWord() { return readToken(); }
    std::string readToken(const std::string& name) {
        std::string token = readToken();
        (void)name;
        return token;
    }

    /// The rest of the line, without its `\n` / `\r\n`, which is consumed.
    std::string readLine() {
        discard_consumed();
        if (eof()) fail_format("unexpected end of file, a line expected");
        size_t start = pos_;
        while (!eof() && data_[pos_] != '\n') ++pos_;
        size_t end = pos_;
        if (!eof()) ++pos_;
        if (end > start && data_[end - 1] == '\r') --end;
        return data_.substr(start, end - start);
    }

    long long readLong(long long lo, long long hi, const std::string& name = "") {
        std::string token = readToken();
        long long value = 0;
        if (!parse_integer(token, value))
            fail_format(label(name) + "integer expected, '" + checklib_detail::compress(token) +
                        "' found");
        if (value < lo || value > hi)
            fail_range(label(name) + std::to_string(value) + " violates the range [" +
                       std::to_string(lo) + ", " + std::to_string(hi) + "]");
        return value;
    }
    long long readLong() { return readLong(LLONG_MIN, LLONG_MAX); }
    int readInt(int lo, int hi, const std::string& name = "") {
        return static_cast<int>(readLong(lo, hi, name));
    }
    int readInt() { return readInt(INT_MIN, INT_MAX); }

    double readDouble(double lo, double hi, const std::string& name = "") {
        std::string token = readToken();
        char* end = nullptr;
        errno = 0;
        double value = std::strtod(token.c_str(), &end);
        if (token.empty() || *end != '\0' || errno == ERANGE || value != value)
            fail_format(label(name) + "real number expected, '" + checklib_detail::compress(token) +
                        "' found");
        if (value < lo || value > hi)
            fail_range(label(name) + token + " violates the range [" + std::to_string(lo) + ", " +
                       std::to_string(hi) + "]");
        return value;
    }
    double readReal(double lo, double hi, const std::string& name = "") {
        return readDouble(lo, hi, name);
    }

    /// "line L, column C" of the read position, for messages.
    std::string position() const {
        size_t line = dropped_lines_ + 1, column = dropped_column_ + 1;
        for (size_t i = 0; i < pos_ && i < data_.size(); ++i) {
            if (data_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return "line " + std::to_string(line) + ", column " + std::to_string(column);
    }

    const std::string& name() const { return name_; }
    bool opened() const { return opened_; }
    /// Bytes held in memory: all of a file; of a stream, what was read and not yet consumed.
    size_t held_bytes() const { return data_.size(); }

 private:
    // Whether byte `index` exists, reading more of a stream until it does or the stream ends.
    bool has(size_t index) const {
        while (index >= data_.size() && fd_ >= 0) {
            char buffer[4096];
            ssize_t got = ::read(fd_, buffer, sizeof buffer);
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) {
                fd_ = -1;
                break;
            }
            data_.append(buffer, static_cast<size_t>(got));
        }
        return index < data_.size();
    }

    // A stream (an interactor's or a Kattis validator's view of the submission's output) keeps
    // only what it has not consumed yet: what the submission sends is bounded by its output
    // limit, not by our memory, and the interactor lives as long as the submission. Dropped
    // once at least kKeepBytes are consumed (so the cost is amortised), between reads, never
    // within one (a token being read starts at or after pos_). The line and column of what
    // was dropped are kept for position().
    static constexpr size_t kKeepBytes = 1 << 16;
    void discard_consumed() {
        if (!streamed_ || pos_ < kKeepBytes) return;
        for (size_t i = 0; i < pos_; ++i) {
            if (data_[i] == '\n') {
                ++dropped_lines_;
                dropped_column_ = 0;
            } else {
                ++dropped_column_;
            }
        }
        data_.erase(0, pos_);
        pos_ = 0;
    }

    static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    static std::string describe(char c) {
        if (c == '\n') return "end of line";
        if (c == '\r') return "'\\r'";
        if (c == ' ') return "space";
        if (c == '\t') return "tab";
        if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) {
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, "byte 0x%02x", static_cast<unsigned char>(c));
            return buffer;
        }
        return std::string("'") + c + "'";
    }

    static std::string label(const std::string& name) { return name.empty() ? "" : name + ": "; }

    // Canonical integers only: an optional '-', then 0 or digits without a leading zero; no "-0".
    static bool parse_integer(const std::string& token, long long& value) {
        size_t i = token[0] == '-' ? 1 : 0;
        if (i == token.size()) return false;
        for (size_t j = i; j < token.size(); ++j)
            if (token[j] < '0' || token[j] > '9') return false;
        if (token[i] == '0' && (token.size() > i + 1 || i == 1)) return false;
        errno = 0;
        char* end = nullptr;
        value = std::strtoll(token.c_str(), &end, 10);
        return errno != ERANGE;
    }

    // Malformed data: PE for the contestant's output; the jury's files fail through quit().
    [[noreturn]] void fail_format(const std::string& message) const {
        quit(_pe, message + " (" + name_for_messages() + position() + ")");
    }
    // A well-formed number out of range: in the output that is a wrong answer, not a format error.
    [[noreturn]] void fail_range(const std::string& message) const {
        quit(kind_ == Kind::Output ? _wa : _pe,
             message + " (" + name_for_messages() + position() + ")");
    }
    std::string name_for_messages() const {
        return kind_ == Kind::Output ? "output, " : kind_ == Kind::Answer ? "answer, " : "";
    }

    mutable std::string data_;  // grows as a stream is read (has()), shrinks as it is consumed
    mutable int fd_ = -1;       // the stream still to read; -1: none, or it ended
    bool streamed_ = false;     // opened with open_stream: consumed bytes are dropped
    size_t pos_ = 0;
    size_t dropped_lines_ = 0;   // '\n's dropped by discard_consumed()
    size_t dropped_column_ = 0;  // characters dropped after the last of them
    std::string name_;
    Kind kind_ = Kind::Input;
    bool strict_ = false;
    bool opened_ = false;
};

inline void InStream::quitf(TResult result, const char* format, ...) const {
    va_list args;
    va_start(args, format);
    std::string message = checklib_detail::vformat(format, args);
    va_end(args);
    quit(result, message);
}

inline InStream inf, ouf, ans;

/// Kattis protocol: `program <input> <answer> <feedback_dir> [flags]`, the submission's output
/// on stdin (read as it arrives: an interactor's dialogue, or a checker's whole output).
inline void register_kattis_program(int argc, char* argv[]) {
    checklib_detail::kattis_exit_codes();
    if (argc < 4) quit(_fail, "usage: validator <input-file> <answer-file> <feedback-dir>");
    checklib_detail::feedback_dir = argv[3];
    if (!inf.open_file(argv[1], InStream::Kind::Input, false))
        quit(_fail, std::string("cannot open input file ") + argv[1]);
    if (!ans.open_file(argv[2], InStream::Kind::Answer, false))
        quit(_fail, std::string("cannot open answer file ") + argv[2]);
    ouf.open_stream(0, "stdin", InStream::Kind::Output);
}

/// Checker mode: `checker <input> <output> <answer>`.
inline void registerTestlibCmd(int argc, char* argv[]) {
    checklib_detail::mode = checklib_detail::Mode::Checker;
    if (checklib_detail::kattis) return register_kattis_program(argc, argv);
    if (argc < 4) quit(_fail, "usage: checker <input-file> <output-file> <answer-file>");
    if (!inf.open_file(argv[1], InStream::Kind::Input, false))
        quit(_fail, std::string("cannot open input file ") + argv[1]);
    if (!ouf.open_file(argv[2], InStream::Kind::Output, false))
        quit(_fail, std::string("cannot open output file ") + argv[2]);
    if (!ans.open_file(argv[3], InStream::Kind::Answer, false))
        quit(_fail, std::string("cannot open answer file ") + argv[3]);
}

namespace checklib_detail {

/// The part of an std::ofstream that an interactor's `tout` uses, on a C FILE (no <fstream>):
/// open, is_open, close, flush, a state (`if (!tout)`) and `<<` of text, characters and numbers,
/// formatted as an ostream with its default flags does (bool as 1/0, floating point as "%.6g").
/// std::endl, std::flush and std::ends work where <ostream> is included. Format flags
/// (std::hex, std::setprecision) do not compile, rather than print something else.
class OutFile {
 public:
    OutFile() = default;
    OutFile(const OutFile&) = delete;
    OutFile& operator=(const OutFile&) = delete;
    ~OutFile() {
        if (file_) std::fclose(file_);
    }

    /// As std::ofstream::open: fails (and keeps the file it has) when one is open already.
    void open(const std::string& path) {
        if (file_) {
            failed_ = true;
            return;
        }
        file_ = std::fopen(path.c_str(), "w");
        failed_ = !file_;
    }
    bool is_open() const { return file_ != nullptr; }
    void close() {
        if (!file_ || std::fclose(file_) != 0) failed_ = true;
        file_ = nullptr;
    }
    OutFile& flush() {
        if (file_ && std::fflush(file_) != 0) failed_ = true;
        return *this;
    }
    bool good() const { return !failed_; }
    bool fail() const { return failed_; }
    explicit operator bool() const { return !failed_; }
    bool operator!() const { return failed_; }

    OutFile& operator<<(const char* text) {
        if (!text) {
            failed_ = true;  // as an ostream given a null pointer
            return *this;
        }
        return write(text, std::strlen(text));
    }
    OutFile& operator<<(const std::string& text) { return write(text.data(), text.size()); }
    OutFile& operator<<(std::string_view text) { return write(text.data(), text.size()); }
    OutFile& operator<<(const void* pointer) {  // "0x..." in hex, a null one "0"
        char buffer[32];
        int length =
            std::snprintf(buffer, sizeof buffer, "%#lx", reinterpret_cast<unsigned long>(pointer));
        return write(buffer, static_cast<size_t>(length));
    }

    /// Numbers, bool and characters. A template: a conversion (a function's address to bool)
    /// must not pick it.
    template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
    OutFile& operator<<(T value) {
        static_assert(!std::is_integral_v<T> || sizeof(T) <= sizeof(long long),
                      "tout: no 128-bit integers");
        if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                      std::is_same_v<T, unsigned char>) {
            char c = static_cast<char>(value);
            return write(&c, 1);
        } else {
            char buffer[64];
            int length;
            if constexpr (std::is_same_v<T, bool>)
                length = std::snprintf(buffer, sizeof buffer, "%d", value ? 1 : 0);
            else if constexpr (std::is_same_v<T, long double>)
                length = std::snprintf(buffer, sizeof buffer, "%.6Lg", value);
            else if constexpr (std::is_floating_point_v<T>)
                length = std::snprintf(buffer, sizeof buffer, "%.6g", static_cast<double>(value));
            else if constexpr (std::is_signed_v<T>)
                length =
                    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
            else
                length = std::snprintf(buffer, sizeof buffer, "%llu",
                                       static_cast<unsigned long long>(value));
            return write(buffer, static_cast<size_t>(length));
        }
    }

    /// std::endl, std::flush, std::ends: run on a stand-in stream that records what they write
    /// and whether they flush. Ostream is not deduced from an overloaded manipulator, so it is
    /// std::ostream, and its definition is needed only where a program passes one.
    template <class Ostream = std::ostream>
    OutFile& operator<<(Ostream& (*manipulator)(Ostream&)) {
        using Traits = typename Ostream::traits_type;
        struct Recorder : std::basic_streambuf<typename Ostream::char_type, Traits> {
            std::string written;
            bool synced = false;
            typename Traits::int_type overflow(typename Traits::int_type c) override {
                if (!Traits::eq_int_type(c, Traits::eof()))
                    written += static_cast<char>(Traits::to_char_type(c));
                return Traits::not_eof(c);
            }
            int sync() override {
                synced = true;
                return 0;
            }
        } recorder;
        Ostream stream(&recorder);
        manipulator(stream);
        write(recorder.written.data(), recorder.written.size());
        return recorder.synced ? flush() : *this;
    }

 private:
    OutFile& write(const char* data, size_t size) {
        if (!file_ || std::fwrite(data, 1, size, file_) != size) failed_ = true;
        return *this;
    }

    std::FILE* file_ = nullptr;
    bool failed_ = false;
};

}  // namespace checklib_detail

/// What an interactor writes for the checker (`tout`, its second argument; with the Kattis
/// protocol, a file in the feedback folder that no one reads).
inline checklib_detail::OutFile tout;

/// Interactor mode: `interactor <input> <tout> [<answer>]`; ouf is the submission's output on
/// stdin, read as it arrives.
inline void registerInteraction(int argc, char* argv[]) {
    checklib_detail::mode = checklib_detail::Mode::Interactor;
    if (checklib_detail::kattis) {
        register_kattis_program(argc, argv);
        tout.open(checklib_detail::feedback_dir + "/tout.txt");
        return;
    }
    if (argc < 3) quit(_fail, "usage: interactor <input-file> <output-file> [<answer-file>]");
    if (!inf.open_file(argv[1], InStream::Kind::Input, false))
        quit(_fail, std::string("cannot open input file ") + argv[1]);
    tout.open(argv[2]);
    if (!tout) quit(_fail, std::string("cannot write ") + argv[2]);
    if (argc > 3 && !ans.open_file(argv[3], InStream::Kind::Answer, false))
        quit(_fail, std::string("cannot open answer file ") + argv[3]);
    ouf.open_stream(0, "stdin", InStream::Kind::Output);
}

/// Validator mode: the case on stdin, read strictly.
inline void registerValidation(int argc = 0, char* argv[] = nullptr) {
    (void)argc;
    (void)argv;
    checklib_detail::mode = checklib_detail::Mode::Validator;
    checklib_detail::kattis_exit_codes();
    std::string text = checklib_detail::read_all(stdin);
    inf.open_text(std::move(text), "stdin", InStream::Kind::Input, true);
}

namespace checklib_detail {

/// std::mt19937_64 written out (no <random>): its parameters, and so its sequence, are fixed by
/// the standard ([rand.predef]: the 10000th draw from the default seed is 9981545732273789042).
/// checklib_test compares the two.
class Mt19937_64 {
 public:
    explicit Mt19937_64(std::uint64_t value = 5489u) { seed(value); }

    void seed(std::uint64_t value) {
        state_[0] = value;
        for (size_t i = 1; i < kWords; ++i)
            state_[i] = 6364136223846793005ull * (state_[i - 1] ^ (state_[i - 1] >> 62)) + i;
        next_ = kWords;
    }

    std::uint64_t operator()() {
        if (next_ == kWords) twist();
        std::uint64_t z = state_[next_++];
        z ^= (z >> 29) & 0x5555555555555555ull;
        z ^= (z << 17) & 0x71d67fffeda60000ull;
        z ^= (z << 37) & 0xfff7eee000000000ull;
        return z ^ (z >> 43);
    }

 private:
    static constexpr size_t kWords = 312, kShift = 156;
    static constexpr std::uint64_t kUpperBits = ~std::uint64_t{0} << 31;  // r = 31

    // The next 312 words of the recurrence, in place.
    void twist() {
        for (size_t i = 0; i < kWords; ++i) {
            std::uint64_t y = (state_[i] & kUpperBits) | (state_[(i + 1) % kWords] & ~kUpperBits);
            state_[i] =
                state_[(i + kShift) % kWords] ^ (y >> 1) ^ ((y & 1) ? 0xb5026f5aa96619e9ull : 0);
        }
        next_ = 0;
    }

    std::uint64_t state_[kWords];
    size_t next_ = kWords;
};

// std::distance and std::advance (no <iterator>): O(1) where the iterator allows it.
template <class It>
auto count_between(It first, It last, int) -> decltype(static_cast<long long>(last - first)) {
    return static_cast<long long>(last - first);
}
template <class It>
long long count_between(It first, It last, long) {
    long long count = 0;
    for (; first != last; ++first) ++count;
    return count;
}
template <class It>
auto step_forward(It first, long long steps, int) -> decltype(first + steps) {
    return first + steps;
}
template <class It>
It step_forward(It first, long long steps, long) {
    for (; steps > 0; --steps) ++first;
    return first;
}

}  // namespace checklib_detail

/// Deterministic random numbers: std::mt19937_64 (its sequence is fixed by the standard) with our
/// own range mapping, since std::uniform_int_distribution differs between standard libraries.
class Random {
 public:
    void seed(std::uint64_t value) { engine_.seed(value); }

    /// Uniform in [0, bound), bound >= 1, by rejection (no modulo bias).
    std::uint64_t below(std::uint64_t bound) {
        if (bound == 0) quit(_fail, "rnd: empty range");
        std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
        std::uint64_t x;
        do x = engine_();
        while (x >= limit);
        return x % bound;
    }

    /// Uniform in [lo, hi] (inclusive, as testlib's rnd.next(lo, hi)).
    long long next(long long lo, long long hi) {
        if (lo > hi) quit(_fail, "rnd.next: lo > hi");
        std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        if (span == UINT64_MAX) return static_cast<long long>(engine_());
        return static_cast<long long>(static_cast<std::uint64_t>(lo) + below(span + 1));
    }
    int next(int lo, int hi) {
        return static_cast<int>(next(static_cast<long long>(lo), static_cast<long long>(hi)));
    }
    /// Uniform in [0, n) (as testlib's rnd.next(n)).
    int next(int n) { return static_cast<int>(below(static_cast<std::uint64_t>(n))); }
    long long next(long long n) {
        return static_cast<long long>(below(static_cast<std::uint64_t>(n)));
    }
    /// Uniform in [0, 1).
    double nextDouble() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
    /// Uniform in [lo, hi).
    double next(double lo, double hi) { return lo + (hi - lo) * nextDouble(); }
    /// True with probability p.
    bool chance(double p) { return nextDouble() < p; }

    template <class Container>
    auto any(const Container& items) -> decltype(*std::begin(items)) {
        long long size = checklib_detail::count_between(std::begin(items), std::end(items), 0);
        auto it = std::begin(items);
        return *checklib_detail::step_forward(it, next(static_cast<long long>(0), size - 1), 0);
    }

 private:
    checklib_detail::Mt19937_64 engine_{0};
};

inline Random rnd;

/// Fisher-Yates with `rnd`: the same permutation on every standard library.
template <class RandomIt>
void shuffle(RandomIt first, RandomIt last) {
    auto size = last - first;
    for (decltype(size) i = size - 1; i > 0; --i)
        std::swap(first[i], first[rnd.next(static_cast<long long>(0), static_cast<long long>(i))]);
}

namespace checklib_detail {

inline std::vector<std::pair<std::string, std::string>> options;

// `-name value`, `--name value`, `-name=value` and `name=value`.
inline void parse_options(int argc, char* argv[]) {
    options.clear();
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        size_t equals = arg.find('=');
        if (equals != std::string::npos) {
            std::string name = arg.substr(0, equals);
            while (!name.empty() && name[0] == '-') name.erase(0, 1);
            options.emplace_back(name, arg.substr(equals + 1));
        } else if (arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9')) {
            std::string name = arg.substr(arg[1] == '-' ? 2 : 1);
            if (i + 1 < argc) {
                options.emplace_back(name, argv[++i]);
            } else {
                options.emplace_back(name, "true");
            }
        } else {
            quit(_fail, "generator: unexpected argument '" + arg + "' (options are -name value)");
        }
    }
}

inline const std::string* find_option(const std::string& name) {
    const std::string* found = nullptr;
    for (const auto& option : options)
        if (option.first == name) found = &option.second;  // the last one wins
    return found;
}

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// What `std::istringstream(text) >> value` accepts, the whole text and nothing after it (no
// <sstream>): blanks first, then for an integer an optional sign and decimal digits, in the
// type's range (an unsigned type takes "-n" as its wrap-around, as the stream does); for
// floating point [sign] digits [. digits] [e [sign] digits], finite; for a character one
// character.
template <class T>
bool parse_option_value(const std::string& text, T& value) {
    static_assert(
        std::is_floating_point_v<T> || (std::is_integral_v<T> && sizeof(T) <= sizeof(long long)),
        "opt<T>: T must be a number, a character, bool or std::string");
    size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || (text[i] >= '\t' && text[i] <= '\r'))) ++i;
    if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                  std::is_same_v<T, unsigned char>) {
        if (text.size() != i + 1) return false;
        value = static_cast<T>(text[i]);
        return true;
    }
    const size_t start = i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    if constexpr (std::is_floating_point_v<T>) {
        size_t digits = 0;
        for (; i < text.size() && is_digit(text[i]); ++i) ++digits;
        if (i < text.size() && text[i] == '.')
            for (++i; i < text.size() && is_digit(text[i]); ++i) ++digits;
        if (digits == 0) return false;
        if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
            ++i;
            if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
            size_t exponent_start = i;
            while (i < text.size() && is_digit(text[i])) ++i;
            if (i == exponent_start) return false;
        }
        if (i != text.size()) return false;
        if constexpr (std::is_same_v<T, float>)
            value = std::strtof(text.c_str() + start, nullptr);
        else if constexpr (std::is_same_v<T, double>)
            value = std::strtod(text.c_str() + start, nullptr);
        else
            value = std::strtold(text.c_str() + start, nullptr);
        return value - value == 0;  // finite: the stream fails on an overflow to infinity
    } else {
        // The largest magnitude: 2^(bits-1) - 1 or 2^(bits-1) for a signed type, 2^bits - 1 for an
        // unsigned one.
        unsigned long long limit = static_cast<T>(~T{0});
        if constexpr (std::is_signed_v<T>)
            limit = (1ull << (sizeof(T) * CHAR_BIT - 1)) - (negative ? 0 : 1);
        const size_t digits_start = i;
        unsigned long long magnitude = 0;
        for (; i < text.size() && is_digit(text[i]); ++i) {
            unsigned digit = static_cast<unsigned>(text[i] - '0');
            if (magnitude > (limit - digit) / 10) return false;
            magnitude = magnitude * 10 + digit;
        }
        if (i == digits_start || i != text.size()) return false;
        value = static_cast<T>(negative ? 0 - magnitude : magnitude);
        return true;
    }
}

template <class T>
T convert_option(const std::string& name, const std::string& text) {
    T value{};
    if (!parse_option_value(text, value))
        quit(_fail, "generator: option -" + name + " has a bad value '" + text + "'");
    return value;
}
template <>
inline std::string convert_option<std::string>(const std::string&, const std::string& text) {
    return text;
}
template <>
inline bool convert_option<bool>(const std::string& name, const std::string& text) {
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0") return false;
    quit(_fail, "generator: option -" + name + " must be true or false, not '" + text + "'");
}

}  // namespace checklib_detail

/// Generator mode: seeds `rnd` from a hash (FNV-1a, then splitmix64) of every argument.
inline void registerGen(int argc, char* argv[], int version = 1) {
    (void)version;
    checklib_detail::mode = checklib_detail::Mode::Generator;
    std::uint64_t hash = 14695981039346656037ull;
    for (int i = 1; i < argc; ++i) {
        for (const char* p = argv[i]; *p; ++p)
            hash = (hash ^ static_cast<unsigned char>(*p)) * 1099511628211ull;
        hash = (hash ^ 0xffu) * 1099511628211ull;  // argument separator
    }
    hash += 0x9e3779b97f4a7c15ull;
    hash = (hash ^ (hash >> 30)) * 0xbf58476d1ce4e5b9ull;
    hash = (hash ^ (hash >> 27)) * 0x94d049bb133111ebull;
    rnd.seed(hash ^ (hash >> 31));
    checklib_detail::parse_options(argc, argv);
}

inline bool has_opt(const std::string& name) {
    return checklib_detail::find_option(name) != nullptr;
}

/// A required option.
template <class T>
T opt(const std::string& name) {
    const std::string* text = checklib_detail::find_option(name);
    if (!text) quit(_fail, "generator: missing option -" + name);
    return checklib_detail::convert_option<T>(name, *text);
}

/// An option with a default.
template <class T>
T opt(const std::string& name, const T& default_value) {
    const std::string* text = checklib_detail::find_option(name);
    return text ? checklib_detail::convert_option<T>(name, *text) : default_value;
}
inline std::string opt(const std::string& name, const char* default_value) {
    return opt<std::string>(name, std::string(default_value));
}

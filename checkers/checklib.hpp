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
#pragma once

#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <random>
#include <sstream>
#include <string>
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
        if (!feedback_dir.empty())
            std::ofstream(feedback_dir + "/judgemessage.txt") << line << "\n";
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
        std::ifstream file(path, std::ios::binary);
        if (!file) return false;
        std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
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
    long long readLong() {
        return readLong(std::numeric_limits<long long>::min(),
                        std::numeric_limits<long long>::max());
    }
    int readInt(int lo, int hi, const std::string& name = "") {
        return static_cast<int>(readLong(lo, hi, name));
    }
    int readInt() {
        return readInt(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    }

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

/// What an interactor writes for the checker (`tout`, its second argument; with the Kattis
/// protocol, a file in the feedback folder that no one reads).
inline std::ofstream tout;

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
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    inf.open_text(std::move(text), "stdin", InStream::Kind::Input, true);
}

/// Deterministic random numbers: std::mt19937_64 (its sequence is fixed by the standard) with our
/// own range mapping, since std::uniform_int_distribution differs between standard libraries.
class Random {
 public:
    void seed(std::uint64_t value) { engine_.seed(value); }

    /// Uniform in [0, bound), bound >= 1, by rejection (no modulo bias).
    std::uint64_t below(std::uint64_t bound) {
        if (bound == 0) quit(_fail, "rnd: empty range");
        std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                              std::numeric_limits<std::uint64_t>::max() % bound;
        std::uint64_t x;
        do x = engine_();
        while (x >= limit);
        return x % bound;
    }

    /// Uniform in [lo, hi] (inclusive, as testlib's rnd.next(lo, hi)).
    long long next(long long lo, long long hi) {
        if (lo > hi) quit(_fail, "rnd.next: lo > hi");
        std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        if (span == std::numeric_limits<std::uint64_t>::max())
            return static_cast<long long>(engine_());
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
        auto size = static_cast<long long>(std::distance(std::begin(items), std::end(items)));
        auto it = std::begin(items);
        std::advance(it, next(static_cast<long long>(0), size - 1));
        return *it;
    }

 private:
    std::mt19937_64 engine_{0};
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

template <class T>
T convert_option(const std::string& name, const std::string& text) {
    std::istringstream in(text);
    T value{};
    in >> value;
    if (!in || in.peek() != EOF)
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

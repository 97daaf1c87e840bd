// A minimal stand-in for testlib.h, for this test package only: the few calls its interactor and
// checker use (registerInteraction: inf the test, ouf the solution's stdout, tout the file the
// checker reads as the output; registerTestlibCmd, readLong, readToken, readEof, quitf with
// _ok/_wa/_pe/_fail and testlib's exit codes 0/1/2/3). Written for the judge's tests.
#pragma once
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

[[noreturn]] inline void quitf(TResult result, const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fprintf(stderr, "\n");
    std::exit(result);
}

struct InStream {
    FILE* file = nullptr;
    TResult on_error = _pe;  // ouf: PE; ans: FAIL; inf of a validator: FAIL (invalid input)
    int peek() {
        int c = std::getc(file);
        if (c != EOF) std::ungetc(c, file);
        return c;
    }
    void skip_blanks() {
        while (peek() != EOF && std::isspace(peek())) std::getc(file);
    }
    std::string readToken() {
        skip_blanks();
        std::string token;
        while (peek() != EOF && !std::isspace(peek())) token += static_cast<char>(std::getc(file));
        if (token.empty()) quitf(on_error, "unexpected end of file");
        return token;
    }
    long long readLong(long long lo = -(1LL << 62), long long hi = 1LL << 62,
                       const char* name = "value") {
        std::string token = strict ? readStrictToken() : readToken();
        char* end = nullptr;
        long long value = std::strtoll(token.c_str(), &end, 10);
        if (token.empty() || *end) quitf(on_error, "expected an integer, got '%s'", token.c_str());
        if (value < lo || value > hi) quitf(on_error, "%s = %lld out of range", name, value);
        return value;
    }
    void readSpace() { expect(' '); }
    void readEoln() { expect('\n'); }
    void readEof() {
        if (!strict) skip_blanks();
        if (peek() != EOF) quitf(on_error, "extra data at the end");
    }
    bool strict = false;

 private:
    std::string readStrictToken() {
        std::string token;
        while (peek() != EOF && !std::isspace(peek())) token += static_cast<char>(std::getc(file));
        return token;
    }
    void expect(char wanted) {
        if (std::getc(file) != wanted) quitf(on_error, "expected character %d", wanted);
    }
};

inline InStream inf, ouf, ans;
inline FILE* tout = nullptr;

// Polygon's protocol: interactor <input> <tout> [<answer>]; the solution is on stdin/stdout.
inline void registerInteraction(int argc, char** argv) {
    if (argc < 3) quitf(_fail, "usage: interactor <input> <tout> [<answer>]");
    inf.file = std::fopen(argv[1], "r");
    tout = std::fopen(argv[2], "w");
    if (!inf.file || !tout) quitf(_fail, "cannot open a file");
    inf.on_error = _fail;
    ouf.file = stdin;
    ouf.on_error = _wa;
}

inline void registerTestlibCmd(int argc, char** argv) {
    if (argc < 4) quitf(_fail, "usage: checker <input> <output> <answer>");
    inf.file = std::fopen(argv[1], "r");
    ouf.file = std::fopen(argv[2], "r");
    ans.file = std::fopen(argv[3], "r");
    if (!inf.file || !ouf.file || !ans.file) quitf(_fail, "cannot open a file");
    inf.on_error = _fail;
    ans.on_error = _fail;
}


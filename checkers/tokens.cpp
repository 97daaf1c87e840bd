// tokens: the generic exact-token checker (testlib's wcmp shape).
//
// Accepted output: the same sequence of white-space separated tokens as the answer, compared
// byte for byte. Any amount and kind of white space (spaces, tabs, `\n`, `\r\n`) between and
// around tokens is accepted, so line structure is not checked.
//   WA: a token differs, the output stops early, or it has extra tokens.
//   OK: "N tokens".
// The input file is not read.
#include "checklib.hpp"

int main(int argc, char* argv[]) {
    setName("compare tokens exactly");
    registerTestlibCmd(argc, argv);
    long long count = 0;
    while (!ans.seekEof()) {
        std::string expected = ans.readToken();
        ++count;
        if (ouf.seekEof())
            quitf(_wa, "answer too short: token %lld expected '%s', found end of file", count,
                  checklib_detail::compress(expected).c_str());
        std::string found = ouf.readToken();
        if (found != expected)
            quitf(_wa, "token %lld differs: expected '%s', found '%s'", count,
                  checklib_detail::compress(expected).c_str(),
                  checklib_detail::compress(found).c_str());
    }
    if (!ouf.seekEof())
        quitf(_wa, "extra output after %lld tokens: '%s'", count,
              checklib_detail::compress(ouf.readToken()).c_str());
    quitf(_ok, "%lld tokens", count);
}

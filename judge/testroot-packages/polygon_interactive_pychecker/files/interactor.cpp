// Guess the number: the test holds n and the hidden x (1 <= x <= n). The solution asks "? y" and
// is told "<" (x < y), ">" (x > y) or "="; it ends with "! y". At most 20 questions. What the
// checker reads (tout): the number found and the questions asked.
#include "testlib.h"

int main(int argc, char** argv) {
    registerInteraction(argc, argv);
    long long n = inf.readLong(1, 1000000), x = inf.readLong(1, n);
    std::printf("%lld\n", n);
    std::fflush(stdout);
    for (int asked = 0;;) {
        std::string what = ouf.readToken();
        long long y = ouf.readLong(1, n, "y");
        if (what == "!") {
            if (y != x) quitf(_wa, "guessed %lld, the number is %lld", y, x);
            std::fprintf(tout, "%lld %d\n", y, asked);
            quitf(_ok, "found %lld in %d questions", y, asked);
        }
        if (what != "?") quitf(_pe, "expected ? or !, got '%s'", what.c_str());
        if (++asked > 20) quitf(_wa, "more than 20 questions");
        std::printf("%s\n", x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
    }
}

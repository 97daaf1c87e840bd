// The sum checker, scoring: the right sum is OK; a sum one too large is worth half the test's
// points (quitp 50: treat-points-from-checker-as-percent); anything else is WA.
#include "testlib.h"

int main(int argc, char** argv) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong();
    long long got = ouf.readLong();
    ouf.readEof();
    if (got == expected) quitf(_ok, "%lld", got);
    if (got == expected + 1) quitp(50, "one too many: half the points");
    quitf(_wa, "expected %lld, got %lld", expected, got);
}

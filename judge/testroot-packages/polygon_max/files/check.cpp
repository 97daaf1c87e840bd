// The max checker: the participant's one integer against the answer's. Like many a real checker,
// it assumes what it should check: a value beyond 32 bits is its own FAIL (ensuref), not the
// participant's WA; the solution tagged "failed" shows it.
#include "testlib.h"

int main(int argc, char** argv) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong();
    long long got = ouf.readLong();
    ouf.readEof();
    ensuref(got == static_cast<int>(got), "the output %lld does not fit in 32 bits", got);
    if (got != expected) quitf(_wa, "expected %lld, got %lld", expected, got);
    quitf(_ok, "%lld", got);
}

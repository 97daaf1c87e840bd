// The sum checker: the participant's one integer against the answer's (testlib's protocol).
#include "testlib.h"

int main(int argc, char** argv) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong();
    long long got = ouf.readLong();
    ouf.readEof();
    if (got != expected) quitf(_wa, "expected %lld, got %lld", expected, got);
    quitf(_ok, "%lld", got);
}

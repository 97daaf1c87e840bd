// The checker of the interactor's output (tout): the number found must be the answer's (the main
// solution's tout), in no more questions than 20.
#include "testlib.h"

int main(int argc, char** argv) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong();
    long long got = ouf.readLong();
    long long asked = ouf.readLong(0, 20, "questions");
    if (got != expected) quitf(_wa, "found %lld, expected %lld", got, expected);
    quitf(_ok, "%lld in %lld questions", got, asked);
}

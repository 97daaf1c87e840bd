// always_fail: a checker that always reports FAIL (exit 3), as a checker does when the jury's
// answer is broken. The judge must show JE (never WA) and exit with status 2.
#include "checklib.hpp"

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    quitf(_fail, "jury answer is broken on purpose");
}

// Strict validator for aplusb (the judge's own test problem):
//   case := a ' ' b eoln eof      |a|, |b| <= 1e18, integers without leading zeros or '+'
#include "checklib.hpp"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    const long long kLimit = 1000000000000000000LL;
    inf.readLong(-kLimit, kLimit, "a");
    inf.readSpace();
    inf.readLong(-kLimit, kLimit, "b");
    inf.readEoln();
    inf.readEof();
}

// The validator: "a b\n", |a|, |b| <= 10^9, exactly.
#include "testlib.h"

int main() {
    registerValidation();
    inf.readLong(-1000000000, 1000000000, "a");
    inf.readSpace();
    inf.readLong(-1000000000, 1000000000, "b");
    inf.readEoln();
    inf.readEof();
}

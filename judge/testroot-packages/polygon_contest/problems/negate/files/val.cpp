// The validator: one integer in [-1000, 1000] on a line, exactly.
#include "testlib.h"

int main() {
    registerValidation();
    inf.readLong(-1000, 1000, "x");
    inf.readEoln();
    inf.readEof();
}

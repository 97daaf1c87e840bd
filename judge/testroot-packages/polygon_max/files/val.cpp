// The validator: "n\n" (1 <= n <= 10), then n integers in [-100, 100] on one line, exactly.
#include "testlib.h"

int main() {
    registerValidation();
    long long n = inf.readLong(1, 10, "n");
    inf.readEoln();
    for (long long i = 0; i < n; ++i) {
        if (i > 0) inf.readSpace();
        inf.readLong(-100, 100, "a_i");
    }
    inf.readEoln();
    inf.readEof();
}

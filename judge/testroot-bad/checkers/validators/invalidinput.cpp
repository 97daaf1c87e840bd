// invalidinput validator: "a b" with 1 <= a, b <= 100 on one line. secret/2 breaks it (b = 200)
// on purpose: `judge run` must report that case as JE naming the file.
#include "checklib.hpp"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    inf.readInt(1, 100, "a");
    inf.readSpace();
    inf.readInt(1, 100, "b");
    inf.readEoln();
    inf.readEof();
}

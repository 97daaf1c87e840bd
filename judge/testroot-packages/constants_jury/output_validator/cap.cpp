// The team's number must be the answer, and at most {{MAX}} ({{MAX.tex}} in a statement).
// {{UNDEFINED}} names no constant: left as it is, and the judge notes it.
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::ifstream answer(argv[2]);
    long long expected = 0, got = 0;
    if (!(answer >> expected)) return 1;
    if (!(std::cin >> got) || got != expected || got > {{MAX}}) return 43;
    return 42;
}

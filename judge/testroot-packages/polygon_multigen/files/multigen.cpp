// multigen [--pad] FROM TO: the tests FROM..TO in one run, as a testlib multigenerator writes
// them (startTest(t): the file "t" in its working folder; with --pad "05", as some generators
// name theirs); test t is "t 10t". What it prints on stdout is no test.
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
    int pad = argc > 1 && std::strcmp(argv[1], "--pad") == 0;
    if (argc != 3 + pad) return 1;
    int from = std::atoi(argv[1 + pad]), to = std::atoi(argv[2 + pad]);
    std::printf("tests %d to %d written\n", from, to);
    for (int test = from; test <= to; ++test) {
        char name[16];
        std::snprintf(name, sizeof name, pad ? "%02d" : "%d", test);
        std::FILE* file = std::fopen(name, "w");
        if (!file) return 2;
        std::fprintf(file, "%d %d\n", test, 10 * test);
        if (std::fclose(file) != 0) return 2;
    }
}

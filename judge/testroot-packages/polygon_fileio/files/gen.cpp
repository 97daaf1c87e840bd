// gen A B: the test "A B"; gen --same A: the test "A A".
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
    if (argc == 3 && std::strcmp(argv[1], "--same") == 0) {
        std::printf("%s %s\n", argv[2], argv[2]);
        return 0;
    }
    if (argc != 3) return 1;
    std::printf("%lld %lld\n", std::atoll(argv[1]), std::atoll(argv[2]));
}

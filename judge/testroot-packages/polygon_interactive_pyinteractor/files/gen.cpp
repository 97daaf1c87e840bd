// gen N X: the test "N X".
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
    if (argc != 3) return 1;
    std::printf("%d %d\n", std::atoi(argv[1]), std::atoi(argv[2]));
}

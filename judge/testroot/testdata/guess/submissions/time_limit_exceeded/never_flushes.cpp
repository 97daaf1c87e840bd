// Writes its first guess without flushing, then waits for the reply: both sides wait, and only
// the wall limit ends the run.
#include <cstdio>

int main() {
    std::printf("500000\n");
    char reply[8];
    if (std::scanf("%7s", reply) != 1) return 0;
}

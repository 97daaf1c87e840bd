// Writes its guess without flushing and waits for the reply: both sides wait until the wall
// limit ends the run.
#include <cstdio>
int main() {
    std::printf("50\n");
    char reply[16];
    if (std::scanf("%15s", reply) != 1) return 0;
}

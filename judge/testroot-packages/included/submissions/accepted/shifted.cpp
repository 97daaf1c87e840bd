// Reads n and prints n + kOffset, from the included shift.h (include/default/).
#include <cstdio>

#include "shift.h"

int main() {
    int n = 0;
    if (std::scanf("%d", &n) != 1) return 1;
    std::printf("%d\n", n + kOffset);
}

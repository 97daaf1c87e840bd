// Touches memory until the 64 MiB limit stops it: over its memory limit is a run-time error in
// the package format, which has no memory verdict of its own.
#include <stdlib.h>
#include <string.h>

int main(void) {
    for (;;) {
        char* block = malloc(1 << 20);
        if (!block) return 3;
        memset(block, 1, 1 << 20);
    }
}

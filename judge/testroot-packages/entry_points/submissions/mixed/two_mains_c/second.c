#include <stdio.h>

int main(void) {
    puts("second");
    return 0;
}

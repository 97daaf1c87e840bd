#include <stdio.h>
#include <stdlib.h>
int main(void) {
    printf("50\n");
    fflush(stdout);
    char reply[16];
    if (scanf("%15s", reply) == 1 && reply[0] != 'c') abort();
    return 0;
}

#include <stdio.h>
int main(void) {
    fprintf(stderr, "validator bug: division by zero\n");
    return 1;
}

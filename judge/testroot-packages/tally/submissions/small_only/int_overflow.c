#include <stdio.h>
/* Sums in 16 bits: right on the small cases, wrong on the large ones. */
int main(void) {
    int n, x;
    short total = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; ++i) {
        if (scanf("%d", &x) != 1) return 1;
        total = (short)(total + x);
    }
    printf("%d\n", total);
    return 0;
}

// guess (interactive test problem): bisection, at most 20 questions for 10^6 numbers.
#include <cstdio>
#include <cstring>

int main() {
    int low = 1, high = 1000000;
    while (low <= high) {
        int middle = low + (high - low) / 2;
        printf("%d\n", middle);
        fflush(stdout);
        char reply[8];
        if (scanf("%7s", reply) != 1 || strcmp(reply, "=") == 0) return 0;
        if (strcmp(reply, "<") == 0)
            high = middle - 1;
        else
            low = middle + 1;
    }
}

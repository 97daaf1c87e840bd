/* A Kattis output validator: `check input answer feedback_dir < output`; 42 accepts, 43
 * rejects. The answer must be GREETING (from the build's greeting.h) and the input's word. */
#include <stdio.h>
#include <string.h>

#include "greeting.h"

int main(int argc, char** argv) {
    char name[64], greeting[64], word[64];
    FILE* input = argc > 1 ? fopen(argv[1], "r") : NULL;
    if (!input || fscanf(input, "%63s", name) != 1) return 1; /* the jury's fault: JE */
    if (scanf("%63s %63s", greeting, word) != 2) return 43;
    return strcmp(greeting, GREETING) == 0 && strcmp(word, name) == 0 ? 42 : 43;
}

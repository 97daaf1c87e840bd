// Writes to stdout without end, as DOMjudge's test-fill-stdout does under time_limit_exceeded/:
// OLE here, which keeps the promise (DOMjudge truncates the output and BAPCtools does not limit
// it, so there the program runs on to its time limit; the format has no output verdict).
#include <stdio.h>

int main(void) {
    for (;;) fputs("Fill stdout with nonsense, to test filesystem stability.\n", stdout);
}

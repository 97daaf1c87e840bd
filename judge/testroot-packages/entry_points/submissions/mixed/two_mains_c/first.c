/* Two files that each define main: which one a judge takes is its compile script's choice (DOMjudge
 * may pick one; here the link fails: a compile error). DOMjudge's line names each outcome a judge
 * may give, and it decides for a compile error, which judges no case for submissions.yaml's `mixed`
 * rule (as in BAPCtools' hello, a Java folder of two main classes).
 *
 * @EXPECTED_RESULTS@: CORRECT,COMPILER-ERROR,WRONG-ANSWER
 */
#include <stdio.h>

int main(void) {
    char name[64];
    if (scanf("%63s", name) == 1) printf("%s\n", name);
    return 0;
}

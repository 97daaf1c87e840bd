/* A folder DOMjudge uses, not the format's: verified because of this line.
 * @EXPECTED_RESULTS@: NO-OUTPUT
 */
int main(void) { return 0; }

/* DOMjudge's compiler_error/ folder promises a compile error without a line saying so. */
int main(void) { return undeclared; }

// Accepts everything: the package is refused before any solution runs.
int main() { return 0; }

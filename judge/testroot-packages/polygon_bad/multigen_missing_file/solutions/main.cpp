// Answers nothing: the package is refused before it is judged.
int main() { return 0; }

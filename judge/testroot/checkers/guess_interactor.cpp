// Interactor of the test problem guess: the input holds a secret 1 <= n <= 10^6; the submission
// asks numbers, hears "<" (the secret is smaller), ">" or "=", and has 20 questions.
#include "checklib.hpp"

int main(int argc, char* argv[]) {
    registerInteraction(argc, argv);
    int secret = inf.readInt(1, 1000000, "n");
    for (int question = 1; question <= 20; ++question) {
        int guess = ouf.readInt(1, 1000000, "guess");
        if (guess == secret) {
            std::printf("=\n");
            std::fflush(stdout);
            tout << question << "\n";
            quitf(_ok, "found %d in %d questions", secret, question);
        }
        std::printf("%s\n", secret < guess ? "<" : ">");
        std::fflush(stdout);  // the submission waits for the answer
    }
    quitf(_wa, "20 questions and %d not found", secret);
}

// Kattis interactor: interactor input judge_answer feedback_dir < submission_out > submission_in.
// The secret number (1..100) is the input; the submission asks up to 7 numbers and hears
// "lower", "higher" or "correct".
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::ifstream input(argv[1]);
    int secret = 0;
    if (!(input >> secret)) return 1;
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    for (int guesses = 1; guesses <= 7; ++guesses) {
        int guess = 0;
        if (!(std::cin >> guess)) {
            message << "no guess " << guesses;
            return 43;
        }
        if (guess == secret) {
            std::cout << "correct" << std::endl;
            message << "found in " << guesses;
            return 42;
        }
        std::cout << (guess > secret ? "lower" : "higher") << std::endl;
    }
    message << "7 guesses and not found";
    return 43;
}

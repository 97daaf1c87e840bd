// Kattis output validator: validate input judge_answer feedback_dir [flags] < team_output.
// Accepts the answer word exactly (flag `upper`: the team must write it in capitals, which the
// answer file already is); a word in the wrong case is rejected with a message.
#include <cctype>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::ifstream answer_file(argv[2]);
    std::string answer, team, extra;
    answer_file >> answer;
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    if (!(std::cin >> team)) {
        message << "no output";
        return 43;
    }
    if (std::cin >> extra) {
        message << "more than one word";
        return 43;
    }
    bool upper = argc > 4 && std::string(argv[4]) == "upper";
    if (team != answer) {
        message << (upper ? "expected capitals: " : "expected the word: ") << answer << ", got "
                << team;
        return 43;
    }
    return 42;
}

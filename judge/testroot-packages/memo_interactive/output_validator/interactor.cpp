// Interactor of memo_interactive (interactive, multi-pass):
// `interactor input answer feedback_dir < submission > submission`. It sends the pass's input
// line to the submission and reads one word back. Pass 1 ("encode N"): a word of 1 to 20
// lowercase letters; N is kept in the feedback folder and nextpass.in asks for pass 2 with
// "decode WORD". Pass 2: the word must be N. Exit 42 accepted, 43 wrong answer.
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

namespace {

std::string feedback;

[[noreturn]] void judge(bool accepted, const std::string& message) {
    std::ofstream(feedback + "/judgemessage.txt", std::ios::app) << message << "\n";
    std::exit(accepted ? 42 : 43);
}

bool is_letters(const std::string& word) {
    if (word.empty() || word.size() > 20) return false;
    for (char c : word)
        if (c < 'a' || c > 'z') return false;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) return 2;
    feedback = argv[3];
    std::string kind, value, word, extra;
    std::ifstream(argv[1]) >> kind >> value;
    std::cout << kind << " " << value << std::endl;
    if (!(std::cin >> word)) judge(false, kind + " " + value + ": no reply");
    if (std::cin >> extra) judge(false, kind + " " + value + ": more than one word");
    if (kind == "encode") {
        if (!is_letters(word))
            judge(false, "encode " + value + ": '" + word.substr(0, 30) +
                             "' is not 1 to 20 lowercase letters");
        std::ofstream(feedback + "/kept.txt") << value;
        std::ofstream(feedback + "/nextpass.in") << "decode " << word << "\n";
        judge(true, "encode " + value + " as " + word);
    }
    std::string kept;
    std::ifstream(feedback + "/kept.txt") >> kept;
    if (word != kept) judge(false, "decode " + value + ": expected " + kept + ", got " + word);
    judge(true, "decode " + value + " as " + word);
}

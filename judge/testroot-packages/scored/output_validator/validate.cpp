// Kattis output validator: validate input judge_answer feedback_dir [case_max] < team_output.
// The team prints one number x; 0 <= x <= k (the input) is accepted, anything else rejected.
// With case_max (the group's output_validator_args: the case's maximum score), it writes
// score.txt = case_max * x / k; without (the samples), no score.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::ifstream input(argv[1]);
    double k = 0, x = 0;
    input >> k;
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    std::string extra;
    if (!(std::cin >> x) || (std::cin >> extra)) {
        message << "expected one number";
        return 43;
    }
    if (x < 0 || x > k) {
        message << x << " is not in [0, " << k << "]";
        return 43;
    }
    if (argc > 4) {
        double case_max = std::stod(argv[4]);
        std::ofstream score(std::string(argv[3]) + "/score.txt");
        char text[64];
        std::snprintf(text, sizeof text, "%.9f\n", case_max * x / k);
        score << text;
        message << "reached " << x << " of " << k;
    }
    return 42;
}

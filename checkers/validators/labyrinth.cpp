// Strict validator for labyrinth (testdata/labyrinth/statement.md), reads the instance on stdin.
//   input   := (fact | blank | comment)*
//   fact    := field(X,Y). | init_on(X,Y). | goal_on(X,Y). | connect(X,Y,D). | max_steps(M).
//   blank   := space, tab, "\n", "\r\n" (also between the tokens of a fact)
//   comment := '%' up to the end of the line
// X, Y, M decimal integers, D in n s e w. The field facts cover exactly 1..N x 1..N, N <= 64
// (rows are 64-bit masks in the solution; the official boards have N <= 22; duplicates are
// allowed: facts are a set); exactly one init_on, goal_on and max_steps; 1 <= M <= 10^9;
// init, goal and every connect inside the board. Outside comments only [a-z0-9_(),.], blanks;
// comments hold printable ASCII or tabs.
#include "checklib.hpp"
#include "labyrinth_model.hpp"

#include <cctype>
#include <cstring>
#include <string>

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    std::string text;
    while (!inf.eof()) text += inf.readChar();
    int line = 1;
    bool in_comment = false;
    for (size_t i = 0; i < text.size(); ++i) {
        unsigned char ch = static_cast<unsigned char>(text[i]);
        if (ch == '\n') {
            ++line;
            in_comment = false;
            continue;
        }
        if (ch == '%') in_comment = true;
        ensuref(in_comment || std::islower(ch) || std::isdigit(ch) || std::strchr("_(),. \t\r", ch),
                "line %d: unexpected character '%c' outside a comment", line, ch);
        if (ch == '\r') {
            ensuref(i + 1 < text.size() && text[i + 1] == '\n',
                    "line %d: carriage return not followed by a newline", line);
            continue;
        }
        ensuref(ch == '\t' || (ch >= 32 && ch < 127), "line %d: unexpected character code %d", line,
                static_cast<int>(ch));
    }
    labyrinth::Instance inst;
    std::string error = labyrinth::parse_instance(text, inst);
    ensuref(error.empty(), "%s", error.c_str());
    inf.readEof();
}

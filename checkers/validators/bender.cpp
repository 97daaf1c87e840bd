// Strict validator for bender (testdata/bender/statement.md), reads the case on stdin.
//   case := L " " C eol  row{L}         -- eol is "\n" or "\r\n"; the last one may be missing
//   row  := [#X@$SENWBIT ]{C} eol        -- exactly C characters
//   4 <= L, C <= 100; the border (first and last row, first and last column) is all '#';
//   exactly one '@', exactly one '$', zero or two 'T'. Nothing after the last row.
#include "checklib.hpp"

#include <string>

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    ensuref(!inf.eof(), "empty input: expected \"L C\"");
    int rows = inf.readInt(4, 100, "L");
    inf.readSpace();
    int cols = inf.readInt(4, 100, "C");
    inf.readEoln();
    int starts = 0, booths = 0, teleporters = 0;
    for (int r = 0; r < rows; ++r) {
        ensuref(!inf.eof(), "expected %d map rows, found %d", rows, r);
        std::string row = inf.readLine();
        ensuref(static_cast<int>(row.size()) == cols, "row %d has %zu characters, expected %d",
                r + 1, row.size(), cols);
        for (int c = 0; c < cols; ++c) {
            char ch = row[c];
            ensuref(std::string("#X@$SENWBIT ").find(ch) != std::string::npos && ch != '\0',
                    "row %d, column %d: unexpected character code %d (allowed: # X @ $ S E N W "
                    "B I T space)",
                    r + 1, c + 1, static_cast<int>(static_cast<unsigned char>(ch)));
            bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
            ensuref(!border || ch == '#', "row %d, column %d: the border must be '#', found '%c'",
                    r + 1, c + 1, ch);
            starts += ch == '@';
            booths += ch == '$';
            teleporters += ch == 'T';
        }
    }
    ensuref(starts == 1, "expected exactly one start '@', found %d", starts);
    ensuref(booths == 1, "expected exactly one booth '$', found %d", booths);
    ensuref(teleporters == 0 || teleporters == 2, "expected zero or two 'T', found %d",
            teleporters);
    inf.readEof();
}

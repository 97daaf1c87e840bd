// Strict validator for bubbles (testdata/bubbles/statement.md): m >= 1 lines of n >= 1 characters, each
// '#' or 'A'..'Z', every line ended by "\n" or "\r\n" (the last one may lack it), nothing after.
// The statement gives no upper bound on m and n; a letter is a region even if its squares are not
// connected ("All squares with the same letter form one region"), so that is accepted too.
#include "checklib.hpp"

#include <string>

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int rows = 0;
    size_t columns = 0;
    while (!inf.eof()) {
        std::string line = inf.readLine();
        if (line.empty()) {
            if (rows == 0) quitf(_fail, "row 0 is empty: the grid has no squares");
            quitf(_fail, "row %d is empty (blank lines are not allowed)", rows);
        }
        if (rows == 0) columns = line.size();
        if (line.size() != columns)
            quitf(_fail, "row %d has %d squares, row 0 has %d", rows, static_cast<int>(line.size()),
                  static_cast<int>(columns));
        for (size_t k = 0; k < line.size(); ++k) {
            unsigned char c = static_cast<unsigned char>(line[k]);
            if (c != '#' && !(c >= 'A' && c <= 'Z'))
                quitf(_fail, "square (%d, %d) is byte 0x%02x ('%c'), expected '#' or 'A'..'Z'",
                      rows, static_cast<int>(k), c, c >= 32 && c < 127 ? c : '?');
        }
        ++rows;
    }
    if (rows == 0) quitf(_fail, "empty input: the grid has no rows");
    quitf(_ok, "%d x %d grid", rows, static_cast<int>(columns));
}

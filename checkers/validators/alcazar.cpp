// Strict validator for alcazar (testdata/alcazar/statement.md, the alcazam drawing), reads stdin.
//   file      := line*                  -- lines end in "\n" or "\r\n"; the last newline optional
//   skipped   := "" | "#" any*          -- empty lines and comments (any bytes after '#')
//   grid line := [printable ASCII or tab]*, exactly 2H+1 of them (odd, >= 3)
// The first grid line fixes the offset o (its first '+') and the width: its last '+' is at
// o + 4W, W >= 1. Sizes: 1 <= W, H <= 200 (this project's limit, see testdata/alcazar/problem.txt).
// Every other character is free (walls are read at fixed columns, the rest is ignored).
#include "checklib.hpp"

#include <string>

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    const int kMaxSide = 200;
    int grid_lines = 0, line_no = 0, width = 0;
    while (!inf.eof()) {
        std::string line = inf.readLine();
        ++line_no;
        if (line.empty() || line[0] == '#') continue;
        for (size_t c = 0; c < line.size(); ++c) {
            unsigned char u = static_cast<unsigned char>(line[c]);
            ensuref((u >= 32 && u < 127) || u == '\t',
                    "line %d, column %zu: byte %d, printable ASCII expected", line_no, c + 1, u);
        }
        if (grid_lines == 0) {
            size_t first = line.find('+'), last = line.rfind('+');
            ensuref(first != std::string::npos, "line %d: the first grid line has no '+'", line_no);
            ensuref(last > first && (last - first) % 4 == 0,
                    "line %d: invalid board width: the '+' span %zu columns, a positive "
                    "multiple of 4 expected",
                    line_no, last - first);
            width = static_cast<int>((last - first) / 4);
            ensuref(width <= kMaxSide, "line %d: board %d cells wide, at most %d", line_no, width,
                    kMaxSide);
        }
        ++grid_lines;
        ensuref(grid_lines <= 2 * kMaxSide + 1, "line %d: more than %d grid lines (%d rows)",
                line_no, 2 * kMaxSide + 1, kMaxSide);
    }
    ensuref(grid_lines > 0, "no grid lines");
    ensuref(grid_lines % 2 == 1 && grid_lines >= 3,
            "invalid board height: %d grid lines, an odd number >= 3 expected", grid_lines);
    inf.readEof();
}

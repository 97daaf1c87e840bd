// Strict validator for quell (testdata/quell/statement.md), reads the map on stdin.
//   map  := row{1..2000}          -- lines end in "\n" or "\r\n"; the last newline is optional
//   row  := [#.@O ]{0..2000}      -- '#' wall, '.' empty, '@' pearl, 'O' drop, ' ' wall
// Exactly one 'O' in the whole map; any number of pearls. Rows may differ in length and may
// start with spaces (the challenge prints its maps that way). The size limits are the
// contract's largest case (2000 x 2000).
#include "checklib.hpp"

#include <string>

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    const int kMaxRows = 2000, kMaxColumns = 2000;
    ensuref(!inf.eof(), "empty input: expected the map");
    int rows = 0;
    long long drops = 0;
    while (!inf.eof()) {
        std::string row = inf.readLine();
        ++rows;
        ensuref(rows <= kMaxRows, "more than %d rows", kMaxRows);
        ensuref(static_cast<int>(row.size()) <= kMaxColumns,
                "row %d has %zu characters, at most %d", rows, row.size(), kMaxColumns);
        for (size_t c = 0; c < row.size(); ++c) {
            char ch = row[c];
            ensuref(ch == '#' || ch == '.' || ch == '@' || ch == 'O' || ch == ' ',
                    "row %d, column %zu: unexpected character code %d (allowed: # . @ O space)",
                    rows, c + 1, static_cast<int>(static_cast<unsigned char>(ch)));
            if (ch == 'O') ++drops;
        }
    }
    ensuref(drops == 1, "expected exactly one drop 'O', found %lld", drops);
    inf.readEof();
}

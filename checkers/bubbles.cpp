// Checker for bubbles (testdata/bubbles/statement.md): `bubbles <input> <output> <answer>`.
//
// Accepted output (the answer file has the same form):
//   output   := "no solution" EOL | row{m}
//   row      := [#O*.]{n} EOL          -- '#' exactly on the input's green squares
//   EOL      := optional spaces/tabs, then "\n", "\r\n", or the end of the file
// followed only by white space. The rows are replayed on the statement's Puzzle model
// (bubbles_puzzle.hpp): bubbles from the top row down, boulders from the bottom row up, so each
// item is put after the one it rests against; any refusal of the model is WA, as is a region left
// without its bubble or boulder. "no solution" is right only when the jury's answer says so; a
// valid placement when the jury says "no solution" is FAIL (the jury is wrong).
#include "bubbles_puzzle.hpp"
#include "checklib.hpp"

#include <string>
#include <vector>

namespace {

std::string strip_right(std::string line) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
        line.pop_back();
    return line;
}

std::vector<std::string> read_input_grid() {
    std::vector<std::string> lines;
    while (!inf.eof()) lines.push_back(strip_right(inf.readLine()));
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

std::string where(int r, int k) { return "(" + std::to_string(r) + ", " + std::to_string(k) + ")"; }

// Reads "no solution" or a placement from `stream`; returns false for "no solution". Format
// errors go through stream.quitf: PE for the contestant, FAIL for the jury.
bool read_placement(InStream& stream,
                    const std::vector<std::string>& grid,
                    std::vector<std::string>& placement) {
    const int rows = static_cast<int>(grid.size());
    const int columns = static_cast<int>(grid[0].size());
    if (stream.seekEof()) stream.quitf(_pe, "empty, expected %d rows or 'no solution'", rows);
    std::string first = strip_right(stream.readLine());
    if (first == "no solution") {
        if (!stream.seekEof()) stream.quitf(_pe, "unexpected text after 'no solution'");
        return false;
    }
    placement.clear();
    for (int r = 0; r < rows; ++r) {
        std::string line = r == 0 ? first : "";
        if (r > 0) {
            if (stream.eof())
                stream.quitf(_pe, "the grid ends after %d rows, the puzzle has %d", r, rows);
            line = strip_right(stream.readLine());
        }
        if (static_cast<int>(line.size()) != columns)
            stream.quitf(_pe, "row %d has %d characters, expected %d", r,
                         static_cast<int>(line.size()), columns);
        for (int k = 0; k < columns; ++k) {
            char c = line[k];
            if (c != '#' && c != 'O' && c != '*' && c != '.')
                stream.quitf(_pe, "square %s is '%c' (0x%02x), expected one of # O * .",
                             where(r, k).c_str(), c >= 32 && c < 127 ? c : '?',
                             static_cast<unsigned char>(c));
        }
        placement.push_back(line);
    }
    if (!stream.seekEof()) stream.quitf(_pe, "unexpected text after the %d rows of the grid", rows);
    return true;
}

// Empty when `placement` solves the puzzle, otherwise what is wrong with it.
std::string judge_placement(const std::vector<std::string>& grid,
                            const std::vector<std::string>& placement) {
    const int rows = static_cast<int>(grid.size());
    const int columns = static_cast<int>(grid[0].size());
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < columns; ++k) {
            bool green = grid[r][k] == '#';
            if (green && placement[r][k] != '#')
                return "square " + where(r, k) + " is green but shows '" + placement[r][k] + "'";
            if (!green && placement[r][k] == '#')
                return "square " + where(r, k) + " is in region " + grid[r][k] + " but shows '#'";
        }
    bubbles::Puzzle puzzle(grid);
    try {
        for (int r = 0; r < rows; ++r)
            for (int k = 0; k < columns; ++k)
                if (placement[r][k] == 'O') puzzle.put_bubble(r, k);
        for (int r = rows - 1; r >= 0; --r)
            for (int k = 0; k < columns; ++k)
                if (placement[r][k] == '*') puzzle.put_boulder(r, k);
    } catch (const bubbles::PuzzleError& error) {
        return std::string(error.what()) + ": " + error.reason();
    }
    for (char region : puzzle.regions()) {
        if (!puzzle.bubble(region)) return std::string("region ") + region + " has no bubble";
        if (!puzzle.boulder(region)) return std::string("region ") + region + " has no boulder";
    }
    if (!puzzle.issolved()) return "the model says the puzzle is not solved";
    return "";
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::vector<std::string> grid = read_input_grid();
    try {
        bubbles::Puzzle check_input(grid);
    } catch (const std::invalid_argument& error) {
        quitf(_fail, "input file: %s", error.what());
    }

    std::vector<std::string> jury, contestant;
    bool jury_solved = read_placement(ans, grid, jury);
    if (jury_solved) {
        std::string problem = judge_placement(grid, jury);
        if (!problem.empty()) quitf(_fail, "the jury's placement is wrong: %s", problem.c_str());
    }
    bool contestant_solved = read_placement(ouf, grid, contestant);
    if (!contestant_solved) {
        if (jury_solved) quitf(_wa, "answered 'no solution', but the puzzle has a solution");
        quitf(_ok, "no solution, as the jury says");
    }
    std::string problem = judge_placement(grid, contestant);
    if (!problem.empty()) quitf(_wa, "%s", problem.c_str());
    if (!jury_solved) quitf(_fail, "the output solves the puzzle but the jury says 'no solution'");
    quitf(_ok, "%d x %d puzzle solved", static_cast<int>(grid.size()),
          static_cast<int>(grid[0].size()));
}

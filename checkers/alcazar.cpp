// Checker for alcazar (testdata/alcazar/statement.md): `alcazar <input> <output> <answer>`.
//
// Accepted output (the answer file has the same form):
//   output := "no solution" | drawing
//   drawing:= the 2H+1 grid lines of the input again (empty lines and lines starting with '#'
//              are skipped, as in the input), read with the input's offset o and width W:
//              '-' at column o+4x of line 2y+1 = the path crosses the edge left of cell (x, y),
//              '|' at column o+4x+2 of line 2y = the path crosses the edge above cell (x, y)
//              (door edges included); every other character is ignored (cell centres, walls).
// Verdict: the crossed edges are simulated. PE: not "no solution" and not 2H+1 grid lines.
// WA: a crossed edge is a wall; a cell not entered exactly twice (degree 2); not exactly two
// doors used; the path from one door does not cover every cell (a separate loop). Solvability
// is compared with the jury: the jury's path is checked the same way (FAIL if invalid); a
// contestant's "no solution" against a jury path is WA; a valid contestant path against a jury
// "no solution" is FAIL (the jury is wrong).
#include "checklib.hpp"

#include <string>
#include <vector>

namespace {

// Grid lines of a stream (skipping empty lines and '#' lines, dropping a final '\r').
std::vector<std::string> grid_lines(InStream& stream) {
    std::vector<std::string> lines;
    while (!stream.eof()) {
        std::string line = stream.readLine();
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line);
    }
    return lines;
}

char at(const std::vector<std::string>& lines, int row, int col) {
    const std::string& s = lines[row];
    return col >= 0 && col < static_cast<int>(s.size()) ? s[col] : ' ';
}

int o, w, h;
std::vector<std::string> puzzle;

bool wall_h(int x, int y) { return at(puzzle, 2 * y, o + 4 * x + 2) == '-'; }
bool wall_v(int x, int y) { return at(puzzle, 2 * y + 1, o + 4 * x) == '|'; }

bool is_no_solution(const std::vector<std::string>& lines) {
    if (lines.size() != 1) return false;
    std::string s = lines[0];
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
    size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    return s.substr(i) == "no solution";
}

// Reads one reply; returns false for "no solution", true for a valid path, else quits (WA or PE
// for the contestant; through the ans stream any verdict becomes FAIL).
bool read_reply(InStream& stream, const char* who) {
    std::vector<std::string> lines = grid_lines(stream);
    if (lines.empty()) stream.quitf(_pe, "%s: empty output", who);
    if (is_no_solution(lines)) return false;
    if (static_cast<int>(lines.size()) != 2 * h + 1)
        stream.quitf(_pe, "%s: %zu grid lines, expected %d (or the line 'no solution')", who,
                     lines.size(), 2 * h + 1);
    // used[y][x] bits: 1 up, 2 down, 4 left, 8 right
    std::vector<std::vector<int>> deg(h, std::vector<int>(w, 0));
    std::vector<std::vector<int>> side(h, std::vector<int>(w, 0));
    int doors = 0, start_x = -1, start_y = -1, start_side = 0;
    auto cross = [&](int x, int y, int bit) {
        if (x < 0 || y < 0 || x >= w || y >= h) return;
        ++deg[y][x];
        side[y][x] |= bit;
    };
    for (int y = 0; y <= h; ++y)
        for (int x = 0; x < w; ++x)
            if (at(lines, 2 * y, o + 4 * x + 2) == '|') {
                if (wall_h(x, y))
                    stream.quitf(_wa, "%s: the path crosses the wall %s cell (%d, %d)", who,
                                 y == h ? "below" : "above", x, y == h ? h - 1 : y);
                cross(x, y, 1);
                cross(x, y - 1, 2);
                if (y == 0 || y == h) {
                    ++doors;
                    start_x = x, start_y = y == 0 ? 0 : h - 1, start_side = y == 0 ? 1 : 2;
                }
            }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x <= w; ++x)
            if (at(lines, 2 * y + 1, o + 4 * x) == '-') {
                if (wall_v(x, y))
                    stream.quitf(_wa, "%s: the path crosses the wall %s of cell (%d, %d)", who,
                                 x == w ? "right" : "left", x == w ? w - 1 : x, y);
                cross(x, y, 4);
                cross(x - 1, y, 8);
                if (x == 0 || x == w) {
                    ++doors;
                    start_x = x == 0 ? 0 : w - 1, start_y = y, start_side = x == 0 ? 4 : 8;
                }
            }
    if (doors != 2) stream.quitf(_wa, "%s: the path uses %d doors, expected 2", who, doors);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (deg[y][x] != 2)
                stream.quitf(_wa, "%s: cell (%d, %d) has %d path edges, expected 2", who, x, y,
                             deg[y][x]);
    // walk from the last door found; every cell has degree 2, so the walk ends at the other door
    int x = start_x, y = start_y, came = start_side, visited = 0;
    for (;;) {
        ++visited;
        if (visited > w * h) break;
        int out = side[y][x] & ~came;
        if (out == 0) stream.quitf(_wa, "%s: the path turns back at cell (%d, %d)", who, x, y);
        int nx = x, ny = y, back = 0;
        if (out & 1)
            ny = y - 1, back = 2;
        else if (out & 2)
            ny = y + 1, back = 1;
        else if (out & 4)
            nx = x - 1, back = 8;
        else
            nx = x + 1, back = 4;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) break;  // left through the other door
        x = nx, y = ny, came = back;
    }
    if (visited != w * h)
        stream.quitf(_wa, "%s: the path from door to door visits %d of %d cells (a separate loop)",
                     who, visited, w * h);
    return true;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    puzzle = grid_lines(inf);
    if (puzzle.size() < 3 || puzzle.size() % 2 == 0)
        quitf(_fail, "input: %zu grid lines, an odd number >= 3 expected", puzzle.size());
    size_t first = puzzle[0].find('+'), last = puzzle[0].rfind('+');
    if (first == std::string::npos || last == first || (last - first) % 4 != 0)
        quitf(_fail, "input: bad first grid line");
    o = static_cast<int>(first);
    w = static_cast<int>((last - first) / 4);
    h = static_cast<int>(puzzle.size() / 2);

    bool jury = read_reply(ans, "jury");
    bool contestant = read_reply(ouf, "contestant");
    if (jury && !contestant) quitf(_wa, "said 'no solution', but the jury has a path");
    if (!jury && contestant)
        quitf(_fail, "contestant found a valid path, the jury said 'no solution'");
    if (!jury) quitf(_ok, "no solution");
    quitf(_ok, "valid path through %d x %d cells", w, h);
}

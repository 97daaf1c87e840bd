/*
 * Generator for quell (testdata/quell/statement.md): one map on stdout.
 *
 * Usage: quell [-rows 8] [-cols 8] [-style random] [-walls 30] [-pearls 5] [-place any]
 *              [-walk 30] [-border 1] [-ragged 0] -seed N
 *   -rows     text rows, >= 1 (with -border 1 the two border rows are included)  (default 8)
 *   -cols     text columns, >= 1 (same)                                          (default 8)
 *   -style    random:  every inner cell is a wall with probability -walls percent
 *             maze:    a carved maze (corridors of width 1), then -walls percent of the inner
 *                      walls knocked out to make loops; rolls stop at every junction
 *             rooms:   rooms separated by wall lines with a few one-cell doors, plus a sprinkle
 *                      of -walls/4 percent single walls inside the rooms
 *             traps:   an open floor with short wall segments (1..4 cells), which make one-way
 *                      pockets and alleys like the statement's example; -walls = segment density
 *             layers:  floors of wall with a few one-cell holes every 2..4 rows (falling through
 *                      a hole is often one-way), plus -walls/3 percent random walls: many SCCs
 *             open:    no inner walls at all                                    (default random)
 *   -walls    wall density in percent, 0..100, as the style reads it         (default 30)
 *   -pearls   number of pearls wanted; fewer if there are fewer free cells     (default 5)
 *   -place    any:       pearls on random free cells (may be unreachable)
 *             reachable: only on cells that some roll from a reachable stop sweeps, so that
 *                        `false` is never just "this pearl is unreachable"
 *             walk:      only on cells swept by one random walk of -walk rolls, so the answer
 *                        is `true` (a solvable map whose order of moves may still matter); the
 *                        walk keeps to stops that can return to the start for 90% of its rolls,
 *                        and the drop is the best of 8 random cells by that start component
 *             crossing:  as reachable, and only on cells whose row run and column run are
 *                        both longer than one cell, so each pearl can be swept two ways (the
 *                        2-SAT clauses that stay two-sided; try it with -style maze -walls 0..10)
 *                                                                           (default any)
 *   -walk     number of rolls of the random walk for -place walk             (default 30)
 *   -border   1: surround the map with '#'; 0: open cells may touch the edge of the text
 *             (which counts as a wall)                                       (default 1)
 *   -ragged   1: print walls that no open cell touches as nothing (trailing) or spaces
 *             (leading), as the challenge prints its maps; 0: a full rectangle of '#'
 *                                                                           (default 0)
 *   -seed     any value; the same arguments always give the same map
 * The drop 'O' goes on a random free cell; a map with no free cell gets one opened.
 */
#include "checklib.hpp"
#include "gen_maze.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

namespace {

int rows, cols;
std::vector<std::string> grid;

bool free_cell(int r, int c) {
    return r >= 0 && r < rows && c >= 0 && c < cols && grid[r][c] != '#';
}

void make_random(int border, int walls) {
    for (int r = border; r < rows - border; ++r)
        for (int c = border; c < cols - border; ++c) grid[r][c] = rnd.next(100) < walls ? '#' : '.';
}

void make_maze(int border, int walls) {
    // Cells at odd offsets from the border are rooms; carve a spanning tree by DFS.
    int r0 = border, c0 = border;
    int inner_rows = rows - 2 * border, inner_cols = cols - 2 * border;
    if (inner_rows <= 0 || inner_cols <= 0) return;
    int mr = (inner_rows + 1) / 2, mc = (inner_cols + 1) / 2;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    carve_spanning_tree(
        mr, mc, dr, dc, [&](int r, int c) { grid[r0 + 2 * r][c0 + 2 * c] = '.'; },
        [&](int r, int c, int d) { grid[r0 + 2 * r + dr[d]][c0 + 2 * c + dc[d]] = '.'; });
    for (int r = border; r < rows - border; ++r)
        for (int c = border; c < cols - border; ++c)
            if (grid[r][c] == '#' && rnd.next(100) < walls) grid[r][c] = '.';
}

void make_rooms(int border, int walls) {
    for (int r = border; r < rows - border; ++r)
        for (int c = border; c < cols - border; ++c) grid[r][c] = '.';
    // Wall lines every 3..7 cells, each with one or two doors.
    for (int r = border + rnd.next(3, 7); r < rows - border - 1; r += rnd.next(3, 7)) {
        for (int c = border; c < cols - border; ++c) grid[r][c] = '#';
        for (int k = rnd.next(1, 2); k > 0; --k)
            grid[r][rnd.next(border, std::max(border, cols - border - 1))] = '.';
    }
    for (int c = border + rnd.next(3, 7); c < cols - border - 1; c += rnd.next(3, 7)) {
        for (int r = border; r < rows - border; ++r) grid[r][c] = '#';
        for (int k = rnd.next(1, 3); k > 0; --k)
            grid[rnd.next(border, std::max(border, rows - border - 1))][c] = '.';
    }
    for (int r = border; r < rows - border; ++r)
        for (int c = border; c < cols - border; ++c)
            if (rnd.next(400) < walls) grid[r][c] = '#';
}

void make_layers(int border, int walls) {
    make_random(border, walls / 3);
    for (int r = border + rnd.next(1, 3); r < rows - border - 1; r += rnd.next(2, 4)) {
        for (int c = border; c < cols - border; ++c) grid[r][c] = '#';
        int gaps = std::max(1, (cols - 2 * border) / 4);
        for (int k = rnd.next(1, gaps); k > 0; --k)
            grid[r][rnd.next(border, std::max(border, cols - border - 1))] = '.';
    }
}

void make_traps(int border, int walls) {
    for (int r = border; r < rows - border; ++r)
        for (int c = border; c < cols - border; ++c) grid[r][c] = '.';
    int inner = std::max(0, rows - 2 * border) * std::max(0, cols - 2 * border);
    int segments = inner * walls / 400;
    for (int k = 0; k < segments; ++k) {
        int r = rnd.next(border, std::max(border, rows - border - 1));
        int c = rnd.next(border, std::max(border, cols - border - 1));
        bool vertical = rnd.next(2) == 1;
        for (int len = rnd.next(1, 4); len > 0; --len) {
            if (r >= rows - border || c >= cols - border) break;
            grid[r][c] = '#';
            if (vertical)
                ++r;
            else
                ++c;
        }
    }
}

// Cells swept by rolls. walk_rolls < 0: every roll from every reachable stop. Otherwise one
// random walk of walk_rolls rolls that, for its first 90%, keeps to stops from which the drop's
// start is still reachable (so it tours the start's component instead of falling into the first
// trap), then rolls freely.
std::vector<char> swept_cells(int drop, int walk_rolls, int* returning_stops = nullptr) {
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    std::vector<char> swept(static_cast<size_t>(rows) * cols, 0);
    swept[drop] = 1;
    auto roll_end = [&](int at, int d) {
        int r = at / cols, c = at % cols;
        while (free_cell(r + dr[d], c + dc[d])) r += dr[d], c += dc[d];
        return r * cols + c;
    };
    auto roll = [&](int at, int d) {
        int r = at / cols, c = at % cols;
        while (free_cell(r + dr[d], c + dc[d])) {
            r += dr[d], c += dc[d];
            swept[r * cols + c] = 1;
        }
        return r * cols + c;
    };
    // Stops reachable from the drop, and the reverse edges between them.
    std::vector<int> id(swept.size(), -1), stops = {drop};
    std::vector<std::vector<int>> reverse(1);
    id[drop] = 0;
    for (size_t i = 0; i < stops.size(); ++i)
        for (int d = 0; d < 4; ++d) {
            int to = walk_rolls < 0 ? roll(stops[i], d) : roll_end(stops[i], d);
            if (id[to] < 0) {
                id[to] = static_cast<int>(stops.size());
                stops.push_back(to);
                reverse.emplace_back();
            }
            reverse[id[to]].push_back(static_cast<int>(i));
        }
    if (walk_rolls < 0) return swept;
    std::vector<char> returns(stops.size(), 0);
    std::vector<int> queue = {0};
    returns[0] = 1;
    for (size_t i = 0; i < queue.size(); ++i)
        for (int from : reverse[queue[i]])
            if (!returns[from]) returns[from] = 1, queue.push_back(from);
    if (returning_stops) {
        *returning_stops = static_cast<int>(queue.size());
        return swept;
    }
    int at = drop;
    for (int k = 0; k < walk_rolls; ++k) {
        int options[4], count = 0;
        for (int d = 0; d < 4; ++d)
            if (returns[id[roll_end(at, d)]]) options[count++] = d;
        bool free_roll = 10 * k >= 9 * walk_rolls || count == 0;
        at = roll(at, free_roll ? rnd.next(4) : options[rnd.next(count)]);
    }
    return swept;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    rows = opt<int>("rows", 8);
    cols = opt<int>("cols", 8);
    std::string style = opt("style", "random");
    int walls = opt<int>("walls", 30);
    int pearls = opt<int>("pearls", 5);
    std::string place = opt("place", "any");
    int walk = opt<int>("walk", 30);
    int border = opt<int>("border", 1);
    int ragged = opt<int>("ragged", 0);
    ensuref(rows >= 1 && cols >= 1, "-rows and -cols must be >= 1");
    ensuref(walls >= 0 && walls <= 100, "-walls must be in 0..100");
    ensuref(pearls >= 0 && walk >= 0, "-pearls and -walk must be >= 0");
    ensuref(border == 0 || border == 1, "-border must be 0 or 1");
    ensuref(place == "any" || place == "reachable" || place == "walk" || place == "crossing",
            "-place must be any, reachable, walk or crossing");
    if (rows <= 2 || cols <= 2) border = 0;  // no room inside a border

    grid.assign(rows, std::string(cols, '#'));
    if (style == "random")
        make_random(border, walls);
    else if (style == "maze")
        make_maze(border, walls);
    else if (style == "rooms")
        make_rooms(border, walls);
    else if (style == "traps")
        make_traps(border, walls);
    else if (style == "layers")
        make_layers(border, walls);
    else if (style == "open")
        make_random(border, 0);
    else
        quit(_fail, "generator: unknown -style '" + style + "'");

    std::vector<int> free_list;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (grid[r][c] != '#') free_list.push_back(r * cols + c);
    if (free_list.empty()) {
        int r = rnd.next(border, rows - 1 - border), c = rnd.next(border, cols - 1 - border);
        grid[r][c] = '.';
        free_list.push_back(r * cols + c);
    }
    int drop = free_list[rnd.next(static_cast<int>(free_list.size()))];
    if (place == "walk") {
        // Of 8 random drops, keep the one whose start component has the most stops: the walk
        // then has room to tour before it falls into a trap.
        int best = -1;
        for (int k = 0; k < 8; ++k) {
            int candidate = free_list[rnd.next(static_cast<int>(free_list.size()))], size = 0;
            swept_cells(candidate, 0, &size);
            if (size > best) best = size, drop = candidate;
        }
    }

    std::vector<int> candidates;
    if (place == "any") {
        candidates = free_list;
    } else {
        std::vector<char> swept = swept_cells(drop, place == "walk" ? walk : -1);
        for (int cell : free_list) {
            int r = cell / cols, c = cell % cols;
            bool crossing = (free_cell(r, c - 1) || free_cell(r, c + 1)) &&
                            (free_cell(r - 1, c) || free_cell(r + 1, c));
            if (swept[cell] && (place != "crossing" || crossing)) candidates.push_back(cell);
        }
    }
    candidates.erase(std::remove(candidates.begin(), candidates.end(), drop), candidates.end());
    shuffle(candidates.begin(), candidates.end());
    int count = std::min(pearls, static_cast<int>(candidates.size()));
    for (int i = 0; i < count; ++i) grid[candidates[i] / cols][candidates[i] % cols] = '@';
    grid[drop / cols][drop % cols] = 'O';

    std::string out;
    for (int r = 0; r < rows; ++r) {
        std::string line = grid[r];
        if (ragged) {
            // A wall no free cell touches (8-neighbourhood) is dropped: trailing ones vanish,
            // leading and inner ones become spaces.
            for (int c = 0; c < cols; ++c) {
                if (grid[r][c] != '#') continue;
                bool touches = false;
                for (int dr = -1; dr <= 1; ++dr)
                    for (int dc = -1; dc <= 1; ++dc)
                        if (free_cell(r + dr, c + dc)) touches = true;
                if (!touches) line[c] = ' ';
            }
            while (!line.empty() && line.back() == ' ') line.pop_back();
        }
        out += line;
        out += '\n';
    }
    fputs(out.c_str(), stdout);
}

/*
 * Generator for bender (testdata/bender/statement.md): one map on stdout.
 *
 * Usage: bender [-rows 10] [-cols 10] [-style random] [-walls 20] [-xwalls 10] [-mods 5]
 *               [-inverters 3] [-beers 3] [-tele 50] [-loops 10] [-gates -1]
 *               [-booth random] [-tries 1] [-want any] -seed N
 *   -rows, -cols  L and C, 4..100 (the border is always '#')                (default 10, 10)
 *   -style   random:     every inner cell independently: '#' with -walls percent, 'X' with
 *                        -xwalls, one of S E N W with -mods, 'I' with -inverters, 'B' with
 *                        -beers, else ' '
 *            maze:       a carved maze of 1-wide corridors; -loops percent of its inner walls
 *                        knocked out, -xwalls percent of the rest turned into 'X' (breaking
 *                        opens shortcuts); the corridors get S E N W / I / B as in random
 *            serpentine: the long-walk construction (rows >= 5, cols >= 6): a 1-wide
 *                        boustrophedon corridor from a start ring to '$', with -gates gates
 *                        "pocket X B" on it (-1: every slot, 992 at 100 x 100). Bender bounces
 *                        between the ring and the first closed gate, breaking one gate per round
 *                        trip, so the walk is about 2 * gates * (corridor length / 2) moves
 *                        (3.2 M moves at 100 x 100 with every gate). -walls etc. are ignored.
 *                                                                          (default random)
 *   -walls, -xwalls, -mods, -inverters, -beers   percentages as above (sum <= 100)
 *                                                               (default 20, 10, 5, 3, 3)
 *   -tele    percent chance of a teleporter pair (random, maze)            (default 50)
 *   -loops   maze only: percent of inner maze walls knocked out            (default 10)
 *   -gates   serpentine only: number of gates, -1 = all slots (a random subset otherwise)
 *                                                                          (default -1)
 *   -booth   random, maze: random: '$' on a random cell; last: '$' on the cell that the walk
 *            (without a booth) enters for the first time last, so Bender reaches it after the
 *            longest walk this map allows (not an 'X', 'T' or '@' cell)    (default random)
 *   -tries   random, maze: make this many maps and keep the best one for -want (default 1)
 *   -want    any:   the longest walk of the tries, whatever its end
 *            booth: a map where Bender reaches '$' (the longest such walk); loop: a LOOP map
 *            (the one that runs longest before its state repeats); if no try matches, the
 *            longest walk of any kind                                       (default any)
 *   -seed    any value; the same arguments always give the same map
 * '@' and '$' go on distinct random inner cells; 'T' pairs on two more.
 */
#include "checklib.hpp"
#include "gen_maze.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

int rows, cols;
using Grid = std::vector<std::string>;

// Walk length and end, by the rules of testdata/bender/statement.md (the generator's own simulation,
// used only to choose among tries).
struct Walk {
    long long steps = 0;
    bool booth = false;
};

// With `first_visit`, the step at which each cell (r * cols + c) is first entered, -1 if never.
Walk simulate(Grid grid, std::vector<long long>* first_visit = nullptr) {
    if (first_visit) first_visit->assign(static_cast<size_t>(rows) * cols, -1);
    int pos_r = -1, pos_c = -1;
    std::vector<std::pair<int, int>> tele;
    long long walls = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            if (grid[r][c] == '@') pos_r = r, pos_c = c;
            if (grid[r][c] == 'T') tele.push_back({r, c});
            if (grid[r][c] == 'X') ++walls;
        }
    const int dr[4] = {1, 0, -1, 0}, dc[4] = {0, 1, 0, -1};
    std::vector<uint32_t> seen(static_cast<size_t>(rows) * cols * 16, 0);
    uint32_t epoch = 1;
    int dir = 0, inv = 0, brk = 0;
    Walk walk;
    auto open = [&](int r, int c) {
        char ch = grid[r][c];
        return ch != '#' && (ch != 'X' || brk);
    };
    for (;;) {
        uint32_t& s = seen[(((pos_r * cols + pos_c) * 4 + dir) * 2 + inv) * 2 + brk];
        if (s == epoch) return walk;
        s = epoch;
        if (!open(pos_r + dr[dir], pos_c + dc[dir])) {
            int chosen = -1;
            for (int k = 0; k < 4 && chosen < 0; ++k) {
                int d = inv ? 3 - k : k;
                if (open(pos_r + dr[d], pos_c + dc[d])) chosen = d;
            }
            if (chosen < 0) return walk;
            dir = chosen;
        }
        pos_r += dr[dir], pos_c += dc[dir];
        ++walk.steps;
        if (first_visit && (*first_visit)[pos_r * cols + pos_c] < 0)
            (*first_visit)[pos_r * cols + pos_c] = walk.steps;
        char& ch = grid[pos_r][pos_c];
        if (ch == '$') {
            walk.booth = true;
            return walk;
        }
        if (ch == 'X') ch = ' ', ++epoch;
        if (ch == 'S') dir = 0;
        if (ch == 'E') dir = 1;
        if (ch == 'N') dir = 2;
        if (ch == 'W') dir = 3;
        if (ch == 'I') inv ^= 1;
        if (ch == 'B') brk ^= 1;
        if (ch == 'T') {
            auto other = tele[0] == std::make_pair(pos_r, pos_c) ? tele[1] : tele[0];
            pos_r = other.first, pos_c = other.second;
        }
    }
}

struct Mix {
    int walls, xwalls, mods, inverters, beers, tele;
};

char special(const Mix& mix, int roll) {  // roll in [0, 100) past the walls
    if (roll < mix.mods) return "SENW"[rnd.next(4)];
    roll -= mix.mods;
    if (roll < mix.inverters) return 'I';
    roll -= mix.inverters;
    if (roll < mix.beers) return 'B';
    return ' ';
}

// Puts '@', '$' and maybe a 'T' pair on distinct cells of `cells` (inner cells).
void place_items(Grid& grid, std::vector<std::pair<int, int>> cells, int tele) {
    shuffle(cells.begin(), cells.end());
    size_t next = 0;
    grid[cells[next].first][cells[next].second] = '@', ++next;
    grid[cells[next].first][cells[next].second] = '$', ++next;
    if (cells.size() >= 4 && rnd.next(100) < tele) {
        grid[cells[next].first][cells[next].second] = 'T', ++next;
        grid[cells[next].first][cells[next].second] = 'T', ++next;
    }
}

Grid make_random(const Mix& mix) {
    Grid grid(rows, std::string(cols, '#'));
    std::vector<std::pair<int, int>> cells;
    for (int r = 1; r < rows - 1; ++r)
        for (int c = 1; c < cols - 1; ++c) {
            int roll = rnd.next(100);
            if (roll < mix.walls) {
                grid[r][c] = '#';
            } else if (roll < mix.walls + mix.xwalls) {
                grid[r][c] = 'X';
            } else {
                grid[r][c] = special(mix, roll - mix.walls - mix.xwalls);
            }
            cells.push_back({r, c});
        }
    place_items(grid, cells, mix.tele);
    return grid;
}

Grid make_maze(const Mix& mix, int loops) {
    Grid grid(rows, std::string(cols, '#'));
    // Rooms at odd (row, column); a DFS spanning tree joins them through the even cells.
    int mr = (rows - 1) / 2, mc = (cols - 1) / 2;
    const int dr[4] = {1, 0, -1, 0}, dc[4] = {0, 1, 0, -1};
    carve_spanning_tree(
        mr, mc, dr, dc, [&](int r, int c) { grid[2 * r + 1][2 * c + 1] = ' '; },
        [&](int r, int c, int d) { grid[2 * r + 1 + dr[d]][2 * c + 1 + dc[d]] = ' '; });
    std::vector<std::pair<int, int>> open_cells;
    for (int r = 1; r < rows - 1; ++r)
        for (int c = 1; c < cols - 1; ++c) {
            if (grid[r][c] == '#') {
                int roll = rnd.next(100);
                if (roll < loops) {
                    grid[r][c] = ' ';
                } else if (roll < loops + mix.xwalls) {
                    grid[r][c] = 'X';
                    continue;
                } else {
                    continue;
                }
            }
            grid[r][c] = special(mix, rnd.next(100));
            open_cells.push_back({r, c});
        }
    if (open_cells.size() < 2)  // tiny maps: open two cells
        for (int c = 1; c <= 2; ++c) grid[1][c] = ' ', open_cells.push_back({1, c});
    place_items(grid, open_cells, mix.tele);
    return grid;
}

// -booth last: moves '$' to the cell whose first visit comes last in the walk without a booth,
// among cells that are not 'X' (an 'X' may have been an obstacle earlier in the walk), 'T' or
// '@'. Every other cell is passable either way, so the walk up to that visit is unchanged and
// then ends there. Keeps the map as it is when Bender cannot move at all.
void move_booth_last(Grid& grid) {
    for (auto& row : grid)
        for (char& ch : row)
            if (ch == '$') ch = ' ';
    std::vector<long long> first;
    simulate(grid, &first);
    int best = -1;
    for (int at = 0; at < rows * cols; ++at) {
        char ch = grid[at / cols][at % cols];
        if (first[at] < 0 || ch == 'X' || ch == 'T' || ch == '@') continue;
        if (best < 0 || first[at] > first[best]) best = at;
    }
    if (best < 0) {  // no move possible: any free cell
        for (int at = 0; at < rows * cols && best < 0; ++at) {
            char ch = grid[at / cols][at % cols];
            if (ch != '#' && ch != 'X' && ch != 'T' && ch != '@') best = at;
        }
    }
    if (best >= 0) grid[best / cols][best % cols] = '$';
}

// The long-walk construction; see the usage block and the comments inside.
Grid make_serpentine(int gates) {
    ensuref(rows >= 5 && cols >= 6, "serpentine needs rows >= 5 and cols >= 6");
    Grid grid(rows, std::string(cols, '#'));
    // Start ring (rows 1..3, columns 1..3) around the wall (2, 2). Bender starts at (2, 3)
    // heading south, reaches the junction (3, 3) and turns east. Coming back west along row 3
    // he runs around the ring clockwise, toggling breaker ('B') and inversion ('I') once each,
    // and leaves the junction east again (south is a wall, east is first in S E N W).
    const char* ring[3] = {"E S", "B#@", "NI "};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) grid[1 + r][1 + c] = ring[r][c];
    // Corridor rows 3, 6, 9, ...: even-numbered ones run east (normal priorities, forward),
    // odd ones west. Every corner is a plain cell that the forward walk takes by priority: the
    // east connector holds an 'I' so the forward walk turns S -> W inverted, and every westbound
    // row has an 'I' in column 2 so it turns W -> S normal again. The walk back always has the
    // opposite inversion (the pocket at the frontier toggles it), so the same corners send it
    // back the way it came.
    std::vector<int> corridor;
    for (int r = 3; r <= rows - 2; r += 3) corridor.push_back(r);
    const int k_rows = static_cast<int>(corridor.size());
    struct Slot {
        int r, c, step, pocket_r;
    };
    std::vector<Slot> slots;
    for (int k = 0; k < k_rows; ++k) {
        int r = corridor[k];
        bool east = k % 2 == 0;
        for (int c = (k == 0 ? 3 : 1); c <= cols - 2; ++c) grid[r][c] = ' ';
        if (!east) grid[r][2] = 'I';
        if (k + 1 < k_rows) {
            if (east) {
                grid[r + 1][cols - 2] = 'I', grid[r + 2][cols - 2] = ' ';
            } else {
                grid[r + 1][1] = ' ', grid[r + 2][1] = ' ';
            }
        } else {
            grid[r][east ? cols - 2 : 1] = '$';
        }
        // A gate at work: Bender reaches the first closed gate with breaker off, so its 'X'
        // blocks; he turns into the pocket (its 'I' flips the inversion, so the way back
        // retraces the corridor) and walks back to the ring. On that round trip every 'B' of
        // the broken gates is passed twice and the ring's 'B' once, so he returns in breaker
        // mode, breaks the 'X', and the gate's 'B' right behind it ends breaker mode before the
        // next gate. One wall destroyed per round trip: a new epoch each time, with states
        // that repeat those of earlier epochs (a test for exact loop detection).
        // Gate slots: g (blank, with a dead-end pocket 'I' beside it), then 'X', then 'B' in
        // the forward direction. Eastbound pockets lie south (first in S E N W), at columns
        // 4, 7, ... <= cols - 5; westbound pockets north (first in W N E S after W), at columns
        // 5, 8, ... <= cols - 4, with the 'B' at column >= 3. Different residues mod 3 keep the
        // two pocket rows between a pair of corridors from touching.
        if (east) {
            if (r + 1 > rows - 2) continue;  // no room for the pockets above the border
            for (int c = 4; c + 2 <= cols - 3; c += 3) slots.push_back({r, c, 1, r + 1});
        } else {
            for (int c = 5; c <= cols - 4; c += 3) slots.push_back({r, c, -1, r - 1});
        }
    }
    std::vector<int> order(slots.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    if (gates >= 0 && gates < static_cast<int>(slots.size())) {
        shuffle(order.begin(), order.end());
        order.resize(gates);
    }
    for (int i : order) {
        const Slot& s = slots[i];
        grid[s.pocket_r][s.c] = 'I';
        grid[s.r][s.c + s.step] = 'X';
        grid[s.r][s.c + 2 * s.step] = 'B';
    }
    return grid;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    rows = opt<int>("rows", 10);
    cols = opt<int>("cols", 10);
    std::string style = opt("style", "random");
    Mix mix{opt<int>("walls", 20),    opt<int>("xwalls", 10), opt<int>("mods", 5),
            opt<int>("inverters", 3), opt<int>("beers", 3),   opt<int>("tele", 50)};
    int loops = opt<int>("loops", 10);
    int gates = opt<int>("gates", -1);
    int tries = opt<int>("tries", 1);
    std::string want = opt("want", "any");
    std::string booth = opt("booth", "random");
    ensuref(rows >= 4 && rows <= 100 && cols >= 4 && cols <= 100, "rows, cols must be 4..100");
    ensuref(mix.walls >= 0 && mix.xwalls >= 0 && mix.mods >= 0 && mix.inverters >= 0 &&
                mix.beers >= 0 &&
                mix.walls + mix.xwalls + mix.mods + mix.inverters + mix.beers <= 100,
            "percentages must be >= 0 with sum <= 100");
    ensuref(tries >= 1, "-tries must be >= 1");
    ensuref(want == "any" || want == "booth" || want == "loop", "-want is any, booth or loop");
    ensuref(booth == "random" || booth == "last", "-booth is random or last");
    ensuref(style == "random" || style == "maze" || style == "serpentine", "unknown -style");

    Grid best;
    if (style == "serpentine") {
        best = make_serpentine(gates);
    } else {
        long long best_score = -1;
        bool best_match = false;
        for (int t = 0; t < tries; ++t) {
            Grid grid = style == "maze" ? make_maze(mix, loops) : make_random(mix);
            if (booth == "last") move_booth_last(grid);
            if (tries == 1) {
                best = grid;
                break;
            }
            Walk walk = simulate(grid);
            bool match = want == "any" || (want == "booth") == walk.booth;
            if ((match && !best_match) || (match == best_match && walk.steps > best_score)) {
                best = grid, best_score = walk.steps, best_match = match;
            }
        }
    }
    std::printf("%d %d\n", rows, cols);
    for (const std::string& row : best) std::printf("%s\n", row.c_str());
}

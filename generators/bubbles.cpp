/*
 * Generator for bubbles (testdata/bubbles/statement.md): one puzzle on stdout.
 *
 * Usage: bubbles [-m 6] [-n 6] [-regions 4] [-green 15] [-want any] [-style grow] [-tries 300]
 *                -seed N
 *   -m        rows, >= 1                                                   (default 6)
 *   -n        columns, >= 1                                                (default 6)
 *   -regions  number of regions, 0..26; fewer if there are fewer squares   (default 4)
 *   -green    percent of green squares to start from, 0..100               (default 15)
 *   -want     any:    the first random puzzle, whatever its solutions
 *             unique: exactly one solution (a planted solution is kept while the squares where a
 *                     second solution differs are moved to a neighbouring region or made green;
 *                     reaches about 8 x 8 with 6 regions; use -style planted for big puzzles)
 *             none:   no solution;  many: at least two solutions
 *                                                                          (default any)
 *   -style    grow:    connected regions grown from random seed squares
 *             scatter: every square gets a random region letter (regions may be disconnected,
 *                      which the contract allows: a letter is a region)
 *             single:  one region (same as -regions 1)
 *             planted: uniquely solvable by construction at any size (see planted_puzzle:
 *                      vertical strips, stack runs of region pairs at the top and the bottom);
 *                      needs -m >= 6 and 2 <= -regions <= -n, only with -want unique or any;
 *                      -green is then the most green squares (percent) tried in the middle
 *                      band, kept only where the construction holds; -tries, -steps unused.
 *                      The count is checked (exactly 1) before printing.  (default grow)
 *   -tries    how many random puzzles -want may throw away before giving up (default 300)
 *   -steps    changes -want unique may try on one puzzle (hill climbing)   (default 3000)
 *   -seed     any value; the same arguments always give the same puzzle
 * Region letters are a random choice of distinct uppercase letters. When -want cannot be met in
 * -tries puzzles, the generator fails (exit 3) rather than print a puzzle of the wrong kind.
 */
#include <bits/stdc++.h>  // first: solutions/bubbles.cpp includes it inside namespace sol

#include "checklib.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

namespace sol {
#define BUBBLES_NO_MAIN
#include "../solutions/bubbles.cpp"
#undef BUBBLES_NO_MAIN
}  // namespace sol

namespace {

// Counts solutions with the search of solutions/bubbles.cpp and keeps what make_unique needs: the
// first two solutions as grids, and how many options are still open after the first propagation.
struct Counter {
    long long root_options = 0;
    std::vector<std::vector<std::string>> solutions;  // the first two, as grids

    // Counts the solutions of `puzzle` up to `cap` (sol::Solver::solve split in its two steps).
    long long count(const std::vector<std::string>& puzzle, long long cap) {
        *this = Counter();
        std::vector<int> region_of_letter(26, -1);
        int regions = 0;
        for (const auto& row : puzzle)
            for (char c : row)
                if (c != '#' && region_of_letter[c - 'A'] < 0)
                    region_of_letter[c - 'A'] = regions++;
        sol::Solver solver;
        if (!solver.build(puzzle, regions, region_of_letter)) return 0;
        solver.limit = cap;
        solver.keep = 2;
        if (!solver.propagate()) return 0;
        for (int side = 0; side < 2; ++side)
            for (const auto& list : solver.options[side])
                for (const sol::Option& o : list)
                    root_options += solver.hi[side][o.run] > o.threshold;
        solver.search();
        for (size_t i = 0; i < solver.kept.size(); ++i)
            solutions.push_back(solver.place(puzzle, i));
        return solver.solutions;
    }
};

int rows, columns;
const int kDr[4] = {-1, 1, 0, 0}, kDk[4] = {0, 0, -1, 1};

bool inside(int r, int k) { return r >= 0 && r < rows && k >= 0 && k < columns; }

// Green squares at `green_percent`, then `regions` letters: grown blobs or scattered squares.
std::vector<std::string> random_puzzle(int regions, int green_percent, const std::string& style) {
    std::vector<std::string> grid(rows, std::string(columns, '?'));
    std::vector<std::pair<int, int>> free_squares;
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < columns; ++k) {
            if (rnd.next(0, 99) < green_percent)
                grid[r][k] = '#';
            else
                free_squares.push_back({r, k});
        }
    std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    shuffle(letters.begin(), letters.end());
    regions = std::min<int>(regions, static_cast<int>(free_squares.size()));
    if (regions == 0) {
        for (auto& row : grid) std::fill(row.begin(), row.end(), '#');
        return grid;
    }
    shuffle(free_squares.begin(), free_squares.end());
    if (style == "scatter") {
        // Every region gets one square for sure, the rest are random.
        for (size_t i = 0; i < free_squares.size(); ++i)
            grid[free_squares[i].first][free_squares[i].second] =
                letters[i < static_cast<size_t>(regions) ? i : rnd.next(0, regions - 1)];
        return grid;
    }
    std::vector<std::pair<int, int>> frontier;  // (square index r * columns + k, region)
    auto claim = [&](int r, int k, int region) {
        grid[r][k] = letters[region];
        for (int d = 0; d < 4; ++d) {
            int nr = r + kDr[d], nk = k + kDk[d];
            if (inside(nr, nk) && grid[nr][nk] == '?')
                frontier.push_back({nr * columns + nk, region});
        }
    };
    // Seeds are claimed first, so that every region keeps at least its seed.
    for (int i = 0; i < regions; ++i) claim(free_squares[i].first, free_squares[i].second, i);
    while (!frontier.empty()) {
        int pick = rnd.next(0, static_cast<int>(frontier.size()) - 1);
        std::swap(frontier[pick], frontier.back());
        auto [square, region] = frontier.back();
        frontier.pop_back();
        if (grid[square / columns][square % columns] == '?')
            claim(square / columns, square % columns, region);
    }
    for (auto& row : grid)
        for (char& c : row)
            if (c == '?') c = '#';  // cut off from every seed by green squares
    return grid;
}

// Labels the squares of letter `region` except `skip` by connected component (-1 elsewhere).
std::vector<std::vector<int>> components_without(const std::vector<std::string>& grid,
                                                 char region,
                                                 std::pair<int, int> skip) {
    std::vector<std::vector<int>> label(rows, std::vector<int>(columns, -1));
    int next_label = 0;
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < columns; ++k) {
            if (grid[r][k] != region || label[r][k] >= 0 || std::make_pair(r, k) == skip) continue;
            std::vector<std::pair<int, int>> stack = {{r, k}};
            label[r][k] = next_label;
            while (!stack.empty()) {
                auto [sr, sk] = stack.back();
                stack.pop_back();
                for (int d = 0; d < 4; ++d) {
                    int nr = sr + kDr[d], nk = sk + kDk[d];
                    if (inside(nr, nk) && label[nr][nk] < 0 && grid[nr][nk] == region &&
                        std::make_pair(nr, nk) != skip)
                        label[nr][nk] = next_label, stack.push_back({nr, nk});
                }
            }
            ++next_label;
        }
    return label;
}

// Whether the squares of letter `region` other than (skip_r, skip_k) are connected.
bool connected_without(const std::vector<std::string>& grid, char region, int skip_r, int skip_k) {
    auto label = components_without(grid, region, {skip_r, skip_k});
    for (const auto& row : label)
        for (int value : row)
            if (value > 0) return false;
    return true;
}

// Whether `placement` ('O', '*', '.', '#') solves `grid`, straight from the rules.
bool solves(const std::vector<std::string>& grid, const std::vector<std::string>& placement) {
    int bubbles[26] = {}, boulders[26] = {};
    bool present[26] = {};
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < columns; ++k) {
            char c = placement[r][k];
            if ((grid[r][k] == '#') != (c == '#')) return false;
            if (grid[r][k] != '#') present[grid[r][k] - 'A'] = true;
            if (c == 'O') {
                ++bubbles[grid[r][k] - 'A'];
                if (r > 0 && placement[r - 1][k] != '#' && placement[r - 1][k] != 'O') return false;
            } else if (c == '*') {
                ++boulders[grid[r][k] - 'A'];
                if (r + 1 < rows && placement[r + 1][k] != '#' && placement[r + 1][k] != '*')
                    return false;
            }
        }
    for (int i = 0; i < 26; ++i)
        if (present[i] && (bubbles[i] != 1 || boulders[i] != 1)) return false;
    return true;
}

// One random change of `grid` that keeps `planted` a solution (false if the change drawn does
// not): a square empty in `planted` joins a neighbouring region or turns green (its region must
// stay connected), or a green square joins a neighbouring region. Half of the time the square is
// drawn where `other` (another solution) differs from `planted`, or right above or below.
bool random_change(std::vector<std::string>& grid,
                   std::vector<std::string>& planted,
                   const std::vector<std::string>& other,
                   bool keep_connected) {
    int r = rnd.next(0, rows - 1), k = rnd.next(0, columns - 1);
    if (rnd.next(0, 1) == 0) {
        std::vector<std::pair<int, int>> near;
        for (int pr = 0; pr < rows; ++pr)
            for (int pk = 0; pk < columns; ++pk)
                if (planted[pr][pk] != other[pr][pk])
                    for (int dr = -1; dr <= 1; ++dr)
                        if (inside(pr + dr, pk)) near.push_back({pr + dr, pk});
        if (!near.empty()) std::tie(r, k) = rnd.any(near);
    }
    char region = grid[r][k];
    std::vector<char> neighbours;
    for (int d = 0; d < 4; ++d) {
        int nr = r + kDr[d], nk = k + kDk[d];
        if (inside(nr, nk) && grid[nr][nk] != '#' && grid[nr][nk] != region)
            neighbours.push_back(grid[nr][nk]);
    }
    if (region == '#') {
        if (neighbours.empty()) return false;
        grid[r][k] = rnd.any(neighbours);
        planted[r][k] = '.';
        return solves(grid, planted);
    }
    if (planted[r][k] != '.') return false;
    if (keep_connected && !connected_without(grid, region, r, k)) return false;
    if (!neighbours.empty() && rnd.next(0, 99) < 75) {
        grid[r][k] = rnd.any(neighbours);
    } else {
        // Alone, a square of its region with nothing planted is better not made green: the region
        // would vanish, so only squares of regions with planted items come here (all of them).
        grid[r][k] = planted[r][k] = '#';
    }
    return true;
}

// Makes `grid` uniquely solvable keeping its solution `planted`: hill climbing over
// random_change, on (number of solutions up to 1000, options left after propagation).
bool make_unique(std::vector<std::string>& grid,
                 std::vector<std::string> planted,
                 bool keep_connected,
                 int max_steps) {
    Counter counter;
    long long count = counter.count(grid, 1000), options = counter.root_options;
    for (int step = 0; step < max_steps && count > 1; ++step) {
        if (count == 0) return false;  // cannot happen: `planted` stays a solution
        std::vector<std::string> other =
            counter.solutions[0] == planted ? counter.solutions[1] : counter.solutions[0];
        std::vector<std::string> new_grid = grid, new_planted = planted;
        if (!random_change(new_grid, new_planted, other, keep_connected)) continue;
        Counter trial;
        long long new_count = trial.count(new_grid, 1000);
        if (new_count < count || (new_count == count && trial.root_options <= options)) {
            grid = new_grid, planted = new_planted;
            count = new_count, options = trial.root_options;
            counter = trial;
        }
    }
    return count == 1;
}

// ---------------------------------------------------------------------------------------------
// -style planted: a construction that is uniquely solvable at any size.
//
// Bubbles side. In a column run (maximal vertical stretch of non-green squares) the bubbles fill
// a prefix from the top. A region has exactly one bubble, so a bubble can be at depth d of a run
// (d squares below its top) only if the squares at depths 0..d all hold bubbles, hence only if
// their d + 1 regions are pairwise distinct. Call such a square *feasible*. Every region gets a
// top role:
//   paired X: has exactly one partner Z; the stack run of the pair (a run starting in row 0) reads
//             X, Z, then X or Z at depth 2 (so no square at depth >= 2 of it is feasible);
//   Z:        its only square at depth <= 1 of any run is its slot (depth 1 of its stack run);
//   solo S:   its only squares at depth <= 1 are the top one or two squares of its own run (S, S).
// Every other run is *dead*: its top square belongs to a paired X and its second square (if any)
// to the same region, so no square at depth >= 1 of it is feasible. Then the feasible squares are:
// depth 0 of every run, depth 1 of the stack runs (the slots), and nothing else. A Z or an S
// appears at depth 0 only in its own run (S) or nowhere (Z), so a Z has exactly one feasible
// square, its slot, and an S exactly one, its run's top: their bubbles are forced. A bubble on
// the slot at depth 1 needs a bubble at depth 0 of the stack run, a square of X: so every paired
// X has its bubble forced too (on its stack top), and since every region is X, Z or S, the whole
// bubble placement is forced: at most one placement, the planted one (bubble stack height 2 on the
// stack runs, 1 on the solo runs, 0 elsewhere), which gives every region exactly one bubble.
// Boulders side: the same from the bottom of every run, with independent bottom roles X', Z', S'
// (stack runs ending in the last row). The two sides only meet through "bubble height + boulder
// height <= run length"; the planted heights fit (checked), so there is exactly one solution.
// design_holds() checks these rules on the finished grid and the Counter confirms count == 1.
//
// Layout. The regions are R vertical strips, left to right, with column boundaries per row: rows
// 0..2 use a "top" partition, rows m-3..m-1 a "bottom" partition (random widths >= 1, a solo's
// width is 1 there; with m = 6 both use one partition), the rows between walk from one to the
// other moving a boundary by at most one column per row, each strip overlapping the row above (a
// walk that misses the bottom partition is redrawn, up to 20 times; then a strip may be cut in
// two, which the contract allows, and a few-row band can give that). Top roles: the strips are cut
// into adjacent pairs (X, Z in random order) and, if R is odd, one solo strip. A pair's X covers
// rows 0..1 of both strips (its "cap") except the slot: row 1 of the Z strip's column next to the X
// strip, where the Z strip reaches up (so Z stays connected through row 2, which is Z there).
// Bottom likewise on rows m-2..m-1 with an independent cut and orientation. Then squares of the
// middle band (rows 3..m-4) switch to a neighbouring region at random when their region stays
// connected, and green squares are tried there (-green percent of all squares at most) and kept
// only where design_holds() still holds for the column and the region stays connected. Needs m >= 6
// and 2 <= regions <= n.
struct PlantedSide {
    std::vector<int> role;         // per region: 0 paired X, 1 Z, 2 solo
    std::vector<int> partner;      // Z -> its X, X -> its Z (-1 for a solo)
    std::vector<int> column;       // Z: its slot column; solo: its run's column (-1 for X)
    std::vector<int> boundary;     // the partition of the band: strip i is [b[i], b[i+1])
    std::vector<int> stack_owner;  // per column: the Z or solo whose designed run starts there
};

// Random strip widths (>= 1, summing to the columns; 1 for the strips in `narrow`).
std::vector<int> planted_boundary(int strips, const std::vector<int>& narrow) {
    std::vector<int> width(strips, 1), growable;
    for (int i = 0; i < strips; ++i)
        if (std::find(narrow.begin(), narrow.end(), i) == narrow.end()) growable.push_back(i);
    for (int extra = columns - strips; extra > 0; --extra) ++width[rnd.any(growable)];
    std::vector<int> boundary(strips + 1, 0);
    for (int i = 0; i < strips; ++i) boundary[i + 1] = boundary[i] + width[i];
    return boundary;
}

// Roles for one side (`solo`: the solo strip or -1) on the strip partition `boundary`.
PlantedSide planted_side(int strips, int solo, const std::vector<int>& boundary) {
    PlantedSide side;
    side.role.assign(strips, 0);
    side.partner.assign(strips, -1);
    side.column.assign(strips, -1);
    if (solo >= 0) side.role[solo] = 2;
    side.boundary = boundary;
    side.stack_owner.assign(columns, -1);
    for (int i = 0; i < strips;) {
        if (i == solo) {
            side.column[i] = side.boundary[i];
            side.stack_owner[side.boundary[i]] = i;
            ++i;
            continue;
        }
        bool x_left = rnd.next(0, 1) == 0;
        int x = x_left ? i : i + 1, z = x_left ? i + 1 : i;
        side.role[z] = 1;
        side.partner[x] = z, side.partner[z] = x;
        side.column[z] = x_left ? side.boundary[z] : side.boundary[z + 1] - 1;
        side.stack_owner[side.column[z]] = z;
        i += 2;
    }
    return side;
}

// The rules of the construction (see above) for column `k` of `grid` (region = letter index in
// `letters`): every run is a designed run (stack or solo, starting in the first / ending in the
// last row) or a dead run, from the top with `top` and from the bottom with `bottom`, and the
// planted stack heights fit in every run.
bool design_holds(const std::vector<std::string>& grid,
                  const std::string& letters,
                  const PlantedSide sides[2],
                  int k) {
    auto region = [&](int r) { return static_cast<int>(letters.find(grid[r][k])); };
    for (int r = 0; r < rows;) {
        if (grid[r][k] == '#') {
            ++r;
            continue;
        }
        int first = r;
        while (r < rows && grid[r][k] != '#') ++r;
        int length = r - first, height[2] = {0, 0};
        for (int s = 0; s < 2; ++s) {
            const PlantedSide& side = sides[s];
            // depth d of the run from this side's end
            auto at = [&](int d) { return region(s == 0 ? first + d : r - 1 - d); };
            bool designed = (s == 0 ? first == 0 : r == rows) && side.stack_owner[k] >= 0;
            if (designed && side.role[side.stack_owner[k]] == 1) {
                int z = side.stack_owner[k], x = side.partner[z];
                if (length < 3 || at(0) != x || at(1) != z || (at(2) != x && at(2) != z))
                    return false;
                height[s] = 2;
            } else if (designed) {
                int solo = side.stack_owner[k];
                if (at(0) != solo || (length > 1 && at(1) != solo)) return false;
                height[s] = 1;
            } else if (side.role[at(0)] != 0 || (length > 1 && at(1) != at(0))) {
                return false;
            }
        }
        if (height[0] + height[1] > length) return false;
    }
    return true;
}

std::vector<std::string> planted_puzzle(int regions, int green_percent) {
    ensuref(rows >= 6, "-style planted needs -m >= 6");
    ensuref(regions >= 2 && regions <= columns, "-style planted needs 2 <= -regions <= -n");
    std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    shuffle(letters.begin(), letters.end());
    letters.resize(regions);
    // The solo strips (odd count) sit at even positions, the other strips pair up around them.
    int solo[2] = {-1, -1};
    for (int& strip : solo)
        if (regions % 2 == 1) strip = 2 * rnd.next(0, regions / 2);
    // With no middle band (m = 6) both sides share one partition, so that the strips connect.
    std::vector<int> boundary_top, boundary_bottom;
    if (rows >= 7) {
        boundary_top = planted_boundary(regions, {solo[0]});
        boundary_bottom = planted_boundary(regions, {solo[1]});
    } else {
        boundary_top = boundary_bottom = planted_boundary(regions, {solo[0], solo[1]});
    }
    PlantedSide sides[2] = {planted_side(regions, solo[0], boundary_top),
                            planted_side(regions, solo[1], boundary_bottom)};

    // Strip boundaries per row; the middle rows walk from the top partition to the bottom one.
    // Strip i of two consecutive rows overlaps (stays connected) when `follows` holds.
    auto follows = [](const std::vector<int>& above, const std::vector<int>& below, int strip) {
        return below[strip] < below[strip + 1] &&
               std::max(above[strip], below[strip]) < std::min(above[strip + 1], below[strip + 1]);
    };
    std::vector<std::vector<int>> boundary(rows);
    for (int r = 0; r < rows; ++r)
        if (r <= 2 || r >= rows - 3) boundary[r] = sides[r <= 2 ? 0 : 1].boundary;
    const std::vector<int>& target = sides[1].boundary;
    for (int walk = 0; walk < 20; ++walk) {  // a new walk when one misses the bottom partition
        for (int r = 3; r <= rows - 4; ++r) {
            const std::vector<int>& previous = boundary[r - 1];
            std::vector<int> now = previous;
            int left = rows - 3 - r;  // row transitions still to come after this one
            std::vector<int> order;
            for (int i = 1; i < regions; ++i) order.push_back(i);
            shuffle(order.begin(), order.end());
            for (int i : order) {
                int distance = target[i] - now[i], step = 0;
                // Twice the rows needed are kept in reserve: a neighbour can block a move.
                if (distance != 0 && (2 * std::abs(distance) >= left || rnd.next(0, 2) == 0))
                    step = distance > 0 ? 1 : -1;
                else if (2 * (std::abs(distance) + 1) < left - 1 && rnd.next(0, 9) == 0)
                    step = rnd.next(0, 1) == 0 ? 1 : -1;  // a wiggle away, still undone in time
                if (step == 0) continue;
                now[i] += step;
                if (!follows(previous, now, i - 1) || !follows(previous, now, i)) now[i] -= step;
            }
            boundary[r] = now;
        }
        bool reached = true;
        for (int i = 0; rows >= 7 && i < regions; ++i)
            reached = reached && follows(boundary[rows - 4], target, i);
        if (reached) break;
    }
    std::vector<std::string> grid(rows, std::string(columns, '?'));
    for (int r = 0; r < rows; ++r)
        for (int i = 0; i < regions; ++i)
            for (int k = boundary[r][i]; k < boundary[r][i + 1]; ++k) grid[r][k] = letters[i];
    // Caps: rows 0..1 (top) and rows m-2..m-1 (bottom) of a pair's strips belong to its X, but
    // for the Z's slot in the inner row.
    for (int s = 0; s < 2; ++s) {
        const PlantedSide& side = sides[s];
        int outer = s == 0 ? 0 : rows - 1, inner = s == 0 ? 1 : rows - 2;
        for (int z = 0; z < regions; ++z) {
            if (side.role[z] != 1) continue;
            int x = side.partner[z], from = side.boundary[std::min(x, z)],
                to = side.boundary[std::max(x, z) + 1];
            for (int k = from; k < to; ++k) grid[outer][k] = grid[inner][k] = letters[x];
            grid[inner][side.column[z]] = letters[z];
        }
    }
    // Free shapes in the middle band: a square joins a neighbouring region when its own region
    // stays connected.
    for (int attempt = 0; rows >= 7 && attempt < 3 * rows * columns; ++attempt) {
        int r = rnd.next(3, rows - 4), k = rnd.next(0, columns - 1), d = rnd.next(0, 3);
        int nr = r + kDr[d], nk = k + kDk[d];
        if (!inside(nr, nk) || grid[nr][nk] == grid[r][k]) continue;
        if (connected_without(grid, grid[r][k], r, k)) grid[r][k] = grid[nr][nk];
    }
    // Green squares in the middle band, where the design still holds.
    std::vector<std::pair<int, int>> candidates;
    for (int r = 3; r <= rows - 4; ++r)
        for (int k = 0; k < columns; ++k) candidates.push_back({r, k});
    shuffle(candidates.begin(), candidates.end());
    long long greens = 0, wanted = 1LL * green_percent * rows * columns / 100;
    for (auto [r, k] : candidates) {
        if (greens >= wanted) break;
        char region = grid[r][k];
        if (!connected_without(grid, region, r, k)) continue;
        grid[r][k] = '#';
        if (design_holds(grid, letters, sides, k))
            ++greens;
        else
            grid[r][k] = region;
    }
    for (int k = 0; k < columns; ++k)
        if (!design_holds(grid, letters, sides, k))
            quitf(_fail, "planted: column %d breaks the construction (generator bug)", k);
    Counter counter;
    long long count = counter.count(grid, 2);
    if (count != 1) quitf(_fail, "planted: %lld solutions instead of 1 (generator bug)", count);
    return grid;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    rows = opt<int>("m", 6);
    columns = opt<int>("n", 6);
    int regions = opt<int>("regions", 4);
    int green_percent = opt<int>("green", 15);
    std::string want = opt("want", "any");
    std::string style = opt("style", "grow");
    int tries = opt<int>("tries", 300);
    int steps = opt<int>("steps", 3000);
    ensuref(rows >= 1 && columns >= 1, "-m and -n must be at least 1");
    ensuref(regions >= 0 && regions <= 26, "-regions must be in [0, 26]");
    ensuref(green_percent >= 0 && green_percent <= 100, "-green must be in [0, 100]");
    ensuref(want == "any" || want == "unique" || want == "none" || want == "many",
            "-want must be any, unique, none or many");
    ensuref(style == "grow" || style == "scatter" || style == "single" || style == "planted",
            "-style must be grow, scatter, single or planted");
    ensuref(tries >= 1, "-tries must be at least 1");
    if (style == "single") regions = 1;
    if (style == "planted") {
        ensuref(want == "unique" || want == "any", "-style planted makes unique puzzles only");
        for (const auto& row : planted_puzzle(regions, green_percent))
            std::printf("%s\n", row.c_str());
        return 0;
    }

    Counter counter;
    for (int attempt = 0; attempt < tries; ++attempt) {
        std::vector<std::string> grid = random_puzzle(regions, green_percent, style);
        bool keep = want == "any";
        if (want == "none") keep = counter.count(grid, 1) == 0;
        if (want == "many") keep = counter.count(grid, 2) == 2;
        if (want == "unique") {
            long long count = counter.count(grid, 2);
            if (count == 0) continue;
            std::vector<std::string> planted = counter.solutions[rnd.next(0, (int)count - 1)];
            keep = make_unique(grid, planted, style != "scatter", steps);
        }
        if (keep) {
            for (const auto& row : grid) std::printf("%s\n", row.c_str());
            return 0;
        }
    }
    quitf(_fail, "no puzzle with -want %s found in %d tries", want.c_str(), tries);
}

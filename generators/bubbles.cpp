/*
 * Generator for bubbles (../shared/PROBLEMS.md): one puzzle on stdout.
 *
 * Usage: bubbles [-m 6] [-n 6] [-regions 4] [-green 15] [-want any] [-style grow] [-tries 300]
 *                -seed N
 *   -m        rows, >= 1                                                   (default 6)
 *   -n        columns, >= 1                                                (default 6)
 *   -regions  number of regions, 0..26; fewer if there are fewer squares   (default 4)
 *   -green    percent of green squares to start from, 0..100               (default 15)
 *   -want     any:    the first random puzzle, whatever its solutions
 *             unique: exactly one solution (a planted solution is kept while the squares where a
 *                     second solution differs are moved to a neighbouring region or made green)
 *             none:   no solution;  many: at least two solutions
 *                                                                          (default any)
 *   -style    grow:    connected regions grown from random seed squares
 *             scatter: every square gets a random region letter (regions may be disconnected,
 *                      which the contract allows: a letter is a region)
 *             single:  one region (same as -regions 1)                    (default grow)
 *   -tries    how many random puzzles -want may throw away before giving up (default 300)
 *   -steps    changes -want unique may try on one puzzle (hill climbing)   (default 3000)
 *   -seed     any value; the same arguments always give the same puzzle
 * Region letters are a random choice of distinct uppercase letters. When -want cannot be met in
 * -tries puzzles, the generator fails (exit 3) rather than print a puzzle of the wrong kind.
 */
#include "checklib.hpp"

#include <algorithm>
#include <climits>
#include <string>
#include <tuple>
#include <vector>

namespace {

// A solution counter with the idea of solutions/bubbles.cpp (that file must stay standalone, so
// this is a trimmed copy): per column run, bubble stack height a from the top, boulder stack
// height b from the bottom, a + b <= length; each region needs exactly one item of each kind.
struct Counter {
    struct Run {
        int column, top, length;
    };
    struct Option {
        int run, threshold;
    };
    int region_count = 0;
    std::vector<Run> runs;
    std::vector<std::vector<Option>> options[2];
    std::vector<std::vector<int>> regions_of_run[2];
    std::vector<int> lo[2], hi[2];
    std::vector<std::tuple<int, int, int, int>> trail;
    std::vector<int> queue;
    std::vector<char> queued;
    long long found = 0, limit = 2;
    long long root_options = 0;  // options still open after the first propagation
    std::vector<std::vector<std::string>> solutions;  // the first two, as grids
    std::vector<std::string> grid;

    void push(int item) {
        if (!queued[item]) queued[item] = 1, queue.push_back(item);
    }
    void touched(int side, int run) {
        for (int region : regions_of_run[side][run]) push(2 * region + side);
        push(2 * region_count + run);
    }
    bool set_lo(int side, int run, int value) {
        if (value <= lo[side][run]) return true;
        trail.emplace_back(side, 0, run, lo[side][run]);
        lo[side][run] = value;
        touched(side, run);
        return value <= hi[side][run];
    }
    bool set_hi(int side, int run, int value) {
        if (value >= hi[side][run]) return true;
        trail.emplace_back(side, 1, run, hi[side][run]);
        hi[side][run] = value;
        touched(side, run);
        return lo[side][run] <= value;
    }
    void undo(size_t mark) {
        while (trail.size() > mark) {
            auto [side, is_hi, run, old] = trail.back();
            trail.pop_back();
            (is_hi ? hi : lo)[side][run] = old;
        }
    }
    bool propagate_region(int side, int region) {
        const auto& list = options[side][region];
        int definite = -1, definite_count = 0, possible = -1, possible_count = 0;
        for (int i = 0; i < static_cast<int>(list.size()); ++i) {
            if (lo[side][list[i].run] > list[i].threshold) definite = i, ++definite_count;
            if (hi[side][list[i].run] > list[i].threshold) possible = i, ++possible_count;
        }
        if (definite_count > 1 || possible_count == 0) return false;
        if (definite_count == 1 && possible_count > 1) {
            for (int i = 0; i < static_cast<int>(list.size()); ++i)
                if (i != definite && !set_hi(side, list[i].run, list[i].threshold)) return false;
        } else if (definite_count == 0 && possible_count == 1) {
            return set_lo(side, list[possible].run, list[possible].threshold + 1);
        }
        return true;
    }
    bool propagate() {
        bool ok = true;
        for (size_t head = 0; ok && head < queue.size(); ++head) {
            int item = queue[head];
            queued[item] = 0;  // a later change may queue it again
            if (item < 2 * region_count) {
                ok = propagate_region(item % 2, item / 2);
            } else {
                int run = item - 2 * region_count, length = runs[run].length;
                ok = lo[0][run] + lo[1][run] <= length && set_hi(0, run, length - lo[1][run]) &&
                     set_hi(1, run, length - lo[0][run]);
            }
        }
        for (int item : queue) queued[item] = 0;
        queue.clear();
        return ok;
    }
    void record() {
        std::vector<std::string> placed = grid;
        for (size_t j = 0; j < runs.size(); ++j)
            for (int i = 0; i < runs[j].length; ++i)
                placed[runs[j].top + i][runs[j].column] = i < lo[0][j]                     ? 'O'
                                                          : i >= runs[j].length - lo[1][j] ? '*'
                                                                                           : '.';
        solutions.push_back(placed);
    }
    void search() {
        int best_side = -1, best_region = -1, best_count = INT_MAX;
        for (int region = 0; region < region_count; ++region)
            for (int side = 0; side < 2; ++side) {
                int possible = 0, definite = 0;
                for (const Option& o : options[side][region]) {
                    possible += hi[side][o.run] > o.threshold;
                    definite += lo[side][o.run] > o.threshold;
                }
                if (!(definite == 1 && possible == 1) && possible < best_count)
                    best_side = side, best_region = region, best_count = possible;
            }
        if (best_side < 0) {
            if (++found <= 2) record();  // make_unique looks at two of them
            return;
        }
        for (const Option& o : options[best_side][best_region]) {
            if (hi[best_side][o.run] <= o.threshold) continue;
            size_t mark = trail.size();
            if (set_lo(best_side, o.run, o.threshold + 1) && propagate()) search();
            for (int item : queue) queued[item] = 0;
            queue.clear();
            undo(mark);
            if (found >= limit) return;
        }
    }
    // Counts the solutions of `puzzle` up to `cap`, keeping them in `solutions`.
    long long count(const std::vector<std::string>& puzzle, long long cap) {
        *this = Counter();
        grid = puzzle;
        limit = cap;
        int letter_region[26];
        std::fill(letter_region, letter_region + 26, -1);
        for (const auto& row : grid)
            for (char c : row)
                if (c != '#' && letter_region[c - 'A'] < 0) letter_region[c - 'A'] = region_count++;
        for (int side = 0; side < 2; ++side) options[side].assign(region_count, {});
        int rows = static_cast<int>(grid.size()), columns = static_cast<int>(grid[0].size());
        for (int column = 0; column < columns; ++column)
            for (int row = 0; row < rows;) {
                if (grid[row][column] == '#') {
                    ++row;
                    continue;
                }
                int top = row;
                while (row < rows && grid[row][column] != '#') ++row;
                int index = static_cast<int>(runs.size()), length = row - top;
                runs.push_back({column, top, length});
                for (int side = 0; side < 2; ++side) {
                    regions_of_run[side].emplace_back();
                    unsigned seen = 0;
                    int height = 0;
                    for (int i = 0; i < length; ++i) {
                        int r = side == 0 ? top + i : row - 1 - i;
                        int region = letter_region[grid[r][column] - 'A'];
                        if (seen >> region & 1) break;
                        seen |= 1u << region;
                        options[side][region].push_back({index, i});
                        regions_of_run[side].back().push_back(region);
                        height = i + 1;
                    }
                    lo[side].push_back(0);
                    hi[side].push_back(height);
                }
            }
        queued.assign(2 * region_count + runs.size(), 0);
        for (int side = 0; side < 2; ++side)
            for (int region = 0; region < region_count; ++region) {
                if (options[side][region].empty()) return 0;
                push(2 * region + side);
            }
        for (size_t j = 0; j < runs.size(); ++j) push(2 * region_count + static_cast<int>(j));
        if (!propagate()) return 0;
        root_options = 0;
        for (int side = 0; side < 2; ++side)
            for (int region = 0; region < region_count; ++region)
                for (const Option& o : options[side][region])
                    root_options += hi[side][o.run] > o.threshold;
        search();
        return found;
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
    ensuref(style == "grow" || style == "scatter" || style == "single",
            "-style must be grow, scatter or single");
    ensuref(tries >= 1, "-tries must be at least 1");
    if (style == "single") regions = 1;

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

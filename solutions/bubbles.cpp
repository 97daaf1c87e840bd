/**
 * Problem: Bubbles and boulders (bubbles), Nikoli's Dosun-Fuwari
 * Source:  Dodona "Bubbles and boulders"; statement and formats in testdata/bubbles/statement.md
 * Idea:    Each column splits into runs of non-green squares; in a run the bubbles are a stack of
 *          height a from its top and the boulders a stack of height b from its bottom, a + b <= L.
 *          Region R gets a bubble from run j iff a_j > (index of R's first square in j), and needs
 *          exactly one: bounds propagation on (a_j, b_j), then branch on the region (bubble or
 *          boulder side) with the fewest possible runs left. `--count` counts up to 1000.
 * Time:    exponential in the worst case (search); one propagation pass O(squares)
 * Memory:  O(squares)
 * Status:  AC on testdata + ../shared/cases (judge run); --count equals the brute's count on
 *          ~4000 generated small cases (6 kinds); 40 x 40, 25 regions: median 7.5 ms
 */
#include <bits/stdc++.h>
using namespace std;

// Malformed input: one line on stderr, exit status 1 (docs/conventions.md).
[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

const long long kCountCap = 1000;

// A maximal vertical segment of non-green squares: rows [top, top + length) of column `column`.
struct Run {
    int column, top, length;
    int max_bubbles, max_boulders;  // longest top prefix / bottom suffix with distinct regions
};

// "Region r gets an item from run `run`" is the condition stack_height(run) > threshold.
struct Option {
    int run, threshold;
};

struct Solver {
    vector<Run> runs;
    // side 0: bubbles (stack height a from the top), side 1: boulders (height b from the bottom).
    vector<vector<Option>> options[2];        // [side][region]
    vector<vector<int>> regions_of_run[2];    // [side][run]: regions with an option in this run
    vector<int> lo[2], hi[2];                 // bounds of the stack heights, [side][run]
    vector<tuple<int, int, int, int>> trail;  // (side, is_hi, run, old value) for undo
    vector<int> queue;                        // encoded work items
    vector<char> queued;
    int region_count = 0;
    long long solutions = 0;
    long long limit = 1;
    // The first `keep` solutions found, as (a, b): the bubble and boulder stack height per run.
    // main() keeps one; generators/bubbles.cpp includes this file and keeps two.
    long long keep = 1;
    vector<pair<vector<int>, vector<int>>> kept;

    // Work items: 2 * region + side for region constraints, 2 * region_count + run for a + b <= L.
    int run_item(int run) const { return 2 * region_count + run; }
    void push(int item) {
        if (!queued[item]) {
            queued[item] = 1;
            queue.push_back(item);
        }
    }

    void touched(int side, int run) {
        for (int region : regions_of_run[side][run]) push(2 * region + side);
        push(run_item(run));
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
        int definite = -1, definite_count = 0, possible = -1, possible_count = 0;
        for (int i = 0; i < (int)options[side][region].size(); ++i) {
            const Option& o = options[side][region][i];
            if (lo[side][o.run] > o.threshold) definite = i, ++definite_count;
            if (hi[side][o.run] > o.threshold) possible = i, ++possible_count;
        }
        if (definite_count > 1 || possible_count == 0) return false;
        if (definite_count == 1) {
            if (possible_count == 1) return true;
            for (int i = 0; i < (int)options[side][region].size(); ++i) {
                const Option& o = options[side][region][i];
                if (i != definite && !set_hi(side, o.run, o.threshold)) return false;
            }
        } else if (possible_count == 1) {
            const Option& o = options[side][region][possible];
            if (!set_lo(side, o.run, o.threshold + 1)) return false;
        }
        return true;
    }

    bool propagate() {
        bool ok = true;
        for (size_t head = 0; ok && head < queue.size(); ++head) {
            int item = queue[head];
            queued[item] = 0;
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

    // Counts possible options of an undecided region side; -1 when decided.
    int open_options(int side, int region) const {
        int possible = 0, definite = 0;
        for (const Option& o : options[side][region]) {
            if (hi[side][o.run] > o.threshold) ++possible;
            if (lo[side][o.run] > o.threshold) ++definite;
        }
        return definite == 1 && possible == 1 ? -1 : possible;
    }

    void search() {
        int best_side = -1, best_region = -1, best_count = INT_MAX;
        for (int region = 0; region < region_count; ++region)
            for (int side = 0; side < 2; ++side) {
                int count = open_options(side, region);
                if (count >= 0 && count < best_count)
                    best_side = side, best_region = region, best_count = count;
            }
        if (best_side < 0) {
            // Every region side is decided, which pins every threshold, so lo == hi everywhere.
            if (++solutions <= keep) kept.emplace_back(lo[0], lo[1]);
            return;
        }
        for (const Option& o : options[best_side][best_region]) {
            if (hi[best_side][o.run] <= o.threshold) continue;
            size_t mark = trail.size();
            if (set_lo(best_side, o.run, o.threshold + 1) && propagate())
                search();
            else {
                for (int item : queue) queued[item] = 0;
                queue.clear();
            }
            undo(mark);
            if (solutions >= limit) return;
        }
    }

    // Returns false when a region has no square at all that could hold its bubble or boulder.
    bool build(const vector<string>& grid, int regions, const vector<int>& region_of_letter) {
        region_count = regions;
        int rows = (int)grid.size(), columns = (int)grid[0].size();
        for (int side = 0; side < 2; ++side) options[side].assign(region_count, {});
        for (int column = 0; column < columns; ++column)
            for (int row = 0; row < rows;) {
                if (grid[row][column] == '#') {
                    ++row;
                    continue;
                }
                int top = row;
                while (row < rows && grid[row][column] != '#') ++row;
                Run run{column, top, row - top, 0, 0};
                int index = (int)runs.size();
                vector<int> bubble_regions, boulder_regions;
                unsigned seen = 0;
                for (int i = 0; i < run.length; ++i) {
                    int region = region_of_letter[grid[top + i][column] - 'A'];
                    if (seen >> region & 1) break;
                    seen |= 1u << region;
                    options[0][region].push_back({index, i});
                    bubble_regions.push_back(region);
                    run.max_bubbles = i + 1;
                }
                seen = 0;
                for (int i = 0; i < run.length; ++i) {
                    int region = region_of_letter[grid[row - 1 - i][column] - 'A'];
                    if (seen >> region & 1) break;
                    seen |= 1u << region;
                    options[1][region].push_back({index, i});
                    boulder_regions.push_back(region);
                    run.max_boulders = i + 1;
                }
                runs.push_back(run);
                regions_of_run[0].push_back(bubble_regions);
                regions_of_run[1].push_back(boulder_regions);
            }
        for (int side = 0; side < 2; ++side) {
            lo[side].assign(runs.size(), 0);
            hi[side].resize(runs.size());
            for (size_t j = 0; j < runs.size(); ++j)
                hi[side][j] = side == 0 ? runs[j].max_bubbles : runs[j].max_boulders;
        }
        queued.assign(2 * region_count + runs.size(), 0);
        for (int side = 0; side < 2; ++side)
            for (int region = 0; region < region_count; ++region) {
                if (options[side][region].empty()) return false;
                push(2 * region + side);
            }
        for (size_t j = 0; j < runs.size(); ++j) push(run_item((int)j));
        return true;
    }

    // `grid` with the kept solution `index` on it: 'O' bubble, '*' boulder, '.' empty.
    vector<string> place(vector<string> grid, size_t index) const {
        const auto& [solution_a, solution_b] = kept[index];
        for (size_t j = 0; j < runs.size(); ++j) {
            const Run& run = runs[j];
            for (int i = 0; i < run.length; ++i) {
                char& square = grid[run.top + i][run.column];
                if (i < solution_a[j])
                    square = 'O';
                else if (i >= run.length - solution_b[j])
                    square = '*';
                else
                    square = '.';
            }
        }
        return grid;
    }

    void solve(long long wanted) {
        limit = wanted;
        if (propagate()) search();
    }
};

vector<string> read_grid() {
    string text((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    vector<string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == string::npos) end = text.size();
        string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
        start = end + 1;
    }
    // Blank lines at the very end carry nothing; a blank line inside the grid is an error below.
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    if (lines.empty()) fail_input("the grid has no rows");
    for (size_t r = 0; r < lines.size(); ++r) {
        if (lines[r].size() != lines[0].size())
            fail_input("row " + to_string(r) + " has " + to_string(lines[r].size()) +
                       " squares, row 0 has " + to_string(lines[0].size()));
        for (size_t k = 0; k < lines[r].size(); ++k) {
            unsigned char c = lines[r][k];
            if (c != '#' && !(c >= 'A' && c <= 'Z')) {
                ostringstream what;
                if (c >= 33 && c < 127)
                    what << "'" << c << "'";
                else
                    what << "byte 0x" << hex << setw(2) << setfill('0') << int(c);
                fail_input("square (" + to_string(r) + ", " + to_string(k) + ") is " + what.str() +
                           ", expected '#' or an uppercase letter");
            }
        }
    }
    return lines;
}

#ifndef BUBBLES_NO_MAIN
int main(int argc, char** argv) {
    cin.tie(nullptr)->sync_with_stdio(false);
    bool count_mode = false;
    for (int i = 1; i < argc; ++i) {
        if (string(argv[i]) == "--count")
            count_mode = true;
        else
            fail_input(string("unknown argument '") + argv[i] + "' (usage: bubbles [--count])");
    }
    vector<string> grid = read_grid();
    vector<int> region_of_letter(26, -1);
    int regions = 0;
    for (const string& row : grid)
        for (char c : row)
            if (c != '#' && region_of_letter[c - 'A'] < 0) region_of_letter[c - 'A'] = regions++;

    Solver solver;
    bool possible = solver.build(grid, regions, region_of_letter);
    if (possible) solver.solve(count_mode ? kCountCap : 1);
    if (count_mode) {
        cout << solver.solutions << '\n';
        return 0;
    }
    if (solver.solutions == 0) {
        cout << "no solution\n";
        return 0;
    }
    grid = solver.place(std::move(grid), 0);
    string out;
    for (const string& row : grid) out += row + '\n';
    cout << out;
}
#endif  // BUBBLES_NO_MAIN

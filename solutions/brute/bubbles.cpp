/**
 * Problem: Bubbles and boulders (bubbles), brute force reference
 * Source:  Dodona "Bubbles and boulders"; statement and formats in testdata/bubbles/statement.md
 * Idea:    Every region picks one square for its bubble and another for its boulder, in every
 *          possible way (nothing else is placed); each full placement is checked square by square
 *          against the rules as the statement words them. `--count` counts placements (cap 1000).
 * Time:    O(prod over regions of |R| * (|R| - 1) * squares): small puzzles only
 * Memory:  O(squares)
 * Status:  agrees with solutions/bubbles.cpp on stress runs; AC on the small testdata cases
 */
#include <bits/stdc++.h>
using namespace std;

[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

int rows, columns;
vector<string> grid;                        // the input
vector<string> placed;                      // grid with 'O', '*', '.' on the non-green squares
vector<vector<pair<int, int>>> squares_of;  // per region, in reading order
long long found = 0, wanted = 1;
vector<string> first_found;

bool green_or_outside(int r, int k) { return r < 0 || r >= rows || grid[r][k] == '#'; }

// The statement's rules: a bubble is in the top row or right below a green square or a bubble;
// a boulder is in the bottom row or right above a green square or a boulder.
bool placement_valid() {
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < columns; ++k) {
            if (placed[r][k] == 'O' && !green_or_outside(r - 1, k) && placed[r - 1][k] != 'O')
                return false;
            if (placed[r][k] == '*' && !green_or_outside(r + 1, k) && placed[r + 1][k] != '*')
                return false;
        }
    return true;
}

void place_region(size_t region) {
    if (found >= wanted) return;
    if (region == squares_of.size()) {
        if (placement_valid() && ++found == 1) first_found = placed;
        return;
    }
    const auto& squares = squares_of[region];
    for (auto [br, bk] : squares)
        for (auto [sr, sk] : squares) {
            if (br == sr && bk == sk) continue;
            placed[br][bk] = 'O';
            placed[sr][sk] = '*';
            place_region(region + 1);
            placed[br][bk] = '.';
            placed[sr][sk] = '.';
        }
}

int main(int argc, char** argv) {
    bool count_mode = argc == 2 && string(argv[1]) == "--count";
    if (argc > 2 || (argc == 2 && !count_mode)) fail_input("usage: brute [--count]");
    string line;
    while (getline(cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        grid.push_back(line);
    }
    while (!grid.empty() && grid.back().empty()) grid.pop_back();
    if (grid.empty()) fail_input("no rows");
    rows = (int)grid.size();
    columns = (int)grid[0].size();
    map<char, int> region_index;
    for (int r = 0; r < rows; ++r) {
        if ((int)grid[r].size() != columns) fail_input("rows of different lengths");
        for (int k = 0; k < columns; ++k) {
            char c = grid[r][k];
            if (c == '#') continue;
            if (c < 'A' || c > 'Z') fail_input("bad character in the grid");
            if (!region_index.count(c)) {
                region_index[c] = (int)squares_of.size();
                squares_of.push_back({});
            }
            squares_of[region_index[c]].push_back({r, k});
        }
    }
    placed = grid;
    for (auto& row : placed)
        for (char& c : row)
            if (c != '#') c = '.';
    wanted = count_mode ? 1000 : 1;
    place_region(0);
    if (count_mode) {
        cout << found << '\n';
    } else if (found == 0) {
        cout << "no solution\n";
    } else {
        for (const string& row : first_found) cout << row << '\n';
    }
}

/**
 * Problem: Quell, can the drop collect every pearl? (quell)
 * Source:  Code Golf "A rolling drop gathers all pearls?"; statement, formats and our reading
 *          of what it leaves open in testdata/quell/statement.md
 * Idea:    Brute force: breadth-first search over states (drop cell, set of collected pearls),
 *          every roll simulated cell by cell. Shares no logic with solutions/quell.cpp.
 * Time:    O(cells * 2^pearls * 4 * side)
 * Memory:  O(cells * 2^pearls) bits
 * Status:  agrees with ../shared/cases/quell and with solutions/quell.cpp on stress runs
 */
#include <bits/stdc++.h>
using namespace std;

[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

const int kMaxPearls = 20;

int main() {
    ios::sync_with_stdio(false);
    string text((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    vector<string> rows;
    string current;
    for (char ch : text) {
        if (ch == '\n') {
            rows.push_back(current);
            current.clear();
        } else {
            current += ch;
        }
    }
    if (!current.empty()) rows.push_back(current);
    for (string& row : rows)
        if (!row.empty() && row.back() == '\r') row.pop_back();

    int height = static_cast<int>(rows.size());
    int drop_row = -1, drop_col = -1;
    vector<pair<int, int>> pearls;
    for (int r = 0; r < height; ++r) {
        for (int c = 0; c < static_cast<int>(rows[r].size()); ++c) {
            char ch = rows[r][c];
            if (ch == 'O') {
                if (drop_row >= 0) fail_input("more than one drop 'O'");
                drop_row = r, drop_col = c;
            } else if (ch == '@') {
                pearls.push_back({r, c});
            } else if (ch != '#' && ch != '.' && ch != ' ') {
                fail_input("unexpected character in row " + to_string(r + 1));
            }
        }
    }
    if (drop_row < 0) fail_input("no drop 'O'");
    if (static_cast<int>(pearls.size()) > kMaxPearls) {
        cerr << "brute: more than " << kMaxPearls << " pearls, too many for the brute force\n";
        return 1;
    }

    auto is_open = [&](int r, int c) {
        if (r < 0 || r >= height || c < 0 || c >= static_cast<int>(rows[r].size())) return false;
        char ch = rows[r][c];
        return ch == '.' || ch == '@' || ch == 'O';
    };
    auto pearl_bit = [&](int r, int c) {
        for (size_t i = 0; i < pearls.size(); ++i)
            if (pearls[i] == make_pair(r, c)) return 1u << i;
        return 0u;
    };
    unsigned all = (1u << pearls.size()) - 1;

    // State: (row, col, mask). Visited set as a hash set: maps are small for the brute.
    set<tuple<int, int, unsigned>> seen;
    deque<tuple<int, int, unsigned>> queue;
    unsigned start_mask = pearl_bit(drop_row, drop_col);
    seen.insert({drop_row, drop_col, start_mask});
    queue.push_back({drop_row, drop_col, start_mask});
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (!queue.empty()) {
        auto [r, c, mask] = queue.front();
        queue.pop_front();
        if (mask == all) {
            cout << "true\n";
            return 0;
        }
        for (int d = 0; d < 4; ++d) {
            int nr = r, nc = c;
            unsigned new_mask = mask;
            while (is_open(nr + dr[d], nc + dc[d])) {
                nr += dr[d], nc += dc[d];
                new_mask |= pearl_bit(nr, nc);
            }
            if (seen.insert({nr, nc, new_mask}).second) queue.push_back({nr, nc, new_mask});
        }
    }
    cout << "false\n";
}

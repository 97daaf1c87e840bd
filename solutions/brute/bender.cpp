/**
 * Problem: Bender - Episode 1 (bender), slow reference
 * Source:  CodinGame "Bender - Episode 1", rules in testdata/bender/statement.md
 * Idea:    Plain step-by-step simulation on the map as strings, directions by name. No state
 *          memory at all: a walk that has not reached '$' after B = (#X + 1) * L * C * 16 steps
 *          is a LOOP. Why: the full state (position, direction, inverted, breaker, destroyed set)
 *          determines the rest of the walk; along one walk the destroyed set only grows, so it
 *          takes at most #X + 1 values and the walk has at most B distinct states. B + 1 states
 *          (steps 0..B) then contain a repeat, after which the walk cycles forever. A Bender with
 *          no passable direction stays put (same state again), so he is caught by the bound too.
 * Time:    O(B * L * C) in the worst case (each teleport scans the map); small maps only.
 * Memory:  O(moves).
 * Status:  agrees with solutions/bender.cpp on testdata/bender small cases and stress runs.
 */
#include <bits/stdc++.h>
using namespace std;
using ll = long long;

// Malformed input: one line on stderr, exit status 1 (docs/conventions.md).
[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

int main() {
    cin.tie(nullptr)->sync_with_stdio(false);
    string first;
    if (!getline(cin, first)) fail_input("empty input");
    if (!first.empty() && first.back() == '\r') first.pop_back();
    int L = 0, C = 0;
    {
        istringstream in(first);
        string extra;
        if (!(in >> L >> C) || (in >> extra)) fail_input("first line must be \"L C\"");
    }
    if (L < 4 || L > 100 || C < 4 || C > 100) fail_input("L or C out of [4, 100]");
    vector<string> map;
    for (int i = 0; i < L; ++i) {
        string row;
        if (!getline(cin, row)) fail_input("missing map lines");
        if (!row.empty() && row.back() == '\r') row.pop_back();
        if ((int)row.size() != C) fail_input("map line of wrong length");
        map.push_back(row);
    }
    string rest;
    while (getline(cin, rest))
        for (char ch : rest)
            if (ch != ' ' && ch != '\r' && ch != '\t') fail_input("text after the map");

    const string allowed = "#X@$SENWBIT ";
    int starts = 0, booths = 0, teleporters = 0;
    ll walls = 0;
    int y = 0, x = 0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < C; ++j) {
            char ch = map[i][j];
            if (allowed.find(ch) == string::npos) fail_input("bad character in the map");
            if ((i == 0 || j == 0 || i == L - 1 || j == C - 1) && ch != '#')
                fail_input("border is not '#'");
            if (ch == '@') starts++, y = i, x = j;
            if (ch == '$') booths++;
            if (ch == 'T') teleporters++;
            if (ch == 'X') walls++;
        }
    if (starts != 1 || booths != 1 || (teleporters != 0 && teleporters != 2))
        fail_input("need one '@', one '$' and zero or two 'T'");

    auto dy = [](const string& d) { return d == "SOUTH" ? 1 : d == "NORTH" ? -1 : 0; };
    auto dx = [](const string& d) { return d == "EAST" ? 1 : d == "WEST" ? -1 : 0; };
    const vector<string> normal = {"SOUTH", "EAST", "NORTH", "WEST"};
    const vector<string> reversed = {"WEST", "NORTH", "EAST", "SOUTH"};

    string heading = "SOUTH";
    bool inverted = false, breaker = false;
    auto can_enter = [&](int i, int j) {
        if (map[i][j] == '#') return false;
        if (map[i][j] == 'X') return breaker;
        return true;
    };

    const ll bound = (walls + 1) * L * C * 16;
    vector<string> moves;
    for (ll step = 0; step <= bound; ++step) {
        string go;
        if (can_enter(y + dy(heading), x + dx(heading))) {
            go = heading;
        } else {
            for (const string& d : inverted ? reversed : normal)
                if (can_enter(y + dy(d), x + dx(d))) {
                    go = d;
                    break;
                }
        }
        if (go.empty()) continue;  // boxed in: stays where he is
        heading = go;
        y += dy(go);
        x += dx(go);
        moves.push_back(go);
        char here = map[y][x];
        if (here == '$') {
            for (const string& m : moves) cout << m << "\n";
            return 0;
        }
        if (here == 'X') map[y][x] = ' ';
        if (here == 'S') heading = "SOUTH";
        if (here == 'E') heading = "EAST";
        if (here == 'N') heading = "NORTH";
        if (here == 'W') heading = "WEST";
        if (here == 'I') inverted = !inverted;
        if (here == 'B') breaker = !breaker;
        if (here == 'T') {
            bool moved = false;
            for (int i = 0; i < L && !moved; ++i)
                for (int j = 0; j < C && !moved; ++j)
                    if (map[i][j] == 'T' && (i != y || j != x)) y = i, x = j, moved = true;
        }
    }
    cout << "LOOP\n";
}

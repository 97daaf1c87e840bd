/**
 * Problem: Labyrinth (labyrinth), brute force reference
 * Source:  ASP Competition "Labyrinth" (System Track); rules in testdata/labyrinth/statement.md
 * Idea:    Plain breadth-first search over push sequences, no pruning and no deduplication:
 *          every sequence of 1, 2, ... pushes (up to max_steps) is simulated on a copy of the
 *          grid, cell by cell, with the avatar's possible fields as a boolean grid.
 *          The first sequence that reaches the goal is printed (so it has the fewest pushes).
 * Time:    O((4N)^M * M * N^2); only for tiny boards / small max_steps.
 * Memory:  O((4N)^M * N^2) for the queue of the last layer.
 * Status:  agrees with solutions/labyrinth.cpp (checker verdicts and --shortest lengths).
 */
#include <bits/stdc++.h>
using namespace std;

[[noreturn]] void bad(const string& why) {
    cerr << "invalid input: " << why << '\n';
    exit(1);
}

struct Node {
    vector<string> conn;  // conn[r * n + c] = letters of the field's connections
    vector<char> avatar;  // fields the avatar may stand on
    int goal_r, goal_c;
    vector<pair<int, char>> pushes;
};

int n;

// Moves the field at index `from` to `to` in every per-field array.
void push_line(Node& node, int line, char dir) {
    Node old = node;
    for (int i = 0; i < n; ++i) {
        int r0, c0, r1, c1;
        if (dir == 'e' || dir == 'w') {
            r0 = r1 = line, c0 = i;
            c1 = dir == 'e' ? (i + 1) % n : (i + n - 1) % n;
        } else {
            c0 = c1 = line, r0 = i;
            r1 = dir == 'n' ? (i + 1) % n : (i + n - 1) % n;
        }
        node.conn[r1 * n + c1] = old.conn[r0 * n + c0];
        node.avatar[r1 * n + c1] = old.avatar[r0 * n + c0];
        if (old.goal_r == r0 && old.goal_c == c0) node.goal_r = r1, node.goal_c = c1;
    }
}

bool opens(const Node& node, int r, int c, char d) {
    return node.conn[r * n + c].find(d) != string::npos;
}

void walk(Node& node) {
    bool grew = true;
    while (grew) {
        grew = false;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                if (!node.avatar[r * n + c]) continue;
                if (r + 1 < n && opens(node, r, c, 'n') && opens(node, r + 1, c, 's') &&
                    !node.avatar[(r + 1) * n + c])
                    node.avatar[(r + 1) * n + c] = 1, grew = true;
                if (r > 0 && opens(node, r, c, 's') && opens(node, r - 1, c, 'n') &&
                    !node.avatar[(r - 1) * n + c])
                    node.avatar[(r - 1) * n + c] = 1, grew = true;
                if (c + 1 < n && opens(node, r, c, 'e') && opens(node, r, c + 1, 'w') &&
                    !node.avatar[r * n + c + 1])
                    node.avatar[r * n + c + 1] = 1, grew = true;
                if (c > 0 && opens(node, r, c, 'w') && opens(node, r, c - 1, 'e') &&
                    !node.avatar[r * n + c - 1])
                    node.avatar[r * n + c - 1] = 1, grew = true;
            }
    }
}

int main() {
    // Read every fact with a regex over the comment-stripped text.
    string text, line;
    while (getline(cin, line)) {
        size_t pct = line.find('%');
        if (pct != string::npos) line.erase(pct);
        text += line + ' ';
    }
    regex fact_re(R"(\s*([a-z_]+)\s*\(([^()]*)\)\s*\.)");
    vector<pair<string, vector<string>>> facts;
    size_t at = 0;
    smatch m;
    while (at < text.size()) {
        if (text.find_first_not_of(" \t\r\n", at) == string::npos) break;
        string rest = text.substr(at);
        if (!regex_search(rest, m, fact_re, regex_constants::match_continuous))
            bad("cannot read a fact near byte " + to_string(at));
        vector<string> args;
        stringstream ss(m[2].str());
        string arg;
        while (getline(ss, arg, ',')) {
            arg.erase(remove_if(arg.begin(), arg.end(), ::isspace), arg.end());
            args.push_back(arg);
        }
        facts.push_back({m[1].str(), args});
        at += static_cast<size_t>(m.length(0));
    }
    auto num = [](const string& s) {
        if (s.empty() || s.size() > 9 || !all_of(s.begin(), s.end(), ::isdigit))
            bad("bad number '" + s + "'");
        return stoi(s);
    };
    set<pair<int, int>> fields;
    int init_r = -1, init_c = -1, goal_r = -1, goal_c = -1, max_steps = -1, count_init = 0,
        count_goal = 0, count_max = 0;
    vector<tuple<int, int, string>> connects;
    for (auto& [name, args] : facts) {
        size_t want = name == "connect" ? 3 : name == "max_steps" ? 1 : 2;
        if (name != "field" && name != "init_on" && name != "goal_on" && name != "connect" &&
            name != "max_steps")
            bad("unknown predicate " + name);
        if (args.size() != want) bad("wrong arity for " + name);
        if (name == "field") fields.insert({num(args[0]), num(args[1])});
        if (name == "init_on") init_r = num(args[0]), init_c = num(args[1]), ++count_init;
        if (name == "goal_on") goal_r = num(args[0]), goal_c = num(args[1]), ++count_goal;
        if (name == "max_steps") max_steps = num(args[0]), ++count_max;
        if (name == "connect") {
            if (args[2] != "n" && args[2] != "s" && args[2] != "e" && args[2] != "w")
                bad("bad direction " + args[2]);
            connects.emplace_back(num(args[0]), num(args[1]), args[2]);
        }
    }
    if (count_init != 1 || count_goal != 1 || count_max != 1)
        bad("need exactly one init_on, goal_on, max_steps");
    if (max_steps < 1) bad("max_steps must be positive");
    n = 0;
    for (auto& f : fields) n = max({n, f.first, f.second});
    if (n < 1 || n > 64 || static_cast<int>(fields.size()) != n * n)
        bad("fields do not form a full square board of side <= 64");
    for (auto& f : fields)
        if (f.first < 1 || f.second < 1) bad("field coordinate 0");
    auto inside = [&](int r, int c) { return 1 <= r && r <= n && 1 <= c && c <= n; };
    if (!inside(init_r, init_c) || !inside(goal_r, goal_c))
        bad("init_on or goal_on outside the board");
    Node start;
    start.conn.assign(n * n, "");
    start.avatar.assign(n * n, 0);
    for (auto& [r, c, d] : connects) {
        if (!inside(r, c)) bad("connect outside the board");
        if (start.conn[(r - 1) * n + (c - 1)].find(d) == string::npos)
            start.conn[(r - 1) * n + (c - 1)] += d;
    }
    start.avatar[(init_r - 1) * n + (init_c - 1)] = 1;
    start.goal_r = goal_r - 1, start.goal_c = goal_c - 1;
    if (init_r == goal_r && init_c == goal_c) return 0;  // empty plan

    const string dirs = "nsew";
    vector<Node> layer{start};
    for (int depth = 1; depth <= max_steps; ++depth) {
        vector<Node> next_layer;
        for (const Node& node : layer)
            for (int line = 0; line < n; ++line)
                for (char d : dirs) {
                    Node child = node;
                    push_line(child, line, d);
                    walk(child);
                    child.pushes.push_back({line, d});
                    if (child.avatar[child.goal_r * n + child.goal_c]) {
                        for (size_t s = 0; s < child.pushes.size(); ++s)
                            cout << "push(" << child.pushes[s].first + 1 << ","
                                 << child.pushes[s].second << "," << s + 1 << ").\n";
                        return 0;
                    }
                    next_layer.push_back(move(child));
                }
        layer = move(next_layer);
    }
    cout << "UNSATISFIABLE\n";
}

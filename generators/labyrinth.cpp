/*
 * Generator for labyrinth (testdata/labyrinth/statement.md): one instance (ASP facts) on stdout.
 *
 * Usage: labyrinth [-n 4] [-steps 3] [-style random] [-p 50] [-same 0] [-format lines]
 *                  [-planted 0] -seed N
 *   -n        board side N, 1..64                                                (default 4)
 *   -steps    max_steps M, >= 1                                                  (default 3)
 *   -style    random:   every field has each of its 4 connections with probability -p percent
 *             official: like the competition's boards: every field has 1 (55%), 2 (23%),
 *                       3 (18%) or 4 (4%) connections in random directions
 *             open:     every field connected in all 4 directions (the goal is always
 *                       reachable after one push)
 *             closed:   no connections at all (only pushes move the avatar)  (default random)
 *   -p        connection probability in percent for -style random, 0..100       (default 50)
 *   -same     1: the avatar starts on the goal field (the empty plan is the answer) (default 0)
 *   -planted  k > 0: the goal is put on a field the avatar can reach after k random pushes,
 *             so a plan of at most k pushes exists (solvable when k <= M)       (default 0)
 *   -format   lines:   one fact per line, fields first (as the official instances)
 *             packed:  facts shuffled, several per line, random spacing, % comments
 *                                                                             (default lines)
 *   -want     any:   the first board drawn, solvable or not                  (default any)
 *             sat:   boards are drawn until one has a plan of at most M pushes
 *             unsat: boards are drawn until one has none (UNSATISFIABLE)
 *             Decided here by an exact breadth-first search over distinct states (board,
 *             goal, fields the avatar can stand on) up to M pushes, the brute's rules; a board
 *             whose search passes -limit states is undecided and drawn again. So -want suits
 *             the brute's sizes and sparse boards; up to 1000 boards are drawn, then it fails.
 *   -limit    state limit of that search                                      (default 300000)
 *   -seed     any value; the same arguments always give the same instance
 */
#include "checklib.hpp"

#include <set>
#include <string>
#include <vector>

namespace {

int n;
std::vector<int> mask;  // [r * n + c], bit 0 n, 1 s, 2 e, 3 w (0-based r from the bottom)

void push_board(std::vector<int>& cells, std::vector<char>& marks, int line, int dir) {
    std::vector<int> old_cells = cells;
    std::vector<char> old_marks = marks;
    for (int i = 0; i < n; ++i) {
        int from, to;
        if (dir >= 2) {
            from = line * n + i;
            to = line * n + (dir == 2 ? (i + 1) % n : (i + n - 1) % n);
        } else {
            from = i * n + line;
            to = (dir == 0 ? (i + 1) % n : (i + n - 1) % n) * n + line;
        }
        cells[to] = old_cells[from];
        marks[to] = old_marks[from];
    }
}

void walk(const std::vector<int>& cells, std::vector<char>& marks) {
    bool grew = true;
    while (grew) {
        grew = false;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                if (!marks[r * n + c]) continue;
                int here = cells[r * n + c];
                auto link = [&](int nr, int nc, int out, int back) {
                    if (nr < 0 || nr >= n || nc < 0 || nc >= n || marks[nr * n + nc]) return;
                    if ((here >> out & 1) && (cells[nr * n + nc] >> back & 1))
                        marks[nr * n + nc] = 1, grew = true;
                };
                link(r + 1, c, 0, 1), link(r - 1, c, 1, 0), link(r, c + 1, 2, 3),
                    link(r, c - 1, 3, 2);
            }
    }
}

struct Board {
    std::vector<int> mask;
    int init_r = 0, init_c = 0, goal_r = 0, goal_c = 0;
};

Board draw_board(const std::string& style, int p, bool same, int planted) {
    mask.assign(static_cast<size_t>(n * n), 0);
    for (int& m : mask) {
        if (style == "random") {
            for (int d = 0; d < 4; ++d)
                if (rnd.next(0, 99) < p) m |= 1 << d;
        } else if (style == "official") {
            int roll = rnd.next(0, 99);
            int count = roll < 55 ? 1 : roll < 78 ? 2 : roll < 96 ? 3 : 4;
            std::vector<int> dirs = {0, 1, 2, 3};
            shuffle(dirs.begin(), dirs.end());
            for (int k = 0; k < count; ++k) m |= 1 << dirs[k];
        } else if (style == "open") {
            m = 15;
        } else if (style == "closed") {
            m = 0;
        } else {
            quitf(_fail, "generator: unknown -style '%s'", style.c_str());
        }
    }
    int init_r = rnd.next(0, n - 1), init_c = rnd.next(0, n - 1);
    int goal_r = rnd.next(0, n - 1), goal_c = rnd.next(0, n - 1);
    if (same) goal_r = init_r, goal_c = init_c;
    if (planted > 0 && !same) {
        // Play `planted` random pushes with walking, then pick a reachable field and map it
        // back to its place on the initial board (fields are never created or destroyed).
        // Up to 20 random walks; the one whose final reachable set is largest is used.
        std::vector<int> reachable;
        for (int attempt = 0; attempt < 20; ++attempt) {
            std::vector<int> ids(static_cast<size_t>(n * n)), cells = mask;
            std::vector<char> marks(static_cast<size_t>(n * n), 0);
            for (int i = 0; i < n * n; ++i) ids[i] = i;
            marks[init_r * n + init_c] = 1;
            for (int k = 0; k < planted; ++k) {
                int line = rnd.next(0, n - 1), dir = rnd.next(0, 3);
                push_board(cells, marks, line, dir);
                std::vector<char> unused(ids.size(), 0);
                push_board(ids, unused, line, dir);  // ids[i]: initial place of the field at i
                walk(cells, marks);
            }
            // Fields other than the start field (else the empty plan would do).
            std::vector<int> found;
            for (int i = 0; i < n * n; ++i)
                if (marks[i] && ids[i] != init_r * n + init_c) found.push_back(ids[i]);
            if (found.size() > reachable.size()) reachable = found;
        }
        if (reachable.empty()) reachable.push_back(init_r * n + init_c);
        int pick =
            reachable[static_cast<size_t>(rnd.next(0, static_cast<int>(reachable.size()) - 1))];
        goal_r = pick / n, goal_c = pick % n;
    }
    return {mask, init_r, init_c, goal_r, goal_c};
}

// Exact breadth-first search over distinct states (connections, avatar fields, goal mark) up to
// `steps` pushes: 1 a plan exists, 0 none (UNSATISFIABLE), -1 more than `limit` states.
int has_plan(const Board& board, int steps, long long limit) {
    if (board.init_r == board.goal_r && board.init_c == board.goal_c) return 1;
    // One cell = connections (bits 0..3), avatar (bit 4), goal (bit 5).
    std::vector<int> start = board.mask;
    start[static_cast<size_t>(board.init_r * n + board.init_c)] |= 16;
    start[static_cast<size_t>(board.goal_r * n + board.goal_c)] |= 32;
    std::set<std::vector<int>> seen{start};
    std::vector<std::vector<int>> layer{start};
    for (int depth = 1; depth <= steps && !layer.empty(); ++depth) {
        std::vector<std::vector<int>> next_layer;
        for (const std::vector<int>& state : layer)
            for (int line = 0; line < n; ++line)
                for (int dir = 0; dir < 4; ++dir) {
                    std::vector<int> cells = state;
                    std::vector<char> marks(cells.size());
                    push_board(cells, marks, line, dir);
                    std::vector<int> connections(cells.size());
                    for (size_t i = 0; i < cells.size(); ++i) {
                        marks[i] = static_cast<char>((cells[i] >> 4) & 1);
                        connections[i] = cells[i] & 15;
                    }
                    walk(connections, marks);
                    for (size_t i = 0; i < cells.size(); ++i) {
                        cells[i] = (cells[i] & ~16) | (marks[i] ? 16 : 0);
                        if ((cells[i] & 48) == 48) return 1;
                    }
                    if (!seen.insert(cells).second) continue;
                    if (static_cast<long long>(seen.size()) > limit) return -1;
                    next_layer.push_back(std::move(cells));
                }
        layer = std::move(next_layer);
    }
    return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    n = opt<int>("n", 4);
    int steps = opt<int>("steps", 3);
    std::string style = opt("style", "random");
    int p = opt<int>("p", 50);
    bool same = opt<int>("same", 0) != 0;
    int planted = opt<int>("planted", 0);
    std::string format = opt("format", "lines");
    std::string want = opt("want", "any");
    long long limit = opt<long long>("limit", 300000);
    ensuref(1 <= n && n <= 64, "-n must be in 1..64");
    ensuref(steps >= 1, "-steps must be >= 1");
    ensuref(0 <= p && p <= 100, "-p must be in 0..100");
    ensuref(planted >= 0, "-planted must be >= 0");
    ensuref(want == "any" || want == "sat" || want == "unsat", "-want must be any, sat or unsat");

    Board board = draw_board(style, p, same, planted);
    for (int attempt = 1; want != "any" && has_plan(board, steps, limit) != (want == "sat");
         ++attempt) {
        if (attempt == 1000) quitf(_fail, "generator: no board with -want %s", want.c_str());
        board = draw_board(style, p, same, planted);
    }
    mask = board.mask;
    int init_r = board.init_r, init_c = board.init_c, goal_r = board.goal_r, goal_c = board.goal_c;

    std::vector<std::string> facts;
    for (int r = 1; r <= n; ++r)
        for (int c = 1; c <= n; ++c)
            facts.push_back("field(" + std::to_string(r) + "," + std::to_string(c) + ").");
    facts.push_back("init_on(" + std::to_string(init_r + 1) + "," + std::to_string(init_c + 1) +
                    ").");
    facts.push_back("goal_on(" + std::to_string(goal_r + 1) + "," + std::to_string(goal_c + 1) +
                    ").");
    const char* names = "nsew";
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            for (int d = 0; d < 4; ++d)
                if (mask[r * n + c] >> d & 1)
                    facts.push_back("connect(" + std::to_string(r + 1) + "," +
                                    std::to_string(c + 1) + "," + names[d] + ").");
    facts.push_back("max_steps(" + std::to_string(steps) + ").");
    if (format == "lines") {
        for (const std::string& f : facts) std::printf("%s\n", f.c_str());
    } else if (format == "packed") {
        shuffle(facts.begin(), facts.end());
        std::printf("%% labyrinth instance, packed format\n");
        std::string out;
        for (const std::string& f : facts) {
            std::string spaced;
            for (char ch : f) {
                spaced += ch;
                if ((ch == '(' || ch == ',') && rnd.next(0, 3) == 0) spaced += ' ';
            }
            out += spaced;
            int sep = rnd.next(0, 9);
            out += sep < 6 ? " " : sep < 8 ? "\n" : sep < 9 ? "  % note\n" : "\t";
        }
        std::printf("%s\n", out.c_str());
    } else {
        quitf(_fail, "generator: unknown -format '%s'", format.c_str());
    }
}

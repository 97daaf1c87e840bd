/*
 * Generator for alcazar (testdata/alcazar/statement.md): one puzzle in the alcazam drawing on stdout.
 *
 * Usage: alcazar [-w 6] [-h 6] [-mode unique] [-walls 30] [-doors 2] [-moves 0]
 *                [-keep-border 0] [-style plain] -seed N
 *   -w, -h    board size in cells, 1..200                                   (default 6 x 6)
 *   -mode     random: every inner edge is a wall with probability -walls percent; the border
 *                     is walled except -doors random door edges (any answer, often none)
 *             path:   a random Hamiltonian path between two border cells (backbite moves on a
 *                     serpentine path); doors at its two ends plus -doors - 2 random extra
 *                     doors; inner edges off the path are walls with probability -walls percent
 *                     (always solvable, usually many solutions)
 *             unique: the same path with every other edge walled, then the walls (border walls
 *                     too, which opens doors) removed in random order while the puzzle keeps
 *                     exactly one solution (solutions/alcazar.cpp's search, compiled in here,
 *                     counts up to 2, giving up, and keeping the wall, after 800 search
 *                     nodes); -walls and -doors are not used
 *             none:   as path, then edges of solutions walled one at a time until there is
 *                     none, preferring a last wall whose refutation needs a search by
 *                     solutions/alcazar.cpp (its steps at the root alone do not refute it);
 *                     a new board, up to 40 times, while the end is refuted at the root
 *   -keep-border  1: unique mode removes inner walls only (two doors, like printed
 * puzzles); 0: border walls may go too, opening more doors (as alcazam -r)  (default 0) parity: as
 * path, then the doors of the path's first end are walled and one door opened on a cell of the
 * other colour: solvable or not, and checkerboard parity often decides which (default unique)
 *   -walls    wall density in percent, 0..100, for random and path          (default 30)
 *   -doors    number of doors for random; total doors for path (>= 2)       (default 2)
 *   -moves    backbite moves on the serpentine path; 0 = 20 * cells         (default 0)
 *   -style    plain: alcazam's own drawing, offset 0, trailing spaces cut
 *             messy: everything the format allows: an offset with junk before it, comment and
 *                    empty lines, CRLF line ends, junk letters in cell centres and corners,
 *                    lines cut short or running on                         (default plain)
 *   -seed     any value; the same arguments always give the same puzzle
 */
#include <bits/stdc++.h>  // first: checklib's shuffle() must see std::swap for std::array

#include "checklib.hpp"

namespace sol {
#define ALCAZAR_NO_MAIN
#include "../solutions/alcazar.cpp"
#undef ALCAZAR_NO_MAIN
}  // namespace sol

namespace {

int W, H;
std::vector<char> wall_h, wall_v;  // as sol::Board: (H+1)*W above cells, H*(W+1) left of cells

char& hw(int x, int y) { return wall_h[y * W + x]; }
char& vw(int x, int y) { return wall_v[y * (W + 1) + x]; }

// A random Hamiltonian path of the W x H grid whose two ends are border cells.
std::vector<int> random_path(int moves) {
    std::vector<int> path;
    for (int y = 0; y < H; ++y)
        for (int i = 0; i < W; ++i) path.push_back(y * W + (y % 2 == 0 ? i : W - 1 - i));
    int n = W * H;
    if (n <= 2) return path;
    std::vector<int> pos(n);
    auto border = [&](int c) {
        return c % W == 0 || c % W == W - 1 || c / W == 0 || c / W == H - 1;
    };
    if (moves <= 0) moves = std::max(1000, std::min(20 * n, 100000000 / n));
    for (int step = 0; step < moves || !border(path.front()) || !border(path.back()); ++step) {
        if (step > 50 * moves + 1000) break;  // give up on border ends (the serpentine is fine)
        if (rnd.next(2)) std::reverse(path.begin(), path.end());
        for (int i = 0; i < n; ++i) pos[path[i]] = i;
        int end = path.back(), x = end % W, y = end / W;
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        int d = rnd.next(4);
        int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        int i = pos[ny * W + nx];
        if (i == n - 2) continue;
        std::reverse(path.begin() + i + 1, path.end());
    }
    if (!border(path.front()) || !border(path.back())) {
        path.clear();
        for (int y = 0; y < H; ++y)
            for (int i = 0; i < W; ++i) path.push_back(y * W + (y % 2 == 0 ? i : W - 1 - i));
    }
    return path;
}

// Border edges of cell c: (is_h, x, y) of the edge.
std::vector<std::array<int, 3>> border_edges(int c) {
    int x = c % W, y = c / W;
    std::vector<std::array<int, 3>> out;
    if (y == 0) out.push_back({1, x, 0});
    if (y == H - 1) out.push_back({1, x, H});
    if (x == 0) out.push_back({0, 0, y});
    if (x == W - 1) out.push_back({0, W, y});
    return out;
}
char& edge_ref(const std::array<int, 3>& e) { return e[0] ? hw(e[1], e[2]) : vw(e[1], e[2]); }

void all_walls(char value) {
    wall_h.assign((H + 1) * W, value);
    wall_v.assign(H * (W + 1), value);
}
void border_walls() {
    for (int x = 0; x < W; ++x) hw(x, 0) = hw(x, H) = 1;
    for (int y = 0; y < H; ++y) vw(0, y) = vw(W, y) = 1;
}
std::vector<std::array<int, 3>> all_border_edges() {
    std::vector<std::array<int, 3>> out;
    for (int x = 0; x < W; ++x) out.push_back({1, x, 0}), out.push_back({1, x, H});
    for (int y = 0; y < H; ++y) out.push_back({0, 0, y}), out.push_back({0, W, y});
    return out;
}
void open_random_doors(int doors) {
    auto edges = all_border_edges();
    shuffle(edges.begin(), edges.end());
    for (int i = 0; i < static_cast<int>(edges.size()) && doors > 0; ++i)
        if (edge_ref(edges[i])) edge_ref(edges[i]) = 0, --doors;
}

// Walls the path: every edge a wall except the path's edges and one door at each end.
void wall_all_but_path(const std::vector<int>& path) {
    all_walls(1);
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        int a = std::min(path[i], path[i + 1]), b = std::max(path[i], path[i + 1]);
        if (b == a + 1)
            vw(b % W, b / W) = 0;
        else
            hw(b % W, b / W) = 0;
    }
    auto first = border_edges(path.front());
    auto e1 = rnd.any(first);
    edge_ref(e1) = 0;
    auto last = border_edges(path.back());
    std::vector<std::array<int, 3>> choices;
    for (auto& e : last)
        if (e != e1) choices.push_back(e);
    edge_ref(rnd.any(choices)) = 0;
}

// One board and solver for every count: sol::Array never frees, init() reuses the space.
sol::Board board;
sol::Solver solver;

long long count_solutions() {
    board.w = W, board.h = H;
    board.wall_h.resize(static_cast<int>(wall_h.size()));
    board.wall_v.resize(static_cast<int>(wall_v.size()));
    std::copy(wall_h.begin(), wall_h.end(), board.wall_h.begin());
    std::copy(wall_v.begin(), wall_v.end(), board.wall_v.begin());
    solver.max_nodes = 800;  // a wall whose removal needs a longer proof of uniqueness stays
    return solver.run(board, 2);
}

// A random Hamiltonian path, doors at its ends plus `doors` - 2 random ones, the inner edges
// off the path walls with probability `walls` percent. Returns the path.
std::vector<int> make_path_board(int walls, int doors, int moves) {
    std::vector<int> path = random_path(moves);
    wall_all_but_path(path);
    for (int y = 1; y < H; ++y)
        for (int x = 0; x < W; ++x)
            if (hw(x, y) && rnd.next(100) >= walls) hw(x, y) = 0;
    for (int y = 0; y < H; ++y)
        for (int x = 1; x < W; ++x)
            if (vw(x, y) && rnd.next(100) >= walls) vw(x, y) = 0;
    open_random_doors(doors - 2);
    return path;
}

// A uniquely solvable puzzle: a random path with every other edge walled, then the walls
// removed in random order while the puzzle keeps exactly one solution.
void make_unique(int keep_border, int moves) {
    std::vector<int> path = random_path(moves);
    wall_all_but_path(path);
    std::vector<std::array<int, 3>> edges;
    for (int y = 0; y <= H; ++y)
        for (int x = 0; x < W; ++x)
            if (hw(x, y) && (!keep_border || (y > 0 && y < H))) edges.push_back({1, x, y});
    for (int y = 0; y < H; ++y)
        for (int x = 0; x <= W; ++x)
            if (vw(x, y) && (!keep_border || (x > 0 && x < W))) edges.push_back({0, x, y});
    shuffle(edges.begin(), edges.end());
    for (auto& e : edges) {
        edge_ref(e) = 0;
        if (count_solutions() != 1) edge_ref(e) = 1;
    }
}

// Loads the walls into the solver's board and solves it (0, 1 or 2 = "2 or more" solutions).
long long solve_walls(int limit) {
    board.w = W, board.h = H;
    board.wall_h.resize(static_cast<int>(wall_h.size()));
    board.wall_v.resize(static_cast<int>(wall_v.size()));
    std::copy(wall_h.begin(), wall_h.end(), board.wall_h.begin());
    std::copy(wall_v.begin(), wall_v.end(), board.wall_v.begin());
    solver.max_nodes = 200000;
    return solver.run(board, limit);
}

// The edges a solution of the solver uses, as (is_h, x, y).
std::vector<std::array<int, 3>> solution_edges() {
    const sol::Array<int>& state = solver.solution;
    std::vector<std::array<int, 3>> out;
    for (int y = 0; y <= H; ++y)
        for (int x = 0; x < W; ++x)
            if (state[y * W + x] == sol::kUsed) out.push_back({1, x, y});
    for (int y = 0; y < H; ++y)
        for (int x = 0; x <= W; ++x)
            if (state[(H + 1) * W + y * (W + 1) + x] == sol::kUsed) out.push_back({0, x, y});
    return out;
}

// Walls edges of solutions until there is none: each time an edge, in random order, of the
// solution the solver finds; a wall after which the steps at the root alone refute the puzzle
// is taken back while another edge is left to try. True when it ends at a puzzle without
// solution whose refutation needs a search by solutions/alcazar.cpp; false when every edge
// left gives a puzzle refuted at the root (one of them is walled: still no solution) or the
// proof took more than the solver's cap.
bool wall_solutions() {
    for (;;) {
        if (solve_walls(1) != 1) return false;  // a proof too long
        auto edges = solution_edges();
        shuffle(edges.begin(), edges.end());
        bool walled = false;
        for (auto& e : edges) {
            edge_ref(e) = 1;
            long long k = solve_walls(1);
            if (k == 0 && solver.nodes_searched > 1) return true;
            if (k != 0) {
                walled = true;
                break;
            }
            edge_ref(e) = 0;
        }
        if (!walled) {
            edge_ref(edges[0]) = 1;
            return false;
        }
    }
}

std::vector<std::string> draw(bool messy) {
    std::vector<std::string> lines;
    auto junk = [&](const char* set) { return set[rnd.next(static_cast<int>(strlen(set)))]; };
    int o = messy ? rnd.next(0, 3) : 0;
    for (int y = 0; y <= H; ++y) {
        std::string s(o, ' ');
        for (int i = 0; i < o; ++i)
            if (messy) s[i] = junk(y == 0 ? " .:x" : " .:x+");
        for (int x = 0; x < W; ++x) {
            s += '+';
            bool wall = hw(x, y);
            if (messy) {
                s += wall ? junk("-=~") : junk(" .:");
                s += wall ? '-' : junk(" .:=");
                s += wall ? junk("-=~") : junk(" .:");
            } else {
                s += wall ? "---" : "   ";
            }
        }
        s += '+';
        lines.push_back(s);
        if (y == H) break;
        std::string t(o, ' ');
        for (int i = 0; i < o; ++i)
            if (messy) t[i] = junk(" .:x+-");
        for (int x = 0; x <= W; ++x) {
            t += vw(x, y) ? '|' : messy ? junk(" .:") : ' ';
            if (x < W) {
                if (messy)
                    t += std::string{junk(" ."), junk(" abcXYZ0+|-"), junk(" .")};
                else
                    t += "   ";
            }
        }
        lines.push_back(t);
    }
    for (auto& s : lines) {
        if (messy && rnd.next(3) == 0) s += " junk";
        while (s.size() > 1 && s.back() == ' ') s.pop_back();  // never empty: that is skipped
    }
    return lines;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    W = opt<int>("w", 6);
    H = opt<int>("h", 6);
    std::string mode = opt<std::string>("mode", "unique");
    int walls = opt<int>("walls", 30);
    int doors = opt<int>("doors", 2);
    int moves = opt<int>("moves", 0);
    std::string style = opt<std::string>("style", "plain");
    int keep_border = opt<int>("keep-border", 0);
    ensuref(W >= 1 && W <= 200 && H >= 1 && H <= 200, "-w and -h must be in 1..200");
    ensuref(walls >= 0 && walls <= 100, "-walls must be in 0..100");
    ensuref(style == "plain" || style == "messy", "-style must be plain or messy");

    if (mode == "random") {
        all_walls(0);
        for (int y = 1; y < H; ++y)
            for (int x = 0; x < W; ++x) hw(x, y) = rnd.next(100) < walls;
        for (int y = 0; y < H; ++y)
            for (int x = 1; x < W; ++x) vw(x, y) = rnd.next(100) < walls;
        border_walls();
        open_random_doors(doors);
    } else if (mode == "path" || mode == "parity") {
        std::vector<int> path = make_path_board(walls, doors, moves);
        if (mode == "parity") {
            // one more door on a cell whose colour differs from the path's first end, and a
            // wall at a random edge of that end: parity decides what is left
            int c0 = path.front(), colour = (c0 % W + c0 / W) & 1;
            std::vector<std::array<int, 3>> wrong;
            for (auto& e : all_border_edges()) {
                int x = e[0] ? e[1] : std::min(e[1], W - 1),
                    y = e[0] ? std::min(e[2], H - 1) : e[2];
                if (((x + y) & 1) != colour && edge_ref(e)) wrong.push_back(e);
            }
            if (!wrong.empty()) edge_ref(rnd.any(wrong)) = 0;
            auto ends = border_edges(c0);
            for (auto& e : ends) edge_ref(e) = 1;
        }
    } else if (mode == "unique") {
        make_unique(keep_border, moves);
    } else if (mode == "none") {
        // a new open board while the last one ended refuted at the root (a few percent of
        // 10 x 10 boards need a search; smaller ones almost never do)
        for (int attempt = 0; attempt < 40; ++attempt) {
            make_path_board(walls, doors, moves);
            if (wall_solutions()) break;
        }
    } else {
        quitf(_fail, "-mode must be random, path, unique, parity or none");
    }

    bool messy = style == "messy";
    std::vector<std::string> lines = draw(messy);
    std::string text;
    const char* eol = messy && rnd.next(2) ? "\r\n" : "\n";
    if (messy)
        text += "# generated: alcazar -w " + std::to_string(W) + " -h " + std::to_string(H) +
                " -mode " + mode + eol + eol;
    else
        text += "# alcazar " + mode + " " + std::to_string(W) + " x " + std::to_string(H) + "\n";
    for (size_t i = 0; i < lines.size(); ++i) {
        text += lines[i] + eol;
        if (messy && i + 1 < lines.size() && rnd.next(8) == 0)
            text += rnd.next(2) ? std::string("#") + " a comment line" + eol : std::string(eol);
    }
    std::cout << text;
}

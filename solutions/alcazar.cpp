/**
 * Problem: Alcazar path puzzles in the alcazam format (alcazar)
 * Source:  ../shared/seeds/alcazar.txt (github.com/sjb3d/alcazam), format in ../shared/PROBLEMS.md
 * Idea:    Add one node O for "outside"; door edges join a border cell to O. A solution is then a
 *          Hamiltonian cycle of cells + O (O's two edges are the two doors). Edges are unknown,
 *          used or blocked; alcazam's logical steps run to a fixpoint, then we branch on an edge
 *          of the path end with fewest choices (used / blocked) and backtrack (undo trail).
 * Time:    exponential in the worst case (Hamiltonian path); one round of steps is O(cells),
 *          a trial pass O(edges * cascade). Measured (bench/alcazar/RESULTS.md): uniquely
 *          solvable 20 x 20 puzzles median 3.7 ms per process (max 15 ms), 8 x 8 1.7 ms.
 * Memory:  O(cells + trail)
 * Status:  AC on testdata/alcazar (35 generated + sample) and ../shared/cases/alcazar (its 4
 *          alcazam puzzles, same paths as alcazam's); agrees with solutions/brute/alcazar.cpp
 *          (DFS over door-to-door Hamiltonian paths) on 9 x 300 judge stress seeds
 *          (cmake/problems/alcazar.cmake) and ~1500 more local runs
 *
 * Steps (names as printed by -v, in the order tried; after any change we restart from the top):
 *   single cell   a node with two used edges blocks the rest; with two edges left uses them
 *   loop          an edge joining the two ends of one path fragment is blocked (unless it closes
 *                 the whole cycle); with O this is also alcazam's "early exit" rule
 *   loop fork     a cell with three open edges, two of which lead to the two ends of one
 *                 fragment, must use the third
 *   connectivity  cells + O over open edges must be 2-vertex- and 2-edge-connected (a cycle is)
 *   partition     a bridge of the cell graph (without O) must be used; a cut cell of the cell
 *                 graph lies inside the path, so its doors are blocked (3+ parts: no solution)
 *   parity        for a region R of cells (the board, each connected part of the cells not
 *                 inside a fragment, the islands of 2 x 2 blocks) with b - w more
 *                 black than white cells, used crossing edges satisfy E_black - E_white = 2(b-w)
 *                 (every cell has degree 2 and inner edges join black to white), E >= 2 if R is
 *                 not the board, E = 2 if it is
 *   trial         failed-literal probing: an edge whose use (block) fails by the local steps
 *                 is blocked (used); before the first guess also with all steps, on the edges at
 *                 fragment ends (each deep pass goes on where the last one found something)
 *   guess         search: at the fragment end with the fewest choices, try the edge towards the
 *                 neighbour with the fewest choices (Warnsdorff) used, then blocked; restarts
 *                 with random tie-breaking and a doubled node budget cut off heavy tails; when
 *                 looking for one solution, each restart is followed by a round without the
 *                 trial step (10x cheaper nodes; finds paths on open boards with many solutions)
 *
 * Options: -f FILE (read FILE), -v (deduction steps on stderr), -r (remove every wall that can
 * go while the solution stays unique; print the reduced puzzle), --count (0, 1 or "2 or more").
 */
#include <bits/stdc++.h>
using namespace std;
using ll = long long;

// Malformed input: one line on stderr, exit status 1 (docs/conventions.md).
[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

const int kMaxSide = 200;  // the board may have up to 200 x 200 cells (see problem.txt)

// ---------------------------------------------------------------------------------------------
// The board as read: grid lines, offset, size, walls.
struct Board {
    vector<string> lines;  // the 2H+1 grid lines (without line ends)
    int o = 0, w = 0, h = 0;
    vector<char> wall_h;  // (h+1) * w: wall above cell (x, y), index y*w+x
    vector<char> wall_v;  // h * (w+1): wall left of cell (x, y), index y*(w+1)+x
};

Board parse(const string& text) {
    Board b;
    size_t pos = 0;
    int line_no = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == string::npos) end = text.size();
        string line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        for (char c : line) {
            unsigned char u = static_cast<unsigned char>(c);
            if ((u < 32 && c != '\t') || u >= 127)
                fail_input("line " + to_string(line_no) + ": unexpected byte " + to_string(u) +
                           " (printable ASCII expected)");
        }
        if (static_cast<int>(b.lines.size()) > 2 * kMaxSide)
            fail_input("more than " + to_string(2 * kMaxSide + 1) + " grid lines (at most " +
                       to_string(kMaxSide) + " rows of cells)");
        b.lines.push_back(line);
    }
    if (b.lines.empty()) fail_input("no grid lines");
    const string& first = b.lines[0];
    size_t fo = first.find('+'), lo = first.rfind('+');
    if (fo == string::npos) fail_input("the first grid line has no '+'");
    if (lo == fo || (lo - fo) % 4 != 0)
        fail_input("invalid board width: the first grid line's '+' span " + to_string(lo - fo) +
                   " columns, a positive multiple of 4 expected");
    b.o = static_cast<int>(fo);
    b.w = static_cast<int>((lo - fo) / 4);
    if (b.w > kMaxSide)
        fail_input("board " + to_string(b.w) + " cells wide, at most " + to_string(kMaxSide));
    if (b.lines.size() % 2 == 0 || b.lines.size() < 3)
        fail_input("invalid board height: " + to_string(b.lines.size()) +
                   " grid lines, an odd number >= 3 expected");
    b.h = static_cast<int>(b.lines.size() / 2);
    auto at = [&](int line, int col) {
        const string& s = b.lines[line];
        return col < static_cast<int>(s.size()) ? s[col] : ' ';
    };
    b.wall_h.assign((b.h + 1) * b.w, 0);
    b.wall_v.assign(b.h * (b.w + 1), 0);
    for (int y = 0; y <= b.h; ++y)
        for (int x = 0; x < b.w; ++x) b.wall_h[y * b.w + x] = at(2 * y, b.o + 4 * x + 2) == '-';
    for (int y = 0; y < b.h; ++y)
        for (int x = 0; x <= b.w; ++x)
            b.wall_v[y * (b.w + 1) + x] = at(2 * y + 1, b.o + 4 * x) == '|';
    return b;
}

// ---------------------------------------------------------------------------------------------
// The solver. Nodes: cells 0..n-1 (y*w+x), O = n. Edges: horizontal y*w+x (above cell (x, y),
// y = 0..h), then vertical nh + y*(w+1)+x (left of cell (x, y), x = 0..w).
enum : char { kUnknown = 0, kUsed = 1, kBlocked = 2 };

struct Solver {
    int w = 0, h = 0, n = 0, nodes = 0, nh = 0, ne = 0;
    vector<array<int, 2>> ends;  // the two nodes of an edge
    vector<vector<int>> inc;     // edges of a node (O: its door edges, walls included)
    // search state; every change goes through set() and is undone from the trail
    vector<int> st, used, open_, partner, fsize;  // open_ = edges not blocked
    int closed = 0;                               // 1 once the Hamiltonian cycle is complete
    vector<pair<int*, int>> trail;
    vector<int> queue_;
    bool verbose = false;
    long long steps = 0;
    int parity_block = 2;  // parity on the islands of blocks up to this side (2: 2x2 blocks)
    bool probe = true;     // the trial step (failed-literal probing)
    // results
    long long solutions = 0, limit = 1, nodes_searched = 0, budget = 0;
    long long max_nodes = -1;
    int depth_ = 0;  // search depth (guesses on the current branch)
    bool aborted = false;
    int round_ = 0;
    mt19937 rng;
    vector<int> solution;  // st of the first solution found

    void set(int& slot, int value) {
        trail.push_back({&slot, slot});
        slot = value;
    }
    void undo(size_t to) {
        while (trail.size() > to) {
            *trail.back().first = trail.back().second;
            trail.pop_back();
        }
    }

    void init(const Board& b) {
        w = b.w, h = b.h, n = w * h, nodes = n + 1, nh = (h + 1) * w, ne = nh + h * (w + 1);
        ends.assign(ne, {0, 0});
        inc.assign(nodes, {});
        st.assign(ne, kUnknown);
        for (int y = 0; y <= h; ++y)
            for (int x = 0; x < w; ++x) {
                int e = y * w + x;
                ends[e] = {y == 0 ? n : (y - 1) * w + x, y == h ? n : y * w + x};
                if (b.wall_h[e]) st[e] = kBlocked;
            }
        for (int y = 0; y < h; ++y)
            for (int x = 0; x <= w; ++x) {
                int e = nh + y * (w + 1) + x;
                ends[e] = {x == 0 ? n : y * w + x - 1, x == w ? n : y * w + x};
                if (b.wall_v[y * (w + 1) + x]) st[e] = kBlocked;
            }
        for (int e = 0; e < ne; ++e) {
            inc[ends[e][0]].push_back(e);
            inc[ends[e][1]].push_back(e);
        }
        used.assign(nodes, 0);
        open_.assign(nodes, 0);
        for (int e = 0; e < ne; ++e)
            if (st[e] != kBlocked) ++open_[ends[e][0]], ++open_[ends[e][1]];
        partner.resize(nodes);
        iota(partner.begin(), partner.end(), 0);
        fsize.assign(nodes, 1);
        closed = 0;
        mark.assign(nodes, 0), seen.assign(nodes, 0), mark_id = seen_id = 0;
        color.resize(n), cx.resize(n), cy.resize(n), all_cells.resize(n);
        for (int c = 0; c < n; ++c)
            all_cells[c] = c, color[c] = (c % w + c / w) & 1, cx[c] = c % w, cy[c] = c / w;
    }

    string node_name(int v) const {
        if (v == n) return "outside";
        return "(" + to_string(v % w) + "," + to_string(v / w) + ")";
    }
    string edge_name(int e) const {
        if (e < nh) {
            int y = e / w, x = e % w;
            if (y == h) return "edge below (" + to_string(x) + "," + to_string(h - 1) + ")";
            return "edge above (" + to_string(x) + "," + to_string(y) + ")";
        }
        int k = e - nh, y = k / (w + 1), x = k % (w + 1);
        if (x == w) return "edge right of (" + to_string(w - 1) + "," + to_string(y) + ")";
        return "edge left of (" + to_string(x) + "," + to_string(y) + ")";
    }
    template <class Why>
    void log(const char* step, int e, int value, const Why& why) {
        if (!verbose) return;  // also off inside trials: only real deductions are counted
        ++steps;
        cerr << "step " << steps << " [" << step << "] " << edge_name(e)
             << (value == kUsed ? " used" : " blocked") << ": " << why << '\n';
    }

    // Uses edge e. False on contradiction.
    template <class Why>
    bool use(int e, const char* step, const Why& why) {
        if (st[e] == kUsed) return true;
        if (st[e] == kBlocked) return false;
        log(step, e, kUsed, why);
        set(st[e], kUsed);
        int a = ends[e][0], b = ends[e][1];
        set(used[a], used[a] + 1);
        set(used[b], used[b] + 1);
        if (used[a] > 2 || used[b] > 2) return false;
        int pa = partner[a], pb = partner[b];
        if (pa == b) {  // a and b are the two ends of one fragment: the edge closes a cycle
            if (fsize[a] != nodes) return false;
            set(closed, 1);
        } else {
            int s = fsize[a] + fsize[b];
            set(partner[pa], pb), set(partner[pb], pa);
            set(fsize[pa], s), set(fsize[pb], s);
            queue_.push_back(pa), queue_.push_back(pb);
        }
        queue_.push_back(a), queue_.push_back(b);
        return true;
    }
    template <class Why>
    bool block(int e, const char* step, const Why& why) {
        if (st[e] == kBlocked) return true;
        if (st[e] == kUsed) return false;
        log(step, e, kBlocked, why);
        set(st[e], kBlocked);
        int a = ends[e][0], b = ends[e][1];
        set(open_[a], open_[a] - 1);
        set(open_[b], open_[b] - 1);
        queue_.push_back(a), queue_.push_back(b);
        return true;
    }
    int other(int e, int v) const { return ends[e][0] == v ? ends[e][1] : ends[e][0]; }

    // single cell + loop, for one node
    bool check_node(int v) {
        if (open_[v] < 2) return false;
        if (used[v] == 2) {
            for (int e : inc[v])
                if (st[e] == kUnknown &&
                    !block(e, "single cell",
                           verbose ? node_name(v) + " already has two used edges" : string()))
                    return false;
        } else if (open_[v] == 2) {
            for (int e : inc[v])
                if (st[e] == kUnknown &&
                    !use(e, "single cell",
                         verbose ? node_name(v) + " has only two open edges" : string()))
                    return false;
        }
        if (used[v] == 1 && fsize[v] < nodes) {
            int p = partner[v];
            for (int e : inc[v])
                if (st[e] == kUnknown && other(e, v) == p) {
                    string why;
                    if (verbose)
                        why = node_name(v) + " and " + node_name(p) + " end one fragment of " +
                              to_string(fsize[v]) + " < " + to_string(nodes) + " nodes";
                    if (!block(e, v == n || p == n ? "early exit" : "loop", why)) return false;
                }
        }
        return true;
    }
    bool drain() {
        while (!queue_.empty()) {
            int v = queue_.back();
            queue_.pop_back();
            if (!check_node(v)) return false;
        }
        return true;
    }

    // loop fork: a cell with no used edge and three open ones, two leading to the ends of one
    // fragment (that would be closed too early), uses the third. Returns -1 fail, 1 changed.
    int loop_fork() {
        for (int v = 0; v < n; ++v) {
            if (used[v] != 0 || open_[v] != 3) continue;
            int es[3], k = 0;
            for (int e : inc[v])
                if (st[e] != kBlocked) es[k++] = e;
            for (int i = 0; i < 3; ++i) {
                int x = other(es[(i + 1) % 3], v), y = other(es[(i + 2) % 3], v);
                if (x != y && used[x] == 1 && partner[x] == y && fsize[x] + 1 < nodes) {
                    string why;
                    if (verbose)
                        why = node_name(v) + " cannot join both ends " + node_name(x) + " and " +
                              node_name(y) + " of one fragment";
                    if (!use(es[i], "loop fork", why)) return -1;
                    return 1;
                }
            }
        }
        return 0;
    }

    // Tarjan's low-link over open edges. with_outside: cells + O (need 2-connectivity), else
    // cells only (bridges must be used, cut cells lie inside the path).
    vector<int> disc, low, parent_edge, it_, stack_, cut_parts;
    int connectivity(bool with_outside) {
        int count = with_outside ? nodes : n;
        disc.assign(nodes, -1), low.assign(nodes, 0), parent_edge.assign(nodes, -1);
        it_.assign(nodes, 0), cut_parts.assign(nodes, 0);
        vector<int> bridges;
        int timer = 0, root = 0;
        disc[root] = low[root] = timer++;
        stack_.assign(1, root);
        while (!stack_.empty()) {
            int v = stack_.back();
            if (it_[v] < static_cast<int>(inc[v].size())) {
                int e = inc[v][it_[v]++];
                if (st[e] == kBlocked || e == parent_edge[v]) continue;
                int u = other(e, v);
                if (!with_outside && u == n) continue;
                if (disc[u] < 0) {
                    disc[u] = low[u] = timer++;
                    parent_edge[u] = e;
                    stack_.push_back(u);
                } else {
                    low[v] = min(low[v], disc[u]);
                }
            } else {
                stack_.pop_back();
                if (stack_.empty()) break;
                int p = stack_.back();
                low[p] = min(low[p], low[v]);
                if (low[v] > disc[p]) bridges.push_back(parent_edge[v]);
                if (low[v] >= disc[p]) ++cut_parts[p];  // v's subtree hangs on p alone
            }
        }
        if (timer < count) return -1;  // not connected
        if (with_outside) {
            if (count <= 2) return 0;
            if (!bridges.empty()) return -1;
            if (cut_parts[root] >= 2) return -1;
            for (int v = 0; v < nodes; ++v)
                if (v != root && cut_parts[v] >= 1) return -1;
            return 0;
        }
        int changed = 0;
        for (int e : bridges)
            if (st[e] == kUnknown) {
                if (!use(e, "partition", "blocking it would cut the cells in two")) return -1;
                changed = 1;
            }
        for (int v = 0; v < n; ++v) {
            int parts = cut_parts[v] + (v == root ? 0 : 1);
            if (v == root && cut_parts[v] == 1) parts = 1;
            if (parts >= 3) return -1;
            if (parts == 2)
                for (int e : inc[v])
                    if (st[e] == kUnknown && other(e, v) == n) {
                        string why;
                        if (verbose) why = node_name(v) + " cuts the cells in two: no path end";
                        if (!block(e, "partition", why)) return -1;
                        changed = 1;
                    }
        }
        return changed;
    }

    // parity on one region (in_region marks its cells; size cells, whole = all cells)
    vector<int> mark, seen, island, all_cells;
    vector<char> color;  // checkerboard colour of a cell
    vector<int> cx, cy;  // x and y of a cell
    int mark_id = 0, seen_id = 0;
    int parity_region(const vector<int>& cells, bool whole) {
        int diff = 0, u[2] = {0, 0}, a[2] = {0, 0};
        for (int c : cells) {
            int col = color[c];
            diff += col ? -1 : 1;
            for (int e : inc[c]) {
                int o = other(e, c);
                if (o != n && mark[o] == mark_id) continue;
                if (st[e] != kBlocked) ++a[col];
                if (st[e] == kUsed) ++u[col];
            }
        }
        // E0 - E1 = 2 diff; E0 + E1 >= 2 (== 2 for the whole board)
        int lo0 = max(u[0], u[1] + 2 * diff), hi0 = min(a[0], a[1] + 2 * diff);
        lo0 = max(lo0, 1 + diff);
        if (whole) hi0 = min(hi0, 1 + diff);
        if (lo0 > hi0) return -1;
        int lo[2] = {lo0, lo0 - 2 * diff}, hi[2] = {hi0, hi0 - 2 * diff};
        int changed = 0;
        for (int col = 0; col < 2; ++col) {
            bool do_block = hi[col] == u[col] && a[col] > u[col];
            bool do_use = lo[col] == a[col] && a[col] > u[col];
            if (!do_block && !do_use) continue;
            string why;
            if (verbose)
                why = "region of " + to_string(cells.size()) + " cells from " +
                      node_name(cells[0]) + " has " + to_string(diff) +
                      " more black than white cells; " + (col ? "white" : "black") +
                      " crossings must be " + to_string(lo[col]) + ".." + to_string(hi[col]);
            for (int c : cells) {
                if (color[c] != col) continue;
                for (int e : inc[c]) {
                    int o = other(e, c);
                    if ((o != n && mark[o] == mark_id) || st[e] != kUnknown) continue;
                    bool ok = do_block ? block(e, "parity", why) : use(e, "parity", why);
                    if (!ok) return -1;
                    changed = 1;
                }
            }
            return changed;  // restart: the counts changed
        }
        return 0;
    }
    // A 2 x 2 block at (x0, y0) whose islands (cells joined by open edges inside the block)
    // give parity_region nothing to do: no contradiction and no deduction. Same counts as
    // parity_region, without marks and floods (most blocks are quiet).
    bool quiet_block(int x0, int y0) {
        int q[4] = {y0 * w + x0, y0 * w + x0 + 1, (y0 + 1) * w + x0, (y0 + 1) * w + x0 + 1};
        // internal edges: a-b, c-d (vertical edges), a-c, b-d (horizontal edges); an internal
        // edge between two islands is blocked, so only the outer edges of a cell count
        int ie[4] = {nh + y0 * (w + 1) + x0 + 1, nh + (y0 + 1) * (w + 1) + x0 + 1,
                     (y0 + 1) * w + x0, (y0 + 1) * w + x0 + 1};
        int oe[4][2] = {{y0 * w + x0, nh + y0 * (w + 1) + x0},
                        {y0 * w + x0 + 1, nh + y0 * (w + 1) + x0 + 2},
                        {(y0 + 2) * w + x0, nh + (y0 + 1) * (w + 1) + x0},
                        {(y0 + 2) * w + x0 + 1, nh + (y0 + 1) * (w + 1) + x0 + 2}};
        static const int ia[4] = {0, 2, 0, 1}, ib[4] = {1, 3, 2, 3};
        int comp[4] = {0, 1, 2, 3};
        for (int k = 0; k < 4; ++k)
            if (st[ie[k]] != kBlocked) {
                int x = comp[ia[k]], y = comp[ib[k]];
                if (x != y)
                    for (int& c : comp)
                        if (c == y) c = x;
            }
        for (int r = 0; r < 4; ++r) {
            int size = 0, diff = 0, u[2] = {0, 0}, a[2] = {0, 0};
            for (int i = 0; i < 4; ++i) {
                if (comp[i] != r) continue;
                ++size;
                int col = color[q[i]];
                diff += col ? -1 : 1;
                for (int e : oe[i]) {
                    if (st[e] != kBlocked) ++a[col];
                    if (st[e] == kUsed) ++u[col];
                }
            }
            if (size < 2) continue;
            int lo0 = max(u[0], u[1] + 2 * diff), hi0 = min(a[0], a[1] + 2 * diff);
            lo0 = max(lo0, 1 + diff);
            if (lo0 > hi0) return false;
            int lo[2] = {lo0, lo0 - 2 * diff}, hi[2] = {hi0, hi0 - 2 * diff};
            for (int col = 0; col < 2; ++col)
                if (a[col] > u[col] && (hi[col] == u[col] || lo[col] == a[col])) return false;
        }
        return true;
    }

    int parity() {
        if (mark_id > (1 << 30) || seen_id > (1 << 30)) {  // ids about to overflow: reset
            fill(mark.begin(), mark.end(), 0), fill(seen.begin(), seen.end(), 0);
            mark_id = seen_id = 0;
        }
        ++mark_id;
        for (int c = 0; c < n; ++c) mark[c] = mark_id;
        int r = parity_region(all_cells, true);
        if (r) return r;
        ++seen_id;
        // regions: connected parts of the cells that are not inside a fragment (used < 2)
        for (int s0 = 0; s0 < n; ++s0) {
            if (used[s0] == 2 || seen[s0] == seen_id) continue;
            island.assign(1, s0);
            seen[s0] = seen_id;
            for (size_t i = 0; i < island.size(); ++i) {
                int c = island[i];
                for (int e : inc[c]) {
                    int o = other(e, c);
                    if (st[e] == kBlocked || o == n || used[o] == 2 || seen[o] == seen_id) continue;
                    seen[o] = seen_id;
                    island.push_back(o);
                }
            }
            if (island.size() == static_cast<size_t>(n)) continue;
            ++mark_id;
            for (int c : island) mark[c] = mark_id;
            r = parity_region(island, false);
            if (r) return r;
        }
        for (int bh = 2; bh <= min(parity_block, h); ++bh)
            for (int bw = 2; bw <= min(parity_block, w); ++bw)
                for (int y0 = 0; y0 + bh <= h; ++y0)
                    for (int x0 = 0; x0 + bw <= w; ++x0) {
                        // a block of cells inside fragments has no unknown edge: nothing to
                        // deduce, and its counts hold (every cell has degree 2, no loop)
                        bool open_block = false;
                        for (int y = y0; y < y0 + bh && !open_block; ++y)
                            for (int x = x0; x < x0 + bw; ++x)
                                if (used[y * w + x] != 2) open_block = true;
                        if (!open_block) continue;
                        if (bh == 2 && bw == 2 && n > 4 && quiet_block(x0, y0)) continue;
                        ++seen_id;
                        for (int y = y0; y < y0 + bh; ++y)
                            for (int x = x0; x < x0 + bw; ++x) {
                                int s = y * w + x;
                                if (seen[s] == seen_id) continue;
                                // flood the island of s inside the block
                                island.assign(1, s);
                                seen[s] = seen_id;
                                for (size_t i = 0; i < island.size(); ++i) {
                                    int c = island[i];
                                    for (int e : inc[c]) {
                                        if (st[e] == kBlocked) continue;
                                        int o = other(e, c);
                                        if (o == n || seen[o] == seen_id) continue;
                                        int ox = cx[o], oy = cy[o];
                                        if (ox < x0 || ox >= x0 + bw || oy < y0 || oy >= y0 + bh)
                                            continue;
                                        seen[o] = seen_id;
                                        island.push_back(o);
                                    }
                                }
                                if (island.size() < 2 || island.size() == static_cast<size_t>(n))
                                    continue;
                                ++mark_id;
                                for (int c : island) mark[c] = mark_id;
                                r = parity_region(island, false);
                                if (r) return r;
                            }
                    }
        return 0;
    }

    // All steps to a fixpoint. False on contradiction.
    bool propagate_steps() {
        for (;;) {
            if (!drain()) return false;
            if (closed) return true;
            int r = loop_fork();
            if (r < 0) return false;
            if (r > 0) continue;
            if (connectivity(true) < 0) return false;
            r = connectivity(false);
            if (r < 0) return false;
            if (r > 0) continue;
            r = parity();
            if (r < 0) return false;
            if (r > 0) continue;
            return true;
        }
    }

    // Does setting e to `value` lead to a contradiction by the cheap steps?
    bool refuted(int e, int value, bool deep) {
        size_t to = trail.size();
        bool was_verbose = verbose;
        verbose = false;
        bool ok = value == kUsed ? use(e, "", "") : block(e, "", "");
        // shallow: the local steps only (global ones cost O(cells) per edge); deep: all steps
        ok = ok && (deep ? propagate_steps() : drain());
        queue_.clear();
        undo(to);
        verbose = was_verbose;
        return !ok;
    }

    // The steps, then trial: an edge whose use (or block) fails at once takes the other value.
    // Shallow trials on every unknown edge; when they stall, and only before the first guess,
    // deep trials (all steps) on the edges at fragment ends, where the search would branch
    // (deeper in the search they cost more than they save on boards with many solutions).
    bool propagate() {
        if (!propagate_steps()) return false;
        if (!probe) return true;
        int deep_from = 0;  // a deep pass goes on where the last one found something
        for (bool deep = false;;) {
            if (closed) return true;
            int found = 0;
            for (int i = 0; i < ne && !closed && !(deep && found); ++i) {
                int e = deep ? (deep_from + i) % ne : i;
                if (st[e] != kUnknown) continue;
                if (deep && used[ends[e][0]] != 1 && used[ends[e][1]] != 1) continue;
                for (int value : {kUsed, kBlocked}) {
                    if (!refuted(e, value, deep)) continue;
                    const char* why = value == kUsed ? "using it leads to a contradiction"
                                                     : "blocking it leads to a contradiction";
                    bool ok = value == kUsed ? block(e, "trial", why) : use(e, "trial", why);
                    if (!ok || !drain()) return false;  // the global steps once per pass
                    ++found;
                    if (deep) deep_from = e + 1;
                    break;
                }
            }
            if (found) {
                if (!propagate_steps()) return false;
                deep = false;
                continue;
            }
            if (deep || depth_ > 0) return true;  // deep trials at the root only
            deep = true;
        }
    }

    // Picks the unknown edge to branch on: at a path end with the fewest choices.
    // After a restart, ties are broken at random (jitter in 0..3 added to the key).
    int choose() {
        auto key = [&](int k) { return round_ == 0 ? 4 * k : 4 * k + static_cast<int>(rng() % 4); };
        int v = -1, best_k = INT_MAX, best_free = -1, best_free_k = INT_MAX;
        for (int u = 0; u < nodes; ++u) {
            if (used[u] == 2) continue;
            int k = key(open_[u] - used[u]);
            if (used[u] == 1 && k < best_k) v = u, best_k = k;
            if (used[u] == 0 && k < best_free_k) best_free = u, best_free_k = k;
        }
        if (v < 0) v = best_free;
        if (v < 0) return -1;
        // Warnsdorff: towards the neighbour with the fewest choices left
        int best_e = -1, best_left = INT_MAX;
        for (int e : inc[v])
            if (st[e] == kUnknown) {
                int u = other(e, v), left = key(u == n ? 5 : open_[u] - used[u]);
                if (left < best_left) best_e = e, best_left = left;
            }
        return best_e;
    }

    void search() {
        if (++nodes_searched > budget) {
            aborted = true;
            return;
        }
        if (!propagate()) {
            queue_.clear();
            if (verbose) cerr << "backtrack: contradiction\n";
            return;
        }
        if (closed) {
            if (solutions++ == 0) solution = st;
            if (verbose) cerr << "solution " << solutions << " found\n";
            return;
        }
        int e = choose();
        if (e < 0) return;  // cannot happen: an open node always has an unknown edge
        for (int value : {kUsed, kBlocked}) {
            size_t mark_trail = trail.size();
            if (verbose)
                cerr << "guess: " << edge_name(e) << (value == kUsed ? " used" : " blocked")
                     << '\n';
            bool ok = value == kUsed ? use(e, "guess", "search") : block(e, "guess", "search");
            ++depth_;
            if (ok) search();
            --depth_;
            queue_.clear();
            undo(mark_trail);
            if (solutions >= limit || aborted) return;
        }
    }

    // Counts solutions up to `lim` (the first one kept in `solution`); -1 when more than
    // max_nodes search nodes were needed (only if max_nodes >= 0; generators/alcazar.cpp).
    // Restarts: a search that has used up its budget of search nodes starts again with random
    // tie-breaking and twice the budget (the budget grows without bound, so nothing is lost).
    //
    // Looking for one solution (lim 1, no cap), each restart that used up its budget is followed
    // by a round without the trial step and 10 times the budget (its nodes cost about 1/10):
    // on open boards with many solutions such a fast, less informed search often finds a path
    // where the careful one is stuck. Any round that completes gives the exact answer.
    long long run(const Board& b, long long lim) {
        bool base = probe, portfolio = lim == 1 && max_nodes < 0 && probe;
        long long k = -1;
        for (round_ = 0; k < 0; ++round_) {
            k = attempt(b, lim, 200LL << min(round_, 40), base);
            if (k == -2) {  // caller's cap
                probe = base;
                return -1;
            }
            if (k < 0 && portfolio) k = attempt(b, lim, 2000LL << min(round_, 40), false);
        }
        probe = base;
        --round_;
        return k;
    }
    // One search with the given node budget: the number of solutions, -1 when the budget was
    // used up, -2 when also the caller's cap max_nodes.
    long long attempt(const Board& b, long long lim, long long nodes_budget, bool with_probe) {
        init(b);
        probe = with_probe;
        limit = lim, solutions = 0, aborted = false;
        budget = nodes_searched + nodes_budget;
        rng.seed(static_cast<unsigned>(round_));
        queue_.clear();
        trail.clear();
        for (int v = 0; v < nodes; ++v) queue_.push_back(v);
        search();
        if (!aborted) return solutions;
        if (max_nodes >= 0 && nodes_searched > max_nodes) return -2;
        if (verbose)
            cerr << "restart after round " << round_ + 1 << (with_probe ? "" : " (no trial step)")
                 << ": budget of search nodes used up\n";
        return -1;
    }
};

// ---------------------------------------------------------------------------------------------
// Output: the input's grid lines with the path drawn (PROBLEMS.md), like alcazam's drawing.
void print_solution(const Board& b, const Solver& s, const vector<int>& st) {
    vector<string> out = b.lines;
    int width = b.o + 4 * b.w + 1;
    for (auto& line : out)
        if (static_cast<int>(line.size()) < width) line.resize(width, ' ');
    int w = b.w, h = b.h, nh = s.nh;
    auto used_h = [&](int x, int y) { return st[y * w + x] == kUsed; };
    auto used_v = [&](int x, int y) { return st[nh + y * (w + 1) + x] == kUsed; };
    for (int y = 0; y <= h; ++y)
        for (int x = 0; x < w; ++x)
            if (used_h(x, y)) out[2 * y][b.o + 4 * x + 2] = '|';
    for (int y = 0; y < h; ++y)
        for (int x = 0; x <= w; ++x)
            if (used_v(x, y)) {
                int c = b.o + 4 * x;
                out[2 * y + 1][c] = '-';
                if (x > 0) out[2 * y + 1][c - 1] = '-';
                if (x < w) out[2 * y + 1][c + 1] = '-';
            }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            bool straight_v = used_h(x, y) && used_h(x, y + 1);
            bool straight_h = used_v(x, y) && used_v(x + 1, y);
            out[2 * y + 1][b.o + 4 * x + 2] = straight_v ? '|' : straight_h ? '-' : '+';
        }
    string text;
    for (auto& line : out) text += line + '\n';
    cout << text;
}

// The puzzle itself (walls only), drawn from scratch at offset 0.
void print_puzzle(const Board& b) {
    string text;
    for (int y = 0; y <= b.h; ++y) {
        for (int x = 0; x < b.w; ++x) text += b.wall_h[y * b.w + x] ? "+---" : "+   ";
        text += "+\n";
        if (y == b.h) break;
        for (int x = 0; x <= b.w; ++x) {
            text += b.wall_v[y * (b.w + 1) + x] ? '|' : ' ';
            if (x < b.w) text += "   ";
        }
        while (text.size() > 1 && text.back() == ' ' && text[text.size() - 2] != '\n')
            text.pop_back();  // but keep one character: an empty line would be skipped
        text += '\n';
    }
    cout << text;
}

#ifndef ALCAZAR_NO_MAIN
int main(int argc, char* argv[]) {
    cin.tie(nullptr)->sync_with_stdio(false);
    string file;
    bool verbose = false, reduce = false, count = false;
    for (int i = 1; i < argc; ++i) {
        string a = argv[i];
        if (a == "-f" && i + 1 < argc)
            file = argv[++i];
        else if (a == "-v")
            verbose = true;
        else if (a == "-r")
            reduce = true;
        else if (a == "--count")
            count = true;
        else {
            cerr << "usage: alcazar [-f FILE] [-v] [-r] [--count] (unknown option " << a << ")\n";
            return 2;
        }
    }
    string text;
    if (!file.empty()) {
        ifstream in(file, ios::binary);
        if (!in) fail_input("cannot open " + file);
        text.assign(istreambuf_iterator<char>(in), istreambuf_iterator<char>());
    } else {
        text.assign(istreambuf_iterator<char>(cin), istreambuf_iterator<char>());
    }
    Board board = parse(text);
    Solver solver;
    if (count) {
        long long k = solver.run(board, 2);
        cout << (k == 0 ? "0" : k == 1 ? "1" : "2 or more") << '\n';
        return 0;
    }
    if (reduce) {
        long long k = solver.run(board, 2);
        if (k == 0) {
            cout << "no solution\n";
            return 0;
        }
        if (k >= 2) {
            cerr << "-r: the puzzle has 2 or more solutions; no wall removed\n";
            print_puzzle(board);
            return 0;
        }
        int removed = 0;
        auto try_remove = [&](char& wall) {
            if (!wall) return;
            wall = 0;
            if (solver.run(board, 2) == 1)
                ++removed;
            else
                wall = 1;
        };
        for (auto& wall : board.wall_h) try_remove(wall);
        for (auto& wall : board.wall_v) try_remove(wall);
        cerr << "removed " << removed << " walls\n";
        print_puzzle(board);
        return 0;
    }
    solver.verbose = verbose;
    long long k = solver.run(board, 1);
    if (verbose)
        cerr << (k ? "solved" : "no solution") << " after " << solver.steps << " steps, "
             << solver.nodes_searched << " search nodes\n";
    if (k == 0) {
        cout << "no solution\n";
        return 0;
    }
    print_solution(board, solver, solver.solution);
}
#endif

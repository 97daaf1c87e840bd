/**
 * Problem: Alcazar path puzzles in the alcazam format (alcazar)
 * Source:  github.com/sjb3d/alcazam; statement and format in testdata/alcazar/statement.md
 * Idea:    Add one node O for "outside"; door edges join a border cell to O. A solution is then a
 *          Hamiltonian cycle of cells + O (O's two edges are the two doors). Edges are unknown,
 *          used or blocked; alcazam's logical steps run to a fixpoint, then we guess an edge
 *          and learn from every contradiction (conflict-driven nogood learning, below).
 * Time:    exponential in the worst case (Hamiltonian path); one round of steps is O(cells),
 *          a trial pass O(edges * cascade). Measured (bench/alcazar/RESULTS.md, whole process,
 *          shared machine, load 0.7-1.3): uniquely solvable 20 x 20 puzzles median 1.6 ms (17x
 *          clingo); open boards with many solutions 40 x 40 median 0.016 s, max 0.068 s (clingo
 *          0.24 s, 0.47 s), 60 x 60 median 0.12 s, max 0.87 s (clingo 1.2 s, 1.7 s); 20 x 20
 *          boards without solution (bench/alcazar/none_boards) median 0.004 s, max 0.008 s
 *          (clingo 0.036 s, 0.115 s): the two-factor test refutes 12 of the 16 at the root
 * Memory:  O(cells + trail + learned nogoods)
 * Status:  AC on testdata/alcazar (40 generated + sample, 5 of them without solution and
 *          needing a search) and ../shared/cases/alcazar (its 4 alcazam puzzles); agrees with
 *          solutions/brute/alcazar.cpp (DFS over door-to-door Hamiltonian paths) on 9 x 300 judge
 *          stress seeds (cmake/problems/alcazar.cmake), --count on 7 x 60 boards
 *          (alcazar_count.sh), the search alone (--local-steps, early restarts) on 200 boards,
 *          42 without solution refuted by a search, and --no-trials (parity and connectivity
 *          reasons in the nogoods) on 40 boards with a planted path (alcazar_search.sh); beyond
 *          CI, the same scripts with 300 and 200 seeds: --count on 2100 boards, the search on
 *          1000 (224 refuted by a search), --no-trials on 200 (bench/alcazar/RESULTS.md)
 *
 * Steps (names as printed by -v; the local ones run from a queue of changed nodes, then the
 * global ones in this order, and after any change we start again from the queue):
 *   single cell   a node with two used edges blocks the rest; with two edges left uses them
 *   loop          an edge joining the two ends of one path fragment is blocked (unless it closes
 *                 the whole cycle); with O this is also alcazam's "early exit" rule
 *   loop fork     a cell with three open edges, two of which lead to the two ends of one
 *                 fragment, must use the third
 *   parity        for a region R of cells (the board, each connected part of the cells not
 *                 inside a fragment, the islands of 2 x 2 blocks) with b - w more
 *                 black than white cells, used crossing edges satisfy E_black - E_white = 2(b-w)
 *                 (every cell has degree 2 and inner edges join black to white), E >= 2 if R is
 *                 not the board, E = 2 if it is
 *   connectivity  cells + O over open edges must be 2-vertex- and 2-edge-connected (a cycle is);
 *                 first checked on the graph with each path fragment as one edge (its inner
 *                 cells only subdivide it): the full search runs only when that one finds a
 *                 cut, a bridge or a cut cell with a door
 *   partition     a bridge of the cell graph (without O) must be used; a cut cell of the cell
 *                 graph lies inside the path, so its doors are blocked (3+ parts: no solution)
 *   trial         failed-literal probing: an edge whose use (block) fails by the local steps
 *                 is blocked (used); below the root only edges near what changed since the
 *                 guess; at the root also with all steps, on the edges at fragment ends, once
 *                 the search has met 200 contradictions (the steps alone: from the start); a
 *                 pass skips a value that an earlier trial of the same pass implied without
 *                 failing (its own trial would find no more)
 *   Below the root parity and connectivity run only once 32 edges were set since they last
 *   ran (they rarely find anything at a single guess, and cost O(cells)).
 *   two-factor    at the root of the search: the unknown edges must give every cell the edges
 *                 it still lacks (and O its doors); the cells are black and white and every
 *                 edge joins two colours, so a max flow decides it (a bipartite b-matching);
 *                 none: no solution (refutes most boards walled until they had no path)
 *   guess         search: at the fragment end with the fewest choices (ties: the end whose
 *                 edges took part in more failures), the edge towards the neighbour with the
 *                 fewest choices (Warnsdorff; ties by the same activity), with the value it
 *                 had when last undone (phase saving); every 6th restart round guesses the
 *                 most active unknown edge instead (VSIDS)
 *   learned       a learned nogood with all its edges but one set forces that one's other value
 *                 (inside a shallow trial only the nogoods of up to 3 edges are checked)
 *
 * Learning: every deduction below the root keeps its reason, the edges it read (single cell:
 * the node's used or blocked edges; loop and loop fork: the fragment's edges; parity: the set
 * crossings of the region that the two deciding bounds read (one colour's used, the other's
 * blocked), as the bounds hold for any set of cells; connectivity: the blocked
 * edges around the cut-off part; trial: the analysis of the trial's contradiction). A
 * contradiction is resolved back to its first unique implication point (1-UIP), minimised
 * (MiniSat's recursive rule), stored as a nogood with two watched edges, and the search jumps
 * back to where the nogood forces an edge; the edges met bump their activity. Nogoods stay
 * across restarts (Luby budgets of 50 contradictions; the root's deductions stay too).
 *
 * Options: -f FILE (read FILE); -v (each deduction step on stderr, with the board after it);
 * -r (as alcazam: remove every wall whose removal leaves a puzzle the steps alone, without a
 * guess, still solve; print "removed N edges!" and the reduced puzzle solved); --reduce-unique
 * (remove every wall that can go while the solution stays unique; print the reduced puzzle);
 * --count (0, 1 or "2 or more"). The path (and -v's boards) in ANSI colour when the output is
 * a terminal and NO_COLOR is not set.
 * For tests: --no-search (the steps alone, as -r; else "not solved by the steps alone"),
 * --local-steps (only single cell, loop, loop fork: the search proves the rest), --no-trials
 * (all steps but trial: parity and connectivity deduce, and explain, below the root),
 * --restart-nodes N (the first round's budget of contradictions: restarts on small boards).
 */
// Only C headers and header-only templates: the program links libc alone. Loading libstdc++.so
// (any iostream, std::string or std::vector) costs ~0.5 ms per process here, a third of an
// 8 x 8 solve (bench/alcazar/RESULTS.md), so the containers below are our own.
#include <algorithm>
#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <unistd.h>  // isatty: colours only on a terminal

// Malformed input: one line on stderr, exit status 1 (docs/conventions.md).
[[noreturn]] void fail_input(const char* format, ...) {
    va_list args;
    va_start(args, format);
    fputs("invalid input: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

const int kMaxSide = 200;  // the board may have up to 200 x 200 cells (see problem.txt)

// A growable array of a trivially copyable T on malloc/realloc (std::vector needs libstdc++.so).
// No destructor, on purpose: the arrays live until exit (the generator reuses one Solver), and
// a destructor would give every function holding an Array an unwinding cleanup around its stdio
// calls, which needs libstdc++'s personality routine, i.e. libstdc++.so again.
template <class T>
struct Array {
    T* items = nullptr;
    int count = 0, capacity = 0;
    Array() = default;
    Array(const Array& other) { *this = other; }
    Array& operator=(const Array& other) {
        if (this != &other) {
            count = 0;
            reserve(other.count);
            if (other.count) memcpy(items, other.items, sizeof(T) * other.count);
            count = other.count;
        }
        return *this;
    }
    void reserve(int wanted) {
        if (wanted <= capacity) return;
        int grown = std::max(wanted, std::max(16, 2 * capacity));
        void* p = realloc(items, sizeof(T) * static_cast<size_t>(grown));
        if (!p) {
            fputs("alcazar: out of memory\n", stderr);
            exit(1);
        }
        items = static_cast<T*>(p), capacity = grown;
    }
    void push_back(T value) {
        if (count == capacity) reserve(count + 1);
        items[count++] = value;
    }
    void assign(int n, T value) {
        count = 0;
        reserve(n);
        for (int i = 0; i < n; ++i) items[i] = value;
        count = n;
    }
    void resize(int n) {
        reserve(n);
        count = n;
    }
    void clear() { count = 0; }
    void pop_back() { --count; }
    T& back() { return items[count - 1]; }
    bool empty() const { return count == 0; }
    int size() const { return count; }
    T& operator[](int i) { return items[i]; }
    const T& operator[](int i) const { return items[i]; }
    T* begin() { return items; }
    T* end() { return items + count; }
    const T* begin() const { return items; }
    const T* end() const { return items + count; }
};

// ---------------------------------------------------------------------------------------------
// The board as read: grid lines (offsets into the text), offset, size, walls.
struct Board {
    Array<char> text;                 // the input, line ends replaced by '\0'
    Array<int> line_start, line_len;  // the 2H+1 grid lines (without line ends)
    int o = 0, w = 0, h = 0;
    Array<char> wall_h;  // (h+1) * w: wall above cell (x, y), index y*w+x
    Array<char> wall_v;  // h * (w+1): wall left of cell (x, y), index y*(w+1)+x
    const char* line(int i) const { return &text[line_start[i]]; }
};

// Parses b.text (read before) into grid lines and walls.
void parse(Board& b) {
    Array<char>& text = b.text;
    int pos = 0, line_no = 0, size = text.size();
    while (pos < size) {
        int end = pos;
        while (end < size && text[end] != '\n') ++end;
        int start = pos, len = end - pos;
        pos = end + 1;
        ++line_no;
        if (len > 0 && text[start + len - 1] == '\r') --len;
        if (len == 0 || text[start] == '#') continue;
        for (int i = start; i < start + len; ++i) {
            unsigned char u = static_cast<unsigned char>(text[i]);
            if ((u < 32 && u != '\t') || u >= 127)
                fail_input("line %d: unexpected byte %d (printable ASCII expected)", line_no, u);
        }
        if (b.line_start.size() > 2 * kMaxSide)
            fail_input("more than %d grid lines (at most %d rows of cells)", 2 * kMaxSide + 1,
                       kMaxSide);
        b.line_start.push_back(start), b.line_len.push_back(len);
    }
    int lines = b.line_start.size();
    if (lines == 0) fail_input("no grid lines");
    const char* first = b.line(0);
    int first_len = b.line_len[0], fo = -1, lo = -1;
    for (int i = 0; i < first_len; ++i)
        if (first[i] == '+') lo = i, fo = fo < 0 ? i : fo;
    if (fo < 0) fail_input("the first grid line has no '+'");
    if (lo == fo || (lo - fo) % 4 != 0)
        fail_input(
            "invalid board width: the first grid line's '+' span %d columns, a positive "
            "multiple of 4 expected",
            lo - fo);
    b.o = fo;
    b.w = (lo - fo) / 4;
    if (b.w > kMaxSide) fail_input("board %d cells wide, at most %d", b.w, kMaxSide);
    if (lines % 2 == 0 || lines < 3)
        fail_input("invalid board height: %d grid lines, an odd number >= 3 expected", lines);
    b.h = lines / 2;
    auto at = [&](int line, int col) { return col < b.line_len[line] ? b.line(line)[col] : ' '; };
    b.wall_h.assign((b.h + 1) * b.w, 0);
    b.wall_v.assign(b.h * (b.w + 1), 0);
    for (int y = 0; y <= b.h; ++y)
        for (int x = 0; x < b.w; ++x) b.wall_h[y * b.w + x] = at(2 * y, b.o + 4 * x + 2) == '-';
    for (int y = 0; y < b.h; ++y)
        for (int x = 0; x <= b.w; ++x)
            b.wall_v[y * (b.w + 1) + x] = at(2 * y + 1, b.o + 4 * x) == '|';
}

// A short name for a node or an edge in the -v messages.
struct Name {
    char text[64];
};

// ---------------------------------------------------------------------------------------------
// The solver. Nodes: cells 0..n-1 (y*w+x), O = n. Edges: horizontal y*w+x (above cell (x, y),
// y = 0..h), then vertical nh + y*(w+1)+x (left of cell (x, y), x = 0..w).
enum : char { kUnknown = 0, kUsed = 1, kBlocked = 2 };

// Why an edge has its value (conflict learning). A literal is "edge e has its current value",
// so a reason is a list of edges: all assigned before e, together they force e's value. The
// local steps keep only the kind and a node; their edges are found when a conflict is analysed
// (those assigned before e, which is the state the step saw). The global steps and the trial
// step list their edges when they deduce (kListed).
enum : char {
    kDecision = 0,  // a guess, a trial's literal, or at the root (no reason needed)
    kUsedTwo,       // single cell: node a has two used edges
    kOpenTwo,       // single cell: node a has two open edges
    kLoopOf,        // loop: node a ends a fragment whose other end is across the edge
    kForkOf,        // loop fork at cell a: its blocked edges and the fragment ending at b
    kClause,        // learned nogood a
    kListed         // listed[a .. a + b)
};
struct Why {
    char kind;
    int a, b;
};
const Why kGuess = {kDecision, 0, 0};

struct Solver {
    int w = 0, h = 0, n = 0, nodes = 0, nh = 0, ne = 0;
    Array<int> end_a, end_b;         // the two nodes of an edge
    Array<int> inc_from, inc_edges;  // edges of node v: inc_edges[inc_from[v] .. inc_from[v+1])
    Array<int> inc_other;            // the other node of inc_edges[k]
    Array<int> inc_fill;             // init's fill positions
    // search state; every change goes through set() and is undone from the trail
    Array<int> st, used, open_, partner, fsize;  // open_ = edges not blocked
    int o_end[2] = {0, 0};                       // the two ends of the fragment holding O
    Array<char> is_wall;                         // blocked by the puzzle, not by a step
    int closed = 0;                              // 1 once the Hamiltonian cycle is complete
    struct Change {
        int* slot;
        int value;
    };
    Array<Change> trail;
    Array<int> queue_;
    bool verbose = false;
    long long steps = 0;
    bool probe = true;           // the trial step (failed-literal probing)
    bool global_steps = true;    // parity and connectivity (off only in tests: --local-steps)
    long long first_budget = 0;  // contradictions of the first round; 0: 50
    // results
    long long solutions = 0, limit = 1, nodes_searched = 0;
    long long max_nodes = -1;
    int depth_ = 0;  // search depth (guesses on the current branch)
    bool aborted = false;
    int round_ = 0;
    Array<int> solution;     // st of the first solution found
    Array<char> phase;       // per edge: its value when last undone (first kUsed)
    Array<double> activity;  // per edge: how often it took part in a failed search node
    double bump_amount = 1;
    char why_[256];  // the reason of a deduction, built only with -v

    // Conflict learning (see the enum above). Per edge: why it has its value, at which search
    // depth (0: the root, whose facts follow from the puzzle and need no reason) and at which
    // position of `assigned` (the edges in the order they were set; undo restores its count).
    Array<char> why_kind;
    Array<int> why_a, why_b, level_of, pos_of, assigned;
    Array<int> listed;     // the edges of kListed reasons (undo restores its count)
    Array<int> conflict_;  // after a contradiction below the root: edges that cannot all hold
    int clause_head = 0;   // assigned[clause_head ..] not yet checked against the nogoods
    // Learned nogoods, stored as clauses: literal 2e + 0 "e used", 2e + 1 "e blocked"; the
    // first two literals of a clause are watched (watch_head per literal, watch_next per
    // clause and slot, 2c + slot). Nogoods of up to kTrialNogoodEdges edges are on the lists
    // of watch_head, the longer ones on those of long_watch_head: a shallow trial checks only
    // the short ones. 85 % of the watches visited were visited inside shallow trials (none
    // 20 x 20 seed 14: 11.6 of 13.6 million), and the long nogoods rarely fail a trial the
    // local steps would not fail too (bench/alcazar/RESULTS.md, issue 15's fourth part).
    static const int kTrialNogoodEdges = 3;
    Array<int> clause_lits, clause_from, clause_len, watch_head, long_watch_head, watch_next;
    bool shallow_trial = false;  // inside a shallow trial: long nogoods are not checked
    long long conflicts = 0, conflict_budget = 0;

    struct Edges {
        const int *first, *last;
        const int* begin() const { return first; }
        const int* end() const { return last; }
    };
    Edges inc(int v) const { return {&inc_edges[inc_from[v]], &inc_edges[inc_from[v + 1]]}; }

    void set(int& slot, int value) {
        trail.push_back({&slot, slot});
        slot = value;
    }
    // Calls f(e) for every edge whose state changed at trail position `from` or later.
    template <class F>
    void for_each_changed_edge(int from, F f) {
        for (int i = from; i < trail.size(); ++i) {
            int* slot = trail[i].slot;
            if (slot >= st.begin() && slot < st.end()) f(static_cast<int>(slot - st.begin()));
        }
    }
    void undo(int to) {
        if (to < quiet_pos) quiet_pos = -1;
        while (trail.size() > to) {
            *trail.back().slot = trail.back().value;
            trail.pop_back();
        }
        clause_head = std::min(clause_head, assigned.count);
    }

    void init(const Board& b) {
        w = b.w, h = b.h, n = w * h, nodes = n + 1, nh = (h + 1) * w, ne = nh + h * (w + 1);
        end_a.resize(ne), end_b.resize(ne);
        st.assign(ne, kUnknown);
        is_wall.assign(ne, 0);
        for (int y = 0; y <= h; ++y)
            for (int x = 0; x < w; ++x) {
                int e = y * w + x;
                end_a[e] = y == 0 ? n : (y - 1) * w + x, end_b[e] = y == h ? n : y * w + x;
                if (b.wall_h[e]) st[e] = kBlocked;
                is_wall[e] = b.wall_h[e];
            }
        for (int y = 0; y < h; ++y)
            for (int x = 0; x <= w; ++x) {
                int e = nh + y * (w + 1) + x;
                end_a[e] = x == 0 ? n : y * w + x - 1, end_b[e] = x == w ? n : y * w + x;
                if (b.wall_v[y * (w + 1) + x]) st[e] = kBlocked;
                is_wall[e] = b.wall_v[y * (w + 1) + x];
            }
        // incidence lists in edge order (counting sort by node)
        inc_from.assign(nodes + 1, 0);
        for (int e = 0; e < ne; ++e) ++inc_from[end_a[e] + 1], ++inc_from[end_b[e] + 1];
        for (int v = 0; v < nodes; ++v) inc_from[v + 1] += inc_from[v];
        inc_edges.resize(2 * ne);
        inc_fill = inc_from;
        for (int e = 0; e < ne; ++e)
            inc_edges[inc_fill[end_a[e]]++] = e, inc_edges[inc_fill[end_b[e]]++] = e;
        inc_other.resize(2 * ne);
        for (int v = 0; v < nodes; ++v)
            for (int k = inc_from[v]; k < inc_from[v + 1]; ++k)
                inc_other[k] = other(inc_edges[k], v);
        used.assign(nodes, 0);
        open_.assign(nodes, 0);
        for (int e = 0; e < ne; ++e)
            if (st[e] != kBlocked) ++open_[end_a[e]], ++open_[end_b[e]];
        partner.resize(nodes);
        for (int v = 0; v < nodes; ++v) partner[v] = v;
        fsize.assign(nodes, 1);
        o_end[0] = o_end[1] = n;
        closed = 0;
        mark.assign(nodes, 0), seen.assign(nodes, 0), mark_id = seen_id = 0;
        implied.assign(2 * ne, 0), pass_id = 0;
        near.assign(ne, 0), near_id = 0;
        cell_changed.assign(n, 0), changed_id = 0, quiet_pos = -1;
        color.resize(n), cx.resize(n), cy.resize(n), all_cells.resize(n);
        board_diff = 0;
        for (int c = 0; c < n; ++c) {
            all_cells[c] = c, color[c] = (c % w + c / w) & 1, cx[c] = c % w, cy[c] = c / w;
            board_diff += color[c] ? -1 : 1;
        }
        disc.resize(nodes), low_in.resize(nodes), low_out.resize(nodes), it_.resize(nodes);
        parent_edge.resize(nodes);
        cut_parts.resize(nodes);
        order_.resize(nodes), fin_.resize(nodes);
        why_kind.assign(ne, kDecision), why_a.resize(ne), why_b.resize(ne);
        level_of.assign(ne, 0), pos_of.assign(ne, -1);
        assigned.clear(), assigned.reserve(ne), listed.clear(), clause_head = 0, global_at = 0;
    }

    Name node_name(int v) const {
        Name name;
        if (v == n)
            snprintf(name.text, sizeof name.text, "outside");
        else
            snprintf(name.text, sizeof name.text, "(%d,%d)", v % w, v / w);
        return name;
    }
    Name edge_name(int e) const {
        Name name;
        char* s = name.text;
        int size = sizeof name.text;
        if (e < nh) {
            int y = e / w, x = e % w;
            if (y == h)
                snprintf(s, size, "edge below (%d,%d)", x, h - 1);
            else
                snprintf(s, size, "edge above (%d,%d)", x, y);
            return name;
        }
        int k = e - nh, y = k / (w + 1), x = k % (w + 1);
        if (x == w)
            snprintf(s, size, "edge right of (%d,%d)", w - 1, y);
        else
            snprintf(s, size, "edge left of (%d,%d)", x, y);
        return name;
    }
    // The reason of a deduction as printf would format it. Callers write `!verbose ? "" :
    // why(...)`: without -v not even the node names in the arguments are worth formatting.
    const char* why(const char* format, ...) {
        va_list args;
        va_start(args, format);
        vsnprintf(why_, sizeof why_, format, args);
        va_end(args);
        return why_;
    }
    // -v: a deduction (made already: st[e] is its value) and the board after it.
    void log(const char* step, int e, const char* reason) {
        if (!verbose) return;  // also off inside trials: only real deductions are counted
        ++steps;
        fprintf(stderr, "step %lld [%s] %s %s: %s\n", steps, step, edge_name(e).text,
                st[e] == kUsed ? "used" : "blocked", reason);
        draw_state(e);
    }
    // The board on stderr as the steps know it: walls as drawn in the puzzle, used edges as
    // in the solution (| across a horizontal edge, - across a vertical one), edges blocked by
    // a step as x; in colour (used green, blocked red, the last change bold) when stderr is a
    // terminal.
    bool colour = false;
    void draw_state(int changed) {
        Array<char> text;
        auto add = [&](const char* s) {
            while (*s) text.push_back(*s++);
        };
        auto put_edge = [&](int e, char used_mark, char wall_mark) {
            char c = st[e] == kUsed      ? used_mark
                     : is_wall[e]        ? wall_mark
                     : st[e] == kBlocked ? 'x'
                                         : ' ';
            if (!colour || c == ' ' || is_wall[e]) return text.push_back(c);
            add(e == changed ? "\x1b[1m" : "");
            add(st[e] == kUsed ? "\x1b[32m" : "\x1b[31m");
            text.push_back(c);
            add("\x1b[0m");
        };
        for (int y = 0; y <= h; ++y) {
            for (int x = 0; x < w; ++x) {
                int e = y * w + x;
                add(is_wall[e] ? "+-" : "+ ");
                put_edge(e, '|', '-');
                add(is_wall[e] ? "-" : " ");
            }
            add("+\n");
            if (y == h) break;
            for (int x = 0; x <= w; ++x) {
                put_edge(nh + y * (w + 1) + x, '-', '|');
                if (x < w) add(used[y * w + x] ? " + " : "   ");
            }
            text.push_back('\n');
        }
        fwrite(text.begin(), 1, text.size(), stderr);
    }

    // Below the root every deduction keeps its reason and every contradiction its conflict.
    bool explaining() const { return depth_ > 0; }
    // Notes that edge e was just set, for `why`.
    void record(int e, Why why) {
        why_kind[e] = why.kind, why_a[e] = why.a, why_b[e] = why.b;
        level_of[e] = depth_, pos_of[e] = assigned.count;
        assigned[assigned.count] = e;  // reserved for every edge in init
        set(assigned.count, assigned.count + 1);
    }
    // A deduction `why` of edge e found e set the other way: the conflict is why's edges and e.
    bool clash(int e, Why why) {
        if (explaining()) {
            conflict_.clear();
            explain_why(why, e, assigned.count, conflict_);
            conflict_.push_back(e);
        }
        return false;
    }
    // The conflict of a node with three used edges.
    bool too_many_used(int v) {
        if (explaining()) {
            conflict_.clear();
            for (int q : inc(v))
                if (st[q] == kUsed) conflict_.push_back(q);
        }
        return false;
    }

    // Uses edge e. False on contradiction.
    bool use(int e, const char* step, const char* reason, Why why) {
        if (st[e] == kUsed) return true;
        if (st[e] == kBlocked) return clash(e, why);
        set(st[e], kUsed);
        record(e, why);
        int a = end_a[e], b = end_b[e];
        set(used[a], used[a] + 1);
        set(used[b], used[b] + 1);
        log(step, e, reason);
        if (used[a] > 2) return too_many_used(a);
        if (used[b] > 2) return too_many_used(b);
        int pa = partner[a], pb = partner[b];
        if (pa == b) {  // a and b are the two ends of one fragment: the edge closes a cycle
            if (fsize[a] != nodes) {
                if (explaining()) {
                    conflict_.clear();
                    walk_fragment(a, pos_of[e], conflict_);
                    conflict_.push_back(e);
                }
                return false;
            }
            set(closed, 1);
        } else {
            int s = fsize[a] + fsize[b];
            if (a == o_end[0] || a == o_end[1] || b == o_end[0] || b == o_end[1])
                set(o_end[0], pa), set(o_end[1], pb);  // the fragment of O grows
            set(partner[pa], pb), set(partner[pb], pa);
            set(fsize[pa], s), set(fsize[pb], s);
            // the new ends (a, b themselves when they were alone: queued below, and checked
            // again after any later change of theirs)
            if (pa != a) queue_.push_back(pa);
            if (pb != b) queue_.push_back(pb);
        }
        queue_.push_back(a), queue_.push_back(b);
        return true;
    }
    bool block(int e, const char* step, const char* reason, Why why) {
        if (st[e] == kBlocked) return true;
        if (st[e] == kUsed) return clash(e, why);
        set(st[e], kBlocked);
        record(e, why);
        log(step, e, reason);
        int a = end_a[e], b = end_b[e];
        set(open_[a], open_[a] - 1);
        set(open_[b], open_[b] - 1);
        queue_.push_back(a), queue_.push_back(b);
        return true;
    }
    int other(int e, int v) const { return end_a[e] == v ? end_b[e] : end_a[e]; }

    // Reasons. Edges set before position `before` of `assigned` (walls: always) are the state a
    // step saw when it deduced the edge at `before`.
    bool set_before(int e, int before) const { return st[e] != kUnknown && pos_of[e] < before; }
    // The edges of node v with value `value` set before `before`.
    void edges_at(int v, char value, int before, Array<int>& out) const {
        for (int q : inc(v))
            if (st[q] == value && pos_of[q] < before) out.push_back(q);
    }
    // The used edges (set before `before`) of the fragment that ends at v, from v on.
    void walk_fragment(int v, int before, Array<int>& out) const {
        for (int came = -1;;) {
            int next = -1;
            for (int k = inc_from[v]; k < inc_from[v + 1] && next < 0; ++k) {
                int q = inc_edges[k];
                if (q != came && st[q] == kUsed && pos_of[q] < before) next = k;
            }
            if (next < 0) return;
            came = inc_edges[next];
            out.push_back(came);
            v = inc_other[next];
        }
    }
    // Appends the edges of reason `why` of edge e (set at position `before`, or being set now).
    void explain_why(Why why, int e, int before, Array<int>& out) const {
        switch (why.kind) {
            case kUsedTwo: return edges_at(why.a, kUsed, before, out);
            case kOpenTwo: return edges_at(why.a, kBlocked, before, out);
            case kLoopOf: return walk_fragment(why.a, before, out);
            case kForkOf:
                edges_at(why.a, kBlocked, before, out);
                return walk_fragment(why.b, before, out);
            case kClause:
                for (int i = 0; i < clause_len[why.a]; ++i) {
                    int q = clause_lits[clause_from[why.a] + i] >> 1;
                    if (q != e) out.push_back(q);
                }
                return;
            case kListed:
                for (int i = 0; i < why.b; ++i) out.push_back(listed[why.a + i]);
                return;
            default: return;
        }
    }
    void explain_edge(int e, Array<int>& out) const {
        explain_why({why_kind[e], why_a[e], why_b[e]}, e, pos_of[e], out);
    }
    // A kListed reason of the edges in `edges` (nothing at the root).
    Why listed_why(const Array<int>& edges) {
        if (!explaining()) return kGuess;
        int from = listed.count;
        listed.reserve(from + edges.size());
        for (int i = 0; i < edges.size(); ++i) listed.items[from + i] = edges[i];
        set(listed.count, from + edges.size());
        return {kListed, from, edges.size()};
    }

    // single cell + loop, for one node
    bool check_node(int v) {
        if (open_[v] < 2) {
            if (explaining()) conflict_.clear(), edges_at(v, kBlocked, INT_MAX, conflict_);
            return false;
        }
        if (used[v] == 2) {
            for (int p : inc(v))
                if (st[p] == kUnknown &&
                    !block(p, "single cell",
                           !verbose ? "" : why("%s already has two used edges", node_name(v).text),
                           {kUsedTwo, v, 0}))
                    return false;
        } else if (open_[v] == 2) {
            for (int p : inc(v))
                if (st[p] == kUnknown &&
                    !use(p, "single cell",
                         !verbose ? "" : why("%s has only two open edges", node_name(v).text),
                         {kOpenTwo, v, 0}))
                    return false;
        }
        if (used[v] == 1 && fsize[v] < nodes) {
            int p = partner[v];
            bool forks = with_forks;
            for (int k = inc_from[v]; next_to(v, p) && k < inc_from[v + 1]; ++k)
                if (int q = inc_edges[k];
                    st[q] == kUnknown && inc_other[k] == p &&
                    !block(q, v == n || p == n ? "early exit" : "loop",
                           !verbose ? ""
                                    : why("%s and %s end one fragment of %d < %d nodes",
                                          node_name(v).text, node_name(p).text, fsize[v], nodes),
                           {kLoopOf, v, 0}))
                    return false;
            for (int k = inc_from[v]; forks && k < inc_from[v + 1]; ++k) {
                int c = inc_other[k];
                if (open_[c] == 3 && used[c] == 0 && st[inc_edges[k]] == kUnknown &&
                    !loop_fork_at(c))
                    return false;
            }
        }
        return !with_forks || open_[v] != 3 || used[v] != 0 || loop_fork_at(v);
    }
    // Can an edge join nodes v and u? (Two cells only when they are neighbours.)
    bool next_to(int v, int u) const {
        return v == n || u == n || abs(cx[v] - cx[u]) + abs(cy[v] - cy[u]) == 1;
    }
    // check_node has nothing to do at v: a cell inside a fragment (a third of the calls), one
    // with no used edge and too many open ones for single cell and loop fork, or (no loop fork
    // checked) a fragment end with 3 or 4 open edges whose other end is not next to it.
    bool idle(int v) const {
        int u = used[v], o = open_[v];
        if (u == 2) return o == 2;
        if (u == 0) return o > (with_forks ? 3 : 2);
        return !with_forks && o > 2 && !next_to(v, partner[v]);
    }
    bool drain() {
        for (;;) {
            if (clause_head < assigned.count) {
                if (!check_nogoods(assigned[clause_head++])) return false;
                continue;
            }
            if (queue_.empty()) return true;
            int v = queue_.back();
            queue_.pop_back();
            if (!idle(v) && !check_node(v)) return false;
        }
    }

    // Learned nogoods as clauses (literal 2e: e used, 2e + 1: e blocked), two watched literals.
    bool lit_true(int lit) const { return st[lit >> 1] == (lit & 1 ? kBlocked : kUsed); }
    bool lit_false(int lit) const { return st[lit >> 1] == (lit & 1 ? kUsed : kBlocked); }
    // The literal "e does not have its current value".
    int negation(int e) const { return 2 * e + (st[e] == kUsed ? 1 : 0); }
    // Edge e was just set: the clauses watching the literal it made false find another watch,
    // imply their other watched literal (learned), or fail (conflict: all their edges).
    bool check_nogoods(int e) {
        int falsified = 2 * e + (st[e] == kUsed ? 1 : 0);
        return check_watches(watch_head, falsified) &&
               (shallow_trial || check_watches(long_watch_head, falsified));
    }
    // check_nogoods on the clauses of one set of watch lists (`heads`, per literal).
    bool check_watches(Array<int>& heads, int falsified) {
        int* link = &heads[falsified];
        while (*link >= 0) {
            int watch = *link, c = watch >> 1, slot = watch & 1;
            int* lits = &clause_lits[clause_from[c]];
            int other_lit = lits[1 - slot], len = clause_len[c], k = 2;
            if (lit_true(other_lit)) {
                link = &watch_next[watch];
                continue;
            }
            while (k < len && lit_false(lits[k])) ++k;
            if (k < len) {  // watch lits[k] instead
                std::swap(lits[slot], lits[k]);
                *link = watch_next[watch];
                watch_next[watch] = heads[lits[slot]], heads[lits[slot]] = watch;
                continue;
            }
            link = &watch_next[watch];
            if (lit_false(other_lit)) {
                if (explaining()) {
                    conflict_.clear();
                    for (int i = 0; i < len; ++i) conflict_.push_back(lits[i] >> 1);
                }
                return false;
            }
            int q = other_lit >> 1;
            const char* reason = "a learned nogood";
            if (!(other_lit & 1 ? block(q, "learned", reason, {kClause, c, 0})
                                : use(q, "learned", reason, {kClause, c, 0})))
                return false;
        }
        return true;
    }
    // Adds the clause `lits` (lits[0] the literal it asserts, lits[1] one of the highest
    // level among the rest); returns its index.
    int add_clause(const Array<int>& lits) {
        int c = clause_from.size();
        clause_from.push_back(clause_lits.size());
        clause_len.push_back(lits.size());
        for (int lit : lits) clause_lits.push_back(lit);
        Array<int>& heads = lits.size() <= kTrialNogoodEdges ? watch_head : long_watch_head;
        for (int slot = 0; slot < 2; ++slot) {
            watch_next.push_back(-1);
            if (slot < lits.size() && lits.size() >= 2) {
                watch_next[2 * c + slot] = heads[lits[slot]];
                heads[lits[slot]] = 2 * c + slot;
            }
        }
        return c;
    }
    void forget_nogoods(int edges) {
        clause_lits.clear(), clause_from.clear(), clause_len.clear(), watch_next.clear();
        watch_head.assign(2 * edges, -1), long_watch_head.assign(2 * edges, -1);
        conflicts = 0;
    }

    // loop fork: a cell with no used edge and three open ones, two leading to the ends of one
    // fragment (that would be closed too early), uses the third. A local step: check_node
    // looks at the cell when its third-last edge goes, and at the cells next to a fragment
    // end when the end changes. False on contradiction.
    bool with_forks = true;  // off in shallow trials: there it costs more than it finds
    bool loop_fork_at(int v) {
        if (v == n || used[v] != 0 || open_[v] != 3) return true;
        int es[3], k = 0;
        for (int e : inc(v))
            if (st[e] != kBlocked) es[k++] = e;
        for (int i = 0; i < 3; ++i) {
            int x = other(es[(i + 1) % 3], v), y = other(es[(i + 2) % 3], v);
            if (x != y && used[x] == 1 && partner[x] == y && fsize[x] + 1 < nodes)
                return use(es[i], "loop fork",
                           !verbose ? ""
                                    : why("%s cannot join both ends %s and %s of one fragment",
                                          node_name(v).text, node_name(x).text, node_name(y).text),
                           {kForkOf, v, x});
        }
        return true;
    }

    // Tarjan's low-links over open edges, in one depth-first search from O: O's only child c
    // (two or more: the cells fall apart) starts a search of the cells, where the edges to O
    // are back edges to the root. So two low-links, with and without the edges to O, give
    //   cells + O: must be 2-connected (a cycle is): no bridge, no cut node;
    //   cells alone (root c): a bridge must be used; a cut cell lies inside the path, so its
    //   doors are blocked (3+ parts: no solution).
    // Returns -1 on contradiction, 1 when something changed, else 0.
    // Reasons: the blocked edges that cut a subtree of the search off (subtree_cut).
    Array<int> disc, low_in, low_out, parent_edge, it_, stack_, cut_parts, bridges;
    Array<int> order_, fin_, separated, reason_;  // node by discovery time; last of a subtree
    // The blocked edges (set below the root) from the subtree of v in the depth-first search
    // to the nodes outside it, except those to `skip` and, when cells_only, to O.
    void subtree_cut(int v, int skip, bool cells_only, Array<int>& out) const {
        int first = disc[v], last = fin_[v];
        for (int t = first; t <= last; ++t) {
            int u = order_[t];
            for (int k = inc_from[u]; k < inc_from[u + 1]; ++k) {
                int e = inc_edges[k], o = inc_other[k];
                if (st[e] != kBlocked || level_of[e] == 0 || o == skip || (cells_only && o == n))
                    continue;
                if (disc[o] < first || disc[o] > last) out.push_back(e);
            }
        }
    }
    // Conflict: the subtree of v is cut off (see subtree_cut).
    int cut_off(int v, int skip, bool cells_only) {
        if (explaining()) conflict_.clear(), subtree_cut(v, skip, cells_only, conflict_);
        return -1;
    }
    // Cell p cuts the cells apart: the cuts of its children's subtrees that hang on it alone.
    void cut_cell_reason(int p, Array<int>& out) const {
        for (int v : separated)
            if (other(parent_edge[v], v) == p) subtree_cut(v, p, true, out);
    }
    // The depth-first search of connectivity and contracted_linked: v found over edge `via`
    // (-1 at the root O, an id >= ne for a fragment as one edge), then v meeting u over `via`.
    void discover(int v, int via, int& timer) {
        order_[timer] = v;
        disc[v] = low_in[v] = low_out[v] = timer++;
        parent_edge[v] = via, it_[v] = inc_from[v], cut_parts[v] = 0;
        stack_.push_back(v);
    }
    void meet(int v, int u, int via, int& timer) {
        if (disc[u] < 0) return discover(u, via, timer);
        low_in[v] = std::min(low_in[v], disc[u]);
        if (u != n) low_out[v] = std::min(low_out[v], disc[u]);  // the cells alone: not O
    }
    int connectivity() {
        if (contracted_linked()) return 0;
        for (int v = 0; v < nodes; ++v) disc[v] = -1;
        bridges.clear();
        stack_.clear();
        int timer = 0, root = -1, root_children = 0;
        separated.clear();
        discover(n, -1, timer);
        while (!stack_.empty()) {
            int v = stack_.back();
            if (it_[v] < inc_from[v + 1]) {
                int k = it_[v]++, e = inc_edges[k];
                if (st[e] == kBlocked || e == parent_edge[v]) continue;
                meet(v, inc_other[k], e, timer);
                continue;
            }
            stack_.pop_back();
            fin_[v] = timer - 1;
            if (stack_.empty()) break;
            int p = stack_.back();
            low_in[p] = std::min(low_in[p], low_in[v]);
            low_out[p] = std::min(low_out[p], low_out[v]);
            if (p == n) {
                root = v, ++root_children;
                if (low_in[v] > 0 && nodes > 2) return cut_off(v, -1, false);  // O-v: a bridge
                continue;
            }
            if (low_in[v] >= disc[p] && nodes > 2) return cut_off(v, p, false);  // p: cut node
            if (low_out[v] > disc[p]) bridges.push_back(v);  // the edge to v's subtree
            if (low_out[v] >= disc[p]) ++cut_parts[p], separated.push_back(v);  // hangs on p
        }
        if (timer < nodes) return cut_off(n, -1, false);        // the cells are not connected
        if (root_children != 1) return cut_off(root, n, true);  // nor without O
        int changed = 0;
        for (int v : bridges) {
            int e = parent_edge[v];
            if (st[e] != kUnknown) continue;
            reason_.clear();
            if (explaining()) subtree_cut(v, -1, true, reason_);
            if (!use(e, "partition", "blocking it would cut the cells in two", listed_why(reason_)))
                return -1;
            changed = 1;
        }
        for (int v = 0; v < n; ++v) {
            int parts = v == root ? std::max(cut_parts[v], 1) : cut_parts[v] + 1;
            if (parts < 2) continue;
            if (parts >= 3) {
                if (explaining()) conflict_.clear(), cut_cell_reason(v, conflict_);
                return -1;
            }
            Why cut = kGuess;
            bool explained = false;
            for (int k = inc_from[v]; k < inc_from[v + 1]; ++k)
                if (inc_other[k] == n && st[inc_edges[k]] == kUnknown) {
                    if (!explained && explaining()) {
                        reason_.clear(), cut_cell_reason(v, reason_);
                        cut = listed_why(reason_), explained = true;
                    }
                    if (!block(inc_edges[k], "partition",
                               !verbose ? ""
                                        : why("%s cuts the cells in two: no path end",
                                              node_name(v).text),
                               cut))
                        return -1;
                    changed = 1;
                }
        }
        return changed;
    }

    // connectivity's graph with every path fragment as one edge between its two ends: the
    // cells inside fragments (two used edges, the others blocked) only subdivide those edges,
    // which changes no 2-connectivity, no bridge and no cut cell with an unknown door. One
    // depth-first search of the fragment ends, the free cells and O (the same low-links as in
    // connectivity) tells when connectivity certainly has nothing to do: cells + O are
    // 2-connected, the cells alone connected with no unknown bridge, no cell cutting them in 3
    // parts and no cut cell with an unknown door. Otherwise connectivity runs in full: it
    // also deduces and explains. On open boards it skips all but a few in a thousand
    // (bench/alcazar/RESULTS.md).
    // The i-th fragment edge (i = 0, 1) of node v in that graph: false if none. O's fragment
    // is split at O: its ends are joined to O, so the cells alone lose it, as in connectivity's
    // graph, where the rest of it hangs on its ends (a part more for them) with no unknown
    // edge: the doors other than O's used ones are blocked, the other end's by loop.
    bool fragment_link(int v, int i, int& u, int& id) const {
        if (v == n) {
            int count = 0;
            for (int end : o_end)
                if (end != n && count++ == i) return u = end, id = ne + end, true;
            return false;
        }
        if (i > 0 || used[v] != 1) return false;
        if (v == o_end[0] || v == o_end[1]) return u = n, id = ne + v, true;
        u = partner[v], id = ne + nodes + std::min(u, v);
        return true;
    }
    bool contracted_linked() {
        int size = 1;  // O
        for (int v = 0; v < nodes; ++v) disc[v] = -1;
        for (int v = 0; v < n; ++v) size += used[v] < 2;
        if (size < 4) return false;
        int timer = 0, cells_root = -1, root_children = 0;
        stack_.clear();
        discover(n, -1, timer);
        while (!stack_.empty()) {
            int v = stack_.back(), u = -1, e = -1;
            if (it_[v] < inc_from[v + 1]) {
                int k = it_[v]++;
                e = inc_edges[k], u = inc_other[k];
                if (st[e] != kUnknown) continue;
                if (used[u] == 2) return false;  // not at a fixpoint of the local steps
            } else if (!fragment_link(v, it_[v]++ - inc_from[v + 1], u, e)) {
                stack_.pop_back();
                if (stack_.empty()) break;
                int p = stack_.back();
                low_in[p] = std::min(low_in[p], low_in[v]);
                low_out[p] = std::min(low_out[p], low_out[v]);
                if (p == n) {
                    cells_root = v;
                    if (++root_children > 1 || low_in[v] > 0) return false;  // not 2-connected
                    continue;
                }
                if (low_in[v] >= disc[p]) return false;  // p cuts cells + O
                int via = parent_edge[v];
                if (low_out[v] > disc[p] && via < ne && st[via] == kUnknown) return false;
                if (low_out[v] >= disc[p]) ++cut_parts[p];  // v's subtree hangs on p alone
                continue;
            }
            if (e != parent_edge[v]) meet(v, u, e, timer);
        }
        if (timer != size || root_children != 1) return false;
        // cut cells: in the cells alone an end of O's fragment also holds what hangs on it
        for (int t = 1; t < timer; ++t) {
            int v = order_[t];
            int parts = (v == cells_root ? std::max(cut_parts[v], 1) : cut_parts[v] + 1) +
                        (v == o_end[0] || v == o_end[1]);
            if (parts >= 3 || (parts == 2 && door_unknown(v))) return false;
        }
        return true;
    }
    bool door_unknown(int c) const {
        for (int k = inc_from[c]; k < inc_from[c + 1]; ++k)
            if (inc_other[k] == n && st[inc_edges[k]] == kUnknown) return true;
        return false;
    }

    // The parity bounds of a region R: diff = black - white cells of R, u / a = used / open
    // edges leaving R, by the colour of their cell in R. E0 - E1 = 2 diff (every cell has
    // degree 2, inner edges join black to white); E0 + E1 >= 2 (== 2 when R is the board).
    // Sets the bounds [lo, hi] of each colour's crossings; -1 when they are empty.
    static int parity_bounds(int diff,
                             const int u[2],
                             const int a[2],
                             bool whole,
                             int lo[2],
                             int hi[2]) {
        int lo0 = std::max(u[0], u[1] + 2 * diff), hi0 = std::min(a[0], a[1] + 2 * diff);
        lo0 = std::max(lo0, 1 + diff);
        if (whole) hi0 = std::min(hi0, 1 + diff);
        if (lo0 > hi0) return -1;
        lo[0] = lo0, lo[1] = lo0 - 2 * diff, hi[0] = hi0, hi[1] = hi0 - 2 * diff;
        return 0;
    }
    // -1: contradiction; 1: the bounds decide some unknown crossing (parity_region makes the
    // deduction); 0: nothing to do.
    static int parity_verdict(int diff, const int u[2], const int a[2], bool whole) {
        int lo[2], hi[2];
        if (parity_bounds(diff, u, a, whole, lo, hi) < 0) return -1;
        for (int col = 0; col < 2; ++col)
            if (a[col] > u[col] && (hi[col] == u[col] || lo[col] == a[col])) return 1;
        return 0;
    }

    // parity on one region (cells marked with mark_id; whole = all cells): makes the deduction
    Array<int> mark, seen, island, all_cells;
    Array<char> color;                             // checkerboard colour of a cell
    Array<int> cx, cy;                             // x and y of a cell
    int mark_id = 0, seen_id = 0, board_diff = 0;  // board_diff: black - white cells
    // The edges (set below the root) from the cells marked with mark_id to the rest, of the
    // kinds in `kinds`: bit crossing_kind(colour of the cell inside, value).
    static int crossing_kind(int col, int value) { return 1 << (2 * col + (value == kBlocked)); }
    void crossing_edges(const Array<int>& cells, int kinds, Array<int>& out) const {
        for (int c : cells)
            for (int k = inc_from[c]; k < inc_from[c + 1]; ++k) {
                int e = inc_edges[k], o = inc_other[k];
                if ((o == n || mark[o] != mark_id) && st[e] != kUnknown && level_of[e] > 0 &&
                    (kinds & crossing_kind(color[c], st[e])))
                    out.push_back(e);
            }
    }
    // The bounds on the black crossings E0 (E1 = E0 - 2 diff) and the kinds of crossings each
    // one reads: E0 >= u0 (black used), >= u1 + 2 diff (white used), >= 1 + diff; E0 <= a0
    // (black blocked), <= a1 + 2 diff (white blocked), = 1 + diff on the whole board. A
    // contradiction or a deduction needs one lower and one upper bound only: its reason is
    // the crossings of their kinds, not all of them (shorter nogoods, which prune more).
    struct Bound {
        int value, kinds, cost;
    };
    struct ParityCounts {
        int diff, u[2], a[2], all[2];
        bool whole;
        Bound lower(int i) const {
            if (i == 0) return {u[0], crossing_kind(0, kUsed), u[0]};
            if (i == 1) return {u[1] + 2 * diff, crossing_kind(1, kUsed), u[1]};
            return {1 + diff, 0, 0};
        }
        Bound upper(int i) const {
            if (i == 0) return {a[0], crossing_kind(0, kBlocked), all[0] - a[0]};
            if (i == 1) return {a[1] + 2 * diff, crossing_kind(1, kBlocked), all[1] - a[1]};
            return {whole ? 1 + diff : INT_MAX, 0, 0};
        }
    };
    // The kinds of the cheapest pair of bounds with lower > upper.
    static int conflict_kinds(const ParityCounts& pc) {
        int best = 15, best_cost = INT_MAX;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                Bound l = pc.lower(i), h = pc.upper(j);
                if (l.value > h.value && l.cost + h.cost < best_cost)
                    best = l.kinds | h.kinds, best_cost = l.cost + h.cost;
            }
        return best;
    }
    // The kinds of the cheapest bound of the list `upper` (else lower) with E0 = `value`,
    // other than colour col's own count (which is not what decides col's unknown crossings).
    static int bound_kinds(const ParityCounts& pc, bool upper, int value, int col) {
        int best = 15, best_cost = INT_MAX;
        for (int i = 0; i < 3; ++i) {
            Bound b = upper ? pc.upper(i) : pc.lower(i);
            if (i != col && b.value == value && b.cost < best_cost)
                best = b.kinds, best_cost = b.cost;
        }
        return best;
    }
    int parity_region(const Array<int>& cells, bool whole) {
        ParityCounts pc = {0, {0, 0}, {0, 0}, {0, 0}, whole};
        int diff = 0, *u = pc.u, *a = pc.a;
        for (int c : cells) {
            int col = color[c];
            diff += col ? -1 : 1;
            for (int p : inc(c)) {
                int e = p, o = other(e, c);
                if (o != n && mark[o] == mark_id) continue;
                ++pc.all[col];
                if (st[e] != kBlocked) ++a[col];
                if (st[e] == kUsed) ++u[col];
            }
        }
        pc.diff = diff;
        int lo[2], hi[2];
        if (parity_bounds(diff, u, a, whole, lo, hi) < 0) {
            if (explaining())
                conflict_.clear(), crossing_edges(cells, conflict_kinds(pc), conflict_);
            return -1;
        }
        int changed = 0;
        for (int col = 0; col < 2; ++col) {
            bool do_block = hi[col] == u[col] && a[col] > u[col];
            bool do_use = lo[col] == a[col] && a[col] > u[col];
            if (!do_block && !do_use) continue;
            // the bounds hold for any set of cells: the reason is the crossings that are set,
            // of col's own kind (used to block the rest, blocked to use it) and of the bound's
            int kinds = do_block
                            ? crossing_kind(col, kUsed) | bound_kinds(pc, true, hi[0], col)
                            : crossing_kind(col, kBlocked) | bound_kinds(pc, false, lo[0], col);
            reason_.clear();
            if (explaining()) crossing_edges(cells, kinds, reason_);
            Why parity_why = listed_why(reason_);
            const char* reason = !verbose ? ""
                                          : why("region of %d cells from %s has %d more black than "
                                                "white cells; %s crossings "
                                                "must be %d..%d",
                                                cells.size(), node_name(cells[0]).text, diff,
                                                col ? "white" : "black", lo[col], hi[col]);
            for (int c : cells) {
                if (color[c] != col) continue;
                for (int p : inc(c)) {
                    int e = p, o = other(e, c);
                    if ((o != n && mark[o] == mark_id) || st[e] != kUnknown) continue;
                    bool ok = do_block ? block(e, "parity", reason, parity_why)
                                       : use(e, "parity", reason, parity_why);
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
            if (size >= 2 && parity_verdict(diff, u, a, false) != 0) return false;
        }
        return true;
    }

    // The two-factor test, at the root of the search (issue 15): every cell still lacks
    // 2 - used of its edges, O 2 - used doors, and the unknown edges must give each exactly
    // that many. The cells are coloured as a chessboard and every edge between two cells joins
    // a black and a white one, so this is a bipartite b-matching, which a max flow decides:
    // black cells from the source, white ones to the sink, O split in two (the doors it shares
    // with black cells, and those with white ones; the colour count fixes how many of each).
    // No such flow: no set of edges gives every node degree 2, so there is no path. The parity
    // step counts the same degrees but not where the edges can go; on boards walled until
    // they had no path (bench/alcazar/none_boards) this refutes 12 of 16 before a guess. At
    // the root it needs no reason; it runs again only when the root has changed.
    Array<int> flow_head, flow_next, flow_to, flow_cap, flow_level, flow_iter, flow_queue,
        flow_path;
    int two_factor_checked = -1;  // assigned.count at the last root check that passed
    bool is_black(int c) const { return (c % w + c / w) % 2 == 0; }
    void flow_arc(int a, int b, int cap) {
        for (int k = 0; k < 2; ++k) {
            flow_to.push_back(k ? a : b), flow_cap.push_back(k ? 0 : cap);
            int& head = flow_head[k ? b : a];
            flow_next.push_back(head), head = flow_to.size() - 1;
        }
    }
    // One augmenting path of the level graph from s to t (flow_iter: each node's next arc to
    // try; dead ends leave the level graph); its bottleneck, 0 when there is none.
    int flow_augment(int s, int t) {
        flow_path.clear();
        for (int v = s; v != t;) {
            int& a = flow_iter[v];
            while (a >= 0 && !(flow_cap[a] > 0 && flow_level[flow_to[a]] == flow_level[v] + 1))
                a = flow_next[a];
            if (a >= 0) {
                flow_path.push_back(a), v = flow_to[a];
                continue;
            }
            if (flow_path.empty()) return 0;
            flow_level[v] = -1;  // a dead end
            v = flow_to[flow_path.back() ^ 1], flow_path.pop_back();
        }
        int push = INT_MAX;
        for (int a : flow_path) push = std::min(push, flow_cap[a]);
        for (int a : flow_path) flow_cap[a] -= push, flow_cap[a ^ 1] += push;
        return push;
    }
    long long max_flow(int s, int t) {  // Dinic
        long long total = 0;
        for (;;) {
            flow_level.assign(flow_head.size(), -1), flow_queue.clear();
            flow_level[s] = 0, flow_queue.push_back(s);
            for (int i = 0; i < flow_queue.size(); ++i)
                for (int v = flow_queue[i], a = flow_head[v]; a >= 0; a = flow_next[a])
                    if (flow_cap[a] > 0 && flow_level[flow_to[a]] < 0)
                        flow_level[flow_to[a]] = flow_level[v] + 1,
                        flow_queue.push_back(flow_to[a]);
            if (flow_level[t] < 0) return total;
            flow_iter = flow_head;
            while (int push = flow_augment(s, t)) total += push;
        }
    }
    bool two_factor_possible() {
        const int to_o = n, from_o = n + 1, source = n + 2, sink = n + 3;
        flow_head.assign(n + 4, -1), flow_next.clear(), flow_to.clear(), flow_cap.clear();
        long long black_need = 0, white_need = 0;
        for (int c = 0; c < n; ++c) {
            int need = 2 - used[c];
            if (need <= 0) continue;  // (more than two used edges: the steps fail first)
            if (is_black(c))
                flow_arc(source, c, need), black_need += need;
            else
                flow_arc(c, sink, need), white_need += need;
        }
        // O's ends meet black cells (to_o, to the sink) and white ones (from_o, from the
        // source); every edge end counts once on each side.
        long long o_need = 2 - used[n], twice = black_need - white_need + o_need;
        if (twice < 0 || twice % 2 != 0 || twice / 2 > o_need) return false;
        long long with_black = twice / 2, with_white = o_need - with_black;
        if (with_black > 0) flow_arc(to_o, sink, static_cast<int>(with_black));
        if (with_white > 0) flow_arc(source, from_o, static_cast<int>(with_white));
        for (int e = 0; e < ne; ++e) {
            if (st[e] != kUnknown) continue;
            int a = end_a[e], b = end_b[e];
            if (a == n || b == n) {
                int c = a == n ? b : a;
                if (is_black(c))
                    flow_arc(c, to_o, 1);
                else
                    flow_arc(from_o, c, 1);
            } else if (is_black(a)) {
                flow_arc(a, b, 1);
            } else {
                flow_arc(b, a, 1);
            }
        }
        return max_flow(source, sink) == black_need + with_white;
    }
    bool two_factor_at_root() {
        if (!global_steps || two_factor_checked == assigned.count) return true;
        if (two_factor_possible()) {
            two_factor_checked = assigned.count;
            return true;
        }
        if (verbose) fputs("two-factor: the cells cannot all get two edges: no solution\n", stderr);
        return false;
    }

    int parity() {
        if (mark_id > (1 << 30) || seen_id > (1 << 30)) {  // ids about to overflow: reset
            mark.assign(nodes, 0), seen.assign(nodes, 0);
            mark_id = seen_id = 0;
        }
        // the board: its crossings are the doors, counted at O
        int u[2] = {0, 0}, a[2] = {0, 0}, r;
        for (int k = inc_from[n]; k < inc_from[n + 1]; ++k) {
            int e = inc_edges[k], col = color[inc_other[k]];
            if (st[e] != kBlocked) ++a[col];
            if (st[e] == kUsed) ++u[col];
        }
        if ((r = parity_verdict(board_diff, u, a, true)) != 0) {  // parity_region explains
            ++mark_id;
            for (int c = 0; c < n; ++c) mark[c] = mark_id;
            if ((r = parity_region(all_cells, true)) != 0) return r;
        }
        // regions: connected parts of the cells that are not inside a fragment (used < 2),
        // counted while they are flooded (an open edge leaves the region iff it leads to O or
        // to a cell inside a fragment)
        ++seen_id;
        for (int s0 = 0; s0 < n; ++s0) {
            if (used[s0] == 2 || seen[s0] == seen_id) continue;
            island.assign(1, s0);
            seen[s0] = seen_id;
            int diff = 0;
            u[0] = u[1] = a[0] = a[1] = 0;
            for (int i = 0; i < island.size(); ++i) {
                int c = island[i], col = color[c];
                diff += col ? -1 : 1;
                for (int k = inc_from[c]; k < inc_from[c + 1]; ++k) {
                    int e = inc_edges[k], o = inc_other[k];
                    if (st[e] == kBlocked) continue;
                    if (o == n || used[o] == 2) {
                        ++a[col];
                        if (st[e] == kUsed) ++u[col];
                    } else if (seen[o] != seen_id) {
                        seen[o] = seen_id;
                        island.push_back(o);
                    }
                }
            }
            if (island.size() == n) continue;
            if ((r = parity_verdict(diff, u, a, false)) == 0) continue;
            ++mark_id;
            for (int c : island) mark[c] = mark_id;
            if ((r = parity_region(island, false)) != 0) return r;
        }
        // 2 x 2 blocks; after a quiet point only those with a cell whose edges changed since
        bool all_blocks = !mark_changed_cells();
        for (int y0 = 0; y0 + 2 <= h; ++y0)
            for (int x0 = 0; x0 + 2 <= w; ++x0) {
                int c0 = y0 * w + x0, q[4] = {c0, c0 + 1, c0 + w, c0 + w + 1};
                if (!all_blocks && cell_changed[q[0]] != changed_id &&
                    cell_changed[q[1]] != changed_id && cell_changed[q[2]] != changed_id &&
                    cell_changed[q[3]] != changed_id)
                    continue;
                // a block of cells inside fragments has no unknown edge: nothing to deduce,
                // and its counts hold (every cell has degree 2, no loop)
                if (used[q[0]] == 2 && used[q[1]] == 2 && used[q[2]] == 2 && used[q[3]] == 2)
                    continue;
                if (n > 4 && quiet_block(x0, y0)) continue;
                ++seen_id;
                for (int s : q) {
                    if (seen[s] == seen_id) continue;
                    // flood the island of s inside the block
                    island.assign(1, s);
                    seen[s] = seen_id;
                    for (int i = 0; i < island.size(); ++i) {
                        int c = island[i];
                        for (int e : inc(c)) {
                            if (st[e] == kBlocked) continue;
                            int o = other(e, c);
                            if (o == n || seen[o] == seen_id) continue;
                            int ox = cx[o], oy = cy[o];
                            if (ox < x0 || ox > x0 + 1 || oy < y0 || oy > y0 + 1) continue;
                            seen[o] = seen_id;
                            island.push_back(o);
                        }
                    }
                    if (island.size() < 2 || island.size() == n) continue;
                    ++mark_id;
                    for (int c : island) mark[c] = mark_id;
                    r = parity_region(island, false);
                    if (r) return r;
                }
            }
        quiet_pos = trail.size();
        return 0;
    }

    // Every block was quiet (parity found nothing in it) at trail position quiet_pos (-1: not
    // known). A block's parity reads only the edges of its 4 cells, so it can only have
    // something new if one of those edges changed since. Marks those cells (changed_id);
    // false when every block must be checked.
    Array<int> cell_changed;
    int changed_id = 0, quiet_pos = -1;
    bool mark_changed_cells() {
        if (quiet_pos < 0) return false;
        if (++changed_id > (1 << 30)) cell_changed.assign(n, 0), changed_id = 1;
        for_each_changed_edge(quiet_pos, [&](int e) {
            if (end_a[e] < n) cell_changed[end_a[e]] = changed_id;
            if (end_b[e] < n) cell_changed[end_b[e]] = changed_id;
        });
        return true;
    }

    // Below the root the global steps (parity, connectivity: O(cells) each, where the local
    // ones cost O(changes)) run only once kGlobalEvery more edges were set since they last ran
    // (after a backjump: since the level jumped to); so after a deduction of theirs the
    // fixpoint goes on with the local steps unless it set that many edges. They rarely find
    // anything at a single guess; caught a few guesses later, a contradiction is learned all
    // the same, and open boards with many solutions need few of them (bench/alcazar/
    // RESULTS.md: 1.5x to 2.5x less time in all; with none below the root open boards gain
    // more, boards without solution lose 4x).
    static const int kGlobalEvery = 32;
    int global_at = 0;  // assigned.count when the global steps last ran
    bool global_steps_due() {
        if (depth_ == 0) return true;
        global_at = std::min(global_at, assigned.count);
        return assigned.count - global_at >= kGlobalEvery;
    }

    // All steps to a fixpoint. False on contradiction.
    bool propagate_steps() {
        for (;;) {
            if (!drain()) return false;
            if (closed || !global_steps || !global_steps_due()) return true;
            global_at = assigned.count;
            int r = parity();
            if (r < 0) return false;
            if (r > 0) continue;
            r = connectivity();
            if (r < 0) return false;
            if (r > 0) continue;
            return true;
        }
    }

    // Literals (edge, value) implied by a trial that did not fail, stamped with the pass: their
    // own trials would find a subset of the same steps, so the pass skips them. In a shallow
    // pass that skips no find (the local steps and nogood checks are monotone: what a literal
    // implies, it implies in any larger state; none of the skipped trials failed on 250 dev
    // boards when run) and a find starts a new stamp (the state grew); it saves some 40 % of the
    // trials per search node (dev boards, none and open). Only the watches the skipped trial would
    // have moved differ, so the search does. A deep pass keeps its stamps across finds (a cheap
    // cut: a deep trial is a whole fixpoint).
    Array<int> implied;
    int pass_id = 0;
    void note_implied(int from) {  // from: a position of `assigned`
        for (int i = from; i < assigned.count; ++i)
            implied[2 * assigned[i] + (st[assigned[i]] == kUsed ? 0 : 1)] = pass_id;
    }
    // Does setting e to `value` lead to a contradiction by the cheap steps?
    // Below the root, a refuted trial leaves its reason in trial_reason_.
    bool refuted(int e, int value, bool deep) {
        int to = trail.size(), quiet = quiet_pos, trial_pos = assigned.count;
        bool was_verbose = verbose;
        verbose = false;
        shallow_trial = !deep;
        bool ok = value == kUsed ? use(e, "", "", kGuess) : block(e, "", "", kGuess);
        // shallow: the local steps only (global ones cost O(cells) per edge); deep: all steps
        with_forks = deep;
        ok = ok && (deep ? propagate_steps() : drain());
        with_forks = true;
        if (!ok && explaining()) explain_trial(trial_pos);
        if (ok) note_implied(trial_pos);
        queue_.clear();
        shallow_trial = false;
        undo(to);
        quiet_pos = quiet;  // the state is the one before the trial again
        verbose = was_verbose;
        return !ok;
    }

    // The steps, then trial: an edge whose use (or block) fails at once takes the other value.
    // Shallow trials on every unknown edge; when they stall, and only at the root, deep
    // trials (all steps) on the edges at fragment ends, where the search would branch
    // (deeper in the search they cost more than they save on boards with many solutions).
    // Below the root a shallow pass tries only the edges at nodes whose edges changed since
    // the guess (or the pass before): elsewhere the parent's passes found nothing.
    // The edges at the nodes of the edges set since position `from` of `assigned`, in edge order
    // (the order of a full pass: the same trials, without a scan of every edge).
    Array<int> near, near_edges;  // near: per edge, near_id when in near_edges
    void collect_near_edges(int from) {
        if (++near_id > (1 << 30)) near.assign(ne, 0), near_id = 1;
        near_edges.clear();
        for (int i = from; i < assigned.count; ++i)
            for (int v : {end_a[assigned[i]], end_b[assigned[i]]})
                for (int q : inc(v))
                    if (near[q] != near_id) near[q] = near_id, near_edges.push_back(q);
        std::sort(near_edges.begin(), near_edges.end());
    }
    int near_id = 0, node_from = 0;  // node_from: `assigned` count at the guess
    // Deep trials cost a whole fixpoint each. On open boards with many solutions they find
    // something once in hundreds (40 x 40: 1000-1700 trials, 0-5 finds, most of the time of
    // an easy board), on unique puzzles once in a few: they stop when they have made more
    // than kDeepTrialsFree + kDeepTrialsPerFind * finds in this round.
    static const int kDeepTrialsFree = 128, kDeepTrialsPerFind = 64;
    long long deep_trials = 0, deep_finds = 0;
    // The search starts without them: run() allows them only once it has met
    // kDeepTrialsAfterConflicts contradictions (at the root of a later round). Before, they were
    // most of the time of a median board without solution (130-590 deep trials, 2-7 ms, where
    // the search alone refutes it in 1-2 ms); a board the search does not refute soon still
    // gets them, with the nogoods learned so far (bench/alcazar/RESULTS.md, issue 15: -60 to
    // -75 % on the median dev board without solution, open 40 x 40 -50 %, and less time in all
    // on every dev set). The steps alone (solve_by_steps) keep them from the start.
    static const long long kDeepTrialsAfterConflicts = 200;
    long long deep_trials_after = 0;  // contradictions before the first deep pass
    bool propagate() {
        int scan_from = depth_ > 0 ? node_from : -1;  // local passes: changes since this point
        if (!propagate_steps()) return false;
        if (!probe) return true;
        int deep_from = 0;  // a deep pass starts after the last find of the one before
        for (bool deep = false;;) {
            if (closed) return true;
            int found = 0;
            ++pass_id;
            bool local = !deep && scan_from >= 0;
            if (local) collect_near_edges(scan_from), scan_from = assigned.count;
            int count = local ? near_edges.size() : ne;
            for (int i = 0; i < count && !closed; ++i) {
                int e = deep ? (deep_from + i) % ne : local ? near_edges[i] : i;
                if (st[e] != kUnknown) continue;
                if (deep && used[end_a[e]] != 1 && used[end_b[e]] != 1) continue;
                if (deep && deep_trials > kDeepTrialsFree + kDeepTrialsPerFind * deep_finds)
                    return true;  // deep trials that rarely find: leave the rest to the search
                for (int value : {kUsed, kBlocked}) {
                    if (implied[2 * e + (value == kUsed ? 0 : 1)] == pass_id) continue;
                    deep_trials += deep;
                    if (!refuted(e, value, deep)) continue;
                    deep_finds += deep;
                    const char* reason = value == kUsed ? "using it leads to a contradiction"
                                                        : "blocking it leads to a contradiction";
                    Why trial = listed_why(trial_reason_);
                    bool ok = value == kUsed ? block(e, "trial", reason, trial)
                                             : use(e, "trial", reason, trial);
                    if (!ok || !drain()) return false;  // the global steps once per pass
                    ++found;
                    if (!deep) ++pass_id;  // a new state: the marks of the trials before go
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
            if (conflicts < deep_trials_after) return true;
            deep = true;
        }
    }

    // Conflict analysis. Marks (edge_mark == mark_now) the edges met; every one of them gets
    // its activity bumped: they took part in a failure.
    Array<int> edge_mark, learnt_, expansion_, trial_reason_;
    int mark_now = 0;
    void next_mark() {
        if (++mark_now > (1 << 30))
            edge_mark.assign(ne, 0), redundant_mark.assign(ne, 0), mark_now = 1;
    }
    void bump(int e) {
        activity[e] += bump_amount;
        if (activity[e] > 1e100) {
            for (double& a : activity) a *= 1e-100;
            bump_amount *= 1e-100;
        }
    }
    // A trial literal (set at trial_pos) failed: resolves the conflict back to edges set
    // before it; those force the literal's negation (trial_reason_).
    void explain_trial(int trial_pos) {
        next_mark();
        trial_reason_.clear();
        auto meet = [&](int q) {
            if (level_of[q] == 0 || edge_mark[q] == mark_now) return;
            edge_mark[q] = mark_now;
            if (pos_of[q] < trial_pos) trial_reason_.push_back(q);
        };
        for (int q : conflict_) meet(q);
        for (int i = assigned.count - 1; i > trial_pos; --i) {
            int e = assigned[i];
            if (edge_mark[e] != mark_now) continue;
            expansion_.clear();
            explain_edge(e, expansion_);
            for (int q : expansion_) meet(q);
        }
    }
    // Drops from learnt_ the edges that the others force: those whose reason's edges are all
    // marked (in the nogood, or resolved away: the nogood's edges force those too), at the
    // root or, recursively, forced in the same way (MiniSat's minimisation).
    Array<int> redundant_mark, minimise_buf;
    unsigned long long clause_levels = 0;  // the levels of learnt_'s edges, modulo 64
    bool forced(int q, int depth) {
        if (level_of[q] == 0 || edge_mark[q] == mark_now || redundant_mark[q] == mark_now)
            return true;
        if (why_kind[q] == kDecision || redundant_mark[q] == -mark_now || depth > 24 ||
            !(clause_levels >> (level_of[q] & 63) & 1))
            return false;
        bool ok = reason_forced(q, depth);
        redundant_mark[q] = ok ? mark_now : -mark_now;
        return ok;
    }
    bool reason_forced(int q, int depth) {
        int from = minimise_buf.size();
        explain_edge(q, minimise_buf);
        int to = minimise_buf.size();
        bool ok = true;
        for (int i = from; i < to && ok; ++i) ok = forced(minimise_buf[i], depth + 1);
        minimise_buf.count = from;
        return ok;
    }
    void minimise() {
        if (redundant_mark.size() != ne) redundant_mark.assign(ne, 0);
        clause_levels = 0;
        for (int i = 1; i < learnt_.size(); ++i)
            clause_levels |= 1ULL << (level_of[learnt_[i]] & 63);
        int kept = 1;
        for (int i = 1; i < learnt_.size(); ++i) {
            int q = learnt_[i];
            if (why_kind[q] == kDecision || !reason_forced(q, 0)) learnt_[kept++] = q;
        }
        learnt_.count = kept;
    }
    // First-UIP analysis of conflict_: learnt_ = the nogood as clause literals, learnt_[0] the
    // one it asserts after the backjump. Returns the level to go back to, -1 when the
    // conflict holds at the root (no solution below it).
    int analyse() {
        int top = 0;
        for (int e : conflict_) top = std::max(top, level_of[e]);
        if (top == 0) return -1;
        next_mark();
        learnt_.clear();
        learnt_.push_back(-1);
        int pending = 0;
        auto meet = [&](int q) {
            if (level_of[q] == 0 || edge_mark[q] == mark_now) return;
            edge_mark[q] = mark_now;
            bump(q);
            if (level_of[q] == top)
                ++pending;
            else
                learnt_.push_back(q);
        };
        for (int e : conflict_) meet(e);
        for (int i = assigned.count - 1;; --i) {
            int e = assigned[i];
            if (edge_mark[e] != mark_now || level_of[e] != top) continue;
            if (--pending == 0) {
                learnt_[0] = e;
                break;
            }
            expansion_.clear();
            explain_edge(e, expansion_);
            for (int q : expansion_) meet(q);
        }
        minimise();
        int back = 0;
        for (int i = 1; i < learnt_.size(); ++i)
            if (level_of[learnt_[i]] > back)
                back = level_of[learnt_[i]], std::swap(learnt_[1], learnt_[i]);
        for (int& e : learnt_) e = negation(e);
        bump_amount /= 0.95;
        return back;
    }

    // Picks the unknown edge to branch on: at the path end with the fewest choices, ties going
    // to the end whose open edges took part in more failures (activity); from there towards
    // the neighbour with the fewest choices left (Warnsdorff), ties again by activity. The
    // activity survives restarts: it is what a failed round teaches the next one.
    int choose() const {
        if (round_ % 6 == 5) {  // every 6th round: the most active unknown edge (VSIDS)
            int best = -1;
            double best_activity = 0;
            for (int e = 0; e < ne; ++e)
                if (st[e] == kUnknown && activity[e] > best_activity)
                    best = e, best_activity = activity[e];
            if (best >= 0) return best;
        }
        auto node_activity = [&](int u) {
            double sum = 0;
            for (int e : inc(u))
                if (st[e] == kUnknown) sum += activity[e];
            return sum;
        };
        int v = -1, best_k = INT_MAX, best_free = -1, best_free_k = INT_MAX;
        double best_activity = -1;
        for (int u = 0; u < nodes; ++u) {
            int k = open_[u] - used[u];
            if (used[u] == 1 && k <= best_k) {
                double a = node_activity(u);
                if (k < best_k || a > best_activity) v = u, best_k = k, best_activity = a;
            }
            if (used[u] == 0 && k < best_free_k) best_free = u, best_free_k = k;
        }
        if (v < 0) v = best_free;
        if (v < 0) return -1;
        int best_e = -1, best_left = INT_MAX;
        double best_e_activity = -1;
        for (int e : inc(v))
            if (st[e] == kUnknown) {
                int u = other(e, v), left = u == n ? 5 : open_[u] - used[u];
                if (left < best_left || (left == best_left && activity[e] > best_e_activity))
                    best_e = e, best_left = left, best_e_activity = activity[e];
            }
        return best_e;
    }

    // The search: guess, run the steps; on a contradiction learn a nogood (analyse), go back
    // to the level where it asserts its first literal and set that (conflict-driven clause
    // learning, the guesses being edges). A solution below the root adds the nogood of its
    // guesses when more solutions are wanted. Returns at a contradiction at the root (every
    // solution was counted), at `limit` solutions or when the budget is used up (aborted).
    Array<int> level_trail, level_quiet, level_guess;  // per level: trail, quiet_pos, guess
    void search() {
        bool ok = true;
        for (;;) {
            if (ok) {
                ++nodes_searched;
                if (conflicts > conflict_budget || (max_nodes >= 0 && nodes_searched > max_nodes)) {
                    aborted = true;
                    return;
                }
                ok = propagate();
                if (ok && depth_ == 0 && !closed && !two_factor_at_root()) ok = false;
            }
            if (ok && closed) {
                if (solutions++ == 0) solution = st;
                if (verbose) fprintf(stderr, "solution %lld found\n", solutions);
                if (solutions >= limit || depth_ == 0) return;
                conflict_.clear();  // more wanted: the nogood of the guesses that led here
                for (int level = 1; level <= depth_; ++level)
                    conflict_.push_back(level_guess[level]);
                ok = false;
            }
            if (!ok) {
                ++conflicts;
                queue_.clear();
                if (depth_ == 0) return;  // a contradiction at the root: no (more) solutions
                ok = learn_and_backjump();
                continue;
            }
            int e = choose();
            if (e < 0) return;     // cannot happen: an open node always has an unknown edge
            int value = phase[e];  // phase saving: the value the edge had when last undone
            ++depth_;
            level_trail.resize(depth_ + 1), level_quiet.resize(depth_ + 1),
                level_guess.resize(depth_ + 1);
            level_trail[depth_] = trail.size(), node_from = assigned.count;
            level_quiet[depth_] = quiet_pos, level_guess[depth_] = e;
            if (verbose)
                fprintf(stderr, "guess: %s %s\n", edge_name(e).text,
                        value == kUsed ? "used" : "blocked");
            ok = value == kUsed ? use(e, "guess", "search", kGuess)
                                : block(e, "guess", "search", kGuess);
        }
    }
    // After a contradiction below the root: learns its nogood, goes back to the level where
    // the nogood asserts a literal and sets it. False when that fails at once (conflict_ set,
    // depth_ the level of the failure) or when the contradiction holds at the root (depth_ 0).
    bool learn_and_backjump() {
        int back = analyse();
        if (back < 0) {
            backjump(0);
            return false;
        }
        backjump(back);
        int c = add_clause(learnt_);
        int lit = learnt_[0], e = lit >> 1;
        if (verbose)
            fprintf(stderr, "contradiction: learned a nogood of %d edges, back to level %d\n",
                    learnt_.size(), back);
        node_from = assigned.count;
        Why why = back > 0 ? Why{kClause, c, 0} : kGuess;
        const char* reason = "a learned nogood";
        return lit & 1 ? block(e, "learned", reason, why) : use(e, "learned", reason, why);
    }
    void backjump(int level) {
        if (level >= depth_) return;
        // phase saving: a guess gives an edge the value it had when it was last undone
        for (int i = pos_of[level_guess[level + 1]]; i < assigned.count; ++i)
            phase[assigned[i]] = static_cast<char>(st[assigned[i]]);
        undo(level_trail[level + 1]);
        quiet_pos = level_quiet[level + 1];
        depth_ = level;
    }

    // Counts solutions up to `lim` (the first one kept in `solution`); -1 when more than
    // max_nodes search nodes were needed (only if max_nodes >= 0; generators/alcazar.cpp).
    // Restarts: a round that has met its budget of contradictions (50 x the Luby sequence 1,
    // 1, 2, 1, 1, 2, 4, ...) goes back to the root and starts again, keeping the nogoods, the
    // root's deductions, the activity and the phases: nothing learned is lost, so any round
    // that completes gives the exact answer. Rounds branch at fragment ends (fewest choices,
    // ties by activity), every 6th round on the most active unknown edge (VSIDS): the first
    // kind finds paths on open boards, the second helps to refute some boards without
    // solution (bench/alcazar/RESULTS.md: every 2nd round cost open boards more than it gave).
    long long run(const Board& b, long long lim) {
        nodes_searched = 0, solutions = 0, conflicts = 0;
        activity.assign((b.h + 1) * b.w + b.h * (b.w + 1), 0), bump_amount = 1;
        phase.assign(activity.size(), kUsed);
        forget_nogoods(activity.size());
        init(b);
        limit = lim;
        deep_trials = deep_finds = 0, deep_trials_after = kDeepTrialsAfterConflicts;
        two_factor_checked = -1;
        queue_.clear(), trail.clear();
        depth_ = 0;
        // both marks: a Solver reused for another board (the generator, --reduce-unique)
        // must not meet stale minimisation marks of the run before, which let minimise() drop
        // edges a nogood needs (a board with two solutions counted as unique)
        edge_mark.assign(ne, 0), redundant_mark.assign(ne, 0), mark_now = 0;
        for (int v = 0; v < nodes; ++v) queue_.push_back(v);
        long long unit = first_budget > 0 ? first_budget : 50, k = -1;
        for (round_ = 0; k < 0; ++round_) {
            k = attempt(unit * luby(round_));
            if (k == -2) break;  // caller's cap
        }
        --round_;
        return k == -2 ? -1 : k;
    }
    // The Luby sequence from i = 0: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
    static long long luby(long long i) {
        long long size = 1, value = 1;  // the first 2^k - 1 terms end with value 2^(k-1)
        while (size < i + 1) size = 2 * size + 1, value *= 2;
        while (size - 1 != i) size = (size - 1) / 2, value /= 2, i %= size;
        return value;
    }
    // Solves by the steps alone, no guess, as alcazam does: true when they complete the path
    // (kept in `solution`; every step is sound, so it is the only one).
    bool solve_by_steps(const Board& b) {
        activity.assign((b.h + 1) * b.w + b.h * (b.w + 1), 0), bump_amount = 1;
        phase.assign(activity.size(), kUsed);
        forget_nogoods(activity.size());
        init(b);
        deep_trials_after = 0;
        queue_.clear(), trail.clear();
        depth_ = 0;
        for (int v = 0; v < nodes; ++v) queue_.push_back(v);
        bool solved = propagate() && closed;
        queue_.clear();
        if (solved) solution = st;
        return solved;
    }
    // One round of the search, from the root, until `conflicts_budget` more contradictions:
    // the number of solutions, -1 when the budget was used up, -2 when also the caller's cap
    // max_nodes. The root's deductions and the nogoods stay from round to round.
    long long attempt(long long conflicts_budget) {
        backjump(0);
        aborted = false;
        conflict_budget = conflicts + conflicts_budget;
        search();
        if (!aborted) return solutions;
        if (max_nodes >= 0 && nodes_searched > max_nodes) return -2;
        if (verbose)
            fprintf(stderr, "restart after round %d: %lld contradictions\n", round_ + 1,
                    conflicts_budget);
        return -1;
    }
};

// ---------------------------------------------------------------------------------------------
// Output: the input's grid lines with the path drawn (testdata/alcazar/statement.md), like
// alcazam's drawing; the path in colour when `colour` (stdout is a terminal and NO_COLOR is not
// set).
void write_out(const Array<char>& text) { fwrite(text.begin(), 1, text.size(), stdout); }

void print_solution(const Board& b, const Solver& s, const Array<int>& st, bool colour) {
    int width = b.o + 4 * b.w + 1, lines = b.line_start.size();
    Array<int> start;  // where each line starts in out; every line padded to width
    Array<char> out;
    for (int i = 0; i < lines; ++i) {
        start.push_back(out.size());
        int len = b.line_len[i];
        for (int k = 0; k < std::max(len, width); ++k) out.push_back(k < len ? b.line(i)[k] : ' ');
        out.push_back('\n');
    }
    Array<char> on_path;  // 1 where the path is drawn: those get the colour
    on_path.assign(out.size(), 0);
    auto at = [&](int line, int col) -> char& {
        on_path[start[line] + col] = 1;
        return out[start[line] + col];
    };
    int w = b.w, h = b.h, nh = s.nh;
    auto used_h = [&](int x, int y) { return st[y * w + x] == kUsed; };
    auto used_v = [&](int x, int y) { return st[nh + y * (w + 1) + x] == kUsed; };
    for (int y = 0; y <= h; ++y)
        for (int x = 0; x < w; ++x)
            if (used_h(x, y)) at(2 * y, b.o + 4 * x + 2) = '|';
    for (int y = 0; y < h; ++y)
        for (int x = 0; x <= w; ++x)
            if (used_v(x, y)) {
                int c = b.o + 4 * x;
                at(2 * y + 1, c) = '-';
                if (x > 0) at(2 * y + 1, c - 1) = '-';
                if (x < w) at(2 * y + 1, c + 1) = '-';
            }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            bool straight_v = used_h(x, y) && used_h(x, y + 1);
            bool straight_h = used_v(x, y) && used_v(x + 1, y);
            at(2 * y + 1, b.o + 4 * x + 2) = straight_v ? '|' : straight_h ? '-' : '+';
        }
    if (!colour) return write_out(out);
    Array<char> painted;
    auto add = [&](const char* text) {
        while (*text) painted.push_back(*text++);
    };
    for (int i = 0; i < out.size(); ++i) {
        bool first = on_path[i] && (i == 0 || !on_path[i - 1]);
        bool last = on_path[i] && (i + 1 == out.size() || !on_path[i + 1]);
        if (first) add("\x1b[32m");  // green, as alcazam draws its path
        painted.push_back(out[i]);
        if (last) add("\x1b[0m");
    }
    write_out(painted);
}

// The puzzle itself (walls only), drawn from scratch at offset 0 into `text`.
void draw_puzzle(const Board& b, Array<char>& text) {
    auto add = [&](const char* s) {
        while (*s) text.push_back(*s++);
    };
    for (int y = 0; y <= b.h; ++y) {
        for (int x = 0; x < b.w; ++x) add(b.wall_h[y * b.w + x] ? "+---" : "+   ");
        add("+\n");
        if (y == b.h) break;
        for (int x = 0; x <= b.w; ++x) {
            text.push_back(b.wall_v[y * (b.w + 1) + x] ? '|' : ' ');
            if (x < b.w) add("   ");
        }
        while (text.size() > 1 && text.back() == ' ' && text[text.size() - 2] != '\n')
            text.pop_back();  // but keep one character: an empty line would be skipped
        text.push_back('\n');
    }
}
void print_puzzle(const Board& b) {
    Array<char> text;
    draw_puzzle(b, text);
    write_out(text);
}

// Reads all of `file` (stdin when null) into `text`.
void read_all(FILE* file, Array<char>& text) {
    for (;;) {
        if (text.capacity - text.size() < 4096) text.reserve(text.size() + 4096);  // doubles
        size_t got = fread(text.end(), 1, text.capacity - text.size(), file);
        if (got == 0) break;
        text.count += static_cast<int>(got);
        if (text.size() > (1 << 30)) fail_input("more than 1 GiB of input");
    }
}

// ANSI colours on `stream` only when it is a terminal and NO_COLOR is not set (no-color.org:
// set and not empty).
bool colour_on(FILE* stream) {
    const char* no_color = getenv("NO_COLOR");
    return isatty(fileno(stream)) && !(no_color && *no_color);
}

// Removes the walls one by one in edge order (horizontal, then vertical), each for good when
// `still_fine()` holds without it. Returns how many went.
template <class StillFine>
int remove_walls(Board& board, StillFine still_fine) {
    int removed = 0;
    auto try_remove = [&](char& wall) {
        if (!wall) return;
        wall = 0;
        if (still_fine())
            ++removed;
        else
            wall = 1;
    };
    for (char& wall : board.wall_h) try_remove(wall);
    for (char& wall : board.wall_v) try_remove(wall);
    return removed;
}

// -r as alcazam: removes every wall (in edge order) whose removal leaves a puzzle that the
// steps alone, without a guess, still solve; prints "removed N edges!" and the reduced puzzle
// solved. A puzzle the steps alone do not solve keeps its walls (message on stderr).
int reduce_by_steps(Board& board, Solver& solver) {
    if (!solver.solve_by_steps(board)) {
        fputs("-r: the steps alone do not solve this puzzle; no edge removed\n", stderr);
        print_puzzle(board);
        return 0;
    }
    int removed = remove_walls(board, [&] { return solver.solve_by_steps(board); });
    Board reduced;
    draw_puzzle(board, reduced.text);
    parse(reduced);
    solver.solve_by_steps(reduced);  // solved: the last removal (or the check above) said so
    printf("removed %d edges!\n", removed);
    print_solution(reduced, solver, solver.solution, colour_on(stdout));
    return 0;
}

// --reduce-unique: removes every wall (in edge order) whose removal keeps exactly one
// solution (found by the search, not only by the steps); prints the reduced puzzle.
int reduce_keeping_unique(Board& board, Solver& solver) {
    long long k = solver.run(board, 2);
    if (k == 0) {
        puts("no solution");
        return 0;
    }
    if (k >= 2) {
        fputs("--reduce-unique: the puzzle has 2 or more solutions; no wall removed\n", stderr);
        print_puzzle(board);
        return 0;
    }
    int removed = remove_walls(board, [&] { return solver.run(board, 2) == 1; });
    fprintf(stderr, "removed %d walls\n", removed);
    print_puzzle(board);
    return 0;
}

#ifndef ALCAZAR_NO_MAIN
int main(int argc, char* argv[]) {
    const char* file = nullptr;
    bool verbose = false, reduce = false, count = false, local_steps = false, reduce_unique = false,
         no_trials = false, no_search = false;
    int restart_nodes = 0;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (!strcmp(a, "-f") && i + 1 < argc)
            file = argv[++i];
        else if (!strcmp(a, "-v"))
            verbose = true;
        else if (!strcmp(a, "-r"))
            reduce = true;
        else if (!strcmp(a, "--reduce-unique"))
            reduce_unique = true;
        else if (!strcmp(a, "--no-search"))  // tests: the steps alone, as -r uses them
            no_search = true;
        else if (!strcmp(a, "--count"))
            count = true;
        else if (!strcmp(a, "--local-steps"))  // tests: weak steps, the search proves the rest
            local_steps = true;
        else if (!strcmp(a, "--no-trials"))  // tests: the global steps' reasons below the root
            no_trials = true;
        else if (!strcmp(a, "--restart-nodes") && i + 1 < argc)  // tests: restarts early
            restart_nodes = atoi(argv[++i]);
        else {
            fprintf(stderr,
                    "usage: alcazar [-f FILE] [-v] [-r] [--reduce-unique] [--count] [--no-search] "
                    "[--local-steps] [--no-trials] [--restart-nodes "
                    "N] (unknown option %s)\n",
                    a);
            return 2;
        }
    }
    Board board;
    if (file) {
        FILE* in = fopen(file, "rb");
        if (!in) fail_input("cannot open %s", file);
        read_all(in, board.text);
        fclose(in);
    } else {
        read_all(stdin, board.text);
    }
    parse(board);
    Solver solver;
    solver.probe = solver.global_steps = !local_steps;
    solver.probe = solver.probe && !no_trials;
    solver.first_budget = restart_nodes;
    if (count) {
        long long k = solver.run(board, 2);
        puts(k == 0 ? "0" : k == 1 ? "1" : "2 or more");
        return 0;
    }
    if (no_search) {
        if (!solver.solve_by_steps(board)) {
            puts("not solved by the steps alone");
            return 0;
        }
        print_solution(board, solver, solver.solution, colour_on(stdout));
        return 0;
    }
    if (reduce) return reduce_by_steps(board, solver);
    if (reduce_unique) return reduce_keeping_unique(board, solver);
    solver.verbose = verbose;
    solver.colour = verbose && colour_on(stderr);
    long long k = solver.run(board, 1);
    if (verbose)
        fprintf(stderr, "%s after %lld steps, %lld search nodes\n", k ? "solved" : "no solution",
                solver.steps, solver.nodes_searched);
    if (k == 0) {
        puts("no solution");
        return 0;
    }
    print_solution(board, solver, solver.solution, colour_on(stdout));
}
#endif

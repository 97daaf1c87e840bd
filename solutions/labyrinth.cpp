/**
 * Problem: Labyrinth (labyrinth), ASP Competition System Track; rules in
 *          testdata/labyrinth/statement.md
 * Source:  ASP Competition 2011/2013 problem "Labyrinth" (Ravensburger's game, push variant)
 * Idea:    A state is (board, goal position, set R of fields the avatar can stand on); the
 *          board is kept as 4 bit planes (one per direction) of N-bit rows, R as N-bit rows, and
 *          R's closure is a bit-parallel flood fill. Two exact searches take turns with doubling
 *          budgets, and whichever decides first answers:
 *          - iterative deepening (Deepening) with a refutation table that stores the remaining
 *            budget a state was refuted with, partial-order reduction (no push right after its
 *            inverse, parallel pushes in one order, when the walk in between added nothing),
 *            necessary conditions on the last two pushes (a push can only make links on its
 *            own line and next to it, so it must touch R and the goal's component C), and, with
 *            up to 4 pushes left, rule f: a push relevant to neither R nor C must make a
 *            difference that the shorter run without it (which fails, as deepening proved)
 *            brings next to R or C; such runs are enumerated under the same conditions;
 *            the last push must also open both R and C exactly (push_opens: a link between
 *            the moved set and a field outside it, a few word operations per push), so a push
 *            with two left that opens neither is dropped without building its board when no
 *            line is relevant to both moved sets: decides UNSATISFIABLE and finds shortest
 *            plans;
 *          - best-first searches over deduplicated states (several orderings by a 0-1 "broken
 *            links to the goal" estimate) that find long plans on large boards.
 *          Before both, a tile-level test (can the goal's tile ever be linked to from the start
 *          tile through tiles with matching connections?) refutes hopeless boards at once.
 *          The deepening search gets 64 successors per best-first state while only the last
 *          limit is left to prove, 6 while at most 8 are (all boards with max_steps <= 8),
 *          else 1 (--shortest: always 64): with 6, the official instances (long plans) took
 *          ~1.6x longer.
 *          A default-mode plan is then shortened by dropping pushes it does not need;
 *          --shortest gives a minimal plan (deepening and breadth-first layers),
 *          --competition prints the ASP Competition layout (the atoms on one line).
 * Time:    O(S * 4N * N^2 / 64 * F) for S visited states (F = flood-fill rounds, a worklist
 *          of rows started next to the pushed line); exponential in the worst case (the
 *          problem is presumably NP-complete). 4 x 4 boards with 6 pushes and no plan: < 0.1 s
 *          (were 10-16 s); the 16 x 16 board with 6 pushes of bench/labyrinth/unsat.sh: 6.1 s
 *          CPU (deepening alone: 18.8 s before rule f, 5.2 s after). Out of reach: 16 x 16
 *          boards with 8 pushes and 20-30% connections: each limit costs 25-45x the one
 *          before; deepening alone proves 6 pushes in 2.4 and 18 s CPU (were 4.2 and 20.5 s),
 *          7 pushes on n16_m8_p20_s2 in 108 s (so 8 would take about an hour).
 *          Figures in bench/labyrinth/RESULTS.md.
 * Memory:  refutation table (states with >= 3 pushes left) <= 320 MiB (buckets overwritten at
 *          the bound: exact, only slower)
 *          and best-first states <= 320 MiB (past it: deepening alone, without a budget), so
 *          < 700 MiB in all; --memory-mib M sets both bounds.
 * Status:  AC on testdata/labyrinth and all 25 cases of shared/cases/labyrinth (3.3 s in all
 *          at load 1; 3.6 s CPU at load 6, as before the last changes;
 *          bench/labyrinth/RESULTS.md); random small boards vs solutions/brute/labyrinth.cpp
 *          (both answers, 2 to 6 pushes, checker verdict and --shortest length;
 *          cmake/problems/labyrinth_shortest.sh, 984 boards with 100 seeds: no failure).
 *          Not met (issue 14): 16 x 16 boards with 8 pushes decided in 10 s, and --shortest
 *          proving 8 pushes on the official instances (7 is the reach: 13 of 25).
 */
#include <bits/stdc++.h>
using namespace std;
using u64 = uint64_t;

[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

// ---------------------------------------------------------------------------------------------
// Input: ASP facts field/2, init_on/2, goal_on/2, connect/3, max_steps/1; '%' comments.

constexpr int kMaxSide = 64;  // rows are 64-bit masks
constexpr long long kMaxSteps = 1000000000LL;
enum Direction { kNorth = 0, kSouth = 1, kEast = 2, kWest = 3 };
const char kDirectionName[4] = {'n', 's', 'e', 'w'};

struct Instance {
    int side = 0;
    vector<uint8_t> mask;  // [x * side + y], x, y 0-based, bit d = connection towards d
    int init_x = -1, init_y = -1, goal_x = -1, goal_y = -1;
    long long max_steps = -1;
};

struct FactReader {
    string text;
    size_t pos = 0;
    void skip_blank() {
        while (pos < text.size()) {
            char c = text[pos];
            if (c == '%') {
                while (pos < text.size() && text[pos] != '\n') ++pos;
            } else if (c == '\r' && (pos + 1 >= text.size() || text[pos + 1] != '\n')) {
                fail_input("carriage return not followed by a newline at byte " + to_string(pos));
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++pos;
            } else {
                break;
            }
        }
    }
    bool at_end() {
        skip_blank();
        return pos >= text.size();
    }
    void expect(char c) {
        skip_blank();
        if (pos >= text.size() || text[pos] != c)
            fail_input(string("expected '") + c + "' at byte " + to_string(pos));
        ++pos;
    }
    string identifier() {
        skip_blank();
        size_t start = pos;
        while (pos < text.size() &&
               (islower(static_cast<unsigned char>(text[pos])) ||
                isdigit(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
            ++pos;
        if (start == pos || !islower(static_cast<unsigned char>(text[start])))
            fail_input("expected a predicate name at byte " + to_string(start));
        return text.substr(start, pos - start);
    }
    long long number() {
        skip_blank();
        size_t start = pos;
        long long value = 0;
        while (pos < text.size() && isdigit(static_cast<unsigned char>(text[pos]))) {
            value = value * 10 + (text[pos] - '0');
            if (value > kMaxSteps) fail_input("number too large at byte " + to_string(start));
            ++pos;
        }
        if (start == pos) fail_input("expected a number at byte " + to_string(start));
        return value;
    }
};

Instance read_instance(const string& text) {
    FactReader reader{text};
    vector<pair<long long, long long>> fields;
    vector<tuple<long long, long long, int>> connects;
    long long init_x = -1, init_y = -1, goal_x = -1, goal_y = -1, max_steps = -1;
    while (!reader.at_end()) {
        string name = reader.identifier();
        reader.expect('(');
        if (name == "field" || name == "init_on" || name == "goal_on") {
            long long x = reader.number();
            reader.expect(',');
            long long y = reader.number();
            if (name == "field") {
                fields.push_back({x, y});
            } else if (name == "init_on") {
                if (init_x != -1) fail_input("more than one init_on fact");
                init_x = x, init_y = y;
            } else {
                if (goal_x != -1) fail_input("more than one goal_on fact");
                goal_x = x, goal_y = y;
            }
        } else if (name == "connect") {
            long long x = reader.number();
            reader.expect(',');
            long long y = reader.number();
            reader.expect(',');
            string d = reader.identifier();
            int dir = d == "n"   ? kNorth
                      : d == "s" ? kSouth
                      : d == "e" ? kEast
                      : d == "w" ? kWest
                                 : -1;
            if (dir < 0) fail_input("connect direction '" + d + "' is not n, s, e or w");
            connects.emplace_back(x, y, dir);
        } else if (name == "max_steps") {
            if (max_steps != -1) fail_input("more than one max_steps fact");
            max_steps = reader.number();
            if (max_steps < 1) fail_input("max_steps must be positive");
        } else {
            fail_input("unknown predicate '" + name + "'");
        }
        reader.expect(')');
        reader.expect('.');
    }
    if (fields.empty()) fail_input("no field facts");
    long long side = 0;
    for (auto [x, y] : fields) side = max(side, max(x, y));
    if (side > kMaxSide) fail_input("board side " + to_string(side) + " exceeds 64");
    Instance inst;
    inst.side = static_cast<int>(side);
    vector<char> present(static_cast<size_t>(side * side), 0);
    for (auto [x, y] : fields) {
        if (x < 1 || y < 1) fail_input("field coordinates must be >= 1");
        present[static_cast<size_t>((x - 1) * side + (y - 1))] = 1;
    }
    for (long long x = 1; x <= side; ++x)
        for (long long y = 1; y <= side; ++y)
            if (!present[static_cast<size_t>((x - 1) * side + (y - 1))])
                fail_input("missing field(" + to_string(x) + "," + to_string(y) + ")");
    auto in_board = [&](long long x, long long y) {
        return 1 <= x && x <= side && 1 <= y && y <= side;
    };
    if (init_x == -1) fail_input("missing init_on fact");
    if (goal_x == -1) fail_input("missing goal_on fact");
    if (max_steps == -1) fail_input("missing max_steps fact");
    if (!in_board(init_x, init_y)) fail_input("init_on outside the board");
    if (!in_board(goal_x, goal_y)) fail_input("goal_on outside the board");
    inst.mask.assign(static_cast<size_t>(side * side), 0);
    for (auto [x, y, dir] : connects) {
        if (!in_board(x, y))
            fail_input("connect(" + to_string(x) + "," + to_string(y) + ",...) outside the board");
        inst.mask[static_cast<size_t>((x - 1) * side + (y - 1))] |= static_cast<uint8_t>(1 << dir);
    }
    inst.init_x = static_cast<int>(init_x - 1), inst.init_y = static_cast<int>(init_y - 1);
    inst.goal_x = static_cast<int>(goal_x - 1), inst.goal_y = static_cast<int>(goal_y - 1);
    inst.max_steps = max_steps;
    return inst;
}

// ---------------------------------------------------------------------------------------------
// Board state. Row x is an N-bit mask, bit y = column y (0-based; x = 0 is the bottom row).

int side;
u64 row_mask;  // the low `side` bits

struct State {
    u64 plane[4][kMaxSide];  // plane[d][x] bit y: field (x, y) has a connection towards d
    u64 reach[kMaxSide];     // fields the avatar can stand on
    int goal_x, goal_y;
};

inline u64 rotate_row_east(u64 row) {  // column y -> y + 1, column N-1 -> 0
    return ((row << 1) | (row >> (side - 1))) & row_mask;
}
inline u64 rotate_row_west(u64 row) { return ((row >> 1) | (row << (side - 1))) & row_mask; }

// Moves the bits of `rows` (one per field) as a push of line `line` in direction `dir` moves
// the fields.
void push_fields(u64* rows, int line, int dir) {
    if (dir == kEast) {
        rows[line] = rotate_row_east(rows[line]);
    } else if (dir == kWest) {
        rows[line] = rotate_row_west(rows[line]);
    } else {
        const u64 bit = u64(1) << line;
        if (dir == kNorth) {
            u64 carry = rows[side - 1] & bit;
            for (int x = side - 1; x > 0; --x) rows[x] = (rows[x] & ~bit) | (rows[x - 1] & bit);
            rows[0] = (rows[0] & ~bit) | carry;
        } else {
            u64 carry = rows[0] & bit;
            for (int x = 0; x + 1 < side; ++x) rows[x] = (rows[x] & ~bit) | (rows[x + 1] & bit);
            rows[side - 1] = (rows[side - 1] & ~bit) | carry;
        }
    }
}

// Push line `line` in direction `dir`; fields carry connections, the goal and reach bits.
void apply_push(State& s, int line, int dir) {
    for (int d = 0; d < 4; ++d) push_fields(s.plane[d], line, dir);
    push_fields(s.reach, line, dir);
    const int step = dir == kEast || dir == kNorth ? 1 : side - 1;
    if ((dir == kEast || dir == kWest) && s.goal_x == line) s.goal_y = (s.goal_y + step) % side;
    if ((dir == kNorth || dir == kSouth) && s.goal_y == line) s.goal_x = (s.goal_x + step) % side;
}

// Walkable links of the current board: east_link[x] bit y: (x,y)-(x,y+1) linked;
// north_link[x] bit y: (x,y)-(x+1,y) linked. Links never wrap around the border.
struct Links {
    u64 east_link[kMaxSide];
    u64 north_link[kMaxSide];
};
void compute_links(const State& s, Links& links) {
    for (int x = 0; x < side; ++x) {
        links.east_link[x] = s.plane[kEast][x] & (s.plane[kWest][x] >> 1) & (row_mask >> 1);
        links.north_link[x] = x + 1 < side ? s.plane[kNorth][x] & s.plane[kSouth][x + 1] : 0;
    }
}

// Closes `rows` under walking when only the rows of `dirty` (bit x) may hold a field with a
// link to a field outside `rows`: a worklist of rows; a row that gains fields is processed
// (again), so every field added has its links followed.
bool flood_fill_rows(u64* rows, const Links& links, u64 dirty) {
    bool grew = false;
    while (dirty) {
        const int x = __builtin_ctzll(dirty);
        dirty &= dirty - 1;
        u64 r = rows[x];
        const u64 link = links.east_link[x];
        while (true) {
            const u64 next = r | ((r & link) << 1) | ((r >> 1) & link);
            if (next == r) break;
            r = next;
        }
        grew |= r != rows[x];
        rows[x] = r;
        if (x + 1 < side) {
            const u64 add = r & links.north_link[x] & ~rows[x + 1];
            if (add) rows[x + 1] |= add, dirty |= u64(1) << (x + 1), grew = true;
        }
        if (x > 0) {
            const u64 add = r & links.north_link[x - 1] & ~rows[x - 1];
            if (add) rows[x - 1] |= add, dirty |= u64(1) << (x - 1), grew = true;
        }
    }
    return grew;
}

// Closes `rows` under walking (bit-parallel flood fill, see flood_fill_rows). Returns whether
// a field was added.
bool flood_fill(u64* rows, const Links& links) {
    u64 occupied = 0;
    for (int x = 0; x < side; ++x)
        if (rows[x]) occupied |= u64(1) << x;
    return flood_fill_rows(rows, links, occupied);
}

inline bool goal_reached(const State& s) { return (s.reach[s.goal_x] >> s.goal_y) & 1; }

// Guidance estimate (not a bound; only orders the best-first search): the number of "broken
// link" crossings needed to get from R to the goal's component, where a step to any of the four
// neighbours (wrapping around, as pushes wrap) costs 1 and a walkable link costs 0.
int estimate(const State& s, const Links& links) {
    u64 level[kMaxSide], grown[kMaxSide];
    for (int x = 0; x < side; ++x) level[x] = 0;
    level[s.goal_x] = u64(1) << s.goal_y;
    flood_fill(level, links);
    for (int cost = 0; cost <= 2 * side; ++cost) {
        u64 any = 0, all_full = row_mask;
        for (int x = 0; x < side; ++x) any |= level[x] & s.reach[x], all_full &= level[x];
        if (any) return cost;
        if (all_full == row_mask) break;
        for (int x = 0; x < side; ++x) {
            grown[x] = level[x] | rotate_row_east(level[x]) | rotate_row_west(level[x]) |
                       level[(x + 1) % side] | level[(x + side - 1) % side];
        }
        for (int x = 0; x < side; ++x) level[x] = grown[x];
        flood_fill(level, links);
    }
    return 2 * side + 1;  // R is empty: cannot happen (the avatar always stands somewhere)
}

// ---------------------------------------------------------------------------------------------
// Packed states (5 N^2 bits + goal) in an arena, with an exact open-addressing hash set.

int packed_words;
vector<u64> arena;
vector<int32_t> parent_of;
vector<uint16_t> move_of;  // line * 4 + dir
vector<int32_t> depth_of;

void pack(const State& s, u64* out) {
    fill(out, out + packed_words, 0);
    size_t bit = 0;
    auto put = [&](u64 value, int bits) {
        out[bit >> 6] |= value << (bit & 63);
        if ((bit & 63) + static_cast<size_t>(bits) > 64)
            out[(bit >> 6) + 1] |= value >> (64 - (bit & 63));
        bit += static_cast<size_t>(bits);
    };
    for (int d = 0; d < 4; ++d)
        for (int x = 0; x < side; ++x) put(s.plane[d][x], side);
    for (int x = 0; x < side; ++x) put(s.reach[x], side);
    put(static_cast<u64>(s.goal_x * kMaxSide + s.goal_y), 12);
}
void unpack(const u64* in, State& s) {
    size_t bit = 0;
    auto get = [&](int bits) {
        u64 value = in[bit >> 6] >> (bit & 63);
        if ((bit & 63) + static_cast<size_t>(bits) > 64)
            value |= in[(bit >> 6) + 1] << (64 - (bit & 63));
        bit += static_cast<size_t>(bits);
        return bits == 64 ? value : value & ((u64(1) << bits) - 1);
    };
    for (int d = 0; d < 4; ++d)
        for (int x = 0; x < side; ++x) s.plane[d][x] = get(side);
    for (int x = 0; x < side; ++x) s.reach[x] = get(side);
    int goal = static_cast<int>(get(12));
    s.goal_x = goal / kMaxSide, s.goal_y = goal % kMaxSide;
}

u64 hash_words(const u64* words) {
    u64 h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < packed_words; ++i) {
        h ^= words[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

struct StateTable {
    vector<int32_t> slots;  // -1 empty, else arena index
    vector<u64> slot_hash;
    size_t used = 0;
    void init(size_t capacity) {
        slots.assign(capacity, -1);
        slot_hash.assign(capacity, 0);
        used = 0;
    }
    // Returns the arena index of an equal stored state, or -1 after recording `index`.
    int32_t find_or_insert(int32_t index) {
        if ((used + 1) * 2 > slots.size()) grow();
        const u64* words = &arena[static_cast<size_t>(index) * static_cast<size_t>(packed_words)];
        u64 h = hash_words(words);
        size_t mask = slots.size() - 1, i = h & mask;
        while (slots[i] != -1) {
            if (slot_hash[i] == h &&
                equal(words, words + packed_words,
                      &arena[static_cast<size_t>(slots[i]) * static_cast<size_t>(packed_words)]))
                return slots[i];
            i = (i + 1) & mask;
        }
        slots[i] = index, slot_hash[i] = h, ++used;
        return -1;
    }
    void grow() {
        vector<int32_t> old_slots;
        vector<u64> old_hash;
        swap(old_slots, slots), swap(old_hash, slot_hash);
        slots.assign(old_slots.size() * 2, -1);
        slot_hash.assign(old_slots.size() * 2, 0);
        size_t mask = slots.size() - 1;
        for (size_t j = 0; j < old_slots.size(); ++j) {
            if (old_slots[j] == -1) continue;
            size_t i = old_hash[j] & mask;
            while (slots[i] != -1) i = (i + 1) & mask;
            slots[i] = old_slots[j], slot_hash[i] = old_hash[j];
        }
    }
};

// ---------------------------------------------------------------------------------------------

State start;
long long depth_limit;
// Best-first priority = weight_estimate * estimate + depth - weight_reach * |R| (smaller first).
long long weight_estimate = 64, weight_reach = 0;
size_t state_budget = SIZE_MAX;  // a run that stores more states stops (kOutOfBudget)
long long priority_of(const State& s, const Links& links, int depth) {
    long long reach_count = 0;
    for (int x = 0; x < side; ++x) reach_count += __builtin_popcountll(s.reach[x]);
    long long guess = weight_estimate == 0 ? 0 : estimate(s, links) * weight_estimate;
    return guess + depth - weight_reach * reach_count;
}
size_t memory_budget_bytes = size_t(320) << 20;

vector<uint16_t> plan_to(int32_t index, uint16_t last_move) {
    vector<uint16_t> plan{last_move};
    for (int32_t i = index; parent_of[static_cast<size_t>(i)] != -1;
         i = parent_of[static_cast<size_t>(i)])
        plan.push_back(move_of[static_cast<size_t>(i)]);
    reverse(plan.begin(), plan.end());
    return plan;
}

// Successor of `from` by push `move`, closed under walking; `links` gets the new board's links.
// Returns whether the walk added a field.
// `to` = `from` after push `move`, without walking (apply_push fused with the copy).
void pushed(const State& from, int move, State& to) {
    const int line = move / 4, dir = move % 4;
    to.goal_x = from.goal_x, to.goal_y = from.goal_y;
    if (dir == kEast || dir == kWest) {
        // Only the first `side` rows are in use: copying them alone matters on small boards.
        for (int d = 0; d < 4; ++d) copy(from.plane[d], from.plane[d] + side, to.plane[d]);
        copy(from.reach, from.reach + side, to.reach);
        auto rotate = dir == kEast ? rotate_row_east : rotate_row_west;
        for (int d = 0; d < 4; ++d) to.plane[d][line] = rotate(to.plane[d][line]);
        to.reach[line] = rotate(to.reach[line]);
        if (to.goal_x == line) to.goal_y = (to.goal_y + (dir == kEast ? 1 : side - 1)) % side;
        return;
    }
    // Column push: row x of column `line` comes from row x - 1 (north) or x + 1 (south).
    const u64 bit = u64(1) << line;
    for (int x = 0; x < side; ++x) {
        const int from_x =
            dir == kNorth ? (x == 0 ? side - 1 : x - 1) : (x + 1 == side ? 0 : x + 1);
        for (int d = 0; d < 4; ++d)
            to.plane[d][x] = (from.plane[d][x] & ~bit) | (from.plane[d][from_x] & bit);
        to.reach[x] = (from.reach[x] & ~bit) | (from.reach[from_x] & bit);
    }
    if (to.goal_y == line) to.goal_x = (to.goal_x + (dir == kNorth ? 1 : side - 1)) % side;
}

// The rows (bit x) that hold a field of `rows` that the push `move` may have given a new link:
// new links have an end on the pushed line, so these are the fields on it and next to it.
u64 rows_near_push(const u64* rows, int move) {
    const int line = move / 4;  // moves are numbered line * 4 + direction
    const u64 near = (u64(1) << line) | (line > 0 ? u64(1) << (line - 1) : 0) |
                     (line + 1 < side ? u64(1) << (line + 1) : 0);  // line - 1 .. line + 1
    if (move % 4 >= kEast) return near;                             // a row push
    const u64 columns = near;
    u64 dirty = 0;
    for (int x = 0; x < side; ++x)
        if (rows[x] & columns) dirty |= u64(1) << x;
    return dirty;
}

// `from_closed`: R of `from` is closed under walking. Then a field of the pushed R links to a
// field outside it only through a new link, and the walk starts from rows_near_push alone.
bool successor(const State& from, int move, State& to, Links& links, bool from_closed = false) {
    pushed(from, move, to);
    compute_links(to, links);
    if (from_closed) return flood_fill_rows(to.reach, links, rows_near_push(to.reach, move));
    return flood_fill(to.reach, links);
}

enum class SearchResult { kFound, kExhausted, kOutOfBudget, kOutOfMemory };

// Best-first (shortest = false, ordered by priority_of) or breadth-first (shortest = true)
// search over deduplicated states with depth <= depth_limit.
//
// Pruning rules, and why none loses a plan:
//  1. Exact deduplication of (board, goal position, R). The future of a state depends on
//     nothing else (which field the avatar stands on is free within R), so a second copy with
//     at least as many pushes used can only find plans the first copy finds too.
//  2. Pushes that change nothing: a push of a line whose fields are all alike (same masks, no
//     R bit, no goal) gives back the same state; rule 1 drops it.
//  3. Inverse pushes (push then push back) are caught by rule 1 only when R did not grow in
//     between (then the state is the earlier one again). Otherwise they are kept: the avatar
//     may have walked onto the pushed line, so pushing back yields a larger R than before, and
//     no argument shows such a pair is never needed (the brute's minimal plans contain them).
//     Likewise pushes of two parallel lines give the same board in either order but different
//     R sets, so no canonical order is imposed; rule 1 merges the orders whose R coincide.
//  4. The goal test is made when a state is generated, so a plan of depth d is reported before
//     any state of depth d+1 is expanded (breadth-first: the first plan has the fewest pushes).
//  5. States at depth_limit are not expanded (no plan may be longer).
// The ordering (priority_of) only decides which state is expanded first, never whether.
SearchResult table_search(bool shortest, vector<uint16_t>& plan) {
    packed_words = (5 * side * side + 12 + 63) / 64;
    arena.assign(static_cast<size_t>(packed_words), 0);
    pack(start, arena.data());
    parent_of = {-1}, move_of = {0}, depth_of = {0};
    StateTable table;
    table.init(1 << 16);
    table.find_or_insert(0);
    // Queue entries: (priority, arena index). Breadth-first uses the depth as the priority,
    // with insertion order breaking ties, which makes it a FIFO by layers.
    using Entry = pair<long long, int32_t>;
    priority_queue<Entry, vector<Entry>, greater<Entry>> open;
    deque<int32_t> fifo;
    if (shortest)
        fifo.push_back(0);
    else
        open.push({0, 0});
    const int moves = 4 * side;
    size_t expansions = 0;
    State current, next;
    Links links;
    vector<u64> packed(static_cast<size_t>(packed_words));
    while (shortest ? !fifo.empty() : !open.empty()) {
        int32_t index;
        if (shortest)
            index = fifo.front(), fifo.pop_front();
        else
            index = open.top().second, open.pop();
        int depth = depth_of[static_cast<size_t>(index)];
        if (depth >= depth_limit) continue;
        if (++expansions > state_budget) return SearchResult::kOutOfBudget;
        unpack(&arena[static_cast<size_t>(index) * static_cast<size_t>(packed_words)], current);
        for (int move = 0; move < moves; ++move) {
            successor(current, move, next, links, index != 0);  // only the start is not closed
            if (goal_reached(next)) {
                plan = plan_to(index, static_cast<uint16_t>(move));
                return SearchResult::kFound;
            }
            // Deduplication: equal (board, goal, R) states have equal futures, so only the
            // first copy (or a copy reached with fewer pushes, see below) is expanded.
            pack(next, packed.data());
            int32_t new_index = static_cast<int32_t>(parent_of.size());
            arena.insert(arena.end(), packed.begin(), packed.end());
            int32_t old = table.find_or_insert(new_index);
            if (old != -1) {
                arena.resize(arena.size() - static_cast<size_t>(packed_words));
                // A copy reached with fewer pushes has more pushes left: re-expand it, so that
                // exhausting the queue still covers every state within depth_limit pushes.
                if (!shortest && depth + 1 < depth_of[static_cast<size_t>(old)]) {
                    depth_of[static_cast<size_t>(old)] = depth + 1;
                    parent_of[static_cast<size_t>(old)] = index;
                    move_of[static_cast<size_t>(old)] = static_cast<uint16_t>(move);
                    open.push({priority_of(next, links, depth + 1), old});
                }
                continue;
            }
            parent_of.push_back(index);
            move_of.push_back(static_cast<uint16_t>(move));
            depth_of.push_back(depth + 1);
            if (shortest)
                fifo.push_back(new_index);
            else
                open.push({priority_of(next, links, depth + 1), new_index});
            size_t bytes = arena.size() * 8 + parent_of.size() * 10 + table.slots.size() * 12 +
                           (open.size() + fifo.size()) * 16;
            if (bytes > memory_budget_bytes) return SearchResult::kOutOfMemory;
            if (parent_of.size() > state_budget) return SearchResult::kOutOfBudget;
        }
    }
    return SearchResult::kExhausted;
}

// ---------------------------------------------------------------------------------------------
// Iterative deepening with a refutation table: decides UNSATISFIABLE fast and finds minimal
// plans. Moves are numbered line * 4 + direction (line first: the order the rules below use).

inline int move_line(int move) { return move / 4; }
inline int move_direction(int move) { return move % 4; }
inline int inverse_move(int move) { return move ^ 1; }  // n <-> s, e <-> w
inline bool is_row_push(int move) { return move_direction(move) >= kEast; }
inline bool parallel_pushes(int a, int b) { return is_row_push(a) == is_row_push(b); }

// A push of a line whose fields are all alike (same connections, all or none in R) and that
// does not hold the goal gives back the same state.
bool push_changes_nothing(const State& s, int move) {
    const int line = move_line(move);
    if (is_row_push(move)) {
        if (s.goal_x == line) return false;
        for (int d = 0; d < 4; ++d)
            if (rotate_row_east(s.plane[d][line]) != s.plane[d][line]) return false;
        return rotate_row_east(s.reach[line]) == s.reach[line];
    }
    if (s.goal_y == line) return false;
    const u64 bit = u64(1) << line;
    auto uniform_column = [&](const u64* rows) {
        for (int x = 1; x < side; ++x)
            if ((rows[x] & bit) != (rows[0] & bit)) return false;
        return true;
    };
    for (int d = 0; d < 4; ++d)
        if (!uniform_column(s.plane[d])) return false;
    return uniform_column(s.reach);
}

// The lines (rows: bit x, columns: bit y) whose push can make a new link for a tile of `fields`:
// a push of line L moves only L's tiles, so a new link has an end on L; it touches a tile of
// `fields` only if that tile is on L and has a connection, or sits next to L with a connection
// towards L (links do not wrap around the border).
struct Lines {
    u64 rows = 0, columns = 0;
};
void add_row_relevance(int x, u64 here, const u64 (&planes)[4], Lines& lines) {
    if (!here) return;
    const u64 connected = here & (planes[kNorth] | planes[kSouth] | planes[kEast] | planes[kWest]);
    if (connected) lines.rows |= u64(1) << x;
    if ((here & planes[kNorth]) && x + 1 < side) lines.rows |= u64(1) << (x + 1);
    if ((here & planes[kSouth]) && x > 0) lines.rows |= u64(1) << (x - 1);
    lines.columns |= connected | ((here & planes[kEast]) << 1) | ((here & planes[kWest]) >> 1);
}
Lines relevant_lines(const State& s, const u64* fields) {
    Lines lines;
    for (int x = 0; x < side; ++x) {
        const u64 planes[4] = {s.plane[0][x], s.plane[1][x], s.plane[2][x], s.plane[3][x]};
        add_row_relevance(x, fields[x], planes, lines);
    }
    lines.columns &= row_mask;
    return lines;
}

// relevant_lines of `fields` moved by the push `move`, on the board after it, without building
// that board: row x of every plane after the push, read from the board before it.
Lines relevant_lines_after(const State& s, const u64* fields, int move) {
    const int line = move_line(move), dir = move_direction(move);
    const u64 bit = u64(1) << line;
    auto moved = [&](const u64* rows, int x) {
        if (is_row_push(move))
            return x != line      ? rows[x]
                   : dir == kEast ? rotate_row_east(rows[x])
                                  : rotate_row_west(rows[x]);
        const int from = dir == kNorth ? (x + side - 1) % side : (x + 1) % side;
        return (rows[x] & ~bit) | (rows[from] & bit);
    };
    Lines lines;
    for (int x = 0; x < side; ++x) {
        const u64 here = moved(fields, x);
        if (!here) continue;
        const u64 planes[4] = {moved(s.plane[0], x), moved(s.plane[1], x), moved(s.plane[2], x),
                               moved(s.plane[3], x)};
        add_row_relevance(x, here, planes, lines);
    }
    lines.columns &= row_mask;
    return lines;
}

// Exact relevance of one push to a closed field set X (R, or the goal's component C): does the
// push `move` of board `s` make a link between a field of X (moved with its tile) and a field
// outside it? If not, X stays closed after the push (a link leaving X after the push would be
// new, and new links have an end on the pushed line, so only its links are checked). The goal
// is reached right after a push only if the path from R to the goal leaves the moved R (the
// goal is not in R) and leaves the moved C (it starts outside C, as R and C are disjoint), so
// the last push opens both: the per-move, per-direction form of the line relevance above,
// which needs only the tiles' connections, not their new neighbours'.
// The board column by column (bit x of column y = field (x, y)), for the column pushes of
// push_opens.
struct Transposed {
    u64 plane[4][kMaxSide];
};
void transpose(const u64* rows, u64* columns) {
    for (int y = 0; y < side; ++y) columns[y] = 0;
    for (int x = 0; x < side; ++x)
        for (u64 row = rows[x]; row; row &= row - 1) columns[__builtin_ctzll(row)] |= u64(1) << x;
}
void transpose_board(const State& s, Transposed& t) {
    for (int d = 0; d < 4; ++d) transpose(s.plane[d], t.plane[d]);
}
// push_opens for line i of a board read line by line (its rows, or the columns of the
// transposed board), pushed forward (kForward: east, north) or back: `forward_plane` and
// `back_plane` hold the connections along the line, `up_plane` (towards line i + 1) and
// `down_plane` those across it; `lines` the field set.
template <bool kForward>
bool line_push_opens(const u64* forward_plane,
                     const u64* back_plane,
                     const u64* up_plane,
                     const u64* down_plane,
                     const u64* lines,
                     int i) {
    auto moved = [](u64 line) { return kForward ? rotate_row_east(line) : rotate_row_west(line); };
    const u64 f = moved(lines[i]);
    const u64 along = moved(forward_plane[i]) & (moved(back_plane[i]) >> 1) & (row_mask >> 1);
    if (along & (f ^ (f >> 1))) return true;
    if (i + 1 < side && (moved(up_plane[i]) & down_plane[i + 1] & (f ^ lines[i + 1]))) return true;
    return i > 0 && (moved(down_plane[i]) & up_plane[i - 1] & (f ^ lines[i - 1]));
}
// `fields` row by row, `field_columns` the same set column by column. A column push is a row
// push of the transposed board, with north in the role of east.
bool push_opens(const State& s,
                const Transposed& t,
                const u64* fields,
                const u64* field_columns,
                int move) {
    const int line = move_line(move);
    switch (move_direction(move)) {
        case kEast:
            return line_push_opens<true>(s.plane[kEast], s.plane[kWest], s.plane[kNorth],
                                         s.plane[kSouth], fields, line);
        case kWest:
            return line_push_opens<false>(s.plane[kEast], s.plane[kWest], s.plane[kNorth],
                                          s.plane[kSouth], fields, line);
        case kNorth:
            return line_push_opens<true>(t.plane[kNorth], t.plane[kSouth], t.plane[kEast],
                                         t.plane[kWest], field_columns, line);
        default:
            return line_push_opens<false>(t.plane[kNorth], t.plane[kSouth], t.plane[kEast],
                                          t.plane[kWest], field_columns, line);
    }
}

// The goal's component: the fields walk-connected to the goal's field on the current board.
void goal_component(const State& s, const Links& links, u64* component) {
    for (int x = 0; x < side; ++x) component[x] = 0;
    component[s.goal_x] = u64(1) << s.goal_y;
    flood_fill(component, links);
}

// Lines that can serve as the next push when the goal must be reached right after it, or, in
// the second use, lines that can follow a push that touches neither R nor the goal's component
// C. A push of line L that makes no new link for a tile of R leaves R closed with the same tiles
// (no new link leaves R); if it makes none for a tile of C, C stays a closed component without
// R's tiles. So the goal is reached right after a push only if it is relevant to both R and C;
// and a push relevant to neither leaves R, C and their relevant lines as they were.
struct Relevance {
    Lines to_reach, to_goal;
    Lines both() const {
        return {to_reach.rows & to_goal.rows, to_reach.columns & to_goal.columns};
    }
};
// `closed`: R is closed under walking (every state but the start, where no walk happened yet;
// its closure is used there: the walk after the first push covers it). Returns false when that
// closure holds the goal: then the conditions do not apply (any push that keeps the path works).
bool relevance_of(const State& s, bool closed, Relevance& relevance, u64* component) {
    Links links;
    compute_links(s, links);
    u64 reach[kMaxSide];
    goal_component(s, links, component);
    copy(s.reach, s.reach + side, reach);
    if (!closed) flood_fill(reach, links);
    if ((reach[s.goal_x] >> s.goal_y) & 1) return false;
    relevance = {relevant_lines(s, reach), relevant_lines(s, component)};
    return true;
}

// Rule f: which first pushes relevant to neither R nor C can start a plan, when iterative
// deepening has proved that no shorter plan exists. Such a push A of line L leaves R and C as
// they were (see Relevance). Compare the run of A, B, ... with the run of B, ... alone (the
// "run without A", which fails: it is shorter). The two boards differ only on the fields D where
// L's fields went: D starts as L and moves as each later push moves fields. Walking from the same
// R over links the two boards share gives the same set, so the runs keep equal R and C until R or
// C of the run without A holds a field of D or has a connection towards one; and the goal is
// reached in the run with A only if, after the last push, both R and C of the run without A do. So
// A is needed only if, along some run without A whose pushes the rules allow (with R and C as in
// that run: they are equal until the condition holds), R or C comes near D, or both do after the
// last push. The runs without A are enumerated (pushes allowed: relevant to both when one is left,
// relevant to R or C when two are left and none is relevant to both, else any), and each check is
// made backwards: D meets a field set W iff L meets W moved back through the run's pushes. If a run
// without A reaches the goal (a shorter plan, which iterative deepening excludes), every line is
// allowed.
inline bool line_in(const Lines& lines, int line, bool row) {
    return ((row ? lines.rows : lines.columns) >> line) & 1;
}

class FirstPushFilter {
 public:
    // Lines whose first push, relevant to neither R nor C, may start a plan of `remaining`
    // pushes from `s` (R closed, no shorter plan).
    // `component`: the goal's component C on the board of `s`.
    Lines lines_that_can_matter(const State& s, const u64* component, int remaining) {
        result_ = {};
        shorter_plan_ = false;
        run_.clear();
        extend(s, component, remaining - 1);
        return shorter_plan_ ? Lines{row_mask, row_mask} : result_;
    }

 private:
    Lines result_;
    bool shorter_plan_ = false;
    vector<int> run_;  // the pushes of the run without A so far

    // The lines meeting `fields` moved back through the run's pushes (those L with D meeting
    // `fields`).
    Lines lines_meeting(const u64* fields) const {
        u64 back[kMaxSide];
        copy(fields, fields + side, back);
        for (auto it = run_.rbegin(); it != run_.rend(); ++it)
            push_fields(back, move_line(*it), move_direction(inverse_move(*it)));
        Lines lines;
        for (int x = 0; x < side; ++x)
            if (back[x]) lines.rows |= u64(1) << x, lines.columns |= back[x];
        return lines;
    }

    // The run without A is at `s` with `left` pushes to go.
    // The run without A is at `s` (goal not reached, R closed), C = `component_now`.
    void extend(const State& s, const u64* component_now, int left) {
        const Relevance relevance{relevant_lines(s, s.reach), relevant_lines(s, component_now)};
        const Lines both = relevance.both();
        const Lines either{relevance.to_reach.rows | relevance.to_goal.rows,
                           relevance.to_reach.columns | relevance.to_goal.columns};
        const Lines next = left == 1                                  ? both
                           : left == 2 && !both.rows && !both.columns ? either
                                                                      : Lines{row_mask, row_mask};
        State after;
        Links links;
        u64 component[kMaxSide], near_reach[kMaxSide], near_goal[kMaxSide];
        Transposed board_t;  // for push_opens, built at the first column push
        u64 reach_t[kMaxSide], component_t[kMaxSide];
        bool transposed = false;
        for (int move = 0; move < 4 * side && !shorter_plan_; ++move) {
            const u64 lines = is_row_push(move) ? next.rows : next.columns;
            if (!((lines >> move_line(move)) & 1)) continue;
            if (!is_row_push(move) && !transposed) {
                transpose_board(s, board_t);
                transpose(s.reach, reach_t);
                transpose(component_now, component_t);
                transposed = true;
            }
            // A push that opens neither R nor C (push_opens) leaves R closed, moved with its
            // tiles (no walk to compute), and the goal's new component inside the moved C (the
            // push may split C, so the moved C is a closed superset of it). A superset of C
            // only widens what is allowed here (near_goal, the relevant lines, and the runs
            // enumerated grow with it), so rule f stays sound.
            if (push_opens(s, board_t, s.reach, reach_t, move) ||
                push_opens(s, board_t, component_now, component_t, move)) {
                successor(s, move, after, links, true);
                if (goal_reached(after)) {
                    shorter_plan_ = true;
                    return;
                }
                goal_component(after, links, component);
            } else {
                pushed(s, move, after);
                copy(component_now, component_now + side, component);
                push_fields(component, move_line(move), move_direction(move));
            }
            run_.push_back(move);
            widen_fields(after, after.reach, near_reach);
            widen_fields(after, component, near_goal);
            const Lines by_reach = lines_meeting(near_reach), by_goal = lines_meeting(near_goal);
            if (left == 1) {
                result_.rows |= by_reach.rows & by_goal.rows;
                result_.columns |= by_reach.columns & by_goal.columns;
            } else {
                result_.rows |= by_reach.rows | by_goal.rows;
                result_.columns |= by_reach.columns | by_goal.columns;
                extend(after, component, left - 1);
            }
            run_.pop_back();
        }
    }

    // The fields of `rows` and the fields a link of theirs could reach: their neighbours in
    // the directions they have connections towards (links do not wrap). A link that differs
    // between the two runs and touches a field of `rows` has its other end here, or the field
    // itself is in D (the fields outside D hold the same tiles in both runs).
    static void widen_fields(const State& s, const u64* rows, u64* wide) {
        for (int x = 0; x < side; ++x) wide[x] = rows[x];
        for (int x = 0; x < side; ++x) {
            wide[x] |= ((rows[x] & s.plane[kEast][x]) << 1 & row_mask) |
                       ((rows[x] & s.plane[kWest][x]) >> 1);
            if (x + 1 < side) wide[x + 1] |= rows[x] & s.plane[kNorth][x];
            if (x > 0) wide[x - 1] |= rows[x] & s.plane[kSouth][x];
        }
    }
};

// Refutation table: (packed state, context) -> the largest number of remaining pushes with which
// the search from that state found no plan. Buckets of 4 slots in one flat array; a slot is one
// header word (bit 0 used, bits 1..15 context, bits 32..63 budget) and the packed state, compared
// exactly (no false refutation from a hash collision). The table doubles while it stays under
// its memory bound; at the bound, a full bucket overwrites its slot with the smallest budget.
// The search stays exact either way: a forgotten refutation is only searched again.
struct RefutationTable {
    static constexpr size_t kBucketSlots = 4;
    size_t slot_words = 0, buckets = 0, max_buckets = 0, used = 0;
    vector<u64> words;

    void init(size_t memory_bytes) {
        slot_words = static_cast<size_t>(packed_words) + 1;
        const size_t bucket_bytes = kBucketSlots * slot_words * 8;
        max_buckets = 0;
        for (size_t b = 1; b * bucket_bytes <= memory_bytes; b *= 2) max_buckets = b;
        allocate(min(max_buckets, size_t(1) << 10));
    }
    bool refuted(const u64* packed, u64 hash, int context, int remaining) const {
        if (buckets == 0) return false;
        const u64* bucket = bucket_of(hash);
        for (size_t i = 0; i < kBucketSlots; ++i) {
            const u64* slot = bucket + i * slot_words;
            const u64 header = slot[0];
            if (!(header & 1) || static_cast<long long>(header >> 32) < remaining) continue;
            const int stored_context = static_cast<int>((header >> 1) & 0x7FFF);
            // A refutation without context holds in every context (see Deepening::search).
            if (stored_context != 0 && stored_context != context) continue;
            if (equal(packed, packed + packed_words, slot + 1)) return true;
        }
        return false;
    }
    void store(const u64* packed, u64 hash, int context, int remaining) {
        if (buckets == 0) return;
        if ((used + 1) * 4 > buckets * kBucketSlots * 3 && buckets * 2 <= max_buckets) grow();
        u64* bucket = bucket_of(hash);
        u64* victim = nullptr;
        for (size_t i = 0; i < kBucketSlots; ++i) {
            u64* slot = bucket + i * slot_words;
            if (!(slot[0] & 1)) {
                if (!victim || (victim[0] & 1)) victim = slot;
                continue;
            }
            if (static_cast<int>((slot[0] >> 1) & 0x7FFF) == context &&
                equal(packed, packed + packed_words, slot + 1)) {
                victim = slot;
                break;
            }
            if (!victim || ((victim[0] & 1) && (victim[0] >> 32) > (slot[0] >> 32))) victim = slot;
        }
        if (!(victim[0] & 1)) ++used;
        victim[0] = (static_cast<u64>(remaining) << 32) | (static_cast<u64>(context) << 1) | 1;
        copy(packed, packed + packed_words, victim + 1);
    }

 private:
    void allocate(size_t bucket_count) {
        buckets = bucket_count;
        used = 0;
        words.assign(buckets * kBucketSlots * slot_words, 0);
    }
    u64* bucket_of(u64 hash) { return &words[(hash & (buckets - 1)) * kBucketSlots * slot_words]; }
    const u64* bucket_of(u64 hash) const {
        return &words[(hash & (buckets - 1)) * kBucketSlots * slot_words];
    }
    void grow() {
        vector<u64> old;
        swap(old, words);
        allocate(buckets * 2);
        for (size_t at = 0; at < old.size(); at += slot_words) {
            if (!(old[at] & 1)) continue;
            const u64* packed = &old[at + 1];
            u64* bucket = bucket_of(hash_words(packed));
            for (size_t i = 0; i < kBucketSlots; ++i) {
                u64* slot = bucket + i * slot_words;
                if (slot[0] & 1) continue;
                copy(&old[at], &old[at] + slot_words, slot);
                ++used;
                break;
            }
        }
    }
};

// Depth-first search to a depth limit, run for limits 1, 2, ... (so the first plan found is a
// shortest one), with a budget of generated successors.
//
// Rules that cut moves, and why none loses a plan. Let P be the plan from a state s that is
// smallest by (length, then move numbers lexicographically); "P is never cut" is shown below, so
// the search from s finds a plan whenever one of length <= remaining exists.
//  a. After a push A whose walk added no field (R grew by nothing), the state is A applied to
//     the earlier state. Then the inverse of A gives back the earlier state exactly: P, being
//     shortest, never does that, so the inverse push is skipped.
//  b. Same condition, next push B parallel to A on a smaller line: A and B commute on the board,
//     and B then A yields a superset of the R of A then B (R after A, B = walk(B(A(R))) =
//     walk(A(B(R))), a subset of walk(A(walk(B(R))))). More R never hurts (walking and pushes are
//     monotone in R), so swapping gives a plan as short and lexicographically smaller: P has no
//     such pair and B is skipped.
//  c. Pushes that change nothing (push_changes_nothing): P has none.
//  d. Necessary conditions (see Relevance): the last push is relevant to both R and the goal's
//     component; with two pushes left and no line relevant to both, the first is relevant to
//     one of them.
//  e. Refutations: the context of a state is A + 1 when rules a/b apply to its first move, else
//     0. The suffix of P from any state it passes is that state's smallest plan, whose first move
//     rules a/b of the state's context do not cut (else P itself would have a cut pair). So "no
//     plan found from (s, context) with r pushes" means s's smallest plan is longer than r or
//     starts with a move the context forbids: a stored (s, context, r) refutes s in the same
//     context with <= r pushes, and a stored context 0 refutes it in every context.
// Rule f is applied up to this many pushes left (its runs without A branch by 4N a push).
constexpr int kFilterMaxRemaining = 4;
// Refutations are stored from this many pushes left up: with 2 left, 1% of the states were found
// in the table on the 16 x 16 board with 6 pushes of bench/labyrinth/unsat.sh, while storing
// them took 87% of its memory (273 MiB) and ~20% of the time (packing, hashing, growing).
constexpr int kMinStoredRemaining = 3;

class Deepening {
 public:
    enum class Outcome { kFound, kExhausted, kOutOfBudget };

    explicit Deepening(size_t table_bytes) { table_.init(table_bytes); }

    // Every limit up to this one was searched in full without a plan: a later run starts above.
    long long proven_limit() const { return proven_limit_; }

    Outcome run(const State& from,
                long long max_pushes,
                size_t successor_budget,
                vector<uint16_t>& plan) {
        budget_ = successor_budget;
        generated_ = 0;
        for (long long limit = proven_limit_ + 1; limit <= max_pushes; ++limit) {
            path_.clear();
            packed_pool_.resize(static_cast<size_t>(limit + 1) * static_cast<size_t>(packed_words));
            out_of_budget_ = false;
            if (search(from, static_cast<int>(min(limit, kMaxSteps)), 0, start_closed(from))) {
                plan = path_;
                return Outcome::kFound;
            }
            if (out_of_budget_) return Outcome::kOutOfBudget;
            proven_limit_ = limit;
        }
        return Outcome::kExhausted;
    }

 private:
    RefutationTable table_;
    FirstPushFilter filter_;
    vector<u64> packed_pool_;  // one packed state per depth of the current path
    vector<uint16_t> path_;
    size_t budget_ = 0, generated_ = 0;
    long long proven_limit_ = 0;
    bool out_of_budget_ = false;

    static bool start_closed(const State& from) {
        State walked = from;
        Links links;
        compute_links(walked, links);
        return !flood_fill(walked.reach, links);
    }

    bool move_allowed(const State& s, int move, int context, bool closed) const {
        if (context != 0) {
            const int previous = context - 1;
            if (move == inverse_move(previous)) return false;  // rule a
            if (parallel_pushes(move, previous) && move_line(move) < move_line(previous))
                return false;  // rule b
        }
        return !closed || !push_changes_nothing(s, move);  // rule c
    }

    // `closed`: R is closed under walking. Only the start state may be open (no walk before
    // the first push); rules a, b and c need a closed R (a push and its inverse, or a push that
    // changes nothing, let the avatar walk from the start field), so they are off there.
    bool search(const State& s, int remaining, int context, bool closed) {
        // Rule e first: a refuted state needs nothing else.
        u64* packed = nullptr;
        u64 hash = 0;
        if (remaining >= kMinStoredRemaining) {
            packed = &packed_pool_[path_.size() * static_cast<size_t>(packed_words)];
            pack(s, packed);
            hash = hash_words(packed);
            if (table_.refuted(packed, hash, context, remaining)) return false;
        }
        // Rules d and f: the allowed lines; everything when more than kFilterMaxRemaining
        // pushes remain.
        Lines allowed{row_mask, row_mask};
        Relevance relevance;
        u64 component[kMaxSide];
        const bool relevance_known =
            remaining <= kFilterMaxRemaining && relevance_of(s, closed, relevance, component);
        if (relevance_known) {
            const Lines both = relevance.both();
            const bool both_empty = !both.rows && !both.columns;
            const Lines either{relevance.to_reach.rows | relevance.to_goal.rows,
                               relevance.to_reach.columns | relevance.to_goal.columns};
            if (remaining == 1) {
                allowed = both;
            } else if (remaining == 2 && both_empty) {
                // A first push relevant to neither leaves R and C, so nothing for the last one.
                allowed = either;
            } else if (closed && (remaining <= 3 || both_empty)) {
                // Rule f (not at the start state, whose R is not closed: walking comes first).
                // Where the runs without A branch widely (more than 3 pushes left and a push
                // relevant to both), enumerating them costs more than it saves.
                const Lines can_matter = filter_.lines_that_can_matter(s, component, remaining);
                allowed = {either.rows | can_matter.rows, either.columns | can_matter.columns};
            }
        }
        State next;
        Links links;
        Transposed board_t;  // for last_push_can_follow, built at its first use
        u64 reach_t[kMaxSide], component_t[kMaxSide];
        bool transposed = false;
        for (int move = 0; move < 4 * side; ++move) {
            const u64 lines = is_row_push(move) ? allowed.rows : allowed.columns;
            if (!((lines >> move_line(move)) & 1) || !move_allowed(s, move, context, closed))
                continue;
            if (remaining == 2 && relevance_known && closed) {
                if (!transposed) {
                    transpose_board(s, board_t);
                    transpose(s.reach, reach_t);
                    transpose(component, component_t);
                    transposed = true;
                }
                if (!last_push_can_follow(s, board_t, reach_t, component, component_t, move))
                    continue;
            }
            if (++generated_ > budget_) {
                out_of_budget_ = true;
                return false;
            }
            const bool grew = successor(s, move, next, links, closed);
            path_.push_back(static_cast<uint16_t>(move));
            if (goal_reached(next)) return true;
            if (remaining == 2 && relevance_known && closed) {
                if (last_push_reaches_goal(next, links, relevance, move)) return true;
                if (out_of_budget_) return false;
            } else if (remaining > 1) {
                const int next_context = closed && !grew ? move + 1 : 0;
                if (search(next, remaining - 1, next_context, true)) return true;
                if (out_of_budget_) return false;
            }
            path_.pop_back();
        }
        if (remaining >= kMinStoredRemaining) table_.store(packed, hash, context, remaining);
        return false;
    }

    // With two pushes left (R closed, C its goal component): can a last push follow `move`?
    // If `move` opens neither R nor C (push_opens), R stays closed and only moves with its
    // tiles, so the goal is not reached after it, and the goal's new component lies inside the
    // moved C (the push may split C). The last push must then be relevant to both R and that
    // component (rule d), so to both moved sets (relevance only grows with the set), which is
    // decided without building the board after `move`.
    static bool last_push_can_follow(const State& s,
                                     const Transposed& board,
                                     const u64* reach_columns,
                                     const u64* component,
                                     const u64* component_columns,
                                     int move) {
        if (push_opens(s, board, s.reach, reach_columns, move) ||
            push_opens(s, board, component, component_columns, move))
            return true;
        const Lines reach = relevant_lines_after(s, s.reach, move),
                    goal = relevant_lines_after(s, component, move);
        return (reach.rows & goal.rows) || (reach.columns & goal.columns);
    }

    // search(s, 1, ...) after `move` from a state of known relevance (R closed): a push that
    // was relevant to neither R nor C left the other's relevant lines as they were (see
    // Relevance), so only the moved side is computed again. Rule d: the last push is relevant
    // to both. Rules a-c only save time here and are left out.
    bool last_push_reaches_goal(const State& s,
                                const Links& links,
                                const Relevance& before,
                                int move) {
        const int line = move_line(move);
        const bool row = is_row_push(move);
        Relevance relevance = before;
        if (line_in(before.to_reach, line, row)) relevance.to_reach = relevant_lines(s, s.reach);
        u64 component[kMaxSide];
        bool component_known = false;
        if (line_in(before.to_goal, line, row)) {
            goal_component(s, links, component);
            component_known = true;
            relevance.to_goal = relevant_lines(s, component);
        }
        const Lines both = relevance.both();
        if (!both.rows && !both.columns) return false;
        if (!component_known) goal_component(s, links, component);
        Transposed board_t;  // built at the first column push
        u64 reach_t[kMaxSide], component_t[kMaxSide];
        bool transposed = false;
        State next;
        Links next_links;
        for (int last = 0; last < 4 * side; ++last) {
            if (!line_in(both, move_line(last), is_row_push(last))) continue;
            // Rule d per move (push_opens): the last push opens both R and C.
            if (!is_row_push(last) && !transposed) {
                transpose_board(s, board_t);
                transpose(s.reach, reach_t);
                transpose(component, component_t);
                transposed = true;
            }
            if (!push_opens(s, board_t, s.reach, reach_t, last) ||
                !push_opens(s, board_t, component, component_t, last))
                continue;
            if (++generated_ > budget_) {
                out_of_budget_ = true;
                return false;
            }
            successor(s, last, next, next_links, true);
            if (goal_reached(next)) {
                path_.push_back(static_cast<uint16_t>(last));
                return true;
            }
        }
        return false;
    }
};

// Replays `plan` from the start state: is the goal reachable after its last push?
bool plan_reaches_goal(const vector<uint16_t>& plan) {
    State current = start, next;
    Links links;
    for (uint16_t move : plan) {
        successor(current, move, next, links);
        current = next;
    }
    return goal_reached(current);
}

// A necessary condition for any number of pushes, on tiles alone: the avatar steps from tile t
// to tile u only if t has a connection d and u the opposite one, wherever they lie. Tiles with
// the same connections are alike, so the closure runs over the 16 masks: is the goal's tile
// reachable from the start tile in this "may ever link" graph?
bool goal_tile_may_be_reached(const Instance& inst) {
    auto may_link = [](int a, int b) {
        return ((a >> kNorth) & (b >> kSouth) & 1) || ((a >> kSouth) & (b >> kNorth) & 1) ||
               ((a >> kEast) & (b >> kWest) & 1) || ((a >> kWest) & (b >> kEast) & 1);
    };
    int count[16] = {};
    for (uint8_t mask : inst.mask) ++count[mask];
    const int start_mask = inst.mask[static_cast<size_t>(inst.init_x * inst.side + inst.init_y)];
    const int goal_mask = inst.mask[static_cast<size_t>(inst.goal_x * inst.side + inst.goal_y)];
    bool reached[16] = {};        // every tile of the mask reached (the start tile alone is not)
    for (int b = 0; b < 16; ++b)  // the start tile links to every other tile of a linkable mask
        reached[b] = count[b] > (b == start_mask ? 1 : 0) && may_link(start_mask, b);
    for (bool grew = true; grew;) {
        grew = false;
        for (int a = 0; a < 16; ++a)
            for (int b = 0; b < 16; ++b)
                if (reached[a] && !reached[b] && count[b] > 0 && may_link(a, b))
                    reached[b] = grew = true;
    }
    return reached[goal_mask];
}

// Deeper limits are left to the breadth-first search (the recursion would grow the stack).
constexpr long long kDeepeningMaxPushes = 1000;

// Runs the deepening search within a budget; an exhausted search above kDeepeningMaxPushes
// proves nothing (the limits beyond were not tried), so it counts as out of budget.
SearchResult deepen(Deepening& deepening, size_t successor_budget, vector<uint16_t>& plan) {
    switch (deepening.run(start, min(depth_limit, kDeepeningMaxPushes), successor_budget, plan)) {
        case Deepening::Outcome::kFound: return SearchResult::kFound;
        case Deepening::Outcome::kExhausted:
            return depth_limit <= kDeepeningMaxPushes ? SearchResult::kExhausted
                                                      : SearchResult::kOutOfBudget;
        default: return SearchResult::kOutOfBudget;
    }
}

// The deepening search's share of a round, in successors per best-first state. It refutes only
// by finishing every limit up to max_steps, so it gets a large share when few limits are left
// (every board with max_steps <= 8: unsolvable small boards are refuted as before) and a small
// one when many are (large boards with long plans, which the best-first orderings find faster:
// the large share made the official instances ~1.6x slower). With only the last limit left, its
// search decides the board either way, so it gets the largest share (CPU on the 6-push 16 x 16
// board of bench/labyrinth/unsat.sh that it refutes: 13.4 s at 6, 6.1 s at 64; the other 86
// boards of that grid: 3.7 s either way). --shortest gives it the largest share always: there
// the deepening search is the one that proves plans minimal (the breadth-first layers stop at
// about 5 pushes).
constexpr long long kNearLimits = 8;
constexpr size_t kLastShare = 64, kNearShare = 6, kFarShare = 1;

size_t deepening_share(const Deepening& deepening, bool shortest) {
    if (shortest) return kLastShare;
    const long long left = min(depth_limit, kDeepeningMaxPushes) - deepening.proven_limit();
    if (left <= 1 && depth_limit <= kDeepeningMaxPushes) return kLastShare;
    return left <= kNearLimits ? kNearShare : kFarShare;
}

void release_table_search() { arena = {}, parent_of = {}, move_of = {}, depth_of = {}; }

// Both searches below are exact within max_steps pushes, so whichever decides first answers:
// a found plan is valid, an exhausted search proves UNSATISFIABLE, and budgets (doubling each
// round) only decide when to switch. The deepening search (refutation table, pruning rules)
// proves UNSATISFIABLE fastest and finds shortest plans; the best-first orderings find long
// plans on large boards.
SearchResult decide(bool shortest, vector<uint16_t>& plan) {
    // Refutations proven so far survive between rounds, in one table of bounded size.
    Deepening deepening(memory_budget_bytes);
    // Default mode: the orderings below are good on different instances (each solves official
    // instances the others do not within seconds). {0, 0} is breadth-first (priority = depth).
    const vector<array<long long, 2>> orderings =
        shortest ? vector<array<long long, 2>>{{0, 0}}
                 : vector<array<long long, 2>>{{64, 0}, {64, 1}, {2, 0}, {8, 1}, {0, 0}};
    for (int round = 0;; ++round) {
        const size_t budget = size_t(20000) << min(round, 40);
        SearchResult result =
            deepen(deepening, budget * deepening_share(deepening, shortest), plan);
        if (result != SearchResult::kOutOfBudget) return result;
        for (auto& ordering : orderings) {
            weight_estimate = ordering[0], weight_reach = ordering[1];
            state_budget = budget;
            result = table_search(shortest, plan);
            release_table_search();
            if (getenv("LABYRINTH_DEBUG"))
                cerr << "round " << round << " ordering " << ordering[0] << "," << ordering[1]
                     << " result " << int(result) << '\n';
            // Out of memory: the deepening search alone goes on, without a budget.
            if (result == SearchResult::kOutOfMemory) return deepen(deepening, SIZE_MAX, plan);
            if (result != SearchResult::kOutOfBudget) return result;
        }
    }
}

void print_plan(const vector<uint16_t>& plan, bool competition) {
    string out;
    for (size_t step = 0; step < plan.size(); ++step) {
        out += "push(" + to_string(plan[step] / 4 + 1) + "," + kDirectionName[plan[step] % 4] +
               "," + to_string(step + 1) + ").";
        // ASP Competition layout: the witness atoms on one line (an empty line for t = 0).
        out += competition ? (step + 1 < plan.size() ? " " : "") : "\n";
    }
    if (competition) out += "\n";
    cout << out;
}

int main(int argc, char** argv) {
    bool shortest = false, competition = false;
    for (int i = 1; i < argc; ++i) {
        string arg = argv[i];
        if (arg == "--shortest")
            shortest = true;
        else if (arg == "--competition")
            competition = true;
        else if (arg == "--memory-mib" && i + 1 < argc && strlen(argv[i + 1]) <= 6 &&
                 all_of(argv[i + 1], argv[i + 1] + strlen(argv[i + 1]), ::isdigit) && *argv[i + 1])
            memory_budget_bytes = size_t(atoi(argv[++i])) << 20;
        else {
            cerr << "usage: labyrinth [--shortest] [--competition] [--memory-mib M] < instance\n";
            return 2;
        }
    }
    string text((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    Instance inst = read_instance(text);
    side = inst.side;
    row_mask = side == 64 ? ~u64(0) : (u64(1) << side) - 1;
    for (int x = 0; x < side; ++x) {
        for (int d = 0; d < 4; ++d) start.plane[d][x] = 0;
        start.reach[x] = 0;
        for (int y = 0; y < side; ++y)
            for (int d = 0; d < 4; ++d)
                if ((inst.mask[static_cast<size_t>(x * side + y)] >> d) & 1)
                    start.plane[d][x] |= u64(1) << y;
    }
    // No walking before the first push: R starts as the single start field.
    start.reach[inst.init_x] = u64(1) << inst.init_y;
    start.goal_x = inst.goal_x, start.goal_y = inst.goal_y;
    depth_limit = inst.max_steps;
    packed_words = (5 * side * side + 12 + 63) / 64;
    vector<uint16_t> plan;
    SearchResult result = SearchResult::kFound;  // t = 0 when the avatar starts on the goal
    if (!goal_reached(start))
        result = goal_tile_may_be_reached(inst) ? decide(shortest, plan) : SearchResult::kExhausted;
    if (result == SearchResult::kExhausted) {
        cout << "UNSATISFIABLE\n";
        return 0;
    }
    if (result != SearchResult::kFound) {
        cerr << "labyrinth: undecided within the search budget\n";
        return 3;
    }
    // Players prefer short plans: drop every push whose removal keeps the plan valid (checked
    // by replaying it), front to back. --shortest plans are minimal already; skip them.
    if (!shortest) {
        for (size_t drop = 0; drop < plan.size();) {
            vector<uint16_t> shorter = plan;
            shorter.erase(shorter.begin() + static_cast<long>(drop));
            if (plan_reaches_goal(shorter))
                plan = shorter;
            else
                ++drop;
        }
    }
    print_plan(plan, competition);
}

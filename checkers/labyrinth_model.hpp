// Labyrinth model shared by checkers/labyrinth.cpp and checkers/validators/labyrinth.cpp:
// parsing of the ASP facts (instance) and of push plans, and a straight cell-by-cell simulation
// of a plan (rules: testdata/labyrinth/statement.md). Written independently of
// solutions/labyrinth.cpp (no bit planes, no search) so that the checker can judge it.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <tuple>
#include <vector>

namespace labyrinth {

constexpr int kMaxSide = 64;
constexpr long long kMaxSteps = 1000000000LL;

struct Instance {
    int side = 0;
    // connections[x][y] (1-based x row from the bottom, y column): string of directions "nsew".
    std::vector<std::vector<std::string>> connections;
    int init_x = 0, init_y = 0, goal_x = 0, goal_y = 0;
    long long max_steps = 0;
};

struct Push {
    int line = 0;  // row for e/w, column for n/s (1-based)
    char dir = 'n';
    long long step = 0;
};

// Tokenizer for ASP facts: identifiers, numbers, single punctuation; '%' comments to end of line.
class FactScanner {
 public:
    explicit FactScanner(const std::string& text) : text_(text) {}
    void skip() {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == '%') {
                while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++pos_;
            } else {
                break;
            }
        }
    }
    bool done() {
        skip();
        return pos_ >= text_.size();
    }
    // Line number (1-based) of the current position, for messages.
    int line() const {
        return 1 + static_cast<int>(
                       std::count(text_.begin(), text_.begin() + static_cast<long>(pos_), '\n'));
    }
    bool punct(char c, std::string& error) {
        skip();
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        error = "line " + std::to_string(line()) + ": expected '" + std::string(1, c) + "'";
        return false;
    }
    bool name(std::string& out, std::string& error) {
        skip();
        size_t start = pos_;
        while (pos_ < text_.size() &&
               (std::islower(static_cast<unsigned char>(text_[pos_])) ||
                std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
            ++pos_;
        if (start == pos_ || !std::islower(static_cast<unsigned char>(text_[start]))) {
            error = "line " + std::to_string(line()) + ": expected a name";
            return false;
        }
        out = text_.substr(start, pos_ - start);
        return true;
    }
    bool number(long long& out, std::string& error) {
        skip();
        size_t start = pos_;
        out = 0;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            out = out * 10 + (text_[pos_] - '0');
            if (out > kMaxSteps) {
                error = "line " + std::to_string(line()) + ": number too large";
                return false;
            }
            ++pos_;
        }
        if (start == pos_) {
            error = "line " + std::to_string(line()) + ": expected a number";
            return false;
        }
        return true;
    }

 private:
    const std::string& text_;
    size_t pos_ = 0;
};

inline bool is_direction(const std::string& d) {
    return d == "n" || d == "s" || d == "e" || d == "w";
}

// Parses an instance; returns "" or the first problem found.
inline std::string parse_instance(const std::string& text, Instance& inst) {
    FactScanner scan(text);
    std::string error, name, dir;
    std::vector<std::pair<long long, long long>> fields;
    std::vector<std::tuple<long long, long long, std::string>> connects;
    int inits = 0, goals = 0, maxes = 0;
    long long ix = 0, iy = 0, gx = 0, gy = 0;
    while (!scan.done()) {
        if (!scan.name(name, error) || !scan.punct('(', error)) return error;
        long long a = 0, b = 0;
        if (name == "field" || name == "init_on" || name == "goal_on" || name == "connect") {
            if (!scan.number(a, error) || !scan.punct(',', error) || !scan.number(b, error))
                return error;
            if (name == "field") fields.push_back({a, b});
            if (name == "init_on") ++inits, ix = a, iy = b;
            if (name == "goal_on") ++goals, gx = a, gy = b;
            if (name == "connect") {
                if (!scan.punct(',', error) || !scan.name(dir, error)) return error;
                if (!is_direction(dir))
                    return "connect direction '" + dir + "' is not n, s, e or w";
                connects.emplace_back(a, b, dir);
            }
        } else if (name == "max_steps") {
            ++maxes;
            if (!scan.number(a, error)) return error;
            if (a < 1) return "max_steps must be positive";
            inst.max_steps = a;
        } else {
            return "unknown predicate '" + name + "'";
        }
        if (!scan.punct(')', error) || !scan.punct('.', error)) return error;
    }
    if (fields.empty()) return "no field facts";
    if (inits != 1) return "expected exactly one init_on fact, found " + std::to_string(inits);
    if (goals != 1) return "expected exactly one goal_on fact, found " + std::to_string(goals);
    if (maxes != 1) return "expected exactly one max_steps fact, found " + std::to_string(maxes);
    long long side = 0;
    for (auto& f : fields) side = std::max({side, f.first, f.second});
    if (side > kMaxSide) return "board side " + std::to_string(side) + " exceeds 64";
    inst.side = static_cast<int>(side);
    std::vector<std::vector<char>> present(side + 1, std::vector<char>(side + 1, 0));
    for (auto& f : fields) {
        if (f.first < 1 || f.second < 1) return "field coordinates must be >= 1";
        present[f.first][f.second] = 1;
    }
    for (int x = 1; x <= side; ++x)
        for (int y = 1; y <= side; ++y)
            if (!present[x][y])
                return "missing field(" + std::to_string(x) + "," + std::to_string(y) + ")";
    auto inside = [&](long long x, long long y) {
        return 1 <= x && x <= side && 1 <= y && y <= side;
    };
    if (!inside(ix, iy)) return "init_on outside the board";
    if (!inside(gx, gy)) return "goal_on outside the board";
    inst.connections.assign(side + 1, std::vector<std::string>(side + 1));
    for (auto& c : connects) {
        long long x = std::get<0>(c), y = std::get<1>(c);
        if (!inside(x, y))
            return "connect(" + std::to_string(x) + "," + std::to_string(y) +
                   ",_) outside the board";
        std::string& here = inst.connections[x][y];
        if (here.find(std::get<2>(c)) == std::string::npos) here += std::get<2>(c);
    }
    inst.init_x = static_cast<int>(ix), inst.init_y = static_cast<int>(iy);
    inst.goal_x = static_cast<int>(gx), inst.goal_y = static_cast<int>(gy);
    return "";
}

// Parses a plan "push(Z,D,S)." facts (any order, any white space); `unsat` is set when the text
// is the single word UNSATISFIABLE. Checks the syntax only. Returns "" or the problem.
inline std::string parse_plan(const std::string& text, std::vector<Push>& plan, bool& unsat) {
    FactScanner scan(text);
    std::string error, name, dir;
    unsat = false;
    plan.clear();
    {
        size_t first = text.find_first_not_of(" \t\r\n");
        if (first != std::string::npos && text.compare(first, 13, "UNSATISFIABLE") == 0) {
            size_t rest = text.find_first_not_of(" \t\r\n", first + 13);
            if (rest != std::string::npos) return "text after UNSATISFIABLE";
            unsat = true;
            return "";
        }
    }
    while (!scan.done()) {
        if (!scan.name(name, error)) return error;
        if (name != "push")
            return "line " + std::to_string(scan.line()) + ": expected push(Z,D,S).";
        Push p;
        long long line = 0;
        if (!scan.punct('(', error) || !scan.number(line, error) || !scan.punct(',', error) ||
            !scan.name(dir, error) || !scan.punct(',', error) || !scan.number(p.step, error) ||
            !scan.punct(')', error) || !scan.punct('.', error))
            return error;
        if (!is_direction(dir)) return "push direction '" + dir + "' is not n, s, e or w";
        if (line > kMaxSide) return "push line " + std::to_string(line) + " out of range";
        p.line = static_cast<int>(line), p.dir = dir[0];
        plan.push_back(p);
    }
    return "";
}

// Simulates `plan` on `inst`; returns "" when it is a valid solution, else why not.
inline std::string check_plan(const Instance& inst, std::vector<Push> plan) {
    const int n = inst.side;
    const long long t = static_cast<long long>(plan.size());
    if (t > inst.max_steps)
        return std::to_string(t) + " pushes exceed max_steps " + std::to_string(inst.max_steps);
    std::sort(plan.begin(), plan.end(),
              [](const Push& a, const Push& b) { return a.step < b.step; });
    for (long long i = 0; i < t; ++i) {
        if (i > 0 && plan[i].step == plan[i - 1].step)
            return "push step " + std::to_string(plan[i].step) + " appears twice";
        if (plan[i].step != i + 1)
            return "push steps must be 1.." + std::to_string(t) + ", step " +
                   std::to_string(i + 1) + " is missing";
        if (plan[i].line < 1 || plan[i].line > n)
            return "push " + std::to_string(i + 1) + ": line " + std::to_string(plan[i].line) +
                   " outside 1.." + std::to_string(n);
    }
    // Board of field ids; a field keeps its connections, and may hold the goal and avatar marks.
    struct Field {
        std::string conn;
        bool goal = false, avatar = false;
    };
    std::vector<std::vector<Field>> board(n + 1, std::vector<Field>(n + 1));
    for (int x = 1; x <= n; ++x)
        for (int y = 1; y <= n; ++y) board[x][y].conn = inst.connections[x][y];
    board[inst.goal_x][inst.goal_y].goal = true;
    board[inst.init_x][inst.init_y].avatar = true;
    auto has = [&](int x, int y, char d) { return board[x][y].conn.find(d) != std::string::npos; };
    for (const Push& p : plan) {
        int z = p.line;
        if (p.dir == 'e') std::rotate(board[z].begin() + 1, board[z].begin() + n, board[z].end());
        if (p.dir == 'w') std::rotate(board[z].begin() + 1, board[z].begin() + 2, board[z].end());
        if (p.dir == 'n' || p.dir == 's') {
            std::vector<Field> column(n + 1);
            for (int x = 1; x <= n; ++x) column[x] = board[x][z];
            for (int x = 1; x <= n; ++x) {
                int to = p.dir == 'n' ? x % n + 1 : (x + n - 2) % n + 1;
                board[to][z] = column[x];
            }
        }
        // Walk: every field connected to an avatar field (both sides open) gets the avatar.
        std::vector<std::pair<int, int>> stack;
        for (int x = 1; x <= n; ++x)
            for (int y = 1; y <= n; ++y)
                if (board[x][y].avatar) stack.push_back({x, y});
        while (!stack.empty()) {
            auto [x, y] = stack.back();
            stack.pop_back();
            const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            const char out[4] = {'n', 's', 'e', 'w'}, back[4] = {'s', 'n', 'w', 'e'};
            for (int k = 0; k < 4; ++k) {
                int nx = x + dx[k], ny = y + dy[k];
                if (nx < 1 || nx > n || ny < 1 || ny > n || board[nx][ny].avatar) continue;
                if (has(x, y, out[k]) && has(nx, ny, back[k])) {
                    board[nx][ny].avatar = true;
                    stack.push_back({nx, ny});
                }
            }
        }
    }
    for (int x = 1; x <= n; ++x)
        for (int y = 1; y <= n; ++y)
            if (board[x][y].goal) {
                if (board[x][y].avatar) return "";
                return "after " + std::to_string(t) + " pushes the goal, at (" + std::to_string(x) +
                       "," + std::to_string(y) + "), is not reachable";
            }
    return "goal lost (internal error)";
}

}  // namespace labyrinth

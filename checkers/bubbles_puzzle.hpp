// The statement's `Puzzle` class (testdata/bubbles/statement.md) in C++: the model the checker uses
// to replay a placement move by move, and that checkers/tests/bubbles_puzzle_test.cpp tests
// against the statement's interactive session.
//
// Python -> C++: the constructor takes the file's content (not its location), `str(p)` is
// `p.str()` (rows joined by '\n', no final newline), `None` is an empty std::optional, and the
// AssertionError is a bubbles::PuzzleError whose what() is exactly "invalid region" or
// "invalid position" (reason() says why, for the checker's messages).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bubbles {

/// A position (r, k): row r from the top, column k from the left, both from zero.
using Position = std::pair<int, int>;

/// The statement's AssertionError.
class PuzzleError : public std::runtime_error {
 public:
    PuzzleError(const std::string& message, std::string reason)
        : std::runtime_error(message), reason_(std::move(reason)) {}
    /// Why the call was refused (not part of the statement's message).
    const std::string& reason() const { return reason_; }

 private:
    std::string reason_;
};

class Puzzle {
 public:
    /// The description: `rows` lines of equally many characters, '#' or 'A'..'Z'. Throws
    /// std::invalid_argument on anything else (the statement assumes a well-formed file).
    explicit Puzzle(const std::vector<std::string>& description) : grid_(description) {
        if (grid_.empty() || grid_[0].empty())
            throw std::invalid_argument("the grid has no squares");
        for (size_t r = 0; r < grid_.size(); ++r) {
            if (grid_[r].size() != grid_[0].size())
                throw std::invalid_argument(
                    "row " + std::to_string(r) + " has " + std::to_string(grid_[r].size()) +
                    " squares, row 0 has " + std::to_string(grid_[0].size()));
            for (size_t k = 0; k < grid_[r].size(); ++k) {
                char c = grid_[r][k];
                if (c != '#' && !(c >= 'A' && c <= 'Z'))
                    throw std::invalid_argument("square (" + std::to_string(r) + ", " +
                                                std::to_string(k) + ") is neither '#' nor A-Z");
                if (c != '#') squares_[c].insert({static_cast<int>(r), static_cast<int>(k)});
            }
        }
        items_.assign(grid_.size(), std::string(grid_[0].size(), '.'));
    }

    /// Splits a file's content into lines ('\n' or "\r\n"; a final newline is optional).
    static Puzzle from_text(const std::string& text) {
        std::vector<std::string> lines;
        size_t start = 0;
        while (start < text.size()) {
            size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            std::string line = text.substr(start, end - start);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines.push_back(line);
            start = end + 1;
        }
        return Puzzle(lines);
    }

    int rows() const { return static_cast<int>(grid_.size()); }
    int columns() const { return static_cast<int>(grid_[0].size()); }

    std::set<char> regions() const {
        std::set<char> letters;
        for (const auto& entry : squares_) letters.insert(entry.first);
        return letters;
    }

    const std::set<Position>& squares(char region) const {
        auto found = squares_.find(region);
        if (found == squares_.end()) throw invalid_region(region);
        return found->second;
    }

    std::optional<Position> bubble(char region) const { return item_of(bubbles_, region); }
    std::optional<Position> boulder(char region) const { return item_of(boulders_, region); }

    /// Inside the grid, not green, and holding neither a bubble nor a boulder.
    bool isempty(int r, int k) const {
        return inside(r, k) && grid_[r][k] != '#' && items_[r][k] == '.';
    }

    Puzzle& put_bubble(int r, int k) { return put(r, k, 'O', -1, bubbles_, "bubble"); }
    Puzzle& put_boulder(int r, int k) { return put(r, k, '*', +1, boulders_, "boulder"); }

    /// Every region has a bubble and a boulder (the put_ methods keep every item supported).
    bool issolved() const {
        for (const auto& entry : squares_)
            if (!bubbles_.count(entry.first) || !boulders_.count(entry.first)) return false;
        return true;
    }

    /// '#' green, 'O' bubble, '*' boulder, '.' empty; rows joined by '\n', no final newline.
    std::string str() const {
        std::string text;
        for (int r = 0; r < rows(); ++r) {
            if (r > 0) text += '\n';
            for (int k = 0; k < columns(); ++k) text += grid_[r][k] == '#' ? '#' : items_[r][k];
        }
        return text;
    }

 private:
    bool inside(int r, int k) const { return r >= 0 && r < rows() && k >= 0 && k < columns(); }

    static PuzzleError invalid_region(char region) {
        return PuzzleError("invalid region", std::string("'") + region + "' is no region");
    }
    static PuzzleError invalid_position(int r, int k, const std::string& why) {
        return PuzzleError("invalid position",
                           "(" + std::to_string(r) + ", " + std::to_string(k) + ") " + why);
    }

    std::optional<Position> item_of(const std::map<char, Position>& items, char region) const {
        squares(region);  // throws for an unknown region
        auto found = items.find(region);
        if (found == items.end()) return std::nullopt;
        return found->second;
    }

    // `support_step` is the row offset of the square the item rests against: -1 (above) for a
    // bubble, +1 (below) for a boulder; outside the grid or green supports, as does the same item.
    Puzzle& put(int r,
                int k,
                char item,
                int support_step,
                std::map<char, Position>& placed,
                const std::string& name) {
        if (!inside(r, k)) throw invalid_position(r, k, "is outside the grid");
        if (grid_[r][k] == '#') throw invalid_position(r, k, "is a green square");
        if (items_[r][k] != '.')
            throw invalid_position(
                r, k,
                std::string("already holds a ") + (items_[r][k] == 'O' ? "bubble" : "boulder"));
        int support_row = r + support_step;
        if (support_row >= 0 && support_row < rows() && grid_[support_row][k] != '#' &&
            items_[support_row][k] != item)
            throw invalid_position(
                r, k,
                "a " + name + " there " + (support_step < 0 ? "floats below " : "sits above ") +
                    (items_[support_row][k] == '.' ? "an empty square" : "a different item"));
        char region = grid_[r][k];
        if (placed.count(region))
            throw invalid_position(r, k,
                                   "region " + std::string(1, region) + " already has a " + name);
        items_[r][k] = item;
        placed[region] = {r, k};
        return *this;
    }

    std::vector<std::string> grid_;   // the description
    std::vector<std::string> items_;  // 'O', '*' or '.' for every square
    std::map<char, std::set<Position>> squares_;
    std::map<char, Position> bubbles_, boulders_;
};

}  // namespace bubbles

#include "problems/input_shape.hpp"

#include <sstream>
#include <stdexcept>

namespace judge {

namespace {

int parse_positive(std::string_view key, std::string_view value, int most) {
    int number = 0;
    for (char c : value) {
        if (c < '0' || c > '9' || number > most) {
            number = -1;
            break;
        }
        number = number * 10 + (c - '0');
    }
    if (value.empty() || number < 1 || number > most)
        throw std::invalid_argument(std::string(key) + "=" + std::string(value) +
                                    ": expected a whole number from 1 to " + std::to_string(most));
    return number;
}

void parse_grid_option(std::string_view word, GridShape& grid) {
    std::size_t equals = word.find('=');
    if (equals == std::string_view::npos)
        throw std::invalid_argument("'" + std::string(word) + "': expected key=value");
    std::string_view key = word.substr(0, equals), value = word.substr(equals + 1);
    if (key == "header") {
        if (value == "rows-cols")
            grid.header = GridShape::Header::RowsCols;
        else if (value == "cols-rows")
            grid.header = GridShape::Header::ColsRows;
        else
            throw std::invalid_argument("header=" + std::string(value) +
                                        ": expected rows-cols or cols-rows");
    } else if (key == "step") {
        std::size_t comma = value.find(',');
        if (comma == std::string_view::npos)
            throw std::invalid_argument("step=" + std::string(value) + ": expected R,C");
        grid.row_step = parse_positive("step", value.substr(0, comma), 100);
        grid.col_step = parse_positive("step", value.substr(comma + 1), 100);
    } else if (key == "border") {
        grid.border = value == "0" ? 0 : parse_positive("border", value, 100);
    } else if (key == "blank") {
        if (value == "space")
            grid.blank = ' ';
        else if (value.size() == 1 && value[0] > ' ' && value[0] < 127)
            grid.blank = value[0];
        else
            throw std::invalid_argument("blank=" + std::string(value) +
                                        ": expected one printable character or 'space'");
    } else if (key == "blankable") {
        if (value.empty()) throw std::invalid_argument("blankable=: expected characters");
        grid.blankable = std::string(value);
    } else if (key == "edges") {
        if (value != "keep")
            throw std::invalid_argument("edges=" + std::string(value) + ": expected keep");
        grid.keep_edges = true;
    } else {
        throw std::invalid_argument("unknown grid option '" + std::string(key) +
                                    "' (header, step, border, blank, blankable, edges)");
    }
}

}  // namespace

ShrinkShape parse_shrink_shape(std::string_view text) {
    std::istringstream words{std::string(text)};
    std::string kind;
    words >> kind;
    ShrinkShape shape;
    if (kind == "text") {
        std::string extra;
        if (words >> extra) throw std::invalid_argument("'text' takes no options");
        return shape;
    }
    if (kind != "grid")
        throw std::invalid_argument("'" + std::string(text) + "': expected text or grid [options]");
    shape.kind = ShrinkShape::Kind::Grid;
    for (std::string word; words >> word;) parse_grid_option(word, shape.grid);
    return shape;
}

}  // namespace judge

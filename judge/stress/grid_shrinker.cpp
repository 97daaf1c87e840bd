#include "stress/grid_shrinker.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

namespace judge {

namespace {

// A grid as the shrinker edits it: the header's two numbers (when the shape has one), the grid's
// lines (without '\n') and whether the text ended with one.
struct Grid {
    bool has_header = false;
    long long first = 0, second = 0;
    std::vector<std::string> lines;
    bool final_newline = false;
};

std::optional<Grid> parse_grid(const std::string& text, const GridShape& shape) {
    Grid grid;
    std::vector<std::string> lines;
    for (TextUnit& line : split_lines(text)) {
        if (!line.text.empty() && line.text.back() == '\n') line.text.pop_back();
        lines.push_back(std::move(line.text));
    }
    grid.final_newline = !text.empty() && text.back() == '\n';
    std::size_t first_line = 0;
    if (shape.header != GridShape::Header::None) {
        if (lines.empty()) return std::nullopt;
        std::istringstream header(lines[0]);
        std::string rest;
        if (!(header >> grid.first >> grid.second) || (header >> rest)) return std::nullopt;
        grid.has_header = true;
        first_line = 1;
    }
    grid.lines.assign(lines.begin() + static_cast<long>(first_line), lines.end());
    return grid;
}

std::string render(const Grid& grid) {
    std::string text;
    if (grid.has_header) text = std::to_string(grid.first) + " " + std::to_string(grid.second);
    for (std::size_t i = 0; i < grid.lines.size(); ++i) {
        if (i > 0 || grid.has_header) text += '\n';
        text += grid.lines[i];
    }
    if (grid.final_newline) text += '\n';
    return text;
}

std::size_t row_count(const Grid& grid, const GridShape& shape) {
    std::size_t border = static_cast<std::size_t>(shape.border);
    if (grid.lines.size() <= border) return 0;
    return (grid.lines.size() - border) / static_cast<std::size_t>(shape.row_step);
}

std::size_t column_count(const Grid& grid, const GridShape& shape) {
    std::size_t widest = 0;
    for (const std::string& line : grid.lines) widest = std::max(widest, line.size());
    std::size_t border = static_cast<std::size_t>(shape.border);
    if (widest <= border) return 0;
    return (widest - border) / static_cast<std::size_t>(shape.col_step);
}

// The header's number of rows (or columns) lowered by `removed`.
void lower_header(Grid& grid, const GridShape& shape, bool rows, long long removed) {
    if (!grid.has_header) return;
    bool rows_first = shape.header == GridShape::Header::RowsCols;
    long long& value = rows == rows_first ? grid.first : grid.second;
    value -= removed;
}

Grid keep_rows(const Grid& grid, const GridShape& shape, const std::vector<std::size_t>& kept) {
    std::size_t rows = row_count(grid, shape), step = static_cast<std::size_t>(shape.row_step);
    std::size_t border = static_cast<std::size_t>(shape.border);
    Grid result = grid;
    result.lines.assign(grid.lines.begin(), grid.lines.begin() + static_cast<long>(border));
    for (std::size_t row : kept)
        for (std::size_t k = 0; k < step; ++k)
            result.lines.push_back(grid.lines[border + row * step + k]);
    result.lines.insert(result.lines.end(),
                        grid.lines.begin() + static_cast<long>(border + rows * step),
                        grid.lines.end());
    lower_header(result, shape, true, static_cast<long long>(rows - kept.size()));
    return result;
}

Grid keep_columns(const Grid& grid, const GridShape& shape, const std::vector<std::size_t>& kept) {
    std::size_t columns = column_count(grid, shape),
                step = static_cast<std::size_t>(shape.col_step);
    std::size_t border = static_cast<std::size_t>(shape.border);
    std::vector<bool> keep(columns, false);
    for (std::size_t column : kept) keep[column] = true;
    Grid result = grid;
    for (std::string& line : result.lines) {
        std::string cut = line.substr(0, std::min(border, line.size()));
        for (std::size_t column = 0; column < columns; ++column) {
            std::size_t begin = border + column * step;
            if (keep[column] && begin < line.size()) cut += line.substr(begin, step);
        }
        if (border + columns * step < line.size()) cut += line.substr(border + columns * step);
        line = cut;
    }
    lower_header(result, shape, false, static_cast<long long>(columns - kept.size()));
    return result;
}

bool blankable(const GridShape& shape, char c) {
    if (c == *shape.blank) return false;
    return shape.blankable.empty() || shape.blankable.find(c) != std::string::npos;
}

// One pass of each kind; true when something was removed or blanked.
bool grid_pass(Grid& grid,
               const GridShape& shape,
               const TextPredicate& still_fails,
               int max_tests,
               ShrinkStats& stats) {
    bool progress = false;
    auto all_ids = [](std::size_t count) {
        std::vector<std::size_t> ids(count);
        for (std::size_t i = 0; i < count; ++i) ids[i] = i;
        return ids;
    };
    std::size_t rows = row_count(grid, shape);
    std::vector<std::size_t> kept_rows = ddmin(
        all_ids(rows),
        [&](const std::vector<std::size_t>& kept) { return render(keep_rows(grid, shape, kept)); },
        still_fails, max_tests, stats);
    if (kept_rows.size() < rows) {
        grid = keep_rows(grid, shape, kept_rows);
        progress = true;
    }
    std::size_t columns = column_count(grid, shape);
    std::vector<std::size_t> kept_columns = ddmin(
        all_ids(columns),
        [&](const std::vector<std::size_t>& kept) {
            return render(keep_columns(grid, shape, kept));
        },
        still_fails, max_tests, stats);
    if (kept_columns.size() < columns) {
        grid = keep_columns(grid, shape, kept_columns);
        progress = true;
    }
    if (!shape.blank) return progress;
    // Cells: every blankable character of the grid's rows (not of the border lines).
    std::vector<std::pair<std::size_t, std::size_t>> cells;
    std::size_t first_line = static_cast<std::size_t>(shape.border);
    for (std::size_t i = first_line; i < grid.lines.size(); ++i) {
        bool edge_line = i == first_line || i + 1 == grid.lines.size();
        for (std::size_t j = 0; j < grid.lines[i].size(); ++j) {
            bool edge = edge_line || j == 0 || j + 1 == grid.lines[i].size();
            if (blankable(shape, grid.lines[i][j]) && !(shape.keep_edges && edge))
                cells.emplace_back(i, j);
        }
    }
    auto blank_all_but = [&](const std::vector<std::size_t>& kept) {
        Grid result = grid;
        std::vector<bool> keep(cells.size(), false);
        for (std::size_t k : kept) keep[k] = true;
        for (std::size_t k = 0; k < cells.size(); ++k)
            if (!keep[k]) result.lines[cells[k].first][cells[k].second] = *shape.blank;
        return result;
    };
    std::vector<std::size_t> kept_cells = ddmin(
        all_ids(cells.size()),
        [&](const std::vector<std::size_t>& kept) { return render(blank_all_but(kept)); },
        still_fails, max_tests, stats);
    if (kept_cells.size() < cells.size()) {
        grid = blank_all_but(kept_cells);
        progress = true;
    }
    return progress;
}

}  // namespace

std::string shrink_grid(const std::string& text,
                        const GridShape& shape,
                        const TextPredicate& still_fails,
                        int max_tests,
                        ShrinkStats& stats) {
    std::optional<Grid> grid = parse_grid(text, shape);
    if (!grid) return text;
    while (stats.tests < max_tests && grid_pass(*grid, shape, still_fails, max_tests, stats)) {}
    return render(*grid);
}

std::string shrink_case(const std::string& text,
                        const ShrinkShape& shape,
                        const TextPredicate& still_fails,
                        int max_tests,
                        ShrinkStats& stats) {
    std::string current = text;
    if (shape.kind == ShrinkShape::Kind::Grid)
        current = shrink_grid(current, shape.grid, still_fails, max_tests, stats);
    return shrink_text(current, still_fails, max_tests, stats);
}

}  // namespace judge

#include "util/table.hpp"

#include <algorithm>

namespace judge {

std::string format_table(
    const std::vector<std::vector<std::string>>& rows,
    const std::vector<bool>& right_aligned,
    const std::function<std::string(std::size_t, std::size_t, std::string)>& decorate) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        if (widths.size() < row.size()) widths.resize(row.size(), 0);
        for (std::size_t column = 0; column + 1 < row.size(); ++column)
            widths[column] = std::max(widths[column], row[column].size());
    }
    std::string out;
    for (std::size_t index = 0; index < rows.size(); ++index) {
        const auto& row = rows[index];
        std::string line;
        for (std::size_t column = 0; column < row.size(); ++column) {
            const std::string& cell = row[column];
            bool last = column + 1 == row.size();
            std::string padding(last ? 0 : widths[column] - cell.size(), ' ');
            bool right = column < right_aligned.size() && right_aligned[column];
            std::string text = right ? padding + cell : cell + padding;
            line += decorate ? decorate(index, column, std::move(text)) : text;
            if (!last) line += "  ";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

}  // namespace judge

// Plain-text tables for the terminal: columns padded to their widest cell.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace judge {

/// Lays out `rows` (the first is the header) as lines of columns two spaces apart, each column as
/// wide as its widest cell, right-aligned where `right_aligned[column]` (missing = left); the
/// last column is not padded and trailing spaces are cut. `decorate(row, column, padded_cell)`,
/// when given, may wrap a padded cell (colours) without changing the layout. Cells are shown as
/// they are: escape what comes from outside first.
std::string format_table(
    const std::vector<std::vector<std::string>>& rows,
    const std::vector<bool>& right_aligned,
    const std::function<std::string(std::size_t, std::size_t, std::string)>& decorate = {});

}  // namespace judge

// Shrinking by the input's shape (problems/input_shape.hpp): a grid by whole rows and columns,
// its header kept in step, then cell by cell, before the text passes (shrinker.hpp) run.
#pragma once

#include <string>

#include "problems/input_shape.hpp"
#include "stress/shrinker.hpp"

namespace judge {

/// Shrinks a grid: rows (ddmin over the row blocks), then columns, then cells (to `blank`, when
/// set), the header rewritten to match; repeated while a pass makes progress. A text that does
/// not parse as the shape (no header where one is expected) is returned as it is.
std::string shrink_grid(const std::string& text,
                        const GridShape& shape,
                        const TextPredicate& still_fails,
                        int max_tests,
                        ShrinkStats& stats);

/// Shrinks by `shape`: the grid passes first (for a grid), then shrink_text.
std::string shrink_case(const std::string& text,
                        const ShrinkShape& shape,
                        const TextPredicate& still_fails,
                        int max_tests,
                        ShrinkStats& stats);

}  // namespace judge

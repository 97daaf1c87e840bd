// What a problem's input looks like to the shrinker (problem.txt `shrink:`; stress/grid_shrinker
// shrinks by it). Deleting a line or a token of a grid breaks it (the rows and a `R C` header must
// agree, so a strict validator rejects every candidate); a grid is shrunk by whole rows and
// columns, its header kept in step, and then cell by cell, before the text passes run.
//
//   shrink: text                          lines, tokens, digits (the default)
//   shrink: grid [header=rows-cols|cols-rows] [step=R,C] [border=1] [blank=C] [blankable=CHARS]
//                [edges=keep]
//
// A grid's lines follow the header line (if any). With step R,C a row of the grid is R lines and
// a column C characters (a drawing such as alcazar's: step=2,4), after `border` leading lines and
// characters that belong to no row or column (the drawing's top and left wall). blank=C lets
// the shrinker turn cells into C (`space` for ' '); blankable limits which characters may be
// turned (default: all but C; '#' cannot be named: it starts a comment in problem.txt), and
// edges=keep never blanks the grid's outer ring (a wall border that must stay whole).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace judge {

struct GridShape {
    enum class Header { None, RowsCols, ColsRows };
    Header header = Header::None;
    int row_step = 1, col_step = 1;
    int border = 0;
    std::optional<char> blank;
    std::string blankable;    ///< empty: every character but `blank`
    bool keep_edges = false;  ///< edges=keep: the first and last line and column never blanked
};

struct ShrinkShape {
    enum class Kind { Text, Grid };
    Kind kind = Kind::Text;
    GridShape grid;
};

/// Parses the value of `shrink:`; std::invalid_argument with a one-line reason otherwise.
ShrinkShape parse_shrink_shape(std::string_view text);

}  // namespace judge

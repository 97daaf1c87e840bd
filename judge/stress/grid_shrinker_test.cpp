#include "stress/grid_shrinker.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <vector>

namespace judge {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// A strict validator of the Bender shape: "R C", then R lines of exactly C characters.
bool valid_header_grid(const std::string& text) {
    std::vector<std::string> lines = lines_of(text);
    if (lines.empty()) return false;
    std::istringstream header(lines[0]);
    std::size_t rows = 0, cols = 0;
    if (!(header >> rows >> cols) || rows == 0 || cols == 0) return false;
    if (lines.size() != rows + 1) return false;
    for (std::size_t i = 1; i < lines.size(); ++i)
        if (lines[i].size() != cols) return false;
    return true;
}

const std::string kBenderLike =
    "7 8\n"
    "########\n"
    "#@  E $#\n"
    "# N    #\n"
    "#  T   #\n"
    "#X   S #\n"
    "#   T  #\n"
    "########\n";

TEST(GridShrinker, RowsAndColumnsGoWithTheHeaderKeptInStep) {
    GridShape shape;
    shape.header = GridShape::Header::RowsCols;
    ShrinkStats stats;
    // The "bug": it shows whenever the map holds an X.
    auto still_fails = [](const std::string& candidate) {
        return valid_header_grid(candidate) && candidate.find('X') != std::string::npos;
    };
    std::string shrunk = shrink_grid(kBenderLike, shape, still_fails, 500, stats);
    EXPECT_EQ(shrunk, "1 1\nX\n");
    EXPECT_TRUE(still_fails(shrunk));
}

TEST(GridShrinker, TextPassesAloneCannotShrinkAHeaderGrid) {
    // Why the grid shape exists: every line or token removed breaks the header.
    ShrinkStats stats;
    auto still_fails = [](const std::string& candidate) {
        return valid_header_grid(candidate) && candidate.find('X') != std::string::npos;
    };
    std::string shrunk = shrink_text(kBenderLike, still_fails, 500, stats);
    EXPECT_GT(shrunk.size(), kBenderLike.size() / 2);
    ShrinkShape grid = parse_shrink_shape("grid header=rows-cols");
    ShrinkStats grid_stats;
    EXPECT_LE(shrink_case(kBenderLike, grid, still_fails, 500, grid_stats).size() * 4,
              kBenderLike.size());
}

TEST(GridShrinker, ColsRowsHeaderAndBlankCells) {
    GridShape shape = parse_shrink_shape("grid header=cols-rows blank=.").grid;
    std::string text = "4 3\nab.c\nd.ef\nXgh.\n";
    // Needs an X and a column count of at least 2 (the header's first number).
    auto still_fails = [](const std::string& candidate) {
        std::vector<std::string> lines = lines_of(candidate);
        std::istringstream header(lines.at(0));
        std::size_t cols = 0, rows = 0;
        header >> cols >> rows;
        if (lines.size() != rows + 1 || cols < 2) return false;
        for (std::size_t i = 1; i < lines.size(); ++i)
            if (lines[i].size() != cols) return false;
        return candidate.find('X') != std::string::npos;
    };
    ShrinkStats stats;
    std::string shrunk = shrink_grid(text, shape, still_fails, 500, stats);
    EXPECT_TRUE(still_fails(shrunk));
    std::vector<std::string> lines = lines_of(shrunk);
    ASSERT_EQ(lines.size(), 2u) << shrunk;
    EXPECT_EQ(lines[0], "2 1");
    // Every other cell became the blank.
    EXPECT_TRUE(lines[1] == "X." || lines[1] == ".X") << shrunk;
}

TEST(GridShrinker, DrawingWithStepsAndABorder) {
    // A 3 x 2 drawing of cells 4 characters wide and 2 lines high after a top and left wall,
    // as alcazar's: removing a row or column removes its cell line and the wall below it.
    std::string text =
        "+---+---+---+\n"
        "| a   b | c |\n"
        "+   +---+   +\n"
        "| d | X   e |\n"
        "+---+---+---+\n";
    GridShape shape = parse_shrink_shape("grid step=2,4 border=1").grid;
    auto well_formed = [](const std::string& candidate) {
        std::vector<std::string> lines = lines_of(candidate);
        if (lines.size() < 3 || lines.size() % 2 == 0) return false;
        for (const std::string& line : lines)
            if (line.size() != lines[0].size() || line.size() % 4 != 1) return false;
        for (std::size_t i = 0; i < lines.size(); i += 2)
            for (std::size_t j = 0; j < lines[i].size(); j += 4)
                if (lines[i][j] != '+') return false;
        return true;
    };
    auto still_fails = [&](const std::string& candidate) {
        return well_formed(candidate) && candidate.find('X') != std::string::npos;
    };
    ShrinkStats stats;
    std::string shrunk = shrink_grid(text, shape, still_fails, 500, stats);
    EXPECT_EQ(shrunk, "+---+\n| X  \n+---+\n");
}

TEST(GridShrinker, EdgesKeptAreNeverOffered) {
    GridShape shape = parse_shrink_shape("grid blank=. edges=keep").grid;
    std::string text = "####\n#ab#\n####\n";
    std::vector<std::string> offered;
    ShrinkStats stats;
    std::string shrunk = shrink_grid(
        text, shape,
        [&](const std::string& candidate) {
            offered.push_back(candidate);
            // Any candidate of the same frame fails (no row or column may go).
            return candidate.size() == text.size() &&
                   candidate.substr(0, 6) + candidate.substr(8) == "####\n##\n####\n";
        },
        500, stats);
    EXPECT_EQ(shrunk, "####\n#..#\n####\n");
    for (const std::string& candidate : offered) {
        if (candidate.size() != text.size()) continue;
        EXPECT_EQ(candidate.substr(0, 6) + candidate.substr(8), "####\n##\n####\n") << candidate;
    }
}

TEST(GridShrinker, RaggedRowsWithoutHeader) {
    GridShape shape;
    std::string text = "####\n#@.#\n#..O#\n####\n";
    auto still_fails = [](const std::string& candidate) {
        return candidate.find('O') != std::string::npos;
    };
    ShrinkStats stats;
    EXPECT_EQ(shrink_grid(text, shape, still_fails, 500, stats), "O\n");
}

TEST(GridShrinker, MissingHeaderLeavesTheTextAlone) {
    GridShape shape;
    shape.header = GridShape::Header::RowsCols;
    ShrinkStats stats;
    EXPECT_EQ(shrink_grid(
                  "ab\ncd\n", shape, [](const std::string&) { return true; }, 100, stats),
              "ab\ncd\n");
    EXPECT_EQ(stats.tests, 0);
}

TEST(GridShrinker, BudgetIsKept) {
    GridShape shape = parse_shrink_shape("grid header=rows-cols blank=space").grid;
    ShrinkStats stats;
    int calls = 0;
    shrink_grid(
        kBenderLike, shape,
        [&](const std::string&) {
            ++calls;
            return false;
        },
        7, stats);
    EXPECT_EQ(calls, 7);
    EXPECT_EQ(stats.tests, 7);
}

TEST(InputShape, ParsesAndRejects) {
    EXPECT_EQ(parse_shrink_shape("text").kind, ShrinkShape::Kind::Text);
    ShrinkShape shape = parse_shrink_shape(
        "grid header=rows-cols step=2,4 border=1 blank=space blankable=-| edges=keep");
    EXPECT_EQ(shape.kind, ShrinkShape::Kind::Grid);
    EXPECT_EQ(shape.grid.header, GridShape::Header::RowsCols);
    EXPECT_EQ(shape.grid.row_step, 2);
    EXPECT_EQ(shape.grid.col_step, 4);
    EXPECT_EQ(shape.grid.border, 1);
    EXPECT_EQ(shape.grid.blank, ' ');
    EXPECT_EQ(shape.grid.blankable, "-|");
    EXPECT_TRUE(shape.grid.keep_edges);
    for (const char* bad :
         {"", "tree", "text x", "grid size=3", "grid header=rows", "grid step=2", "grid step=0,1",
          "grid blank=ab", "grid border=x", "grid nokey", "grid edges=drop"})
        EXPECT_THROW(parse_shrink_shape(bad), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace judge

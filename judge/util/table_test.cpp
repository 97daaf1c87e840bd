#include "util/table.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(FormatTable, PadsColumnsToTheWidestCellAndLeavesTheLastUnpadded) {
    std::string table = format_table({{"name", "n", "note"}, {"a", "100", ""}, {"long", "7", "x"}},
                                     {false, true, false});
    EXPECT_EQ(table, "name    n  note\na     100\nlong    7  x\n");
}

TEST(FormatTable, DecorationWrapsPaddedCellsWithoutMovingColumns) {
    std::string table = format_table({{"h", "v"}, {"ab", "c"}}, {},
                                     [](std::size_t row, std::size_t column, std::string text) {
                                         return row == 1 && column == 0 ? "[" + text + "]" : text;
                                     });
    EXPECT_EQ(table, "h   v\n[ab]  c\n");
}

}  // namespace
}  // namespace judge

// The statement's interactive session (testdata/bubbles/statement.md), replayed step by step on the
// C++ Puzzle model: the same results, the same errors with the same messages, in the same order.
#include "bubbles_puzzle.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>

namespace {

using bubbles::Position;
using bubbles::Puzzle;
using bubbles::PuzzleError;

// The statement's puzzle.txt, as the file would hold it.
const char* const kStatementPuzzle = "#AAB\nCDDB\nCDBB\nCD#B\n";

// The message of the PuzzleError that `call` throws ("" if it throws none).
template <class Call>
std::string error_of(Call call) {
    try {
        call();
    } catch (const PuzzleError& error) {
        return error.what();
    }
    return "";
}

TEST(BubblesPuzzle, StatementInteractiveSession) {
    Puzzle puzzle = Puzzle::from_text(kStatementPuzzle);
    EXPECT_EQ(puzzle.rows(), 4);
    EXPECT_EQ(puzzle.columns(), 4);
    EXPECT_EQ(puzzle.regions(), (std::set<char>{'A', 'B', 'C', 'D'}));
    EXPECT_EQ(puzzle.squares('A'), (std::set<Position>{{0, 1}, {0, 2}}));
    EXPECT_EQ(puzzle.squares('B'), (std::set<Position>{{0, 3}, {1, 3}, {2, 2}, {2, 3}, {3, 3}}));
    EXPECT_EQ(puzzle.squares('C'), (std::set<Position>{{1, 0}, {2, 0}, {3, 0}}));
    EXPECT_EQ(puzzle.squares('D'), (std::set<Position>{{1, 1}, {1, 2}, {2, 1}, {3, 1}}));
    EXPECT_EQ(error_of([&] { puzzle.squares('E'); }), "invalid region");
    EXPECT_EQ(puzzle.bubble('A'), std::nullopt);
    EXPECT_EQ(puzzle.boulder('B'), std::nullopt);
    EXPECT_EQ(error_of([&] { puzzle.bubble('E'); }), "invalid region");
    EXPECT_EQ(puzzle.str(), "#...\n....\n....\n..#.");
    EXPECT_FALSE(puzzle.issolved());
    EXPECT_TRUE(puzzle.isempty(0, 1));

    Puzzle& same = puzzle.put_bubble(0, 1);
    EXPECT_EQ(&same, &puzzle);  // "return a reference to p"
    EXPECT_EQ(same.str(), "#O..\n....\n....\n..#.");
    EXPECT_EQ(puzzle.bubble('A'), (Position{0, 1}));
    EXPECT_EQ(puzzle.boulder('A'), std::nullopt);
    EXPECT_FALSE(puzzle.isempty(0, 1));
    EXPECT_TRUE(puzzle.isempty(0, 2));
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(0, 2); }), "invalid position");  // second in A
    EXPECT_TRUE(puzzle.isempty(2, 0));
    EXPECT_EQ(error_of([&] { puzzle.put_boulder(2, 0); }), "invalid position");  // above empty
    EXPECT_TRUE(puzzle.isempty(3, 0));
    EXPECT_EQ(puzzle.put_boulder(3, 0).str(), "#O..\n....\n....\n*.#.");
    EXPECT_EQ(puzzle.bubble('C'), std::nullopt);
    EXPECT_EQ(puzzle.boulder('C'), (Position{3, 0}));
    EXPECT_FALSE(puzzle.issolved());
    EXPECT_EQ(error_of([&] { puzzle.put_boulder(2, 0); }), "invalid position");  // second in C
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(3, 2); }), "invalid position");   // green square
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(2, 2); }), "invalid position");   // below empty
    EXPECT_EQ(error_of([&] { puzzle.put_boulder(1, 2); }), "invalid position");  // above empty
    EXPECT_EQ(puzzle.put_bubble(1, 1).put_boulder(2, 2).put_boulder(1, 2).str(),
              "#O..\n.O*.\n..*.\n*.#.");
    EXPECT_FALSE(puzzle.issolved());
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(3, 3); }), "invalid position");  // below empty
    EXPECT_EQ(puzzle.put_bubble(1, 0).put_boulder(0, 2).put_bubble(0, 3).str(),
              "#O*O\nOO*.\n..*.\n*.#.");
    EXPECT_TRUE(puzzle.issolved());
}

TEST(BubblesPuzzle, RefusedCallsChangeNothing) {
    Puzzle puzzle = Puzzle::from_text(kStatementPuzzle);
    puzzle.put_bubble(0, 1);
    const std::string before = puzzle.str();
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(0, 2); }), "invalid position");
    EXPECT_EQ(error_of([&] { puzzle.put_boulder(0, 1); }), "invalid position");  // occupied
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(-1, 0); }), "invalid position");  // outside
    EXPECT_EQ(error_of([&] { puzzle.put_boulder(4, 0); }), "invalid position");
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(0, 4); }), "invalid position");
    EXPECT_EQ(puzzle.str(), before);
    EXPECT_EQ(puzzle.bubble('A'), (Position{0, 1}));
}

TEST(BubblesPuzzle, ItemsNeedTheRightSupport) {
    // One column of four regions: a boulder cannot rest on a bubble, nor a bubble hang from a
    // boulder.
    Puzzle puzzle = Puzzle::from_text("A\nB\nC\nD");
    puzzle.put_boulder(3, 0);
    EXPECT_EQ(error_of([&] { puzzle.put_bubble(3, 0); }), "invalid position");
    puzzle.put_bubble(0, 0);
    puzzle.put_bubble(1, 0);
    EXPECT_EQ(error_of([&] { puzzle.put_boulder(2, 0); }), "");  // rests on the boulder below
    EXPECT_EQ(puzzle.str(), "O\nO\n*\n*");
    Puzzle other = Puzzle::from_text("A\nB\nC");
    other.put_bubble(0, 0);
    EXPECT_EQ(error_of([&] { other.put_boulder(1, 0); }), "invalid position");  // above empty
}

TEST(BubblesPuzzle, ReasonsSayWhy) {
    Puzzle puzzle = Puzzle::from_text(kStatementPuzzle);
    try {
        puzzle.put_bubble(3, 2);
        FAIL() << "a bubble on a green square was accepted";
    } catch (const PuzzleError& error) {
        EXPECT_EQ(std::string(error.what()), "invalid position");
        EXPECT_NE(error.reason().find("green"), std::string::npos) << error.reason();
    }
}

TEST(BubblesPuzzle, MalformedDescriptionsAreRejected) {
    EXPECT_THROW(Puzzle::from_text(""), std::invalid_argument);
    EXPECT_THROW(Puzzle::from_text("AB\nA\n"), std::invalid_argument);
    EXPECT_THROW(Puzzle::from_text("Ab\n"), std::invalid_argument);
    EXPECT_NO_THROW(Puzzle::from_text("A#\r\n#B"));
}

TEST(BubblesPuzzle, AllGreenIsSolved) {
    Puzzle puzzle = Puzzle::from_text("##\n##\n");
    EXPECT_TRUE(puzzle.regions().empty());
    EXPECT_TRUE(puzzle.issolved());
    EXPECT_FALSE(puzzle.isempty(0, 0));
    EXPECT_EQ(error_of([&] { puzzle.squares('#'); }), "invalid region");
}

}  // namespace

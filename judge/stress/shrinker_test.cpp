#include "stress/shrinker.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

namespace judge {
namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Shrinker, EmptyTextStaysEmpty) {
    ShrinkStats stats;
    EXPECT_EQ(shrink_text(
                  "", [](const std::string&) { return true; }, 100, stats),
              "");
}

TEST(Shrinker, SplitsLinesKeepingNewlines) {
    auto lines = split_lines("a\nbb\nc");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].text, "a\n");
    EXPECT_EQ(lines[2].text, "c");
    EXPECT_EQ(join_units(lines), "a\nbb\nc");
}

TEST(Shrinker, TokensNeverJoinLines) {
    auto units = split_tokens("  1 22\n333 4\n");
    EXPECT_EQ(join_units(units), "  1 22\n333 4\n");
    std::vector<TextUnit> removable;
    for (const auto& unit : units)
        if (unit.removable) removable.push_back(unit);
    ASSERT_EQ(removable.size(), 4u);
    EXPECT_EQ(removable[0].text, "1 ");
    EXPECT_EQ(removable[1].text, "22");
    for (const auto& unit : units) {
        if (unit.text.find('\n') != std::string::npos) {
            EXPECT_FALSE(unit.removable);
        }
    }
}

// The failure needs two particular lines out of 100: ddmin keeps exactly those.
TEST(Shrinker, LinesFindTheTwoThatMatter) {
    std::string text;
    for (int i = 0; i < 100; ++i) text += "line" + std::to_string(i) + "\n";
    ShrinkStats stats;
    std::string result = shrink_text(
        text,
        [](const std::string& candidate) {
            return contains(candidate, "line17\n") && contains(candidate, "line83\n");
        },
        1000, stats);
    EXPECT_EQ(result, "line17\nline83\n");
    EXPECT_LT(stats.tests, 200);  // far fewer than the 2^100 subsets
    EXPECT_GT(stats.accepted, 0);
}

// Tokens inside one line: the predicate wants "x" and "y" on the same line.
TEST(Shrinker, TokensInsideALine) {
    ShrinkStats stats;
    std::string result = shrink_text(
        "a b x c d y e\n",
        [](const std::string& candidate) {
            return contains(candidate, "x") && contains(candidate, "y") &&
                   std::count(candidate.begin(), candidate.end(), '\n') == 1;
        },
        1000, stats);
    EXPECT_EQ(result, "x y\n");
}

// A validator as gate: every line must hold an even number of tokens, so single tokens cannot
// go, pairs can. The failure (a negative number present) survives.
TEST(Shrinker, RespectsAGatingValidator) {
    auto valid = [](const std::string& candidate) {
        for (const auto& line : split_lines(candidate)) {
            int count = 0;
            for (const auto& unit : split_tokens(line.text)) count += unit.removable ? 1 : 0;
            if (count % 2 != 0 || count == 0) return false;
        }
        return !candidate.empty();
    };
    std::string text = "1 2 3 -4 5 6\n7 8\n";
    ASSERT_TRUE(valid(text));
    ShrinkStats stats;
    int invalid_proposals = 0;
    std::string result = shrink_text(
        text,
        [&](const std::string& candidate) {
            if (!valid(candidate)) ++invalid_proposals;
            return valid(candidate) && contains(candidate, "-");
        },
        1000, stats);
    EXPECT_TRUE(valid(result)) << result;
    EXPECT_TRUE(contains(result, "-"));
    EXPECT_EQ(result, "0 -1\n");
    EXPECT_GT(invalid_proposals, 0);  // the gate did reject something
}

// Numbers shrink by digits: the failure is "some number is at least 1000".
TEST(Shrinker, IntegersShrinkTowardTheBoundary) {
    ShrinkStats stats;
    std::string result = shrink_text(
        "987654 12\n",
        [](const std::string& candidate) {
            auto units = split_tokens(candidate);
            for (const auto& unit : units)
                if (unit.removable && std::stoll(unit.text) >= 1000) return true;
            return false;
        },
        1000, stats);
    // Down to one 4-digit number (every shorter one is < 1000).
    EXPECT_EQ(result.size(), 5u) << result;
}

TEST(Shrinker, SmallerIntegersAreSmaller) {
    EXPECT_TRUE(smaller_integers("0").empty());
    EXPECT_TRUE(smaller_integers("abc").empty());
    EXPECT_TRUE(smaller_integers("1.5").empty());
    auto candidates = smaller_integers("-734");
    EXPECT_NE(std::find(candidates.begin(), candidates.end(), "-73"), candidates.end());
    EXPECT_NE(std::find(candidates.begin(), candidates.end(), "-34"), candidates.end());
    EXPECT_EQ(std::find(candidates.begin(), candidates.end(), "-734"), candidates.end());
    for (const auto& c : smaller_integers("10")) EXPECT_NE(c, "10");
    // "1" has only "0" below it.
    EXPECT_EQ(smaller_integers("1"), std::vector<std::string>{"0"});
}

TEST(Shrinker, StopsAtTheBudget) {
    std::string text;
    for (int i = 0; i < 50; ++i) text += std::to_string(i) + "\n";
    ShrinkStats stats;
    shrink_text(
        text, [](const std::string&) { return false; }, 7, stats);
    EXPECT_EQ(stats.tests, 7);
    EXPECT_EQ(stats.accepted, 0);
}

TEST(Shrinker, NothingSmallerFailsKeepsTheText) {
    ShrinkStats stats;
    EXPECT_EQ(shrink_text(
                  "1 2\n", [](const std::string& c) { return c == "1 2\n"; }, 100, stats),
              "1 2\n");
}

// Generator options: -n fails from 37 up, -max is irrelevant; the seed must stay.
TEST(ShrinkArgs, NumericOptionsShrinkSeedStays) {
    std::vector<std::string> args = {"-n", "1000", "-max", "500", "-mode", "tree", "-seed", "42"};
    ShrinkStats stats;
    auto result = shrink_generator_args(
        args,
        [](const std::vector<std::string>& candidate) {
            return std::stoll(candidate[1]) >= 37 && candidate[7] == "42" && candidate[5] == "tree";
        },
        1000, stats);
    EXPECT_GE(std::stoll(result[1]), 37);
    EXPECT_LT(std::stoll(result[1]), 80);  // halving and v-1 steps get close to the edge
    EXPECT_EQ(result[3], "0");             // irrelevant: down to 0
    EXPECT_EQ(result[5], "tree");
    EXPECT_EQ(result[6], "-seed");
    EXPECT_EQ(result[7], "42");
}

TEST(ShrinkArgs, NegativeAndNonNumericValuesUntouched) {
    std::vector<std::string> args = {"-lo", "-5", "-name", "abc", "-seed", "3"};
    ShrinkStats stats;
    auto result = shrink_generator_args(
        args, [](const std::vector<std::string>&) { return true; }, 100, stats);
    EXPECT_EQ(result, args);
    EXPECT_EQ(stats.tests, 0);
}

TEST(SplitArgs, QuotesAndBlanks) {
    EXPECT_EQ(split_args("  -n 5  -s 'a b' \"c\" "),
              (std::vector<std::string>{"-n", "5", "-s", "a b", "c"}));
    EXPECT_TRUE(split_args("").empty());
    EXPECT_THROW(split_args("-s 'open"), std::invalid_argument);
    EXPECT_EQ(join_args({"-s", "a b", ""}), "-s 'a b' ''");
}

}  // namespace
}  // namespace judge

#include "problems/gen_plan.hpp"

#include <gtest/gtest.h>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

std::string plan_error_of(const std::string& text) {
    try {
        parse_plan(text, "plan.txt");
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

TEST(GenPlan, EmptyAndCommentsOnly) {
    EXPECT_TRUE(parse_plan("", "plan.txt").empty());
    EXPECT_TRUE(parse_plan("# nothing\n\n   \n", "plan.txt").empty());
}

TEST(GenPlan, ParsesEntries) {
    auto plan = parse_plan(
        "# small ones\nsmall-1 1 -n 5   # tiny\nbig_2 7 --brute -n 100 -s 'a # b'\r\n", "p");
    ASSERT_EQ(plan.size(), 2u);
    EXPECT_EQ(plan[0].name, "small-1");
    EXPECT_EQ(plan[0].seed, "1");
    EXPECT_EQ(plan[0].args, (std::vector<std::string>{"-n", "5"}));
    EXPECT_FALSE(plan[0].use_brute);
    EXPECT_EQ(plan[0].line, 2);
    EXPECT_TRUE(plan[1].use_brute);
    EXPECT_EQ(plan[1].args, (std::vector<std::string>{"-n", "100", "-s", "a # b"}));
    EXPECT_EQ(generator_args(plan[0]), (std::vector<std::string>{"-n", "5", "-seed", "1"}));
}

TEST(GenPlan, ErrorsNameFileAndLine) {
    EXPECT_EQ(plan_error_of("\nonly_name\n"),
              "plan.txt:2: expected NAME SEED [--brute] [generator args...]");
    EXPECT_EQ(plan_error_of("a/b 1\n"),
              "plan.txt:1: bad case name 'a/b' (letters, digits, '_' and '-' only)");
    EXPECT_EQ(plan_error_of("a x1\n"), "plan.txt:1: bad seed 'x1' (an integer)");
    EXPECT_EQ(plan_error_of("a 1\nb 2\na 3\n"), "plan.txt:3: duplicate case name 'a'");
    EXPECT_EQ(plan_error_of("a 1 -seed 4\n"),
              "plan.txt:1: -seed among the generator arguments: the second column is the seed");
    EXPECT_NE(plan_error_of("a 1 -s 'open\n").find("plan.txt:1: unterminated"), std::string::npos);
}

TEST(GenPlan, MissingPlanIsAnError) {
    TempDir dir("gen-plan-test");
    EXPECT_THROW(load_plan(dir.path() / "plan.txt"), JudgeError);
}

TEST(GenPlan, HandWrittenCasesAreConflicts) {
    TempDir dir("gen-plan-test");
    test::write_text(dir.path() / "hand.in", "1 2\n");
    test::write_text(dir.path() / "old.in", "1 2\n");
    test::write_text(dir.path() / "old.ans", "3\n");
    test::write_text(dir.path() / ".generated", "# comment\nold\n");
    auto plan = parse_plan("hand 1\nold 2\nnew 3\n", "p");
    auto generated = read_manifest(dir.path() / ".generated");
    EXPECT_EQ(generated, (std::set<std::string>{"old"}));
    auto conflicts = hand_written_conflicts(dir.path(), plan, generated);
    ASSERT_EQ(conflicts.size(), 1u);
    EXPECT_EQ(conflicts[0], (dir.path() / "hand.in").string());
    EXPECT_TRUE(read_manifest(dir.path() / "missing").empty());
}

}  // namespace
}  // namespace judge

#include "checking/default_validator.hpp"

#include <gtest/gtest.h>

#include "util/error.hpp"

namespace judge {
namespace {

DefaultValidation check(std::string_view answer,
                        std::string_view output,
                        const std::vector<std::string>& flags = {}) {
    return default_validate(answer, output, parse_default_validator_flags(flags));
}

TEST(DefaultValidator, TokensIgnoreSpaceAndCaseByDefault) {
    EXPECT_TRUE(check("Hello  world\n", "hello\nWORLD").accepted);
    EXPECT_FALSE(check("1 2\n", "1 3\n").accepted);
    EXPECT_FALSE(check("1 2\n", "1 2 3\n").accepted);
    EXPECT_FALSE(check("1 2\n", "1\n").accepted);
}

TEST(DefaultValidator, CaseAndSpaceSensitiveFlags) {
    EXPECT_FALSE(check("Yes\n", "yes\n", {"case_sensitive"}).accepted);
    EXPECT_TRUE(check("Yes\n", "Yes\n", {"case_sensitive"}).accepted);
    EXPECT_FALSE(check("1 2\n", "1  2\n", {"space_change_sensitive"}).accepted);
    EXPECT_TRUE(check("1 2\n", "1 2\n", {"space_change_sensitive"}).accepted);
}

TEST(DefaultValidator, WithoutToleranceNumbersAreTokens) {
    EXPECT_FALSE(check("0.5\n", "0.50\n").accepted);
}

TEST(DefaultValidator, FloatToleranceAcceptsAnyNotationWithinEitherBound) {
    EXPECT_TRUE(check("0.0314\n", "3.14000000e-2\n", {"float_tolerance", "1e-6"}).accepted);
    EXPECT_TRUE(check("1000000\n", "1000000.5\n", {"float_relative_tolerance", "1e-6"}).accepted);
    EXPECT_FALSE(check("1000000\n", "1000002\n", {"float_relative_tolerance", "1e-6"}).accepted);
    EXPECT_TRUE(check("0\n", "0.0000001\n", {"float_absolute_tolerance", "1e-6"}).accepted);
    EXPECT_FALSE(check("0\n", "0.001\n", {"float_absolute_tolerance", "1e-6"}).accepted);
    EXPECT_FALSE(check("1.5\n", "abc\n", {"float_tolerance", "1e-6"}).accepted);
}

TEST(DefaultValidator, RejectionSaysWhereAndWhat) {
    DefaultValidation result = check("1\n2\n", "1\n5\n");
    ASSERT_FALSE(result.accepted);
    EXPECT_NE(result.message.find("'2'"), std::string::npos) << result.message;
    EXPECT_NE(result.message.find("'5'"), std::string::npos) << result.message;
}

TEST(DefaultValidator, BadFlagsAreThePackagesError) {
    EXPECT_THROW(parse_default_validator_flags({"float_tolerance"}), JudgeError);
    EXPECT_THROW(parse_default_validator_flags({"float_tolerance", "x"}), JudgeError);
    EXPECT_THROW(parse_default_validator_flags({"colour"}), JudgeError);
}

TEST(SplitWords, AnyRunOfSpaceSeparates) {
    EXPECT_EQ(split_words("  a\tb \n c "), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(split_words("   ").empty());
}

}  // namespace
}  // namespace judge

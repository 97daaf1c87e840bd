#include "checking/verdict.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace judge {
namespace {

Verdict aggregate_of(std::vector<Verdict> verdicts) {
    auto result = aggregate(verdicts);
    EXPECT_TRUE(result.has_value());
    return result.value_or(Verdict::JE);
}

TEST(Verdict, EmptyHasNoAggregate) { EXPECT_FALSE(aggregate({}).has_value()); }

TEST(Verdict, AllAcceptedIsAccepted) {
    EXPECT_EQ(aggregate_of({Verdict::AC}), Verdict::AC);
    EXPECT_EQ(aggregate_of({Verdict::AC, Verdict::AC, Verdict::AC}), Verdict::AC);
}

TEST(Verdict, FirstFailureInJudgingOrderWins) {
    EXPECT_EQ(aggregate_of({Verdict::AC, Verdict::WA, Verdict::TLE}), Verdict::WA);
    EXPECT_EQ(aggregate_of({Verdict::TLE, Verdict::AC, Verdict::WA}), Verdict::TLE);
    EXPECT_EQ(aggregate_of({Verdict::AC, Verdict::MLE, Verdict::RE, Verdict::OLE}), Verdict::MLE);
}

TEST(Verdict, JudgeErrorAnywhereWins) {
    EXPECT_EQ(aggregate_of({Verdict::WA, Verdict::AC, Verdict::JE}), Verdict::JE);
    EXPECT_EQ(aggregate_of({Verdict::CE, Verdict::JE}), Verdict::JE);
}

TEST(Verdict, CompileErrorBeatsContestantVerdicts) {
    EXPECT_EQ(aggregate_of({Verdict::WA, Verdict::CE}), Verdict::CE);
}

TEST(Verdict, ShortCodesRoundTrip) {
    for (Verdict verdict : kAllVerdicts) {
        auto parsed = parse_verdict(short_code(verdict));
        ASSERT_TRUE(parsed.has_value()) << short_code(verdict);
        EXPECT_EQ(*parsed, verdict);
        EXPECT_FALSE(description(verdict).empty());
    }
    EXPECT_EQ(short_code(Verdict::TLE), "TLE");
    EXPECT_EQ(short_code(Verdict::MLE), "MLE");
    EXPECT_FALSE(parse_verdict("RTE").has_value());
    EXPECT_FALSE(parse_verdict("ac").has_value());
}

TEST(Verdict, SeverityOrdersJudgeErrorLast) {
    EXPECT_LT(severity(Verdict::AC), severity(Verdict::WA));
    EXPECT_LT(severity(Verdict::WA), severity(Verdict::TLE));
    for (Verdict verdict : kAllVerdicts) {
        if (verdict != Verdict::JE) {
            EXPECT_LT(severity(verdict), severity(Verdict::JE));
        }
    }
}

TEST(Verdict, ExitStatusSeparatesJudgeFailure) {
    EXPECT_EQ(exit_status(Verdict::AC), 0);
    EXPECT_EQ(exit_status(Verdict::WA), 1);
    EXPECT_EQ(exit_status(Verdict::TLE), 1);
    EXPECT_EQ(exit_status(Verdict::CE), 1);
    EXPECT_EQ(exit_status(Verdict::JE), 2);
}

}  // namespace
}  // namespace judge

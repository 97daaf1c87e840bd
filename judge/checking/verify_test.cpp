#include "checking/verify.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace judge {
namespace {

TEST(VerifyExpectation, EachFolderAcceptsItsVerdicts) {
    EXPECT_TRUE(verdict_as_expected("accepted", Verdict::AC, true));
    EXPECT_FALSE(verdict_as_expected("accepted", Verdict::TLE, true));
    EXPECT_TRUE(verdict_as_expected("wrong_answer", Verdict::WA, false));
    EXPECT_TRUE(verdict_as_expected("wrong_answer", Verdict::PE, false));
    EXPECT_FALSE(verdict_as_expected("wrong_answer", Verdict::RE, false));
    EXPECT_TRUE(verdict_as_expected("time_limit_exceeded", Verdict::TLE, true));
    EXPECT_FALSE(verdict_as_expected("time_limit_exceeded", Verdict::AC, true));
    // A contest judge reports a memory overrun as a run-time error.
    EXPECT_TRUE(verdict_as_expected("run_time_error", Verdict::RE, false));
    EXPECT_TRUE(verdict_as_expected("run_time_error", Verdict::MLE, false));
    EXPECT_FALSE(verdict_as_expected("run_time_error", Verdict::WA, false));
    EXPECT_TRUE(verdict_as_expected("output_limit_exceeded", Verdict::OLE, false));
    EXPECT_TRUE(verdict_as_expected("rejected", Verdict::WA, false));
    EXPECT_FALSE(verdict_as_expected("rejected", Verdict::AC, true));
    EXPECT_FALSE(verdict_as_expected("rejected", Verdict::CE, false));
    EXPECT_TRUE(verdict_as_expected("reference", Verdict::TLE, true));
    EXPECT_TRUE(verdict_as_expected("reference", Verdict::MLE, true));
    EXPECT_FALSE(verdict_as_expected("reference", Verdict::WA, true));
}

TEST(VerifyExpectation, PartiallyAcceptedNeedsAnAcceptedCase) {
    EXPECT_TRUE(verdict_as_expected("partially_accepted", Verdict::WA, true));
    EXPECT_FALSE(verdict_as_expected("partially_accepted", Verdict::WA, false));
    EXPECT_FALSE(verdict_as_expected("partially_accepted", Verdict::AC, true));
}

TEST(VerifyExpectation, AJudgeErrorNeverMatchesAndUnknownFoldersNothing) {
    for (const std::string& folder : expectation_folders())
        EXPECT_FALSE(verdict_as_expected(folder, Verdict::JE, true)) << folder;
    EXPECT_FALSE(verdict_as_expected("slow_accepted", Verdict::AC, true));
}

TEST(VerifyExpectation, SeveralFoldersAcceptAnyOfThemAndCompileErrorIsCe) {
    EXPECT_TRUE(verdict_as_expected("run_time_error,accepted", Verdict::RE, false));
    EXPECT_TRUE(verdict_as_expected("run_time_error,accepted", Verdict::AC, true));
    EXPECT_FALSE(verdict_as_expected("run_time_error,accepted", Verdict::WA, true));
    EXPECT_TRUE(verdict_as_expected("compile_error", Verdict::CE, false));
    EXPECT_FALSE(verdict_as_expected("compile_error", Verdict::AC, true));
}

TEST(VerifyTimeLimit, SlowestAcceptedTimesMultiplierInWholeSecondsAtLeastOne) {
    EXPECT_EQ(time_limit_from_accepted_ms(0, 2.0), 1000);
    EXPECT_EQ(time_limit_from_accepted_ms(683, 5.0), 3000);   // 3.415 s rounds to 3 s
    EXPECT_EQ(time_limit_from_accepted_ms(1300, 2.0), 3000);  // 2.6 s rounds to 3 s
    EXPECT_EQ(time_limit_from_accepted_ms(1200, 2.0), 2000);  // 2.4 s rounds to 2 s
}

TEST(VerifyTimeLimit, TleMarginIsTheMultipleButAtLeastASecondMore) {
    EXPECT_EQ(tle_margin_ms(1000, 4.0), 4000);
    EXPECT_EQ(tle_margin_ms(1000, 1.5), 2000);
    EXPECT_EQ(tle_margin_ms(4000, 1.5), 6000);
    EXPECT_EQ(tle_margin_ms(1000, 0.5), 2000);
}

VerifyReport sample_report() {
    VerifyReport report;
    report.problem = "p";
    report.time_limit_ms = 1000;
    VerifiedSubmission good;
    good.path = "submissions/accepted/a.cpp";
    good.expected = "accepted";
    good.got = Verdict::AC;
    good.as_expected = true;
    good.slowest_case = "secret/1";
    good.slowest_cpu_ms = 12;
    good.cpu_limit_ms = 1000;
    VerifiedSubmission bad = good;
    bad.path = "submissions/time_limit_exceeded/b.py";
    bad.expected = "time_limit_exceeded";
    bad.as_expected = false;
    bad.message = "every case AC";
    VerifiedSubmission skipped;
    skipped.path = "submissions/accepted/c.kt";
    skipped.expected = "accepted";
    skipped.skipped = "Kotlin is not a language this judge builds";
    report.submissions = {good, bad, skipped};
    return report;
}

TEST(VerifyReportText, SummaryCountsExpectedNotAndSkipped) {
    EXPECT_EQ(verify_summary_line(sample_report()),
              "verify: 3 submissions, 1 as expected, 1 not, 1 skipped");
}

TEST(VerifyReportText, TableMarksWhatIsNotAsExpectedAndSaysWhySkipped) {
    std::string table = format_verify_table(sample_report());
    EXPECT_NE(table.find("secret/1 12/1000 ms"), std::string::npos) << table;
    EXPECT_NE(table.find("AC (!)"), std::string::npos) << table;
    EXPECT_NE(table.find("every case AC"), std::string::npos) << table;
    EXPECT_NE(table.find("skipped  -"), std::string::npos) << table;
    EXPECT_NE(table.find("Kotlin is not a language"), std::string::npos) << table;
}

TEST(VerifyReportText, JsonAndJunitCarryEachSubmission) {
    VerifyReport report = sample_report();
    auto json = verify_to_json(report);
    ASSERT_EQ(json["submissions"].size(), 3u);
    EXPECT_EQ(json["submissions"][1]["verdict"], "AC");
    EXPECT_EQ(json["submissions"][1]["as_expected"], false);
    EXPECT_TRUE(json["submissions"][2]["verdict"].is_null());
    EXPECT_EQ(json["not_as_expected"], 1);
    std::string xml = verify_to_junit_xml(report);
    EXPECT_NE(xml.find("tests=\"3\" failures=\"1\" skipped=\"1\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("<failure type=\"AC\" message=\"expected time_limit_exceeded, got AC\">"),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<skipped message=\"Kotlin"), std::string::npos) << xml;
}

}  // namespace
}  // namespace judge

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
    // An output flood keeps a Kattis-format package's time_limit_exceeded promise (DOMjudge and
    // BAPCtools let it run to its time limit) and its run_time_error one (problemtools), not a
    // Polygon tag's, nor any other promise.
    EXPECT_TRUE(verdict_as_expected("time_limit_exceeded", Verdict::OLE, false, true));
    EXPECT_TRUE(verdict_as_expected("run_time_error", Verdict::OLE, false, true));
    EXPECT_TRUE(verdict_as_expected("time_limit_exceeded,accepted", Verdict::OLE, true, true));
    EXPECT_FALSE(verdict_as_expected("time_limit_exceeded", Verdict::OLE, false));
    EXPECT_FALSE(verdict_as_expected("run_time_error", Verdict::OLE, false));
    EXPECT_FALSE(verdict_as_expected("wrong_answer", Verdict::OLE, false, true));
    EXPECT_FALSE(verdict_as_expected("accepted", Verdict::OLE, true, true));
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

VerifyReport sample_verify_report() {
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
    EXPECT_EQ(verify_summary_line(sample_verify_report()),
              "verify: 3 submissions, 1 as expected, 1 not, 1 skipped");
}

TEST(VerifyReportText, TableMarksWhatIsNotAsExpectedAndSaysWhySkipped) {
    std::string table = format_verify_table(sample_verify_report());
    EXPECT_NE(table.find("secret/1 12/1000 ms"), std::string::npos) << table;
    EXPECT_NE(table.find("AC (!)"), std::string::npos) << table;
    EXPECT_NE(table.find("every case AC"), std::string::npos) << table;
    EXPECT_NE(table.find("skipped  -"), std::string::npos) << table;
    EXPECT_NE(table.find("Kotlin is not a language"), std::string::npos) << table;
}

TEST(VerifyReportText, JsonAndJunitCarryEachSubmission) {
    VerifyReport report = sample_verify_report();
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

// 2025-09: the smallest multiple of time_resolution at or above the slowest accepted time x the
// multiplier (not the nearest whole second).
TEST(VerifyTimeLimit, MultipleOfTheResolution2025) {
    EXPECT_EQ(time_limit_from_accepted_ms(1200, 2.0, 0), 2000);    // 2.4 s -> 2 s (nearest)
    EXPECT_EQ(time_limit_from_accepted_ms(1200, 2.0, 1.0), 3000);  // 2.4 s -> 3 s (at or above)
    EXPECT_EQ(time_limit_from_accepted_ms(1200, 2.0, 0.5), 2500);
    EXPECT_EQ(time_limit_from_accepted_ms(1000, 2.0, 1.0), 2000);  // exactly a multiple
    EXPECT_EQ(time_limit_from_accepted_ms(10, 2.0, 0.1), 100);     // at least one step
}

TEST(VerifyRules, FormatVerdictsAreFour) {
    EXPECT_EQ(format_verdict(Verdict::AC), "AC");
    EXPECT_EQ(format_verdict(Verdict::PE), "WA");
    EXPECT_EQ(format_verdict(Verdict::MLE), "RTE");
    EXPECT_EQ(format_verdict(Verdict::OLE), "RTE");
    EXPECT_EQ(format_verdict(Verdict::TLE), "TLE");
    EXPECT_EQ(format_verdict(Verdict::JE), "");
    EXPECT_EQ(format_verdict(Verdict::CE), "");
    EXPECT_EQ(format_verdicts(Verdict::OLE), (std::vector<std::string>{"RTE", "TLE"}));
    EXPECT_EQ(format_verdicts(Verdict::PE), (std::vector<std::string>{"WA"}));
    EXPECT_TRUE(format_verdicts(Verdict::JE).empty());
}

// The globs of BAPCtools' testexpectations problem: `*` stays within a name, braces expand
// (with spaces), a parent folder's match counts.
TEST(VerifyRules, GlobsOfSubmissionsYaml) {
    EXPECT_TRUE(case_glob_matches("accepted", "accepted/a.py"));
    EXPECT_TRUE(case_glob_matches("accepted/*", "accepted/a.py"));
    EXPECT_FALSE(case_glob_matches("*/nested_wa.py", "match/nested/nested_wa.py"));
    EXPECT_TRUE(case_glob_matches("expansion/ac.{py,cpp}", "expansion/ac.cpp"));
    EXPECT_FALSE(case_glob_matches("expansion/ac.{py,cpp}", "expansion/ac.c"));
    EXPECT_TRUE(case_glob_matches("secret/*{1,3,5,7,9}", "secret/13"));
    EXPECT_FALSE(case_glob_matches("secret/*{1,3,5,7,9}", "secret/12"));
    EXPECT_TRUE(case_glob_matches("secret/*{,0,1}{0,2}", "secret/2"));
    EXPECT_TRUE(case_glob_matches("secret/*{,0,1}{0,2}", "secret/12"));
    EXPECT_TRUE(case_glob_matches("secret/*{ 4 }{ 2 }", "secret/42"));
    EXPECT_TRUE(case_glob_matches("secret/group1", "secret/group1/3"));
    EXPECT_FALSE(case_glob_matches("secret/group", "secret/group1/3"));
    EXPECT_FALSE(case_glob_matches("match/match", "match/match_wa"));
    EXPECT_FALSE(case_glob_matches("match_wa.py", "match/match_wa.py"));
}

TEST(VerifyRules, PermittedRequiredAndMessage) {
    std::vector<CaseOutcome> cases = {{"sample/1", Verdict::AC, ""},
                                      {"secret/1", Verdict::WA, "expected 3"},
                                      {"secret/2", Verdict::MLE, ""}};
    VerdictRule wrong_answer;
    wrong_answer.origin = "the default of wrong_answer/";
    wrong_answer.permitted = {"AC", "WA"};
    wrong_answer.required = {"WA"};
    // MLE is RTE in the format: not permitted in wrong_answer.
    EXPECT_EQ(rules_broken({wrong_answer}, cases),
              "the default of wrong_answer/: secret/2 got MLE, not permitted (AC, WA)");
    VerdictRule crash = wrong_answer;
    crash.permitted = {"AC", "WA", "RTE"};
    EXPECT_EQ(rules_broken({crash}, cases), "");
    VerdictRule samples;
    samples.origin = "submissions.yaml 'x.py'";
    samples.cases = "sample";
    samples.required = {"WA"};
    EXPECT_EQ(rules_broken({samples}, cases),
              "submissions.yaml 'x.py' on sample: no case got a required verdict (WA)");
    samples.required = {"AC"};
    EXPECT_EQ(rules_broken({samples}, cases), "");
    VerdictRule message;
    message.origin = "m";
    message.message = "expected 3";
    EXPECT_EQ(rules_broken({message}, cases), "");
    message.message = "expected 4";
    EXPECT_EQ(rules_broken({message}, cases), "m: no judge message holds 'expected 4'");
    // An output flood (OLE) keeps time_limit_exceeded/'s default rule, as a TLE would, and a
    // required RTE; not a rule permitting neither.
    std::vector<CaseOutcome> flood = {{"sample/1", Verdict::AC, ""},
                                      {"secret/1", Verdict::OLE, "output limit"}};
    VerdictRule too_slow;
    too_slow.origin = "the default of time_limit_exceeded/";
    too_slow.permitted = {"AC", "TLE"};
    too_slow.required = {"TLE"};
    EXPECT_EQ(rules_broken({too_slow}, flood), "");
    VerdictRule crashes = too_slow;
    crashes.permitted = {"AC", "RTE"};
    crashes.required = {"RTE"};
    EXPECT_EQ(rules_broken({crashes}, flood), "");
    EXPECT_EQ(rules_broken({wrong_answer}, flood),
              "the default of wrong_answer/: secret/1 got OLE, not permitted (AC, WA)");
    // A judge error breaks every rule, even one permitting everything.
    EXPECT_NE(rules_broken({VerdictRule{}}, {{"secret/1", Verdict::JE, "checker crashed"}}), "");
}

// A score of 33.333333 of 100: group1 13.333333 of 40, group2 20 of 60.
Score third_score() {
    Score score;
    score.score = 100.0 / 3;
    score.max_score = 100;
    GroupScore group1, group2;
    group1.name = "secret/group1";
    group1.score = 40.0 / 3;
    group1.max_score = 40;
    group2.name = "secret/group2";
    group2.score = 20;
    group2.max_score = 60;
    score.groups = {group1, group2};
    return score;
}

TEST(VerifyScore, ExpectedScoresNameBothNumbers) {
    VerdictRule rule;
    rule.score = std::pair{50.0, 50.0};
    EXPECT_EQ(score_expectation_broken({rule}, std::nullopt, third_score()),
              "score 33.333333 is not the expected 50");
    rule.score = std::pair{30.0, 40.0};
    EXPECT_EQ(score_expectation_broken({rule}, std::nullopt, third_score()), "");
    rule.score = std::pair{40.0, 60.0};
    EXPECT_EQ(score_expectation_broken({rule}, std::nullopt, third_score()),
              "score 33.333333 is not in the expected [40, 60]");
    // DOMjudge's @EXPECTED_SCORE@, of the whole; a sum of decimals is equal within rounding.
    EXPECT_EQ(score_expectation_broken({}, std::pair{33.3333333333, 33.3333333333}, third_score()),
              "");
    EXPECT_EQ(score_expectation_broken({}, std::pair{34.0, 34.0}, third_score()),
              "score 33.333333 is not the expected 34");
    // A rule on a group checks that group's score; on secret, the whole.
    VerdictRule group;
    group.cases = "secret/group2";
    group.score = std::pair{20.0, 20.0};
    EXPECT_EQ(score_expectation_broken({group}, std::nullopt, third_score()), "");
    group.score = std::pair{0.0, 0.0};
    EXPECT_EQ(score_expectation_broken({group}, std::nullopt, third_score()),
              "secret/group2: score 20 is not the expected 0");
    group.cases = "secret";
    EXPECT_EQ(score_expectation_broken({group}, std::nullopt, third_score()),
              "score 33.333333 is not the expected 0");
    group.cases = "secret/group9";
    EXPECT_EQ(score_expectation_broken({group}, std::nullopt, third_score()),
              "secret/group9: expected score 0, but no test data group of that name is scored");
    // No score graded: a requirement cannot hold.
    EXPECT_EQ(score_expectation_broken({}, std::pair{10.0, 10.0}, std::nullopt),
              "expected score 10, but no score is graded (the problem has no points, no type "
              "scoring)");
    EXPECT_EQ(score_expectation_broken({VerdictRule{}}, std::nullopt, std::nullopt), "");
}

TEST(VerifyScore, TableAndJsonCarryTheScore) {
    VerifyReport report;
    report.problem = "p";
    VerifiedSubmission scored;
    scored.path = "submissions/partial/third.py";
    scored.expected = "partial";
    scored.got = Verdict::AC;
    scored.score = third_score();
    VerifiedSubmission unscored = scored;
    unscored.path = "submissions/accepted/x.py";
    unscored.score = std::nullopt;
    report.submissions = {scored, unscored};
    std::string table = format_verify_table(report);
    EXPECT_NE(table.find("score"), std::string::npos) << table;
    EXPECT_NE(table.find("33.333333/100"), std::string::npos) << table;
    nlohmann::ordered_json json = verify_to_json(report);
    EXPECT_EQ(json["submissions"][0]["score"]["score"], 33.333333);  // six decimals
    EXPECT_EQ(json["submissions"][0]["score"]["groups"][1]["max_score"], 60);
    EXPECT_TRUE(json["submissions"][1]["score"].is_null());
    // No submission with a score: no score column.
    report.submissions = {unscored};
    EXPECT_EQ(format_verify_table(report).find("score"), std::string::npos);
}

}  // namespace
}  // namespace judge

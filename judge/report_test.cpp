#include "report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace judge {
namespace {

CaseResult make_case(std::string group,
                     std::string name,
                     Verdict verdict,
                     std::int64_t cpu_ms,
                     std::string message = "") {
    CaseResult result;
    result.test_case.group = std::move(group);
    result.test_case.name = std::move(name);
    result.test_case.input = "/x/" + result.test_case.name + ".in";
    result.verdict = verdict;
    result.cpu_ms = cpu_ms;
    result.wall_ms = cpu_ms + 2;
    result.peak_memory_kib = 2048;
    result.memory_source = "rusage";
    result.message = std::move(message);
    CaseRun run;
    run.verdict = verdict;
    run.run.exited = true;
    run.run.cpu_ms = cpu_ms;
    result.runs.push_back(run);
    result.programs_wall_ms = cpu_ms + 3;
    return result;
}

RunReport sample_report() {
    RunReport report;
    report.problem_id = "aplusb";
    report.solution = "solutions/aplusb.cpp";
    report.limits.cpu_ms = 1000;
    report.limits.memory_kib = 256 * 1024;
    report.jobs = 2;
    report.cases.push_back(make_case("sample", "1", Verdict::AC, 1, "ok 1 tokens"));
    report.cases.push_back(make_case("secret", "2", Verdict::WA, 3, "token 1 differs <&>"));
    report.cases.push_back(make_case("secret", "3", Verdict::JE, 0, "checker FAIL"));
    report.total_wall_ms = 50;
    finish_totals(report);
    return report;
}

TEST(Report, EmptyReportHasNoVerdict) {
    RunReport report;
    EXPECT_FALSE(report.verdict().has_value());
    std::ostringstream out;
    print_summary(out, report);
    EXPECT_NE(out.str().find("no case judged"), std::string::npos);
}

TEST(Report, TotalsAndCounts) {
    RunReport report = sample_report();
    EXPECT_EQ(report.programs_wall_ms, 4 + 6 + 3);
    EXPECT_EQ(report.memory_source, "rusage");
    EXPECT_EQ(report.verdict(), Verdict::JE);
    auto counts = report.counts();
    EXPECT_EQ(counts[static_cast<int>(Verdict::AC)], 1);
    EXPECT_EQ(counts[static_cast<int>(Verdict::WA)], 1);
    EXPECT_EQ(counts[static_cast<int>(Verdict::JE)], 1);
}

TEST(Report, TableHasEveryColumnAndRow) {
    std::ostringstream out;
    print_table(out, sample_report());
    std::string text = out.str();
    for (const char* needle : {"case", "verdict", "CPU ms", "wall ms", "peak MiB", "message",
                               "sample/1", "secret/2", "token 1 differs <&>", "2.0"})
        EXPECT_NE(text.find(needle), std::string::npos) << needle << "\n" << text;
    EXPECT_EQ(text.find("\033["), std::string::npos);  // no colour unless asked
}

TEST(Report, UnstableCaseShowsRunsAndSpread) {
    RunReport report = sample_report();
    CaseResult& flaky = report.cases[0];
    flaky.runs.push_back(flaky.runs[0]);
    flaky.runs.back().verdict = Verdict::TLE;
    flaky.runs.push_back(flaky.runs[0]);
    flaky.unstable = true;
    flaky.cpu_spread_ms = 42;
    std::ostringstream table, summary;
    print_table(table, report);
    print_summary(summary, report);
    EXPECT_NE(table.str().find("AC~"), std::string::npos) << table.str();
    EXPECT_NE(table.str().find("±42 (3 runs)"), std::string::npos) << table.str();
    EXPECT_NE(table.str().find("runs gave AC TLE AC"), std::string::npos) << table.str();
    EXPECT_NE(summary.str().find("UNSTABLE"), std::string::npos) << summary.str();
}

TEST(Report, SummaryStatesOverheadAndMemorySource) {
    std::ostringstream out;
    print_summary(out, sample_report());
    std::string text = out.str();
    EXPECT_NE(text.find("verdict: JE"), std::string::npos) << text;
    // 2 jobs: 50 ms - 13 ms / 2 = 44 ms over 3 cases.
    EXPECT_NE(text.find("judge overhead: 44 ms (14.67 ms per case) = whole run 50 ms wall - "
                        "programs 13 ms wall / 2 jobs"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("rusage"), std::string::npos) << text;
}

TEST(Report, CompileErrorReport) {
    RunReport report;
    report.problem_id = "p";
    report.solution = "bad.cpp";
    report.compile_error = "bad.cpp:1:1: error: expected unqualified-id";
    EXPECT_EQ(report.verdict(), Verdict::CE);
    std::ostringstream table;
    print_table(table, report);
    EXPECT_NE(table.str().find("expected unqualified-id"), std::string::npos);
    nlohmann::ordered_json json = to_json(report);
    EXPECT_EQ(json["verdict"], "CE");
    EXPECT_EQ(json["exit_status"], 1);
    std::string xml = to_junit_xml(report);
    EXPECT_NE(xml.find("<testcase name=\"compile\""), std::string::npos);
    EXPECT_NE(xml.find("type=\"CE\""), std::string::npos);
}

TEST(Report, JsonHasStableKeys) {
    nlohmann::ordered_json json = to_json(sample_report());
    EXPECT_EQ(json.begin().key(), "problem");  // a reader sees the headline keys first
    EXPECT_EQ(json["problem"], "aplusb");
    EXPECT_EQ(json["verdict"], "JE");
    EXPECT_EQ(json["exit_status"], 2);
    EXPECT_TRUE(json["compile_error"].is_null());
    EXPECT_EQ(json["limits"]["cpu_ms"], 1000);
    EXPECT_EQ(json["counts"]["WA"], 1);
    ASSERT_EQ(json["cases"].size(), 3u);
    EXPECT_EQ(json["cases"][1]["name"], "secret/2");
    EXPECT_EQ(json["cases"][1]["verdict"], "WA");
    EXPECT_EQ(json["cases"][1]["peak_memory_kib"], 2048);
    EXPECT_EQ(json["cases"][1]["runs"][0]["exit_code"], 0);
    EXPECT_EQ(json["cases"][1]["runs"][0]["limit_hit"], "none");
    // Round trip through text.
    EXPECT_EQ(nlohmann::ordered_json::parse(json.dump()), json);
}

TEST(Report, JunitCountsFailuresAndErrors) {
    std::string xml = to_junit_xml(sample_report());
    EXPECT_EQ(xml.rfind("<?xml version=\"1.0\"", 0), 0u);
    EXPECT_NE(xml.find("<testsuite name=\"aplusb\" tests=\"3\" failures=\"1\" errors=\"1\""),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<testcase name=\"sample/1\" classname=\"judge.aplusb\" time=\"0.003\"/>"),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("message=\"WA: token 1 differs &lt;&amp;&gt;\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("<error type=\"JE\""), std::string::npos);
    EXPECT_EQ(xml.find("<&>"), std::string::npos);
}

DiagnosisRecord heap_overflow_diagnosis() {
    DiagnosisRecord record;
    record.case_name = "secret/2";
    record.verdict = Verdict::WA;
    record.sanitized_build = true;
    record.sanitizer_report =
        "==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n"
        "SUMMARY: AddressSanitizer: heap-buffer-overflow a.cpp:20 in main <&>\n";
    record.summary = record.sanitizer_report;
    return record;
}

TEST(Report, JsonDiagnosisIsNullWithoutDiagnose) {
    nlohmann::ordered_json json = to_json(sample_report());
    ASSERT_TRUE(json.contains("diagnosis"));
    EXPECT_TRUE(json["diagnosis"].is_null());
}

TEST(Report, JsonHasDiagnosis) {
    RunReport report = sample_report();
    report.diagnosis = heap_overflow_diagnosis();
    nlohmann::ordered_json json = to_json(report);
    const nlohmann::ordered_json& diagnosis = json["diagnosis"];
    ASSERT_TRUE(diagnosis.is_object()) << json.dump(2);
    std::vector<std::string> keys;
    for (auto it = diagnosis.begin(); it != diagnosis.end(); ++it) keys.push_back(it.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"case", "verdict", "sanitized_build",
                                              "sanitizer_report", "summary"}));
    EXPECT_EQ(diagnosis["case"], "secret/2");
    EXPECT_EQ(diagnosis["verdict"], "WA");
    EXPECT_EQ(diagnosis["sanitized_build"], true);
    EXPECT_EQ(diagnosis["sanitizer_report"], report.diagnosis->sanitizer_report);
    EXPECT_EQ(diagnosis["summary"], report.diagnosis->summary);
    EXPECT_EQ(nlohmann::ordered_json::parse(json.dump()), json);
}

TEST(Report, JsonDiagnosisWithNothingFailed) {
    RunReport report = sample_report();
    report.diagnosis = DiagnosisRecord{};
    report.diagnosis->summary = "no failing case to diagnose";
    const nlohmann::ordered_json diagnosis = to_json(report)["diagnosis"];
    ASSERT_TRUE(diagnosis.is_object());
    EXPECT_TRUE(diagnosis["case"].is_null());
    EXPECT_TRUE(diagnosis["verdict"].is_null());
    EXPECT_TRUE(diagnosis["sanitized_build"].is_null());
    EXPECT_TRUE(diagnosis["sanitizer_report"].is_null());
    EXPECT_EQ(diagnosis["summary"], "no failing case to diagnose");
}

TEST(Report, JsonDiagnosisSanitizedBuildFailedOrSilent) {
    RunReport report = sample_report();
    report.diagnosis = heap_overflow_diagnosis();
    report.diagnosis->sanitized_build = false;
    report.diagnosis->sanitizer_report.clear();
    report.diagnosis->summary = "sanitized build failed: no ASan here\n";
    nlohmann::ordered_json diagnosis = to_json(report)["diagnosis"];
    EXPECT_EQ(diagnosis["sanitized_build"], false);
    EXPECT_TRUE(diagnosis["sanitizer_report"].is_null());  // the sanitizers never ran
    report.diagnosis->sanitized_build = true;              // ran, and were silent
    diagnosis = to_json(report)["diagnosis"];
    EXPECT_EQ(diagnosis["sanitizer_report"], "");
}

TEST(Report, JunitHasNoSystemErrWithoutDiagnosis) {
    RunReport report = sample_report();
    std::string xml = to_junit_xml(report);
    EXPECT_EQ(xml.find("<system-err>"), std::string::npos) << xml;
    // --diagnose with no failing case changes nothing either.
    report.diagnosis = DiagnosisRecord{};
    report.diagnosis->summary = "no failing case to diagnose";
    EXPECT_EQ(to_junit_xml(report), xml);
}

TEST(Report, JunitPutsDiagnosisInTheFailingCase) {
    RunReport report = sample_report();
    report.diagnosis = heap_overflow_diagnosis();
    std::string xml = to_junit_xml(report);
    std::size_t testcase = xml.find("<testcase name=\"secret/2\"");
    std::size_t system_err = xml.find("<system-err>");
    std::size_t end = xml.find("</testcase>", testcase);
    ASSERT_NE(testcase, std::string::npos) << xml;
    ASSERT_NE(system_err, std::string::npos) << xml;
    EXPECT_LT(testcase, system_err);
    EXPECT_LT(system_err, end);
    EXPECT_EQ(xml.find("<system-err>", system_err + 1), std::string::npos);  // only there
    EXPECT_NE(xml.find("<system-err>judge --diagnose: solution rebuilt with "
                       "-fsanitize=address,undefined -g and run again:\n"
                       "==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n"
                       "SUMMARY: AddressSanitizer: heap-buffer-overflow a.cpp:20 in main "
                       "&lt;&amp;&gt;\n</system-err>\n    </testcase>"),
              std::string::npos)
        << xml;
    EXPECT_EQ(xml.find("<&>"), std::string::npos);
}

TEST(Report, XmlEscape) {
    EXPECT_EQ(xml_escape(""), "");
    EXPECT_EQ(xml_escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
    EXPECT_EQ(xml_escape(std::string("x\x01y\tz", 5)), "xy\tz");
}

TEST(Report, ProgressLineSilentWhenDisabled) {
    std::ostringstream out;
    ProgressLine progress(out, false, 3);
    progress.update(make_case("s", "1", Verdict::AC, 1));
    progress.finish();
    EXPECT_EQ(out.str(), "");
}

TEST(Report, ProgressLineRedrawsInPlace) {
    std::ostringstream out;
    ProgressLine progress(out, true, 12);
    progress.update(make_case("secret", "1", Verdict::AC, 1));
    progress.update(make_case("secret", "2", Verdict::WA, 1));
    progress.finish();
    std::string text = out.str();
    EXPECT_NE(text.find("[ 1/12] secret/1 AC"), std::string::npos) << text;
    EXPECT_NE(text.find("[ 2/12] secret/2 WA  (1 not AC)"), std::string::npos) << text;
    EXPECT_EQ(text.find('\n'), std::string::npos);
}

TEST(Report, ProgressLineExactText) {
    std::ostringstream out;
    ProgressLine progress(out, true, 2);
    progress.update(make_case("sample", "1", Verdict::AC, 1));
    EXPECT_EQ(out.str(), "\r\033[K[1/2] sample/1 AC");
    progress.update(make_case("secret", "2", Verdict::WA, 1));
    progress.finish();
    EXPECT_EQ(out.str(),
              "\r\033[K[1/2] sample/1 AC"
              "\r\033[K[2/2] secret/2 WA  (1 not AC)"
              "\r\033[K");
}

TEST(Report, ProgressLineShortensLongNames) {
    std::ostringstream out;
    ProgressLine progress(out, true, 100);
    progress.update(make_case("secret", std::string(50, 'x'), Verdict::TLE, 1));
    EXPECT_EQ(out.str(), "\r\033[K[  1/100] ..." + std::string(37, 'x') + " TLE  (1 not AC)");
}

}  // namespace
}  // namespace judge

#include "checking/report.hpp"

#include <gtest/gtest.h>

#include <algorithm>

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
    result.programs_wall_us = (cpu_ms + 3) * 1000;
    return result;
}

CaseRun synthetic_case_run(Verdict verdict, std::int64_t cpu_ms) {
    CaseRun run;
    run.verdict = verdict;
    run.run.exited = true;
    run.run.cpu_ms = cpu_ms;
    run.message = std::string(short_code(verdict)) + " at " + std::to_string(cpu_ms);
    return run;
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
    EXPECT_EQ(report.programs_wall_us, (4 + 6 + 3) * 1000);
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

// Each run of the sample report as the runner would describe it.
RunReport report_with_runs(const std::string& isolation,
                           const std::string& memory_source,
                           const std::string& process_limit_source,
                           bool sandbox_requested = true) {
    RunReport report = sample_report();
    for (auto& result : report.cases) {
        for (auto& run : result.runs) {
            run.run.isolation = isolation;
            run.run.memory_source = memory_source;
            run.run.process_limit_source = process_limit_source;
        }
    }
    report.sandbox_requested = sandbox_requested;
    finish_totals(report);
    return report;
}

const std::string kSandboxed = "sandbox (pid, mount, net, ipc, uts, cgroup namespaces; uid 65534)";

TEST(Isolation, NoRunNoClaim) {
    EXPECT_EQ(describe_isolation(true, {}), "no submission was run");
    EXPECT_EQ(describe_limit_enforcement({}, {}), "");
}

TEST(Isolation, SandboxedRunsUseTheRunnersText) {
    EXPECT_EQ(describe_isolation(true, {kSandboxed}), kSandboxed);
}

TEST(Isolation, NoSandboxIsSaidPlainly) {
    EXPECT_EQ(describe_isolation(false, {"none"}),
              "NONE — submissions ran unsandboxed (--no-sandbox)");
    EXPECT_EQ(describe_isolation(true, {"none: unprivileged user namespaces are disabled"}),
              "NONE — no sandbox could be made here: unprivileged user namespaces are disabled");
    // A runner that says nothing is no sandbox either.
    EXPECT_EQ(describe_isolation(true, {""}), "NONE — the runner did not sandbox the submissions");
}

TEST(Isolation, SomeRunsUnsandboxedIsNone) {
    std::string text = describe_isolation(true, {kSandboxed, "none: clone failed: EPERM"});
    EXPECT_EQ(text,
              "NONE for some runs — no sandbox could be made here: clone failed: EPERM; "
              "the others: " +
                  kSandboxed);
}

TEST(Isolation, LimitEnforcement) {
    EXPECT_EQ(describe_limit_enforcement({"cgroup"}, {"cgroup"}), "CPU/memory/processes by cgroup");
    EXPECT_EQ(describe_limit_enforcement({"rusage"}, {"none"}),
              "CPU/memory by /proc polling, processes NOT limited");
    EXPECT_EQ(describe_limit_enforcement({"rusage"}, {"rlimit"}),
              "CPU/memory by /proc polling, processes by RLIMIT_NPROC");
    EXPECT_EQ(describe_limit_enforcement({"cgroup"}, {"none"}),
              "CPU/memory by cgroup, processes NOT limited");
    EXPECT_EQ(describe_limit_enforcement({"cgroup", "rusage"}, {}),
              "CPU/memory by cgroup or /proc polling");
}

TEST(Isolation, SummaryJsonAndJunitSayIt) {
    RunReport report = report_with_runs(kSandboxed, "cgroup", "cgroup");
    std::ostringstream out;
    print_summary(out, report);
    std::string line = "isolation: " + kSandboxed + "; limits: CPU/memory/processes by cgroup\n";
    EXPECT_NE(out.str().find(line), std::string::npos) << out.str();
    nlohmann::ordered_json json = to_json(report);
    EXPECT_EQ(json["isolation"], kSandboxed);
    EXPECT_EQ(json["limits_enforced_by"], "CPU/memory/processes by cgroup");
    EXPECT_EQ(json["cases"][0]["runs"][0]["isolation"], kSandboxed);
    std::string xml = to_junit_xml(report);
    EXPECT_NE(xml.find("<property name=\"isolation\" value=\"" + xml_escape(kSandboxed) + "\"/>"),
              std::string::npos)
        << xml;
}

TEST(Isolation, SummarySaysNoSandbox) {
    RunReport report = report_with_runs("none", "rusage", "none", false);
    std::ostringstream out;
    print_summary(out, report);
    EXPECT_NE(out.str().find("isolation: NONE — submissions ran unsandboxed (--no-sandbox); "
                             "limits: CPU/memory by /proc polling, processes NOT limited\n"),
              std::string::npos)
        << out.str();
    EXPECT_EQ(to_json(report)["isolation"], "NONE — submissions ran unsandboxed (--no-sandbox)");
}

TEST(Isolation, RunsTheRunnerCouldNotMakeAreNotCounted) {
    RunReport report = report_with_runs(kSandboxed, "cgroup", "cgroup");
    CaseRun failed;  // a RunnerError: neither exited nor signaled, isolation ""
    failed.verdict = Verdict::JE;
    report.cases[2].runs = {failed};
    finish_totals(report);
    EXPECT_EQ(report.isolation, kSandboxed);
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
    // Control characters are shown escaped (XML 1.0 forbids them), newline and tab kept.
    EXPECT_EQ(xml_escape(std::string("x\x01y\tz\n", 6)), "x\\x01y\tz\n");
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

// A report whose case names, messages and solution path carry what a hostile submission or an
// odd file name could: escape codes (clear screen, window title with a bell), a newline, a
// carriage return, invalid UTF-8 and a C1 CSI.
RunReport hostile_report() {
    RunReport report = sample_report();
    report.solution = "sol\x1b[2J.cpp";
    report.cases[0].test_case.name = "a\x1b]0;pwned\x07\nb";
    report.cases[1].message = "token 1 differs: found '\x1b[31mred\rX\xff\xc2\x9b'";
    report.cases[1].cpu_ms = 900;  // the slowest, named in the summary
    report.cases[1].test_case.name = "slow\x1b[K";
    report.cases[1].unstable = true;
    report.cases[1].runs.push_back(report.cases[1].runs[0]);
    return report;
}

// No byte that a terminal acts on: C0 controls (newline aside), DEL, and no invalid UTF-8 byte
// 0xff or C1 CSI (0x9b raw or as U+009B).
void expect_terminal_safe(const std::string& text) {
    for (char c : text) {
        unsigned char byte = static_cast<unsigned char>(c);
        EXPECT_TRUE((byte >= 0x20 && byte != 0x7f && byte != 0xff) || c == '\n')
            << "raw byte " << int(byte) << " in:\n"
            << text;
    }
    EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos) << text;
}

TEST(Report, TableAndSummaryEscapeControlCharacters) {
    RunReport report = hostile_report();
    std::ostringstream table, summary;
    print_table(table, report);
    print_summary(summary, report);
    expect_terminal_safe(table.str());
    expect_terminal_safe(summary.str());
    EXPECT_NE(table.str().find("sample/a\\x1b]0;pwned\\x07\\nb "), std::string::npos)
        << table.str();
    EXPECT_NE(table.str().find("found '\\x1b[31mred\\rX\\xff\\u009b'"), std::string::npos)
        << table.str();
    EXPECT_NE(summary.str().find("solution sol\\x1b[2J.cpp"), std::string::npos) << summary.str();
    EXPECT_NE(summary.str().find("slowest: secret/slow\\x1b[K, 900 ms"), std::string::npos)
        << summary.str();
    EXPECT_NE(summary.str().find("UNSTABLE (runs disagree): secret/slow\\x1b[K"), std::string::npos)
        << summary.str();
    // One row per case: the newline in the name did not split it. Header + 3 rows.
    std::string text = table.str();
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4) << text;
}

TEST(Report, ColouredTableHasOnlyItsOwnEscapeCodes) {
    std::ostringstream table;
    print_table(table, hostile_report(), /*color=*/true);
    std::string text = table.str();
    // Every ESC is one of the judge's colour codes (ESC [ digits m), none from the report.
    for (std::size_t at = text.find('\x1b'); at != std::string::npos;
         at = text.find('\x1b', at + 1)) {
        std::size_t end = text.find('m', at);
        ASSERT_NE(end, std::string::npos) << text;
        std::string code = text.substr(at + 1, end - at);
        EXPECT_TRUE(code == "[0m" || code == "[31m" || code == "[32m" || code == "[33m" ||
                    code == "[35m")
            << code;
    }
}

TEST(Report, CompileErrorKeepsItsLinesButNoEscapeCodes) {
    RunReport report;
    report.problem_id = "aplusb";
    report.solution = "a.cpp";
    report.compile_error = "a.cpp:3:5: error: '\x1b[2J' here\n    3 | x\r\n";
    std::ostringstream table;
    print_table(table, report);
    expect_terminal_safe(table.str());
    EXPECT_EQ(table.str(),
              "CE  a.cpp does not compile; the compiler said:\n"
              "  | a.cpp:3:5: error: '\\x1b[2J' here\n"
              "  |     3 | x\\r\n");
}

// Issue 28: no line of a submission's text can pass for one of the judge's.
TEST(QuoteLines, MarksEveryLineAndEscapesIt) {
    EXPECT_EQ(quote_lines(""), "");
    EXPECT_EQ(quote_lines("one"), "  | one\n");
    EXPECT_EQ(quote_lines("verdict: AC  (7 cases: 7 AC)\n\nx\ty\r\n"),
              "  | verdict: AC  (7 cases: 7 AC)\n  | \n  | x\ty\\r\n");
    EXPECT_EQ(quote_lines("\x1b[2J\n"), "  | \\x1b[2J\n");
}

TEST(QuoteLines, CutsLongLinesAndCountsTheRest) {
    EXPECT_EQ(quote_lines("abcdef\n", 5, 3), "  | abc...\n");
    EXPECT_EQ(quote_lines("1\n2\n3\n4\n", 2), "  | 1\n  | 2\n  ... (2 more lines)\n");
    EXPECT_EQ(quote_lines("1\n2\n3", 2), "  | 1\n  | 2\n  ... (1 more line)\n");
}

// The lines of a report that start with `prefix`.
int lines_starting_with(const std::string& text, const std::string& prefix) {
    int count = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(prefix, 0) == 0) ++count;
    return count;
}

TEST(Report, ACompileErrorCannotForgeTheVerdictLine) {
    RunReport report;
    report.problem_id = "aplusb";
    report.solution = "a.cpp";
    // g++ prints the file name of a `#line` with its newline raw.
    report.compile_error = "x\nverdict: AC  (7 cases: 7 AC)\n:1:14: error: 'y' was not declared\n";
    std::ostringstream out;
    print_table(out, report);
    print_summary(out, report);
    EXPECT_EQ(lines_starting_with(out.str(), "verdict:"), 1) << out.str();
    EXPECT_EQ(lines_starting_with(out.str(), "verdict: CE"), 1) << out.str();
    EXPECT_NE(out.str().find("  | verdict: AC  (7 cases: 7 AC)\n"), std::string::npos) << out.str();
}

TEST(Report, InexactMeasurementIsTheSummarysFirstLineAndMarksTheVerdict) {
    RunReport report = report_with_runs(kSandboxed, "rusage", "none");
    EXPECT_FALSE(report.exact);
    std::ostringstream out;
    print_summary(out, report);
    std::string text = out.str();
    EXPECT_EQ(text.substr(0, text.find('\n')), kInexactMeasurementNote) << text;
    EXPECT_NE(kInexactMeasurementNote.find("auto-reaped children"), std::string::npos);
    EXPECT_NE(kInexactMeasurementNote.find("systemd-run --user --scope -p Delegate=yes judge run"),
              std::string::npos);
    EXPECT_NE(text.find("verdict: JE  (3 cases: 1 AC, 1 WA, 1 JE)  [inexact: runs not measured by "
                        "cgroups, see the first line]\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(to_json(report)["exact"], false);
    EXPECT_NE(to_junit_xml(report).find("<property name=\"exact\" value=\"false\"/>"),
              std::string::npos);
    // One run of many without cgroups is enough.
    report = report_with_runs(kSandboxed, "cgroup", "cgroup");
    report.cases[1].runs[0].run.memory_source = "rusage";
    finish_totals(report);
    EXPECT_FALSE(report.exact);
}

TEST(Report, CgroupsMeasuredEveryRunNoInexactNote) {
    RunReport report = report_with_runs(kSandboxed, "cgroup", "cgroup");
    EXPECT_TRUE(report.exact);
    std::ostringstream out;
    print_summary(out, report);
    EXPECT_EQ(out.str().find("inexact"), std::string::npos) << out.str();
    EXPECT_EQ(out.str().rfind("problem aplusb", 0), 0u) << out.str();
    EXPECT_EQ(to_json(report)["exact"], true);
    EXPECT_NE(to_junit_xml(report).find("<property name=\"exact\" value=\"true\"/>"),
              std::string::npos);
    // Nothing ran (CE): no claim either way.
    RunReport compile_error;
    compile_error.compile_error = "a.cpp:1:1: error";
    finish_totals(compile_error);
    EXPECT_TRUE(compile_error.exact);
}

TEST(Report, ACaseDecidedByALimitSaysSo) {
    RunReport report = sample_report();
    CaseResult& split = report.cases[0];
    split.runs = {synthetic_case_run(Verdict::TLE, 1004), synthetic_case_run(Verdict::AC, 950),
                  synthetic_case_run(Verdict::AC, 960)};
    summarize_runs(split);
    ASSERT_EQ(split.verdict, Verdict::TLE);
    std::ostringstream table, summary;
    print_table(table, report);
    print_summary(summary, report);
    EXPECT_NE(table.str().find("TLE~"), std::string::npos) << table.str();
    EXPECT_NE(table.str().find("runs disagreed (TLE, AC, AC): a limit was hit, so TLE"),
              std::string::npos)
        << table.str();
    EXPECT_EQ(table.str().find("unstable: runs gave"), std::string::npos) << table.str();
    EXPECT_NE(summary.str().find("near the limit: 1 case(s) rerun"), std::string::npos);
    EXPECT_NE(summary.str().find("a limit hit in any run decides (TLE, then MLE, then OLE), with "
                                 "that run's figures: sample/1 (TLE)"),
              std::string::npos)
        << summary.str();
    nlohmann::ordered_json json = to_json(report);
    EXPECT_EQ(json["cases"][0]["decided_by_limit"], true);
    EXPECT_EQ(json["cases"][0]["verdict"], "TLE");
    EXPECT_EQ(json["cases"][1]["decided_by_limit"], false);
    EXPECT_NE(to_junit_xml(report).find("<failure type=\"TLE\" message=\"TLE: runs disagreed"),
              std::string::npos);
}

TEST(Report, ProgressLineEscapesTheCaseName) {
    std::ostringstream out;
    ProgressLine progress(out, true, 1);
    progress.update(make_case("secret", "x\x1b[2Jy", Verdict::AC, 1));
    EXPECT_EQ(out.str(), "\r\033[K[1/1] secret/x\\x1b[2Jy AC");
}

TEST(Report, JsonTakesAnyBytesAndKeepsValidTextAsItIs) {
    RunReport report = hostile_report();
    report.cases[2].test_case.name = "x\xff";  // a file name that is not UTF-8
    report.cases[2].test_case.input = "/x/x\xff.in";
    nlohmann::ordered_json json = to_json(report);
    std::string text;
    ASSERT_NO_THROW(text = json.dump());  // nlohmann throws on invalid UTF-8
    EXPECT_EQ(nlohmann::ordered_json::parse(text), json);
    // Valid UTF-8, control characters and all, stays raw: JSON escapes those itself.
    EXPECT_EQ(json["cases"][0]["name"], "sample/a\x1b]0;pwned\x07\nb");
    EXPECT_EQ(json["cases"][2]["name"], "secret/x\\xff");
    EXPECT_EQ(json["cases"][2]["input"], "/x/x\\xff.in");
    EXPECT_EQ(json["cases"][1]["message"], "token 1 differs: found '\\x1b[31mred\\rX\\xff\\u009b'");
}

TEST(Report, JunitHasNoRawControlCharactersOrInvalidUtf8) {
    RunReport report = hostile_report();
    report.compile_error.reset();
    std::string xml = to_junit_xml(report);
    expect_terminal_safe(xml);
    EXPECT_NE(xml.find("<testcase name=\"sample/a\\x1b]0;pwned\\x07\nb\""), std::string::npos)
        << xml;
    EXPECT_NE(xml.find("found &apos;\\x1b[31mred\\rX\\xff\\u009b&apos;"), std::string::npos) << xml;
    report.compile_error = "bad\x01\xfe";
    xml = to_junit_xml(report);
    expect_terminal_safe(xml);
    EXPECT_NE(xml.find(">bad\\x01\\xfe</failure>"), std::string::npos) << xml;
}

// A report of a problem with points: the score beside the verdict, in the JSON and in JUnit.
RunReport scored_report() {
    RunReport report = sample_report();
    report.exact = true;  // no inexact mark on the verdict line
    report.cases[0].checker_points = 0.5;
    Score score;
    score.score = 45;
    score.max_score = 100;
    score.groups = {{"group2", false, 25, 40, false, "", 2, ""},
                    {"group3", true, 0, 40, false, "group2", 2, ""}};
    report.score = score;
    return report;
}

TEST(Report, ScoreBesideTheVerdictInJsonAndJunit) {
    RunReport report = scored_report();
    std::ostringstream summary;
    print_summary(summary, report);
    EXPECT_NE(summary.str().find("verdict: JE  (3 cases: 1 AC, 1 WA, 1 JE)\n"
                                 "score: 45/100  (group2 25/40, group3 0/40 needs group2)\n"),
              std::string::npos)
        << summary.str();
    nlohmann::ordered_json json = to_json(report);
    EXPECT_EQ(json["score"]["score"], 45);
    EXPECT_TRUE(json["score"]["score"].is_number_integer());  // 45, not 45.0
    EXPECT_EQ(json["score"]["max_score"], 100);
    ASSERT_EQ(json["score"]["groups"].size(), 2u);
    EXPECT_EQ(json["score"]["groups"][0]["policy"], "each-test");
    EXPECT_EQ(json["score"]["groups"][0]["score"], 25);
    EXPECT_TRUE(json["score"]["groups"][0]["blocked_by"].is_null());
    EXPECT_EQ(json["score"]["groups"][1]["policy"], "complete-group");
    EXPECT_EQ(json["score"]["groups"][1]["blocked_by"], "group2");
    EXPECT_EQ(json["cases"][0]["checker_points"], 0.5);
    EXPECT_FALSE(json["cases"][1].contains("checker_points"));
    std::string xml = to_junit_xml(report);
    EXPECT_NE(xml.find("<property name=\"score\" value=\"45\"/>\n"
                       "      <property name=\"max_score\" value=\"100\"/>\n"
                       "      <property name=\"score.group2\" value=\"25/40\"/>\n"
                       "      <property name=\"score.group3\" value=\"0/40 needs group2\"/>\n"
                       "    </properties>"),
              std::string::npos)
        << xml;
}

TEST(Report, NoPointsNoScore) {
    RunReport report = sample_report();
    std::ostringstream summary;
    print_summary(summary, report);
    EXPECT_EQ(summary.str().find("score"), std::string::npos);
    EXPECT_TRUE(to_json(report)["score"].is_null());
    EXPECT_EQ(to_junit_xml(report).find("score"), std::string::npos);
}

}  // namespace
}  // namespace judge

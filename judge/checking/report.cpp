#include "checking/report.hpp"
#include "util/table.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <set>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "util/files.hpp"  // escape_control

namespace judge {

std::optional<Verdict> RunReport::verdict() const {
    if (compile_error) return Verdict::CE;
    std::vector<Verdict> verdicts;
    verdicts.reserve(cases.size());
    for (const auto& result : cases) verdicts.push_back(result.verdict);
    return aggregate(verdicts);
}

std::vector<int> RunReport::counts() const {
    std::vector<int> counts(std::size(kAllVerdicts), 0);
    for (const auto& result : cases) ++counts[static_cast<int>(result.verdict)];
    return counts;
}

void finish_totals(RunReport& report) {
    report.programs_wall_us = 0;
    report.exact = true;
    std::set<std::string> sources, isolations, run_memory_sources, process_limit_sources;
    for (const auto& result : report.cases) {
        report.programs_wall_us += result.programs_wall_us;
        if (!result.memory_source.empty()) sources.insert(result.memory_source);
        for (const auto& run : result.runs) {
            // A run the runner could not carry out (JE) has neither: nothing was shut in.
            if (!run.run.exited && !run.run.signaled) continue;
            isolations.insert(run.run.isolation);
            // Without the run's cgroups the runner polls /proc: see kInexactMeasurementNote.
            if (!run.run.memory_source.starts_with("cgroup")) report.exact = false;
            if (!run.run.memory_source.empty()) run_memory_sources.insert(run.run.memory_source);
            if (!run.run.process_limit_source.empty())
                process_limit_sources.insert(run.run.process_limit_source);
        }
    }
    report.memory_source.clear();
    for (const auto& source : sources)
        report.memory_source += (report.memory_source.empty() ? "" : "+") + source;
    report.isolation = describe_isolation(report.sandbox_requested, isolations);
    report.limits_enforced_by =
        describe_limit_enforcement(run_memory_sources, process_limit_sources);
}

std::string describe_isolation(bool sandbox_requested, const std::set<std::string>& isolations) {
    if (isolations.empty()) return "no submission was run";
    std::string sandboxed, reasons;
    bool bare = false;  // "none" or "": not asked for, or a runner that does not say
    for (const std::string& isolation : isolations) {
        if (isolation.starts_with("sandbox")) {
            sandboxed += (sandboxed.empty() ? "" : " / ") + isolation;
        } else if (isolation.starts_with("none: ")) {
            reasons += (reasons.empty() ? "" : "; ") + isolation.substr(6);
        } else {
            bare = true;
        }
    }
    if (!bare && reasons.empty()) return sandboxed;
    // Said plainly: whoever reads the summary must not take an unsandboxed run for a safe one.
    std::string why;
    if (!sandbox_requested)
        why = "submissions ran unsandboxed (--no-sandbox)";
    else if (!reasons.empty())
        why = "no sandbox could be made here: " + reasons;
    else
        why = "the runner did not sandbox the submissions";
    if (sandboxed.empty()) return "NONE — " + why;
    return "NONE for some runs — " + why + "; the others: " + sandboxed;
}

std::string describe_limit_enforcement(const std::set<std::string>& memory_sources,
                                       const std::set<std::string>& process_limit_sources) {
    auto mechanisms = [](const std::set<std::string>& sources, auto name_of) {
        std::string text;
        for (const auto& source : sources) text += (text.empty() ? "" : " or ") + name_of(source);
        return text;
    };
    // The runner's cgroups come as one set: with them, CPU time is the run's cpuacct usage and
    // memory its memory cgroup (memory_source "cgroup"); without them it polls /proc for both
    // (memory_source "rusage"). So the memory source names the CPU mechanism too.
    std::string cpu_and_memory = mechanisms(memory_sources, [](const std::string& source) {
        return source == "rusage" ? std::string("/proc polling") : source;
    });
    std::string processes = mechanisms(process_limit_sources, [](const std::string& source) {
        if (source == "rlimit") return std::string("RLIMIT_NPROC");
        if (source == "none") return std::string("nothing");
        return source;
    });
    // Limits enforced the same way are named together: "CPU/memory/processes by cgroup".
    std::vector<std::pair<std::string, std::string>> groups;  // names, mechanism
    const std::pair<const char*, std::string> limits[] = {
        {"CPU", cpu_and_memory}, {"memory", cpu_and_memory}, {"processes", processes}};
    for (const auto& [name, mechanism] : limits) {
        if (mechanism.empty()) continue;
        if (!groups.empty() && groups.back().second == mechanism)
            groups.back().first += std::string("/") + name;
        else
            groups.emplace_back(name, mechanism);
    }
    std::string text;
    for (const auto& [names, mechanism] : groups) {
        text += (text.empty() ? "" : ", ") + names;
        text += mechanism == "nothing" ? " NOT limited" : " by " + mechanism;
    }
    return text;
}

bool is_terminal(int fd) { return isatty(fd) == 1; }

std::string inexact_measurement_note(std::string_view why) {
    std::string note(kInexactMeasurementNote);
    if (!why.empty()) note += " (here: " + escape_control(std::string(why)) + ")";
    return note;
}

std::string quote_lines(std::string_view text, std::size_t max_lines, std::size_t max_line_chars) {
    std::string out;
    std::size_t start = 0, lines = 0;
    while (start < text.size() && lines < max_lines) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        out += kQuoteMark;
        // The line has no newline left: keep_newlines only keeps its tabs.
        if (line.size() > max_line_chars)
            out += escape_control(line.substr(0, max_line_chars), true) + "...";
        else
            out += escape_control(line, true);
        out += '\n';
        start = end + 1;
        ++lines;
    }
    if (start < text.size()) {
        std::string_view rest = text.substr(start);
        std::size_t more = static_cast<std::size_t>(std::count(rest.begin(), rest.end(), '\n'));
        if (rest.back() != '\n') ++more;
        out += "  ... (" + std::to_string(more) + " more line" + (more == 1 ? "" : "s") + ")\n";
    }
    return out;
}

ProgressLine::ProgressLine(std::ostream& out, bool enabled, std::size_t total)
    : out_(out), enabled_(enabled), total_(total) {}

void ProgressLine::update(const CaseResult& result) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    ++done_;
    if (result.verdict != Verdict::AC) ++failures_;
    std::string width = std::to_string(std::to_string(total_).size());
    char counter[64];
    std::snprintf(counter, sizeof counter, ("[%" + width + "zu/%zu]").c_str(), done_, total_);
    std::string name = escape_control(result.test_case.display_name());
    if (name.size() > 40) name = "..." + name.substr(name.size() - 37);
    out_ << "\r\033[K" << counter << " " << name << " " << short_code(result.verdict);
    if (failures_ > 0) out_ << "  (" << failures_ << " not AC)";
    out_.flush();
}

void ProgressLine::show(const std::string& text) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    auto now = std::chrono::steady_clock::now();
    if (now - last_shown_ < std::chrono::milliseconds(100)) return;
    last_shown_ = now;
    out_ << "\r\033[K" << escape_control(text);
    out_.flush();
}

void ProgressLine::finish() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    out_ << "\r\033[K";
    out_.flush();
}

const char* verdict_ansi_color(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return "\033[32m";
        case Verdict::JE: return "\033[35m";
        case Verdict::TLE:
        case Verdict::MLE:
        case Verdict::OLE: return "\033[33m";
        default: return "\033[31m";
    }
}

namespace {

std::string format_mib(std::int64_t kib) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", static_cast<double>(kib) / 1024.0);
    return buffer;
}

std::string verdict_cell(const CaseResult& result) {
    std::string cell(short_code(result.verdict));
    if (result.unstable) cell += "~";
    return cell;
}

std::string cpu_cell(const CaseResult& result) {
    std::string cell = std::to_string(result.cpu_ms);
    if (result.runs.size() > 1)
        cell += " ±" + std::to_string(result.cpu_spread_ms) + " (" +
                std::to_string(result.runs.size()) + " runs)";
    return cell;
}

std::string message_cell(const CaseResult& result) {
    // Messages quote programs (stderr, a checker's say): escaped, as everything printed here.
    std::string cell = escape_control(result.message);
    // A case decided by a limit says so in its message already ("runs disagreed (...)").
    if (result.unstable && !result.decided_by_limit) {
        std::string verdicts;
        for (const auto& run : result.runs) {
            // Appended piece by piece: GCC 12 gives a false -Wrestrict on "" + std::string&&.
            if (!verdicts.empty()) verdicts += ' ';
            verdicts += short_code(run.verdict);
        }
        cell = "unstable: runs gave " + verdicts + (cell.empty() ? "" : "; " + cell);
    }
    return cell;
}

std::string describe_memory_source(const std::string& source) {
    if (source == "rusage")
        return "rusage (wait4 ru_maxrss: peak resident set of the largest single process)";
    if (source == "cgroup")
        return "cgroup (peak usage of the run's own memory cgroup: every process of the run)";
    if (source == "cgroup v2")
        return "cgroup v2 (memory.peak of the run's own cgroup: every process of the run)";
    if (source == "cgroup v2 without memory.peak")
        return "cgroup v2 without memory.peak (Linux before 5.19): the limit is the run's "
               "cgroup's, "
               "the figure is the largest process's peak resident set";
    if (source.empty()) return "not measured";
    return source;
}

}  // namespace

void print_table(std::ostream& out, const RunReport& report, bool color) {
    if (report.compile_error) {
        // The compiler quotes the source (escape codes in a string literal, lines that look like
        // the judge's, a file name of a #line with a newline in it): marked, line by line.
        out << "CE  " << escape_control(report.solution)
            << " does not compile; the compiler said:\n"
            << quote_lines(*report.compile_error);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"case", "verdict", "CPU ms", "wall ms", "peak MiB", "message"});
    for (const auto& result : report.cases)
        rows.push_back({escape_control(result.test_case.display_name()), verdict_cell(result),
                        cpu_cell(result), std::to_string(result.wall_ms),
                        format_mib(result.peak_memory_kib), message_cell(result)});
    out << format_table(rows, {false, false, true, true, true, false},
                        [&](std::size_t row, std::size_t column, std::string text) {
                            if (color && row > 0 && column == 1)
                                return verdict_ansi_color(report.cases[row - 1].verdict) + text +
                                       "\033[0m";
                            return text;
                        });
}

void print_summary(std::ostream& out, const RunReport& report) {
    auto verdict = report.verdict();
    if (!report.exact) out << inexact_measurement_note(report.cgroups_unavailable_reason) << "\n";
    out << "problem " << report.problem_id << ", solution " << escape_control(report.solution);
    if (!report.language.empty()) out << " (" << escape_control(report.language) << ")";
    out << "\n";
    if (!verdict) {
        out << "verdict: none (no case judged)\n";
        return;
    }
    out << "verdict: " << short_code(*verdict);
    if (report.compile_error) {
        out << " (compile error)\n";
        return;
    }
    auto counts = report.counts();
    out << "  (" << report.cases.size() << " cases:";
    bool first = true;
    for (Verdict each : kAllVerdicts) {
        int count = counts[static_cast<int>(each)];
        if (count == 0) continue;
        out << (first ? " " : ", ") << count << " " << short_code(each);
        first = false;
    }
    out << ")";
    if (!report.exact) out << "  [inexact: runs not measured by cgroups, see the first line]";
    out << "\n";
    if (report.score) out << "score: " << escape_control(describe_score(*report.score)) << "\n";

    const CaseResult* slowest = nullptr;
    const CaseResult* largest = nullptr;
    std::vector<std::string> unstable, decided_by_limit;
    int rerun_cases = 0;
    for (const auto& result : report.cases) {
        if (!slowest || result.cpu_ms > slowest->cpu_ms) slowest = &result;
        if (!largest || result.peak_memory_kib > largest->peak_memory_kib) largest = &result;
        if (result.unstable) unstable.push_back(escape_control(result.test_case.display_name()));
        if (result.decided_by_limit)
            decided_by_limit.push_back(escape_control(result.test_case.display_name()) + " (" +
                                       std::string(short_code(result.verdict)) + ")");
        if (result.runs.size() > 1) ++rerun_cases;
    }
    if (slowest) {
        out << "slowest: " << escape_control(slowest->test_case.display_name()) << ", "
            << slowest->cpu_ms << " ms CPU of the " << report.limits.cpu_ms << " ms limit ("
            << (100 * slowest->cpu_ms / std::max<std::int64_t>(report.limits.cpu_ms, 1))
            << "%; limit from " << escape_control(report.time_limit_source) << ")\n";
    }
    if (largest) {
        out << "peak memory: " << format_mib(largest->peak_memory_kib) << " MiB of "
            << format_mib(report.limits.memory_kib) << " MiB ("
            << escape_control(largest->test_case.display_name()) << "), measured by "
            << describe_memory_source(report.memory_source) << "\n";
    }
    if (!report.isolation.empty()) {
        out << "isolation: " << report.isolation;
        if (!report.limits_enforced_by.empty()) out << "; limits: " << report.limits_enforced_by;
        out << "\n";
    }
    if (rerun_cases > 0) {
        out << "near the limit: " << rerun_cases
            << " case(s) rerun, reported with the median CPU time and the spread";
        if (!unstable.empty()) {
            out << "; UNSTABLE (runs disagree):";
            for (const auto& name : unstable) out << " " << name;
        }
        if (!decided_by_limit.empty()) {
            out << "; a limit hit in any run decides (TLE, then MLE, then OLE), with that run's "
                   "figures:";
            for (const auto& name : decided_by_limit) out << " " << name;
        }
        out << "\n";
    }
    // With N jobs the programs' wall times overlap, so the fair comparison is their sum / N.
    std::int64_t programs_wall_ms = (report.programs_wall_us + 500) / 1000;
    std::int64_t ideal_ms = programs_wall_ms / std::max(report.jobs, 1);
    std::int64_t overhead_ms = report.total_wall_ms - ideal_ms;
    out << "judge overhead: " << overhead_ms << " ms";
    if (!report.cases.empty()) {
        char per_case[32];
        std::snprintf(per_case, sizeof per_case, "%.2f",
                      static_cast<double>(overhead_ms) / static_cast<double>(report.cases.size()));
        out << " (" << per_case << " ms per case)";
    }
    out << " = whole run " << report.total_wall_ms << " ms wall - programs " << programs_wall_ms
        << " ms wall";
    if (report.jobs > 1) out << " / " << report.jobs << " jobs";
    out << "\n";
}

std::string json_text(const std::string& text) {
    return is_valid_utf8(text) ? text : escape_control(text, /*keep_newlines=*/true);
}

// JSON report, one object:
//   problem, solution, language (name and compiler version; "" on CE), verdict ("AC".."JE" or
//   null), exit_status (0/1/2), compile_error (string or null), limits {cpu_ms, wall_ms,
//   memory_kib, output_kib}, time_limit_source, jobs, total_wall_ms, programs_wall_ms,
//   memory_source, isolation (describe_isolation(): "sandbox (...)", or "NONE — ..." when the
//   solution ran unsandboxed), limits_enforced_by, exact (false when some run was not measured
//   by cgroups: RunReport::exact), counts {"AC": n, ...}, cases: [{name, group, input, answer,
//   verdict, message, cpu_ms, wall_ms, peak_memory_kib, memory_source, unstable,
//   decided_by_limit (runs disagreed and one hit a limit: its verdict and figures), cpu_spread_ms,
//   runs: [{verdict, message, cpu_ms, wall_ms, peak_memory_kib, exit_code | signal,
//   limit_hit, isolation (the runner's own text)}]}], diagnosis: null without --diagnose, else
//   {case, verdict, sanitized_build, sanitizer_report, summary}: the rerun case's name and verdict,
//   whether the sanitized build compiled, what the sanitizers printed ("" = silent; null when the
//   build failed) and describe_diagnosis()'s text. When no case was rerun (none failed, or CE)
//   case, verdict, sanitized_build and sanitizer_report are null and summary says why. Names, paths
//   and messages are as they are, except text that is not valid UTF-8 (a file name, a program's
//   output): it is given escaped, as escape_control() shows it (json_text()). A case a checker
//   gave points (testlib quitp) has checker_points. A problem with points has score {score,
//   max_score, tests_not_judged, groups: [{name ("" for the tests without a group), policy
//   ("each-test" or "complete-group"; a package's aggregation: "sum", "min", "pass-fail",
//   "max", "avg"), score, max_score, passed, blocked_by (the dependency that did not pass, or
//   null), tests}], judge_error (only when the score is the judge's failure)}; null without
//   points. Points are numbers, whole ones as integers (20, 0.5); an unbounded maximum null. A
//   package's case with a score file has checker_points (score.txt) or score_multiplier.
namespace {

nlohmann::ordered_json points_json(double points) {
    double whole = std::round(points);
    if (std::fabs(points - whole) < 1e-9 && std::fabs(whole) < 1e15)
        return static_cast<std::int64_t>(whole);
    return std::stod(format_points(points));
}

nlohmann::ordered_json score_json(const std::optional<Score>& score) {
    using json = nlohmann::ordered_json;
    if (!score) return nullptr;
    json groups = json::array();
    // A package's unbounded maximum (infinity) is null.
    auto max_json = [](double max_score) {
        return std::isinf(max_score) ? json(nullptr) : points_json(max_score);
    };
    for (const GroupScore& group : score->groups)
        groups.push_back(
            {{"name", json_text(group.name)},
             {"policy", !group.aggregation.empty() ? group.aggregation
                        : group.complete_group     ? "complete-group"
                                                   : "each-test"},
             {"score", points_json(group.score)},
             {"max_score", max_json(group.max_score)},
             {"passed", group.passed},
             {"blocked_by",
              group.blocked_by.empty() ? json(nullptr) : json(json_text(group.blocked_by))},
             {"tests", group.tests}});
    json out = {{"score", points_json(score->score)},
                {"max_score", max_json(score->max_score)},
                {"tests_not_judged", score->tests_not_judged},
                {"groups", std::move(groups)}};
    if (!score->judge_error.empty()) out["judge_error"] = json_text(score->judge_error);
    return out;
}

}  // namespace

nlohmann::ordered_json score_to_json(const std::optional<Score>& score) {
    return score_json(score);
}

nlohmann::ordered_json to_json(const RunReport& report) {
    using json = nlohmann::ordered_json;
    json root;
    root["problem"] = report.problem_id;
    root["solution"] = json_text(report.solution);
    root["language"] = json_text(report.language);
    auto verdict = report.verdict();
    root["verdict"] = verdict ? json(std::string(short_code(*verdict))) : json(nullptr);
    root["exit_status"] = verdict ? exit_status(*verdict) : 2;
    root["compile_error"] =
        report.compile_error ? json(json_text(*report.compile_error)) : json(nullptr);
    root["limits"] = {{"cpu_ms", report.limits.cpu_ms},
                      {"wall_ms", report.limits.wall_ms},
                      {"memory_kib", report.limits.memory_kib},
                      {"output_kib", report.limits.output_kib}};
    root["time_limit_source"] = json_text(report.time_limit_source);
    root["jobs"] = report.jobs;
    root["total_wall_ms"] = report.total_wall_ms;
    root["programs_wall_ms"] = (report.programs_wall_us + 500) / 1000;
    root["memory_source"] = report.memory_source;
    root["isolation"] = report.isolation;
    root["limits_enforced_by"] = report.limits_enforced_by;
    root["exact"] = report.exact;
    json counts = json::object();
    auto count_values = report.counts();
    for (Verdict each : kAllVerdicts)
        counts[std::string(short_code(each))] = count_values[static_cast<int>(each)];
    root["counts"] = counts;
    json cases = json::array();
    for (const auto& result : report.cases) {
        json item;
        item["name"] = json_text(result.test_case.display_name());
        item["group"] = result.test_case.group;
        item["input"] = json_text(result.test_case.input.string());
        item["answer"] = result.test_case.answer
                             ? json(json_text(result.test_case.answer->string()))
                             : json(nullptr);
        item["verdict"] = std::string(short_code(result.verdict));
        item["message"] = json_text(result.message);
        item["cpu_ms"] = result.cpu_ms;
        item["wall_ms"] = result.wall_ms;
        item["peak_memory_kib"] = result.peak_memory_kib;
        item["memory_source"] = result.memory_source;
        item["unstable"] = result.unstable;
        item["decided_by_limit"] = result.decided_by_limit;
        item["cpu_spread_ms"] = result.cpu_spread_ms;
        if (result.passes > 0) item["passes"] = result.passes;  // a multi-pass problem
        json runs = json::array();
        for (const auto& run : result.runs) {
            json entry = {{"verdict", std::string(short_code(run.verdict))},
                          {"message", json_text(run.message)},
                          {"cpu_ms", run.run.cpu_ms},
                          {"wall_ms", run.run.wall_ms},
                          {"peak_memory_kib", run.run.peak_memory_kib}};
            if (run.run.signaled)
                entry["signal"] = run.run.term_signal;
            else
                entry["exit_code"] = run.run.exit_code;
            static const char* const kLimitNames[] = {"none", "cpu_time", "wall_time", "memory",
                                                      "output"};
            entry["limit_hit"] = kLimitNames[static_cast<int>(run.run.limit_hit)];
            entry["isolation"] = run.run.isolation;
            if (run.passes > 0) entry["passes"] = run.passes;
            runs.push_back(std::move(entry));
        }
        item["runs"] = std::move(runs);
        if (result.checker_points) item["checker_points"] = points_json(*result.checker_points);
        if (result.score_multiplier)
            item["score_multiplier"] = points_json(*result.score_multiplier);
        cases.push_back(std::move(item));
    }
    root["cases"] = std::move(cases);
    json diagnosis = nullptr;
    if (report.diagnosis) {
        const DiagnosisRecord& record = *report.diagnosis;
        bool rerun = !record.case_name.empty();
        diagnosis = {
            {"case", rerun ? json(json_text(record.case_name)) : json(nullptr)},
            {"verdict", rerun ? json(std::string(short_code(record.verdict))) : json(nullptr)},
            {"sanitized_build", rerun ? json(record.sanitized_build) : json(nullptr)},
            {"sanitizer_report", rerun && record.sanitized_build
                                     ? json(json_text(record.sanitizer_report))
                                     : json(nullptr)},
            {"summary", json_text(record.summary)}};
    }
    root["diagnosis"] = std::move(diagnosis);
    root["score"] = score_json(report.score);
    return root;
}

std::string xml_escape(std::string_view text) {
    // XML 1.0 forbids most control characters, and a document declared UTF-8 must be valid
    // UTF-8: escape_control makes both visible (\x1b, \xff) and keeps newline and tab.
    std::string escaped = escape_control(text, /*keep_newlines=*/true);
    std::string out;
    out.reserve(escaped.size());
    for (char c : escaped) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string score_junit_properties(const std::optional<Score>& score, int indent) {
    if (!score) return "";
    std::string margin(static_cast<std::size_t>(std::max(indent, 0)), ' ');
    auto property = [&](const std::string& name, const std::string& value) {
        return margin + "<property name=\"" + xml_escape(name) + "\" value=\"" + xml_escape(value) +
               "\"/>\n";
    };
    // A package's unbounded maximum (infinity) is "unbounded".
    auto max_text = [](double max_score) {
        return std::isinf(max_score) ? std::string("unbounded") : format_points(max_score);
    };
    std::string out = property("score", format_points(score->score)) +
                      property("max_score", max_text(score->max_score));
    for (const GroupScore& group : score->groups) {
        std::string value = format_points(group.score) + "/" + max_text(group.max_score);
        if (!group.blocked_by.empty()) value += " needs " + group.blocked_by;
        out += property("score." + (group.name.empty() ? std::string("(no group)") : group.name),
                        value);
    }
    return out;
}

std::string to_junit_xml(const RunReport& report) {
    auto seconds = [](std::int64_t ms) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.3f", static_cast<double>(ms) / 1000.0);
        return std::string(buffer);
    };
    std::ostringstream body;
    int tests = 0, failures = 0, errors = 0;
    std::string classname = "judge." + report.problem_id;
    if (report.compile_error) {
        tests = 1;
        failures = 1;
        body << "    <testcase name=\"compile\" classname=\"" << xml_escape(classname)
             << "\" time=\"0\">\n      <failure type=\"CE\" message=\"compile error\">"
             << xml_escape(*report.compile_error) << "</failure>\n    </testcase>\n";
    }
    for (const auto& result : report.cases) {
        ++tests;
        body << "    <testcase name=\"" << xml_escape(result.test_case.display_name())
             << "\" classname=\"" << xml_escape(classname) << "\" time=\""
             << seconds(result.wall_ms) << "\"";
        if (result.verdict == Verdict::AC && !result.unstable) {
            body << "/>\n";
            continue;
        }
        body << ">\n";
        std::string code(short_code(result.verdict));
        std::string message =
            code + ": " +
            (result.message.empty() ? std::string(description(result.verdict)) : result.message);
        std::string details = "CPU " + std::to_string(result.cpu_ms) + " ms, wall " +
                              std::to_string(result.wall_ms) + " ms, peak " +
                              format_mib(result.peak_memory_kib) + " MiB";
        if (result.unstable) details += ", " + message_cell(result);
        if (result.verdict == Verdict::JE) {
            ++errors;
            body << "      <error type=\"JE\" message=\"" << xml_escape(message) << "\">"
                 << xml_escape(details) << "</error>\n";
        } else if (result.verdict != Verdict::AC) {
            ++failures;
            body << "      <failure type=\"" << code << "\" message=\"" << xml_escape(message)
                 << "\">" << xml_escape(details) << "</failure>\n";
        } else {
            // AC by the median but runs disagreed: pass, with the warning where CI shows output.
            body << "      <system-out>" << xml_escape(details) << "</system-out>\n";
        }
        if (report.diagnosis && !report.diagnosis->case_name.empty() &&
            report.diagnosis->case_name == result.test_case.display_name()) {
            body << "      <system-err>"
                 << xml_escape(
                        "judge --diagnose: solution rebuilt with "
                        "-fsanitize=address,undefined -g and run again:\n" +
                        report.diagnosis->summary)
                 << "</system-err>\n";
        }
        body << "    </testcase>\n";
    }
    std::ostringstream xml;
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites name=\"judge\" tests=\"" << tests << "\" failures=\"" << failures
        << "\" errors=\"" << errors << "\" time=\"" << seconds(report.total_wall_ms) << "\">\n"
        << "  <testsuite name=\"" << xml_escape(report.problem_id) << "\" tests=\"" << tests
        << "\" failures=\"" << failures << "\" errors=\"" << errors << "\" time=\""
        << seconds(report.total_wall_ms) << "\">\n"
        << "    <properties>\n"
        << "      <property name=\"solution\" value=\"" << xml_escape(report.solution) << "\"/>\n"
        << "      <property name=\"memory_source\" value=\"" << xml_escape(report.memory_source)
        << "\"/>\n"
        << "      <property name=\"isolation\" value=\"" << xml_escape(report.isolation) << "\"/>\n"
        << "      <property name=\"limits_enforced_by\" value=\""
        << xml_escape(report.limits_enforced_by) << "\"/>\n"
        << "      <property name=\"exact\" value=\"" << (report.exact ? "true" : "false")
        << "\"/>\n"
        << score_junit_properties(report.score, 6) << "    </properties>\n"
        << body.str() << "  </testsuite>\n</testsuites>\n";
    return xml.str();
}

}  // namespace judge

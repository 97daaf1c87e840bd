#include "report.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

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
    report.programs_wall_ms = 0;
    std::set<std::string> sources;
    for (const auto& result : report.cases) {
        report.programs_wall_ms += result.programs_wall_ms;
        if (!result.memory_source.empty()) sources.insert(result.memory_source);
    }
    report.memory_source.clear();
    for (const auto& source : sources)
        report.memory_source += (report.memory_source.empty() ? "" : "+") + source;
}

bool is_terminal(int fd) { return isatty(fd) == 1; }

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
    std::string name = result.test_case.display_name();
    if (name.size() > 40) name = "..." + name.substr(name.size() - 37);
    out_ << "\r\033[K" << counter << " " << name << " " << short_code(result.verdict);
    if (failures_ > 0) out_ << "  (" << failures_ << " not AC)";
    out_.flush();
}

void ProgressLine::finish() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    out_ << "\r\033[K";
    out_.flush();
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
    std::string cell = result.message;
    if (result.unstable) {
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

const char* color_of(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return "\033[32m";
        case Verdict::JE: return "\033[35m";
        case Verdict::TLE:
        case Verdict::MLE:
        case Verdict::OLE: return "\033[33m";
        default: return "\033[31m";
    }
}

std::string describe_memory_source(const std::string& source) {
    if (source == "rusage")
        return "rusage (wait4 ru_maxrss: peak resident set of the largest single process)";
    if (source == "cgroup")
        return "cgroup (peak usage of the run's own memory cgroup: every process of the run)";
    if (source.empty()) return "not measured";
    return source;
}

}  // namespace

void print_table(std::ostream& out, const RunReport& report, bool color) {
    if (report.compile_error) {
        out << "CE  " << report.solution << " does not compile:\n" << *report.compile_error;
        if (!report.compile_error->empty() && report.compile_error->back() != '\n') out << "\n";
        return;
    }
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"case", "verdict", "CPU ms", "wall ms", "peak MiB", "message"});
    for (const auto& result : report.cases)
        rows.push_back({result.test_case.display_name(), verdict_cell(result), cpu_cell(result),
                        std::to_string(result.wall_ms), format_mib(result.peak_memory_kib),
                        message_cell(result)});
    std::vector<std::size_t> widths(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t column = 0; column + 1 < row.size(); ++column)
            widths[column] = std::max(widths[column], row[column].size());
    const bool right_aligned[] = {false, false, true, true, true, false};
    for (std::size_t index = 0; index < rows.size(); ++index) {
        const auto& row = rows[index];
        std::string line;
        for (std::size_t column = 0; column < row.size(); ++column) {
            const std::string& cell = row[column];
            std::string padding(column + 1 < row.size() ? widths[column] - cell.size() : 0, ' ');
            std::string text = right_aligned[column] ? padding + cell : cell + padding;
            if (color && index > 0 && column == 1) {
                text = color_of(report.cases[index - 1].verdict) + text + "\033[0m";
            }
            line += text;
            if (column + 1 < row.size()) line += "  ";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out << line << "\n";
    }
}

void print_summary(std::ostream& out, const RunReport& report) {
    auto verdict = report.verdict();
    out << "problem " << report.problem_id << ", solution " << report.solution << "\n";
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
    out << ")\n";

    const CaseResult* slowest = nullptr;
    const CaseResult* largest = nullptr;
    std::vector<std::string> unstable;
    int rerun_cases = 0;
    for (const auto& result : report.cases) {
        if (!slowest || result.cpu_ms > slowest->cpu_ms) slowest = &result;
        if (!largest || result.peak_memory_kib > largest->peak_memory_kib) largest = &result;
        if (result.unstable) unstable.push_back(result.test_case.display_name());
        if (result.runs.size() > 1) ++rerun_cases;
    }
    if (slowest) {
        out << "slowest: " << slowest->test_case.display_name() << ", " << slowest->cpu_ms
            << " ms CPU of the " << report.limits.cpu_ms << " ms limit ("
            << (100 * slowest->cpu_ms / std::max<std::int64_t>(report.limits.cpu_ms, 1)) << "%)\n";
    }
    if (largest) {
        out << "peak memory: " << format_mib(largest->peak_memory_kib) << " MiB of "
            << format_mib(report.limits.memory_kib) << " MiB (" << largest->test_case.display_name()
            << "), measured by " << describe_memory_source(report.memory_source) << "\n";
    }
    if (rerun_cases > 0) {
        out << "near the limit: " << rerun_cases
            << " case(s) rerun, reported with the median CPU time and the spread";
        if (!unstable.empty()) {
            out << "; UNSTABLE (runs disagree):";
            for (const auto& name : unstable) out << " " << name;
        }
        out << "\n";
    }
    // With N jobs the programs' wall times overlap, so the fair comparison is their sum / N.
    std::int64_t ideal_ms = report.programs_wall_ms / std::max(report.jobs, 1);
    std::int64_t overhead_ms = report.total_wall_ms - ideal_ms;
    out << "judge overhead: " << overhead_ms << " ms";
    if (!report.cases.empty()) {
        char per_case[32];
        std::snprintf(per_case, sizeof per_case, "%.2f",
                      static_cast<double>(overhead_ms) / static_cast<double>(report.cases.size()));
        out << " (" << per_case << " ms per case)";
    }
    out << " = whole run " << report.total_wall_ms << " ms wall - programs "
        << report.programs_wall_ms << " ms wall";
    if (report.jobs > 1) out << " / " << report.jobs << " jobs";
    out << "\n";
}

// JSON report, one object:
//   problem, solution, verdict ("AC".."JE" or null), exit_status (0/1/2), compile_error (string or
//   null), limits {cpu_ms, wall_ms, memory_kib, output_kib}, jobs, total_wall_ms,
//   programs_wall_ms, memory_source, counts {"AC": n, ...}, cases: [{name, group, input, answer,
//   verdict, message, cpu_ms, wall_ms, peak_memory_kib, memory_source, unstable, cpu_spread_ms,
//   runs: [{verdict, message, cpu_ms, wall_ms, peak_memory_kib, exit_code | signal, limit_hit}]}],
//   diagnosis: null without --diagnose, else {case, verdict, sanitized_build, sanitizer_report,
//   summary}: the rerun case's name and verdict, whether the sanitized build compiled, what the
//   sanitizers printed ("" = silent; null when the build failed) and describe_diagnosis()'s
//   text. When no case was rerun (none failed, or CE) case, verdict, sanitized_build and
//   sanitizer_report are null and summary says why.
nlohmann::ordered_json to_json(const RunReport& report) {
    using json = nlohmann::ordered_json;
    json root;
    root["problem"] = report.problem_id;
    root["solution"] = report.solution;
    auto verdict = report.verdict();
    root["verdict"] = verdict ? json(std::string(short_code(*verdict))) : json(nullptr);
    root["exit_status"] = verdict ? exit_status(*verdict) : 2;
    root["compile_error"] = report.compile_error ? json(*report.compile_error) : json(nullptr);
    root["limits"] = {{"cpu_ms", report.limits.cpu_ms},
                      {"wall_ms", report.limits.wall_ms},
                      {"memory_kib", report.limits.memory_kib},
                      {"output_kib", report.limits.output_kib}};
    root["jobs"] = report.jobs;
    root["total_wall_ms"] = report.total_wall_ms;
    root["programs_wall_ms"] = report.programs_wall_ms;
    root["memory_source"] = report.memory_source;
    json counts = json::object();
    auto count_values = report.counts();
    for (Verdict each : kAllVerdicts)
        counts[std::string(short_code(each))] = count_values[static_cast<int>(each)];
    root["counts"] = counts;
    json cases = json::array();
    for (const auto& result : report.cases) {
        json item;
        item["name"] = result.test_case.display_name();
        item["group"] = result.test_case.group;
        item["input"] = result.test_case.input.string();
        item["answer"] =
            result.test_case.answer ? json(result.test_case.answer->string()) : json(nullptr);
        item["verdict"] = std::string(short_code(result.verdict));
        item["message"] = result.message;
        item["cpu_ms"] = result.cpu_ms;
        item["wall_ms"] = result.wall_ms;
        item["peak_memory_kib"] = result.peak_memory_kib;
        item["memory_source"] = result.memory_source;
        item["unstable"] = result.unstable;
        item["cpu_spread_ms"] = result.cpu_spread_ms;
        json runs = json::array();
        for (const auto& run : result.runs) {
            json entry = {{"verdict", std::string(short_code(run.verdict))},
                          {"message", run.message},
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
            runs.push_back(std::move(entry));
        }
        item["runs"] = std::move(runs);
        cases.push_back(std::move(item));
    }
    root["cases"] = std::move(cases);
    json diagnosis = nullptr;
    if (report.diagnosis) {
        const DiagnosisRecord& record = *report.diagnosis;
        bool rerun = !record.case_name.empty();
        diagnosis = {
            {"case", rerun ? json(record.case_name) : json(nullptr)},
            {"verdict", rerun ? json(std::string(short_code(record.verdict))) : json(nullptr)},
            {"sanitized_build", rerun ? json(record.sanitized_build) : json(nullptr)},
            {"sanitizer_report",
             rerun && record.sanitized_build ? json(record.sanitizer_report) : json(nullptr)},
            {"summary", record.summary}};
    }
    root["diagnosis"] = std::move(diagnosis);
    return root;
}

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        unsigned char byte = static_cast<unsigned char>(c);
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                // XML 1.0 forbids control characters other than tab, newline and return.
                if (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') break;
                out += c;
        }
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
        << "    </properties>\n"
        << body.str() << "  </testsuite>\n</testsuites>\n";
    return xml.str();
}

}  // namespace judge

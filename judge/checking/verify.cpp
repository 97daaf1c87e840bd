#include "checking/verify.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "checking/report.hpp"
#include "util/files.hpp"
#include "util/table.hpp"

namespace judge {

const std::vector<std::string>& expectation_folders() {
    static const std::vector<std::string> kFolders = {"accepted",
                                                      "reference",
                                                      "partially_accepted",
                                                      "wrong_answer",
                                                      "presentation_error",
                                                      "time_limit_exceeded",
                                                      "run_time_error",
                                                      "memory_limit_exceeded",
                                                      "output_limit_exceeded",
                                                      "rejected",
                                                      "compile_error"};
    return kFolders;
}

namespace {

bool verdict_as_one_expected(const std::string& expected,
                             Verdict got,
                             bool some_case_accepted,
                             bool kattis_package) {
    if (kattis_package && got == Verdict::OLE &&
        (expected == "time_limit_exceeded" || expected == "run_time_error"))
        return true;
    if (expected == "accepted") return got == Verdict::AC;
    if (expected == "reference")
        return got == Verdict::AC || got == Verdict::TLE || got == Verdict::MLE;
    if (expected == "wrong_answer") return got == Verdict::WA || got == Verdict::PE;
    if (expected == "presentation_error") return got == Verdict::PE;
    if (expected == "time_limit_exceeded") return got == Verdict::TLE;
    if (expected == "run_time_error" || expected == "memory_limit_exceeded")
        return got == Verdict::RE || got == Verdict::MLE;
    if (expected == "output_limit_exceeded") return got == Verdict::OLE;
    if (expected == "rejected") return got != Verdict::AC && got != Verdict::CE;
    if (expected == "partially_accepted")
        return got != Verdict::AC && got != Verdict::CE && some_case_accepted;
    if (expected == "compile_error") return got == Verdict::CE;
    return false;
}

}  // namespace

bool verdict_as_expected(const std::string& expected,
                         Verdict got,
                         bool some_case_accepted,
                         bool kattis_package) {
    if (got == Verdict::JE) return false;
    // "run_time_error,accepted": any of them (DOMjudge's @EXPECTED_RESULTS@ with several names).
    std::size_t start = 0;
    while (start <= expected.size()) {
        std::size_t comma = std::min(expected.find(',', start), expected.size());
        if (verdict_as_one_expected(expected.substr(start, comma - start), got, some_case_accepted,
                                    kattis_package))
            return true;
        start = comma + 1;
    }
    return false;
}

std::int64_t time_limit_from_accepted_ms(std::int64_t slowest_accepted_cpu_ms,
                                         double ac_to_time_limit,
                                         double time_resolution_s) {
    double seconds = static_cast<double>(slowest_accepted_cpu_ms) / 1000.0 * ac_to_time_limit;
    if (time_resolution_s > 0) {
        // The smallest multiple of the resolution at or above; a hair of slack so that 2.0000001
        // steps (floating-point noise) do not add a whole step.
        double steps = std::max(1.0, std::ceil(seconds / time_resolution_s - 1e-9));
        return static_cast<std::int64_t>(std::ceil(steps * time_resolution_s * 1000 - 1e-6));
    }
    return std::max<std::int64_t>(1, std::llround(seconds)) * 1000;
}

std::string derived_time_limit_source(double ac_to_time_limit, double time_resolution_s) {
    auto number = [](double value) {
        std::string text = std::to_string(value);
        while (!text.empty() && text.back() == '0') text.pop_back();
        if (!text.empty() && text.back() == '.') text.pop_back();
        return text;
    };
    return "slowest accepted submission x " + number(ac_to_time_limit) +
           (time_resolution_s > 0 ? ", up to a multiple of " + number(time_resolution_s) + " s"
                                  : ", whole seconds");
}

std::string format_verdict(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return "AC";
        case Verdict::WA:
        case Verdict::PE: return "WA";
        case Verdict::TLE: return "TLE";
        case Verdict::RE:
        case Verdict::MLE:
        case Verdict::OLE: return "RTE";
        default: return "";
    }
}

std::vector<std::string> format_verdicts(Verdict verdict) {
    if (verdict == Verdict::OLE) return {"RTE", "TLE"};
    std::string name = format_verdict(verdict);
    if (name.empty()) return {};
    return {name};
}

namespace {

// `pattern` with its braces expanded: "a{b,c}{d,e}" -> abd, abe, acd, ace. Spaces around an
// alternative are dropped (BAPCtools' examples write "{ 4 }").
std::vector<std::string> expand_braces(const std::string& pattern) {
    std::size_t open = pattern.find('{');
    if (open == std::string::npos) return {pattern};
    int depth = 0;
    std::size_t close = open;
    std::vector<std::string> alternatives;
    std::size_t start = open + 1;
    for (std::size_t i = open; i < pattern.size(); ++i) {
        if (pattern[i] == '{') ++depth;
        if (pattern[i] == '}' && --depth == 0) {
            close = i;
            break;
        }
        if (pattern[i] == ',' && depth == 1) {
            alternatives.push_back(pattern.substr(start, i - start));
            start = i + 1;
        }
    }
    if (depth != 0) return {pattern};  // an unclosed brace is itself
    alternatives.push_back(pattern.substr(start, close - start));
    std::vector<std::string> expanded;
    for (std::string alternative : alternatives) {
        alternative.erase(0, alternative.find_first_not_of(' '));
        alternative.erase(alternative.find_last_not_of(' ') + 1);
        for (const std::string& rest : expand_braces(pattern.substr(close + 1)))
            for (const std::string& inner : expand_braces(alternative))
                expanded.push_back(pattern.substr(0, open) + inner + rest);
    }
    return expanded;
}

// `*` matches a run without '/'; everything else itself.
bool star_match(std::string_view pattern, std::string_view text) {
    if (pattern.empty()) return text.empty();
    if (pattern[0] == '*') {
        for (std::size_t skip = 0; skip <= text.size(); ++skip) {
            if (star_match(pattern.substr(1), text.substr(skip))) return true;
            if (skip < text.size() && text[skip] == '/') return false;
        }
        return false;
    }
    return !text.empty() && pattern[0] == text[0] && star_match(pattern.substr(1), text.substr(1));
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::string joined(const std::vector<std::string>& list) {
    std::string text;
    for (const std::string& item : list) text += (text.empty() ? "" : ", ") + item;
    return text;
}

}  // namespace

bool case_glob_matches(const std::string& pattern, const std::string& path) {
    std::vector<std::string> patterns = expand_braces(pattern);
    for (std::string prefix = path; !prefix.empty();) {
        for (const std::string& one : patterns)
            if (star_match(one, prefix)) return true;
        std::size_t slash = prefix.rfind('/');
        prefix = slash == std::string::npos ? "" : prefix.substr(0, slash);
    }
    return false;
}

std::string rules_broken(const std::vector<VerdictRule>& rules,
                         const std::vector<CaseOutcome>& cases) {
    for (const VerdictRule& rule : rules) {
        std::string where = rule.origin + (rule.cases.empty() ? "" : " on " + rule.cases);
        bool some_required = false, some_selected = false, message_seen = false;
        for (const CaseOutcome& outcome : cases) {
            if (!rule.cases.empty() && !case_glob_matches(rule.cases, outcome.name)) continue;
            some_selected = true;
            bool permitted = false;
            for (const std::string& verdict : format_verdicts(outcome.verdict)) {
                permitted = permitted || contains(rule.permitted, verdict);
                some_required = some_required || contains(rule.required, verdict);
            }
            if (!permitted)
                return where + ": " + outcome.name + " got " +
                       std::string(short_code(outcome.verdict)) + ", not permitted (" +
                       joined(rule.permitted) + ")";
            if (rule.message && outcome.message.find(*rule.message) != std::string::npos)
                message_seen = true;
        }
        if (!some_selected && rule.cases.empty()) return where + ": no case was judged";
        if (some_selected && !some_required)
            return where + ": no case got a required verdict (" + joined(rule.required) + ")";
        if (!some_selected && !rule.cases.empty())
            return where + ": no judged case matches " + rule.cases;
        if (rule.message && !message_seen)
            return where + ": no judge message holds '" + *rule.message + "'";
    }
    return "";
}

bool is_checker_fail(const CaseOutcome& outcome) {
    return outcome.verdict == Verdict::JE && outcome.checker_failed;
}

namespace {

// Whether `value` lies in [low, high], give or take rounding (a score is a sum of decimals).
bool score_within(double value, double low, double high) {
    auto slack = [](double bound) { return 1e-6 * std::max(1.0, std::fabs(bound)); };
    return value >= low - slack(low) && value <= high + slack(high);
}

// "40", or "[40, 60]" for a range.
std::string range_text(const std::pair<double, double>& range) {
    if (range.first == range.second) return format_points(range.first);
    return "[" + format_points(range.first) + ", " + format_points(range.second) + "]";
}

std::string expected_text(const std::pair<double, double>& range) {
    return (range.first == range.second ? "the expected " : "in the expected ") + range_text(range);
}

}  // namespace

std::string score_expectation_broken(const std::vector<VerdictRule>& rules,
                                     const std::optional<std::pair<double, double>>& expected,
                                     const std::optional<Score>& score) {
    std::vector<std::pair<std::string, std::pair<double, double>>> wanted;  // (where, range)
    for (const VerdictRule& rule : rules)
        if (rule.score) wanted.emplace_back(rule.cases, *rule.score);
    if (expected) wanted.emplace_back("", *expected);
    for (const auto& [cases, range] : wanted) {
        if (!score)
            return "expected score " + range_text(range) +
                   ", but no score is graded (the problem has no points, no type scoring)";
        // The whole submission: no glob, or secret (2025-09's name of the whole).
        double got = score->score;
        std::string what = "score";
        if (!cases.empty() && cases != "secret") {
            auto group = std::find_if(score->groups.begin(), score->groups.end(),
                                      [&](const GroupScore& g) { return g.name == cases; });
            if (group == score->groups.end())
                group = std::find_if(
                    score->groups.begin(), score->groups.end(),
                    [&](const GroupScore& g) { return case_glob_matches(cases, g.name); });
            if (group == score->groups.end())
                return cases + ": expected score " + range_text(range) +
                       ", but no test data group of that name is scored";
            got = group->score;
            what = group->name + ": score";
        }
        if (!score_within(got, range.first, range.second))
            return what + " " + format_points(got) + " is not " + expected_text(range);
    }
    return "";
}

std::string failed_tag_broken(const std::vector<CaseOutcome>& cases) {
    const CaseOutcome* first_failure = nullptr;  // decides the verdict, as for every tag
    for (const CaseOutcome& outcome : cases) {
        if (outcome.verdict == Verdict::JE && !is_checker_fail(outcome))
            return outcome.name + " JE, not by a checker FAIL: " + outcome.message;
        if (!first_failure && outcome.verdict != Verdict::AC) first_failure = &outcome;
    }
    if (!first_failure) return "the checker never failed (tag failed: it must FAIL on some case)";
    if (!is_checker_fail(*first_failure))
        return first_failure->name + " " + std::string(short_code(first_failure->verdict)) +
               " before any checker FAIL (tag failed: the first case that is not AC must be the "
               "checker's FAIL)";
    return "";
}

std::int64_t tle_margin_ms(std::int64_t time_limit_ms, double time_limit_to_tle) {
    auto margin = static_cast<std::int64_t>(
        std::ceil(static_cast<double>(time_limit_ms) * std::max(1.0, time_limit_to_tle)));
    return std::max(margin, time_limit_ms + 1000);
}

int VerifyReport::count_as_expected() const {
    return static_cast<int>(
        std::count_if(submissions.begin(), submissions.end(),
                      [](const VerifiedSubmission& s) { return !s.skipped && s.as_expected; }));
}

int VerifyReport::count_not_as_expected() const {
    return static_cast<int>(
        std::count_if(submissions.begin(), submissions.end(),
                      [](const VerifiedSubmission& s) { return !s.skipped && !s.as_expected; }));
}

int VerifyReport::count_skipped() const {
    return static_cast<int>(std::count_if(submissions.begin(), submissions.end(),
                                          [](const VerifiedSubmission& s) { return s.skipped; }));
}

std::string verify_summary_line(const VerifyReport& report) {
    return "verify: " + std::to_string(report.submissions.size()) + " submissions, " +
           std::to_string(report.count_as_expected()) + " as expected, " +
           std::to_string(report.count_not_as_expected()) + " not, " +
           std::to_string(report.count_skipped()) + " skipped";
}

namespace {

std::string got_cell(const VerifiedSubmission& submission) {
    if (submission.skipped) return "skipped";
    std::string cell(short_code(submission.got));
    return submission.as_expected ? cell : cell + " (!)";
}

std::string slowest_cell(const VerifiedSubmission& submission) {
    if (submission.skipped || submission.slowest_case.empty()) return "-";
    return submission.slowest_case + " " + std::to_string(submission.slowest_cpu_ms) + "/" +
           std::to_string(submission.cpu_limit_ms) + " ms";
}

std::string score_cell(const VerifiedSubmission& submission) {
    if (submission.skipped || !submission.score) return "-";
    const Score& score = *submission.score;
    if (!score.judge_error.empty()) return "JE";
    return format_points(score.score) + "/" +
           (std::isinf(score.max_score) ? std::string("unbounded")
                                        : format_points(score.max_score));
}

std::string message_cell(const VerifiedSubmission& submission) {
    if (submission.skipped) return *submission.skipped;
    return submission.as_expected ? "" : submission.message;
}

}  // namespace

std::string format_verify_table(const VerifyReport& report) {
    // A score column only where some submission has a score (a problem with points).
    bool scored = std::any_of(report.submissions.begin(), report.submissions.end(),
                              [](const VerifiedSubmission& s) { return s.score.has_value(); });
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"submission", "expected", "got", "slowest case (CPU/limit)", "message"});
    if (scored) rows.back().insert(rows.back().begin() + 4, "score");
    for (const VerifiedSubmission& submission : report.submissions) {
        rows.push_back({escape_control(submission.path), submission.expected, got_cell(submission),
                        escape_control(slowest_cell(submission)),
                        first_line(message_cell(submission), 160)});
        if (scored) rows.back().insert(rows.back().begin() + 4, score_cell(submission));
    }
    return format_table(rows, {});
}

nlohmann::ordered_json verify_to_json(const VerifyReport& report) {
    nlohmann::ordered_json root;
    root["problem"] = json_text(report.problem);
    root["time_limit_ms"] = report.time_limit_ms;
    root["time_limit_source"] = report.time_limit_source;
    nlohmann::ordered_json submissions = nlohmann::ordered_json::array();
    for (const VerifiedSubmission& submission : report.submissions) {
        nlohmann::ordered_json entry;
        entry["path"] = json_text(submission.path);
        entry["expected"] = submission.expected;
        entry["language"] = submission.language;
        entry["skipped"] = submission.skipped
                               ? nlohmann::ordered_json(json_text(*submission.skipped))
                               : nlohmann::ordered_json(nullptr);
        entry["verdict"] = submission.skipped
                               ? nlohmann::ordered_json(nullptr)
                               : nlohmann::ordered_json(std::string(short_code(submission.got)));
        entry["as_expected"] = !submission.skipped && submission.as_expected;
        entry["cpu_limit_ms"] = submission.cpu_limit_ms;
        entry["cases_judged"] = submission.cases_judged;
        entry["slowest_case"] = json_text(submission.slowest_case);
        entry["slowest_cpu_ms"] = submission.slowest_cpu_ms;
        entry["message"] = json_text(submission.message);
        entry["score"] = score_to_json(submission.score);
        submissions.push_back(std::move(entry));
    }
    root["submissions"] = std::move(submissions);
    root["as_expected"] = report.count_as_expected();
    root["not_as_expected"] = report.count_not_as_expected();
    root["skipped"] = report.count_skipped();
    return root;
}

std::string verify_to_junit_xml(const VerifyReport& report) {
    std::ostringstream body;
    std::string classname = "verify." + report.problem;
    for (const VerifiedSubmission& submission : report.submissions) {
        body << "    <testcase name=\"" << xml_escape(submission.path) << "\" classname=\""
             << xml_escape(classname) << "\"";
        // Its score as the properties judge run's report gives the suite (as JSON names them).
        std::string properties =
            submission.skipped ? "" : score_junit_properties(submission.score, 8);
        if (!properties.empty())
            properties = "\n      <properties>\n" + properties + "      </properties>";
        if (submission.skipped) {
            body << ">\n      <skipped message=\"" << xml_escape(*submission.skipped)
                 << "\"/>\n    </testcase>\n";
        } else if (!submission.as_expected) {
            std::string what = "expected " + submission.expected + ", got " +
                               std::string(short_code(submission.got));
            body << ">" << properties << "\n      <failure type=\"" << short_code(submission.got)
                 << "\" message=\"" << xml_escape(what) << "\">" << xml_escape(submission.message)
                 << "</failure>\n    </testcase>\n";
        } else if (!properties.empty()) {
            body << ">" << properties << "\n    </testcase>\n";
        } else {
            body << "/>\n";
        }
    }
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\""
        << xml_escape(classname) << "\" tests=\"" << report.submissions.size() << "\" failures=\""
        << report.count_not_as_expected() << "\" skipped=\"" << report.count_skipped() << "\">\n"
        << body.str() << "  </testsuite>\n</testsuites>\n";
    return out.str();
}

}  // namespace judge

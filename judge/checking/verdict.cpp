#include "checking/verdict.hpp"

#include <algorithm>

namespace judge {

std::string_view short_code(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return "AC";
        case Verdict::WA: return "WA";
        case Verdict::PE: return "PE";
        case Verdict::TLE: return "TLE";
        case Verdict::MLE: return "MLE";
        case Verdict::RE: return "RE";
        case Verdict::OLE: return "OLE";
        case Verdict::CE: return "CE";
        case Verdict::JE: return "JE";
    }
    return "JE";
}

std::string_view description(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return "accepted";
        case Verdict::WA: return "wrong answer";
        case Verdict::PE: return "presentation error";
        case Verdict::TLE: return "time limit exceeded";
        case Verdict::MLE: return "memory limit exceeded";
        case Verdict::RE: return "run-time error";
        case Verdict::OLE: return "output limit exceeded";
        case Verdict::CE: return "compile error";
        case Verdict::JE: return "judge error";
    }
    return "judge error";
}

std::optional<Verdict> parse_verdict(std::string_view code) {
    for (Verdict verdict : kAllVerdicts)
        if (short_code(verdict) == code) return verdict;
    return std::nullopt;
}

int severity(Verdict verdict) {
    switch (verdict) {
        case Verdict::AC: return 0;
        case Verdict::PE: return 1;
        case Verdict::WA: return 2;
        case Verdict::OLE: return 3;
        case Verdict::MLE: return 4;
        case Verdict::TLE: return 5;
        case Verdict::RE: return 6;
        case Verdict::CE: return 7;
        case Verdict::JE: return 8;
    }
    return 8;
}

std::optional<Verdict> aggregate(std::span<const Verdict> verdicts) {
    if (verdicts.empty()) return std::nullopt;
    auto contains = [&](Verdict wanted) {
        return std::find(verdicts.begin(), verdicts.end(), wanted) != verdicts.end();
    };
    if (contains(Verdict::JE)) return Verdict::JE;
    if (contains(Verdict::CE)) return Verdict::CE;
    auto first_failure = std::find_if(verdicts.begin(), verdicts.end(),
                                      [](Verdict verdict) { return verdict != Verdict::AC; });
    return first_failure == verdicts.end() ? Verdict::AC : *first_failure;
}

int exit_status(Verdict aggregate_verdict) {
    if (aggregate_verdict == Verdict::AC) return 0;
    if (aggregate_verdict == Verdict::JE) return 2;
    return 1;
}

}  // namespace judge

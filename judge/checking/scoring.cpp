#include "checking/scoring.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>

#include "util/error.hpp"

namespace judge {

namespace {

// Points are sums of decimals (0.1 + 0.2): "whole" and "the full points" within this.
constexpr double kPointsEpsilon = 1e-9;

// A test's score and whether it passed fully.
struct TestResult {
    double score = 0;
    bool passed = false;
};

// The score of `points` of the checker for `test`, and whether they are its whole points.
TestResult checker_score(const ScoredTest& test, double points, bool checker_points_as_percent) {
    if (checker_points_as_percent)
        return {test.points * points / 100.0, points >= 100.0 - kPointsEpsilon};
    return {points, points >= test.points - kPointsEpsilon};
}

TestResult score_test(const ScoredTest& test,
                      const ScoredOutcome* outcome,
                      bool checker_points_as_percent) {
    if (!outcome) return {};
    // The checker's points count even when they made the case WA (partial_result): a partial
    // result is worth its points, it only does not pass.
    if (outcome->checker_points &&
        (outcome->verdict == Verdict::AC || outcome->verdict == Verdict::WA)) {
        TestResult result =
            checker_score(test, *outcome->checker_points, checker_points_as_percent);
        result.passed = result.passed && outcome->verdict == Verdict::AC;
        return result;
    }
    if (outcome->verdict != Verdict::AC) return {};
    return {test.points, true};
}

// A group of the plan with its tests' results, before dependencies.
struct GroupState {
    const ScoringGroup* group = nullptr;
    GroupScore result;
    bool own_tests_passed = true;
    double tests_score = 0;
    double tests_max = 0;
    enum class Visit { No, Running, Done } visit = Visit::No;
};

}  // namespace

bool has_points(const ScoringPlan& plan) {
    for (const ScoringGroup& group : plan.groups)
        if (group.points) return true;
    for (const ScoredTest& test : plan.tests)
        if (test.points != 0) return true;
    return false;
}

Score compute_score(const ScoringPlan& plan, const std::map<std::string, ScoredOutcome>& outcomes) {
    // Groups in the plan's order, then those only tests name, then the tests without a group.
    std::vector<ScoringGroup> groups = plan.groups;
    std::map<std::string, std::size_t> index_of;
    for (std::size_t i = 0; i < groups.size(); ++i) index_of[groups[i].name] = i;
    bool ungrouped = false;
    for (const ScoredTest& test : plan.tests) {
        if (test.group.empty()) {
            ungrouped = true;
        } else if (!index_of.count(test.group)) {
            index_of[test.group] = groups.size();
            groups.push_back({test.group, false, std::nullopt, {}});
        }
    }
    std::vector<GroupState> states(groups.size() + (ungrouped ? 1 : 0));
    static const ScoringGroup kNoGroup{};
    for (std::size_t i = 0; i < states.size(); ++i) {
        states[i].group = i < groups.size() ? &groups[i] : &kNoGroup;
        states[i].result.name = states[i].group->name;
        states[i].result.complete_group = states[i].group->complete_group;
    }

    Score score;
    for (const ScoredTest& test : plan.tests) {
        auto found = outcomes.find(test.case_name);
        const ScoredOutcome* outcome = found == outcomes.end() ? nullptr : &found->second;
        if (!outcome) ++score.tests_not_judged;
        TestResult result = score_test(test, outcome, plan.checker_points_as_percent);
        GroupState& state = test.group.empty() ? states.back() : states[index_of[test.group]];
        ++state.result.tests;
        state.tests_score += result.score;
        state.tests_max += test.points;
        state.own_tests_passed = state.own_tests_passed && result.passed;
    }

    // A group passes when its tests did and every dependency passed (Polygon judges a group only
    // after its dependencies passed): depth first, a cycle is refused.
    std::function<void(GroupState&)> settle = [&](GroupState& state) {
        if (state.visit == GroupState::Visit::Done) return;
        if (state.visit == GroupState::Visit::Running)
            throw JudgeError("group '" + state.result.name + "' depends on itself (a cycle)");
        state.visit = GroupState::Visit::Running;
        for (const std::string& name : state.group->dependencies) {
            auto found = index_of.find(name);
            if (found == index_of.end())
                throw JudgeError("group '" + state.result.name + "' depends on group '" + name +
                                 "', which does not exist");
            GroupState& dependency = states[found->second];
            settle(dependency);
            // A dependency passes only when its own dependencies did: transitive.
            if (state.result.blocked_by.empty() && !dependency.result.passed)
                state.result.blocked_by = name;
        }
        const ScoringGroup& group = *state.group;
        state.result.max_score =
            group.complete_group && group.points ? *group.points : state.tests_max;
        state.result.passed = state.own_tests_passed && state.result.blocked_by.empty();
        if (!state.result.blocked_by.empty())
            state.result.score = 0;
        else if (group.complete_group)
            state.result.score = state.own_tests_passed ? state.result.max_score : 0;
        else
            state.result.score = state.tests_score;
        state.visit = GroupState::Visit::Done;
    };
    for (GroupState& state : states) {
        settle(state);
        score.score += state.result.score;
        score.max_score += state.result.max_score;
        score.groups.push_back(state.result);
    }
    // Without groups, only the total means anything.
    if (score.groups.size() == 1 && ungrouped) score.groups.clear();
    return score;
}

std::string partial_result(const ScoringPlan& plan,
                           const std::string& case_name,
                           double checker_points) {
    for (const ScoredTest& test : plan.tests) {
        if (test.case_name != case_name) continue;
        TestResult result = checker_score(test, checker_points, plan.checker_points_as_percent);
        if (result.passed) return "";
        return "partial: " + format_points(result.score) + " of " + format_points(test.points) +
               " points";
    }
    return "";
}

std::string format_points(double points) {
    if (std::fabs(points) < 5e-7) return "0";
    char text[64];
    std::snprintf(text, sizeof text, "%.6f", points);
    std::string out = text;
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out;
}

namespace {

// A maximum as a person writes it: "unbounded" for infinity.
std::string format_max(double max_score) {
    return std::isinf(max_score) ? "unbounded" : format_points(max_score);
}

}  // namespace

std::string describe_score(const Score& score) {
    std::string out = format_points(score.score) + "/" + format_max(score.max_score);
    std::string groups;
    for (const GroupScore& group : score.groups) {
        if (!groups.empty()) groups += ", ";
        groups += (group.name.empty() ? std::string("(no group)") : group.name) + " " +
                  format_points(group.score) + "/" + format_max(group.max_score);
        if (!group.blocked_by.empty()) groups += " needs " + group.blocked_by;
    }
    if (score.tests_not_judged > 0)
        groups += std::string(groups.empty() ? "" : "; ") + std::to_string(score.tests_not_judged) +
                  " test" + (score.tests_not_judged == 1 ? "" : "s") + " not judged";
    if (!score.judge_error.empty())
        groups += std::string(groups.empty() ? "" : "; ") + "JE: " + score.judge_error;
    if (!groups.empty()) out += "  (" + groups + ")";
    return out;
}

std::string aggregation_name(ScoreAggregation aggregation) {
    switch (aggregation) {
        case ScoreAggregation::PassFail: return "pass-fail";
        case ScoreAggregation::Sum: return "sum";
        case ScoreAggregation::Min: return "min";
        case ScoreAggregation::Max: return "max";
        case ScoreAggregation::Avg: return "avg";
    }
    return "sum";
}

namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// `parts` aggregated; 0 for none (a group without parts scores nothing).
double aggregate_scores(ScoreAggregation aggregation, const std::vector<double>& parts) {
    if (parts.empty()) return 0;
    switch (aggregation) {
        case ScoreAggregation::Min: return *std::min_element(parts.begin(), parts.end());
        case ScoreAggregation::Max: return *std::max_element(parts.begin(), parts.end());
        case ScoreAggregation::Avg:
        case ScoreAggregation::Sum: {
            double sum = 0;
            for (double part : parts) sum += part;
            return aggregation == ScoreAggregation::Avg ? sum / static_cast<double>(parts.size())
                                                        : sum;
        }
        case ScoreAggregation::PassFail: break;
    }
    return 0;
}

// One evaluation of a package plan: the groups' results as they are settled, the first judge
// error, the count of cases not judged.
class PackageScorer {
 public:
    PackageScorer(const PackageScoringPlan& plan,
                  const std::map<std::string, ScoredOutcome>& outcomes)
        : plan_(plan), outcomes_(outcomes) {}

    Score run() {
        GroupScore root = plan_.format_2025 ? settle_2025(plan_.root)
                          : plan_.legacy_reading == LegacyReading::Domjudge
                              ? settle_legacy(plan_.root)
                              : settle_problemtools(plan_.root);
        score_.score = root.score;
        score_.max_score = root.max_score;
        return std::move(score_);
    }

 private:
    const ScoredOutcome* outcome_of(const std::string& name) {
        auto found = outcomes_.find(name);
        if (found != outcomes_.end()) return &found->second;
        ++score_.tests_not_judged;
        return nullptr;
    }

    void fail(const std::string& why) {
        if (score_.judge_error.empty()) score_.judge_error = why;
    }

    static bool has_score_file(const ScoredOutcome& outcome) {
        return outcome.checker_points || outcome.score_multiplier;
    }

    // Whether every case of `names` was judged AC (without counting them as not judged).
    bool all_accepted(const std::vector<std::string>& names) const {
        for (const std::string& name : names) {
            auto found = outcomes_.find(name);
            if (found == outcomes_.end() || found->second.verdict != Verdict::AC) return false;
        }
        return true;
    }

    // An AC case of a 2025-09 sum or min group whose maximum is `case_max` (unbounded: none).
    double case_score_2025(const std::string& name,
                           const ScoredOutcome& outcome,
                           std::optional<double> case_max) {
        if (outcome.checker_points) {
            if (case_max && *outcome.checker_points > *case_max + kPointsEpsilon)
                fail(name + ": score.txt says " + format_points(*outcome.checker_points) +
                     ", over the case's maximum " + format_points(*case_max));
            return *outcome.checker_points;
        }
        if (outcome.score_multiplier) {
            if (!case_max) {
                fail(name + ": score_multiplier.txt in an unbounded group (score.txt is needed)");
                return 0;
            }
            return *outcome.score_multiplier * *case_max;
        }
        if (!case_max) {
            fail(name + ": accepted without a score.txt in an unbounded group");
            return 0;
        }
        return *case_max;
    }

    // A 2025-09 group (or secret): the format's "Scoring test data groups".
    GroupScore settle_2025(const ScoreNode& node) {
        GroupScore result;
        result.name = node.name;
        result.aggregation = aggregation_name(node.aggregation);
        result.tests = static_cast<int>(node.cases.size());
        for (const std::string& required : node.require_pass) {
            bool passed = required == "sample" ? all_accepted(plan_.sample_cases)
                                               : passed_.count(required) && passed_[required];
            if (!passed && result.blocked_by.empty()) result.blocked_by = required;
        }
        std::optional<double> case_max;
        if (node.max_score)
            case_max = node.aggregation == ScoreAggregation::Sum && !node.cases.empty()
                           ? *node.max_score / static_cast<double>(node.cases.size())
                           : *node.max_score;
        bool all_passed = true;
        std::vector<double> parts;
        for (const std::string& name : node.cases) {
            const ScoredOutcome* outcome = outcome_of(name);
            bool accepted = outcome && outcome->verdict == Verdict::AC;
            all_passed = all_passed && accepted;
            if (outcome && has_score_file(*outcome) &&
                node.aggregation == ScoreAggregation::PassFail)
                fail(name + ": a score file in a pass-fail group");
            parts.push_back(accepted ? case_score_2025(name, *outcome, case_max) : 0);
        }
        for (const ScoreNode& group : node.groups) {
            std::size_t at = score_.groups.size();
            score_.groups.emplace_back();
            GroupScore child = settle_2025(group);
            score_.groups[at] = child;
            all_passed = all_passed && child.passed;
            parts.push_back(child.score);
        }
        result.passed = all_passed && result.blocked_by.empty();
        result.max_score = node.max_score.value_or(kUnbounded);
        if (!result.blocked_by.empty())
            result.score = 0;
        else if (node.aggregation == ScoreAggregation::PassFail)
            result.score = all_passed ? node.max_score.value_or(0) : 0;
        else
            result.score = aggregate_scores(node.aggregation, parts);
        if (node.max_score && result.score > *node.max_score + kPointsEpsilon)
            fail((node.name.empty() ? std::string("data") : node.name) + " scores " +
                 format_points(result.score) + ", over its max_score " +
                 format_points(*node.max_score));
        passed_[node.name] = result.passed;
        return result;
    }

    // A legacy or 2023-07 group, as DOMjudge reads testdata.yaml (SubmissionService::
    // maybeSetScoringResult): its cases' score.txt values, else its accept_score; its groups'
    // scores; aggregated by its grader flag.
    GroupScore settle_legacy(const ScoreNode& node) {
        GroupScore result;
        result.name = node.name;
        result.aggregation = aggregation_name(node.aggregation);
        result.tests = static_cast<int>(node.cases.size());
        bool all_passed = true, some_score_file = false;
        std::vector<double> parts, maxima;
        for (const std::string& name : node.cases) {
            const ScoredOutcome* outcome = outcome_of(name);
            bool accepted = outcome && outcome->verdict == Verdict::AC;
            all_passed = all_passed && accepted;
            if (!outcome) continue;
            if (outcome->score_multiplier)
                fail(name +
                     ": score_multiplier.txt is 2025-09's (this package's version reads "
                     "score.txt)");
            if (!outcome->checker_points) continue;
            some_score_file = true;
            // DOMjudge counts the score of an AC or WA case, 0 for a crash or a limit.
            bool counts = accepted || outcome->verdict == Verdict::WA;
            parts.push_back(counts ? *outcome->checker_points : 0);
            maxima.push_back(kUnbounded);
        }
        if (!some_score_file && node.accept_score && !node.cases.empty()) {
            parts.push_back(all_passed ? *node.accept_score : node.reject_score);
            maxima.push_back(std::max(*node.accept_score, node.reject_score));
        }
        for (const ScoreNode& group : node.groups) {
            bool sample = group.name == "sample";
            std::size_t at = score_.groups.size();
            score_.groups.emplace_back();
            GroupScore child = settle_legacy(group);
            score_.groups[at] = child;
            if (sample && node.ignore_sample) continue;
            all_passed = all_passed && child.passed;
            parts.push_back(child.score);
            maxima.push_back(child.max_score);
        }
        result.passed = all_passed;
        result.score = aggregate_scores(node.aggregation, parts);
        result.max_score =
            node.max_score ? *node.max_score : aggregate_scores(node.aggregation, maxima);
        check_range(node, result);
        return result;
    }

    // A legacy or 2023-07 group as problemtools reads it (submission_judge.py _judge_group and
    // the default grader): each case's score.txt, else accept_score when AC, else reject_score;
    // its sub-groups' scores; up to its first failure when it breaks on one.
    GroupScore settle_problemtools(const ScoreNode& node) {
        GroupScore result;
        result.name = node.name;
        result.aggregation = aggregation_name(node.aggregation);
        result.tests = static_cast<int>(node.cases.size());
        const double accept = node.accept_score.value_or(1);
        bool all_passed = true, stopped = false;
        std::vector<double> parts, maxima;
        for (const std::string& name : node.cases) {
            const ScoredOutcome* outcome = outcome_of(name);
            if (stopped) continue;
            bool accepted = outcome && outcome->verdict == Verdict::AC;
            if (outcome && outcome->score_multiplier)
                fail(name +
                     ": score_multiplier.txt is 2025-09's (this package's version reads "
                     "score.txt)");
            bool scored = accepted && outcome->checker_points;
            parts.push_back(scored     ? *outcome->checker_points
                            : accepted ? accept
                                       : node.reject_score);
            maxima.push_back(scored ? kUnbounded : std::max(accept, node.reject_score));
            all_passed = all_passed && accepted;
            stopped = !accepted && node.break_on_reject;
        }
        for (const ScoreNode& group : node.groups) {
            std::size_t at = score_.groups.size();
            score_.groups.emplace_back();
            GroupScore child = settle_problemtools(group);
            score_.groups[at] = child;
            if (stopped || (group.name == "sample" && node.ignore_sample)) continue;
            parts.push_back(child.score);
            maxima.push_back(child.max_score);
            all_passed = all_passed && child.passed;
            stopped = !child.passed && node.break_on_reject;
        }
        result.passed = all_passed;
        result.score = aggregate_scores(node.aggregation, parts);
        result.max_score =
            node.max_score ? *node.max_score : aggregate_scores(node.aggregation, maxima);
        check_range(node, result);
        return result;
    }

    // A score outside its group's range (legacy) is a judge error.
    void check_range(const ScoreNode& node, const GroupScore& result) {
        if ((node.max_score && result.score > *node.max_score + kPointsEpsilon) ||
            (node.min_score && result.score < *node.min_score - kPointsEpsilon))
            fail((node.name.empty() ? std::string("data") : node.name) + " scores " +
                 format_points(result.score) + ", outside its range [" +
                 format_points(node.min_score.value_or(-kUnbounded)) + ", " +
                 format_max(result.max_score) + "]");
    }

    const PackageScoringPlan& plan_;
    const std::map<std::string, ScoredOutcome>& outcomes_;
    std::map<std::string, bool> passed_;  // 2025-09 groups settled so far (require_pass)
    Score score_;
};

}  // namespace

Score compute_package_score(const PackageScoringPlan& plan,
                            const std::map<std::string, ScoredOutcome>& outcomes) {
    return PackageScorer(plan, outcomes).run();
}

}  // namespace judge

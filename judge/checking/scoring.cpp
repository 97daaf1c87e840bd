#include "checking/scoring.hpp"

#include <cmath>
#include <cstdio>
#include <functional>

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

std::string describe_score(const Score& score) {
    std::string out = format_points(score.score) + "/" + format_points(score.max_score);
    std::string groups;
    for (const GroupScore& group : score.groups) {
        if (!groups.empty()) groups += ", ";
        groups += (group.name.empty() ? std::string("(no group)") : group.name) + " " +
                  format_points(group.score) + "/" + format_points(group.max_score);
        if (!group.blocked_by.empty()) groups += " needs " + group.blocked_by;
    }
    if (score.tests_not_judged > 0)
        groups += std::string(groups.empty() ? "" : "; ") + std::to_string(score.tests_not_judged) +
                  " test" + (score.tests_not_judged == 1 ? "" : "s") + " not judged";
    if (!groups.empty()) out += "  (" + groups + ")";
    return out;
}

}  // namespace judge

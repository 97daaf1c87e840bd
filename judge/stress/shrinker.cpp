#include "stress/shrinker.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

namespace judge {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

}  // namespace

bool try_candidate(const TextPredicate& still_fails,
                   const std::string& candidate,
                   int max_tests,
                   ShrinkStats& stats) {
    if (stats.tests >= max_tests) return false;
    ++stats.tests;
    if (!still_fails(candidate)) return false;
    ++stats.accepted;
    return true;
}

namespace {

bool parse_integer(const std::string& token, std::int64_t& value) {
    if (token.empty() || token.size() > 19) return false;
    std::size_t start = token[0] == '-' ? 1 : 0;
    if (start == token.size()) return false;
    for (std::size_t i = start; i < token.size(); ++i)
        if (token[i] < '0' || token[i] > '9') return false;
    value = std::strtoll(token.c_str(), nullptr, 10);
    return true;
}

}  // namespace

std::vector<std::size_t> ddmin(std::vector<std::size_t> ids,
                               const CandidateBuilder& build,
                               const TextPredicate& still_fails,
                               int max_tests,
                               ShrinkStats& stats) {
    std::size_t granularity = 2;
    while (stats.tests < max_tests && !ids.empty()) {
        granularity = std::min(granularity, ids.size());
        std::size_t chunk = (ids.size() + granularity - 1) / granularity;
        bool progress = false;
        // Try every complement: the ids without one chunk.
        for (std::size_t begin = 0; begin < ids.size() && !progress; begin += chunk) {
            std::size_t end = std::min(begin + chunk, ids.size());
            std::vector<std::size_t> kept(ids.begin(), ids.begin() + static_cast<long>(begin));
            kept.insert(kept.end(), ids.begin() + static_cast<long>(end), ids.end());
            if (try_candidate(still_fails, build(kept), max_tests, stats)) {
                ids = std::move(kept);
                granularity = std::max<std::size_t>(granularity - 1, 2);
                progress = true;
            }
        }
        if (progress) continue;
        if (granularity >= ids.size()) break;  // single ids tried: 1-minimal
        granularity = std::min(granularity * 2, ids.size());
    }
    return ids;
}

std::vector<TextUnit> ddmin_units(std::vector<TextUnit> units,
                                  const TextPredicate& still_fails,
                                  int max_tests,
                                  ShrinkStats& stats) {
    std::vector<std::size_t> removable;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].removable) removable.push_back(i);
    // The units without the removable ones that are not kept.
    auto keep_only = [&](const std::vector<std::size_t>& kept) {
        std::vector<bool> keep(units.size(), true);
        for (std::size_t i : removable) keep[i] = false;
        for (std::size_t i : kept) keep[i] = true;
        std::vector<TextUnit> result;
        for (std::size_t i = 0; i < units.size(); ++i)
            if (keep[i]) result.push_back(units[i]);
        return result;
    };
    std::vector<std::size_t> kept = ddmin(
        removable, [&](const std::vector<std::size_t>& ids) { return join_units(keep_only(ids)); },
        still_fails, max_tests, stats);
    return keep_only(kept);
}

std::vector<TextUnit> split_lines(const std::string& text) {
    std::vector<TextUnit> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        end = end == std::string::npos ? text.size() : end + 1;
        lines.push_back({text.substr(start, end - start), true});
        start = end;
    }
    return lines;
}

std::vector<TextUnit> split_tokens(const std::string& text) {
    std::vector<TextUnit> units;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t start = pos;
        if (text[pos] == '\n') {
            units.push_back({"\n", false});
            ++pos;
        } else if (is_blank(text[pos])) {
            // Blanks that do not follow a token on this line (leading blanks): kept.
            while (pos < text.size() && is_blank(text[pos])) ++pos;
            units.push_back({text.substr(start, pos - start), false});
        } else {
            while (pos < text.size() && text[pos] != '\n' && !is_blank(text[pos])) ++pos;
            while (pos < text.size() && is_blank(text[pos])) ++pos;
            units.push_back({text.substr(start, pos - start), true});
        }
    }
    return units;
}

std::string join_units(const std::vector<TextUnit>& units) {
    std::string text;
    for (const TextUnit& unit : units) text += unit.text;
    return text;
}

std::vector<std::string> smaller_integers(const std::string& token) {
    std::int64_t value = 0;
    if (!parse_integer(token, value)) return {};
    auto magnitude = [](std::int64_t v) { return v < 0 ? -static_cast<std::uint64_t>(v) : v; };
    auto smaller = [&](const std::string& candidate) {
        std::int64_t other = 0;
        if (!parse_integer(candidate, other)) return false;
        if (candidate.size() != token.size()) return candidate.size() < token.size();
        return static_cast<std::uint64_t>(magnitude(other)) <
               static_cast<std::uint64_t>(magnitude(value));
    };
    std::vector<std::string> candidates = {"0", "1", "-1"};
    std::size_t digits_start = token[0] == '-' ? 1 : 0;
    if (token.size() - digits_start > 1) {
        candidates.push_back(token.substr(0, token.size() - 1));  // drop the last digit
        std::string rest = token.substr(digits_start + 1);        // drop the first digit
        rest.erase(0, std::min(rest.find_first_not_of('0'), rest.size() - 1));
        candidates.push_back(token.substr(0, digits_start) + rest);
    }
    candidates.push_back(std::to_string(value / 2));
    std::vector<std::string> result;
    for (const std::string& candidate : candidates)
        if (smaller(candidate) &&
            std::find(result.begin(), result.end(), candidate) == result.end())
            result.push_back(candidate);
    return result;
}

std::string shrink_text(const std::string& text,
                        const TextPredicate& still_fails,
                        int max_tests,
                        ShrinkStats& stats) {
    std::string current = text;
    while (stats.tests < max_tests) {
        std::string before = current;
        current = join_units(ddmin_units(split_lines(current), still_fails, max_tests, stats));
        current = join_units(ddmin_units(split_tokens(current), still_fails, max_tests, stats));
        // Integer tokens, one at a time, each as small as it goes.
        std::vector<TextUnit> units = split_tokens(current);
        for (std::size_t i = 0; i < units.size(); ++i) {
            if (!units[i].removable) continue;
            std::string& unit = units[i].text;
            std::size_t token_end = 0;
            while (token_end < unit.size() && !is_blank(unit[token_end])) ++token_end;
            bool shrunk = true;
            while (shrunk && stats.tests < max_tests) {
                shrunk = false;
                std::string token = unit.substr(0, token_end), blanks = unit.substr(token_end);
                for (const std::string& smaller : smaller_integers(token)) {
                    std::string saved = unit;
                    unit = smaller + blanks;
                    if (try_candidate(still_fails, join_units(units), max_tests, stats)) {
                        token_end = smaller.size();
                        shrunk = true;
                        break;
                    }
                    unit = saved;
                }
            }
        }
        current = join_units(units);
        // Removing a line's last token leaves the blanks after the one before it.
        std::string trimmed;
        for (const TextUnit& line : split_lines(current)) {
            std::string content = line.text;
            bool newline = !content.empty() && content.back() == '\n';
            if (newline) content.pop_back();
            while (!content.empty() && (content.back() == ' ' || content.back() == '\t'))
                content.pop_back();
            trimmed += content + (newline ? "\n" : "");
        }
        if (trimmed != current && try_candidate(still_fails, trimmed, max_tests, stats))
            current = trimmed;
        if (current == before) break;
    }
    return current;
}

std::vector<std::string> shrink_generator_args(const std::vector<std::string>& args,
                                               const ArgsPredicate& still_fails,
                                               int max_tests,
                                               ShrinkStats& stats) {
    std::vector<std::string> current = args;
    bool progress = true;
    while (progress && stats.tests < max_tests) {
        progress = false;
        for (std::size_t i = 0; i + 1 < current.size(); ++i) {
            const std::string& name = current[i];
            if (name.size() < 2 || name[0] != '-' || (name[1] >= '0' && name[1] <= '9')) continue;
            if (name == "-seed" || name == "--seed") continue;
            std::int64_t value = 0;
            if (!parse_integer(current[i + 1], value) || value <= 0) continue;
            std::vector<std::int64_t> candidates = {0,         1,         2,         value / 16,
                                                    value / 8, value / 4, value / 2, value - 1};
            std::sort(candidates.begin(), candidates.end());
            candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
            for (std::int64_t candidate : candidates) {
                if (candidate >= value || stats.tests >= max_tests) continue;
                std::vector<std::string> trial = current;
                trial[i + 1] = std::to_string(candidate);
                ++stats.tests;
                if (still_fails(trial)) {
                    ++stats.accepted;
                    current = std::move(trial);
                    progress = true;
                    break;
                }
            }
            ++i;  // skip the value
        }
    }
    return current;
}

std::vector<std::string> split_args(const std::string& text) {
    std::vector<std::string> args;
    std::string current;
    bool in_arg = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\'' || c == '"') {
            std::size_t close = text.find(c, i + 1);
            if (close == std::string::npos)
                throw std::invalid_argument("unterminated " + std::string(1, c) + " in '" + text +
                                            "'");
            current += text.substr(i + 1, close - i - 1);
            in_arg = true;
            i = close;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (in_arg) args.push_back(current);
            current.clear();
            in_arg = false;
        } else {
            current += c;
            in_arg = true;
        }
    }
    if (in_arg) args.push_back(current);
    return args;
}

std::string join_args(const std::vector<std::string>& args) {
    std::string text;
    for (const std::string& arg : args) {
        if (!text.empty()) text += ' ';
        if (arg.empty() || arg.find_first_of(" \t\n") != std::string::npos)
            text += "'" + arg + "'";
        else
            text += arg;
    }
    return text;
}

}  // namespace judge

#include "checking/default_validator.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    std::size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
        std::size_t end = at;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
        if (end > at) words.emplace_back(text.substr(at, end - at));
        at = end;
    }
    return words;
}

namespace {

// The whole token as a finite double, or nullopt.
std::optional<double> as_number(std::string_view token) {
    if (token.empty() || token.size() > 400) return std::nullopt;
    std::string text(token);
    char* end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
    // strtod also reads "0x1p3", "inf" and "nan"; only decimal notation counts as a number here.
    for (char c : text)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
              c == 'e' || c == 'E'))
            return std::nullopt;
    return value;
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// A token for a message: at most 40 characters, control characters escaped.
std::string shown(std::string_view token) {
    std::string text = "'";
    text += escape_control(token.substr(0, 40));
    if (token.size() > 40) text += "...";
    text += '\'';
    return text;
}

// A reading position in one text: the byte and its line number.
struct Cursor {
    std::string_view text;
    std::size_t at = 0;
    int line = 1;

    bool done() const { return at >= text.size(); }
    char peek() const { return text[at]; }
    void advance() {
        if (text[at] == '\n') ++line;
        ++at;
    }
    std::string_view token() {
        std::size_t start = at;
        while (!done() && !is_space(peek())) ++at;
        return text.substr(start, at - start);
    }
};

}  // namespace

DefaultValidatorFlags parse_default_validator_flags(const std::vector<std::string>& flags) {
    DefaultValidatorFlags parsed;
    for (std::size_t i = 0; i < flags.size(); ++i) {
        const std::string& flag = flags[i];
        if (flag == "case_sensitive") {
            parsed.case_sensitive = true;
        } else if (flag == "space_change_sensitive") {
            parsed.space_change_sensitive = true;
        } else if (flag == "float_tolerance" || flag == "float_absolute_tolerance" ||
                   flag == "float_relative_tolerance") {
            std::optional<double> value;
            if (i + 1 < flags.size()) value = as_number(flags[i + 1]);
            if (!value || *value < 0)
                throw JudgeError("default output validator: " + flag +
                                 " needs a non-negative number after it");
            ++i;
            if (flag != "float_relative_tolerance") parsed.absolute_tolerance = *value;
            if (flag != "float_absolute_tolerance") parsed.relative_tolerance = *value;
        } else {
            throw JudgeError("default output validator: unknown flag '" + escape_control(flag) +
                             "' (known: case_sensitive, space_change_sensitive, "
                             "float_tolerance E, float_absolute_tolerance E, "
                             "float_relative_tolerance E)");
        }
    }
    return parsed;
}

DefaultValidation default_validate(std::string_view answer,
                                   std::string_view output,
                                   const DefaultValidatorFlags& flags) {
    Cursor jury{answer}, team{output};
    bool floats = flags.absolute_tolerance >= 0 || flags.relative_tolerance >= 0;
    auto wrong = [&](const std::string& what) {
        return DefaultValidation{false, "line " + std::to_string(team.line) +
                                            " of the output (line " + std::to_string(jury.line) +
                                            " of the answer): " + what};
    };
    for (int token_index = 1;; ++token_index) {
        // Space first: exact when space_change_sensitive, else any run equals any other.
        while (!jury.done() && is_space(jury.peek())) {
            if (flags.space_change_sensitive) {
                if (team.done() || team.peek() != jury.peek())
                    return wrong("space differs: expected " + shown(std::string(1, jury.peek())) +
                                 ", got " +
                                 (team.done() ? std::string("the end of the output")
                                              : shown(std::string(1, team.peek()))));
                team.advance();
            }
            jury.advance();
        }
        while (!team.done() && is_space(team.peek())) {
            if (flags.space_change_sensitive)
                return wrong("space differs: unexpected " + shown(std::string(1, team.peek())));
            team.advance();
        }
        if (jury.done()) {
            if (!team.done())
                return wrong("more output than the answer, from " + shown(team.token()));
            return {true, ""};
        }
        std::string_view expected = jury.token();
        if (team.done())
            return wrong("the output ended where the answer has token " +
                         std::to_string(token_index) + ", " + shown(expected));
        std::string_view got = team.token();
        std::optional<double> expected_number = floats ? as_number(expected) : std::nullopt;
        if (expected_number) {
            std::optional<double> got_number = as_number(got);
            if (!got_number)
                return wrong("expected the number " + shown(expected) + ", got " + shown(got));
            double error = std::fabs(*got_number - *expected_number);
            if (!(error <= flags.absolute_tolerance) &&
                !(error <= flags.relative_tolerance * std::fabs(*expected_number)))
                return wrong("expected " + shown(expected) + ", got " + shown(got) +
                             " (absolute error " + std::to_string(error) + ")");
            continue;
        }
        bool same = flags.case_sensitive ? expected == got : equal_ignoring_case(expected, got);
        if (!same) return wrong("expected " + shown(expected) + ", got " + shown(got));
    }
}

}  // namespace judge

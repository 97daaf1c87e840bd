// The default output validator of the problem package format, built into the judge (no program is
// started for it): the team's output and the jury's answer compared token by token.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge {

/// The flags of the default validator (problem.yaml's validator_flags, testdata.yaml's
/// output_validator_flags).
struct DefaultValidatorFlags {
    bool case_sensitive = false;          ///< "case_sensitive": else tokens compare ignoring case
    bool space_change_sensitive = false;  ///< "space_change_sensitive": whitespace must match
    /// "float_absolute_tolerance E", "float_relative_tolerance E", "float_tolerance E" (both):
    /// a token of the answer that reads as a finite number accepts any number within either
    /// tolerance, in any notation. Negative = not set. With neither set, numbers are tokens.
    double absolute_tolerance = -1;
    double relative_tolerance = -1;
};

/// Parses the flags (words, as the package gives them). Throws JudgeError naming the bad flag:
/// an unknown word or a tolerance that is not a number is the package's error (JE), never WA.
DefaultValidatorFlags parse_default_validator_flags(const std::vector<std::string>& flags);

/// The outcome: accepted, or the reason it is not ("line 3 of the output (line 3 of the answer):
/// expected '5', got '6'").
struct DefaultValidation {
    bool accepted = false;
    std::string message;
};

/// Compares `output` with `answer` under `flags`. Pure. Tokens are maximal runs of non-space
/// bytes (space, tab, newline, CR, vertical tab and form feed are space). Without
/// space_change_sensitive any run of space equals any other, leading and trailing space
/// included; with it, the bytes of space must be the same. Extra or missing tokens are wrong.
DefaultValidation default_validate(std::string_view answer,
                                   std::string_view output,
                                   const DefaultValidatorFlags& flags);

/// Splits a flags string ("float_tolerance 1e-6 case_sensitive") into words.
std::vector<std::string> split_words(std::string_view text);

}  // namespace judge

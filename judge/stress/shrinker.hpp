// Shrinking a failing case (pure logic, no processes): delta debugging over the case's lines,
// then its tokens, then the digits of its numbers; and shrinking a generator's numeric options.
// The caller supplies the predicate "this candidate still validates and still fails the same
// way"; the shrinker only proposes candidates and keeps the ones the predicate accepts.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace judge {

/// True when `candidate` still fails the same way (and passes the validator). May be expensive
/// (it runs programs): the shrinker calls it at most ShrinkBudget::max_tests times.
using TextPredicate = std::function<bool(const std::string& candidate)>;

/// How much work a shrink may do, and what it did.
struct ShrinkStats {
    int tests = 0;     ///< predicate calls made
    int accepted = 0;  ///< candidates the predicate accepted
};

/// Calls `still_fails(candidate)` when fewer than `max_tests` calls were made; counts the call
/// (and the acceptance) in `stats`. False when the budget is spent.
bool try_candidate(const TextPredicate& still_fails,
                   const std::string& candidate,
                   int max_tests,
                   ShrinkStats& stats);

/// Builds the candidate text that keeps only `kept` (a subset of ddmin's ids, in order).
using CandidateBuilder = std::function<std::string(const std::vector<std::size_t>& kept)>;

/// Delta debugging (Zeller's ddmin, complements only) over `ids`: drops chunks of them while
/// `still_fails(build(kept))` holds, halving the chunks down to single ids. Returns the kept ids.
/// The one ddmin of the shrinker: lines, tokens, grid rows, columns and cells all go through it.
std::vector<std::size_t> ddmin(std::vector<std::size_t> ids,
                               const CandidateBuilder& build,
                               const TextPredicate& still_fails,
                               int max_tests,
                               ShrinkStats& stats);

/// Delta debugging over `units`: removes chunks of the
/// removable units while `still_fails(join(kept))` holds. Units with removable = false are
/// always kept (e.g. the leading spaces of a line). Returns the kept units.
struct TextUnit {
    std::string text;
    bool removable = true;
};
std::vector<TextUnit> ddmin_units(std::vector<TextUnit> units,
                                  const TextPredicate& still_fails,
                                  int max_tests,
                                  ShrinkStats& stats);

/// Splits `text` into lines, each keeping its "\n" (the last one may have none).
std::vector<TextUnit> split_lines(const std::string& text);

/// Splits `text` into removable units "token + the blanks after it on the same line" and fixed
/// units (leading blanks of a line, line ends), so removing tokens never joins two lines.
std::vector<TextUnit> split_tokens(const std::string& text);

/// Concatenation of the units' texts.
std::string join_units(const std::vector<TextUnit>& units);

/// Smaller versions of an integer token, best first: "0", "1", "-1", the token without its last
/// digit, without its first digit, half its value. Only candidates strictly smaller in (length,
/// |value|) order are returned, so repeated shrinking ends. Empty for a non-integer token.
std::vector<std::string> smaller_integers(const std::string& token);

/// Shrinks `text`: ddmin over lines, then over tokens, then each integer token through
/// smaller_integers(), repeated while a pass makes progress and the budget of `max_tests`
/// predicate calls lasts. `text` itself is assumed to fail (it is not tested). Returns the
/// smallest failing text found (`text` when nothing smaller fails).
std::string shrink_text(const std::string& text,
                        const TextPredicate& still_fails,
                        int max_tests,
                        ShrinkStats& stats);

/// Generator arguments as a list (`-n 10 -mode x`); a predicate over a candidate list.
using ArgsPredicate = std::function<bool(const std::vector<std::string>& candidate)>;

/// Shrinks the numeric values of `-name value` options (value an integer; negative values are
/// left alone: a negative size is rarely meaningful), greedily: for each option, tries smaller
/// values (0, 1, 2, v/16, v/8, v/4, v/2, v-1, smallest first) and keeps the first that still
/// fails; repeats while something shrinks. Non-numeric options and the `-seed` option (the
/// same seed must be kept) are never changed. `args` itself is assumed to fail.
std::vector<std::string> shrink_generator_args(const std::vector<std::string>& args,
                                               const ArgsPredicate& still_fails,
                                               int max_tests,
                                               ShrinkStats& stats);

/// Splits a command-line string on blanks, with '...' and "..." quoting (no escapes).
/// Throws std::invalid_argument on an unterminated quote.
std::vector<std::string> split_args(const std::string& text);

/// Joins arguments with single spaces, quoting ones that hold blanks or are empty.
std::string join_args(const std::vector<std::string>& args);

}  // namespace judge

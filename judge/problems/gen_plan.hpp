// The plan of a problem's generated secret cases: testdata/<id>/secret/plan.txt (format in
// docs/conventions.md), and the manifest of the cases `judge gen` wrote (secret/.generated).
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace judge {

/// One line of plan.txt: `NAME SEED [--brute] [generator args...]`.
struct PlanEntry {
    std::string name;               ///< case name: secret/NAME.in and NAME.ans
    std::string seed;               ///< passed to the generator as `-seed SEED`
    std::vector<std::string> args;  ///< generator arguments before `-seed`
    bool use_brute = false;         ///< `--brute`: the answer comes from solutions/brute/<id>.cpp
    int line = 0;                   ///< line number in plan.txt (1-based), for messages
};

/// Parses the text of a plan. `file_for_errors` names the file in messages. Blank lines and
/// `#` comments (whole line or trailing) are skipped; arguments may be quoted ('...' or "...").
/// Errors (JudgeError "FILE:LINE: what"): a line with no seed, a name that is not
/// [A-Za-z0-9_-]+, a seed that is not an integer, a duplicate name, a `-seed` among the
/// arguments (the seed column is the seed), an unterminated quote.
std::vector<PlanEntry> parse_plan(std::string_view text, const std::string& file_for_errors);

/// Reads and parses `plan_file`; throws JudgeError naming it when it cannot be read.
std::vector<PlanEntry> load_plan(const std::filesystem::path& plan_file);

/// The generator's argument list for an entry: args, then `-seed SEED`.
std::vector<std::string> generator_args(const PlanEntry& entry);

/// The names `judge gen` wrote before, from `manifest` (one name a line); empty when missing.
std::set<std::string> read_manifest(const std::filesystem::path& manifest);

/// The cases of `secret_dir` that `judge gen` must not overwrite: a NAME.in or NAME.ans that
/// exists for a planned NAME not listed in the manifest (hand-written, or from somewhere else).
std::vector<std::string> hand_written_conflicts(const std::filesystem::path& secret_dir,
                                                const std::vector<PlanEntry>& plan,
                                                const std::set<std::string>& generated);

}  // namespace judge

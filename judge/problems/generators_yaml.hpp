// BAPCtools' generators/generators.yaml (doc/generators.md of RagnarGrootKoerkamp/BAPCtools): a
// package's test data described instead of committed under data/. Read into the cases the judge
// judges (data/sample and data/secret; the invalid_* and valid_output folders are read, checked
// and not judged, as committed ones are not), made on first use into the cache as Polygon's
// generated tests are (problems/polygon_package.hpp): each generator built from its source and
// run boxed, each missing answer from the `solution:` run boxed, every file keyed by what it is
// made from, so a second run makes nothing.
//
// BAPCtools' rule, kept here: when generators.yaml exists, it is the whole of data/. `bt run`
// and `bt generate` rewrite a committed file that differs from what the yaml makes and move the
// files it does not describe to a trash folder (generate.py: copy_generated, clean_up); so a
// committed file under data/ is not read at all, whether the yaml describes its case or not.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "building/compiler.hpp"
#include "problems/problem.hpp"

namespace judge {

/// generators/generators.yaml of the package at `root`.
std::filesystem::path generators_yaml_file(const std::filesystem::path& root);

/// Whether the package at `root` describes its data with generators/generators.yaml.
bool uses_generators_yaml(const std::filesystem::path& root);

/// SHA-512 of `bytes` as 128 lowercase hex digits (BAPCtools hashes seeds with it).
std::string sha512_hex(const std::string& bytes);

/// BAPCtools' seed of a `generate:` command: sha512(salt [+ ":" + (count - 1) when count != 1]
/// + command without leading and trailing white space), as a number, mod 2^31.
std::int64_t generator_seed(const std::string& salt, long long count, const std::string& command);

/// Python's shlex.split (POSIX): words split on white space, '...' literal, "..." with \\ \"
/// \$ \` escapes, a backslash outside quotes escaping the next character. Throws JudgeError
/// for an unterminated quote.
std::vector<std::string> split_command(const std::string& command);

/// One case generators.yaml describes, as BAPCtools names it.
struct GeneratorsCase {
    std::string group;  ///< its folder under data/: "sample", "secret/1-small"
    std::string name;   ///< its file name without extension: "01-tree", "seed-2"
    /// `generate:` after {count} and {{constants}}: the words of the command (the program, then
    /// its arguments, {seed} and {name} left in: generator_arguments); empty without one.
    std::vector<std::string> command;
    std::int64_t seed = 0;     ///< generator_seed of the command
    std::string command_text;  ///< the command as hashed for the seed (for messages and keys)
    /// The generator program: a file or folder under generators/, or the files of a
    /// `generators:` entry (the first is the entry point); empty without `generate:`.
    std::vector<std::filesystem::path> program_files;
    bool program_is_listed = false;  ///< program_files come from the `generators:` map
    int retries = 1;                 ///< `retries:` runs, seed + 1 each time
    /// `copy:` base path (root/generators/<base>, without extension).
    std::optional<std::filesystem::path> copy;
    /// Files given inline by extension (".in", ".ans", ".yaml"...), with the final newline
    /// BAPCtools adds.
    std::map<std::string, std::string> inline_files;
    /// The answer maker (`solution:`, a file or folder under the root); empty when `solution:`
    /// is empty (answers must then be given); nullopt: BAPCtools' default (the package's first
    /// accepted submission).
    std::optional<std::filesystem::path> solution;
    std::string where;  ///< "FILE: secret/tree" (for messages)
    /// An included case: the data/ path of the case it copies ("sample/1"); "" for its own.
    std::string included_from;

    std::string display_name() const { return group + "/" + name; }
};

/// The case's generator arguments, run `attempt` (0 first; a `retries:` run uses seed +
/// attempt): every {seed} and {seed:N} is the seed, {name} is "testcase" (BAPCtools runs the
/// generator in the case's folder, naming its files testcase.*).
std::vector<std::string> generator_arguments(const GeneratorsCase& rule, int attempt);

/// What generators.yaml says.
struct GeneratorsYaml {
    std::filesystem::path file;
    /// Every case of every folder (sample, secret, invalid_*...), included ones too, in the order
    /// discover_case_tree would list them had they been written under data/.
    std::vector<GeneratorsCase> cases;
    /// Inline `test_group.yaml:` (or `testdata.yaml:`) of a folder: its path under data/ ("" for
    /// data/ itself) and the YAML text.
    std::vector<std::pair<std::string, std::string>> group_yaml;
};

/// Parses generators.yaml of the package at `root`. `constants` (2025-09 `{{name}}`) are
/// substituted in `generate:` commands only, as BAPCtools does (not in inline `in:`, `ans:`...;
/// an inline case or group yaml is substituted where it is read, as a committed one). Throws
/// JudgeError "FILE: 'KEY' why" (one line) for YAML that does not parse, a key or value it does not
/// read or support (a program named outside generators/, an unknown include, a count that is
/// not 1..100 values), never skipping what would change a verdict.
GeneratorsYaml read_generators_yaml(
    const std::filesystem::path& root,
    const std::vector<std::pair<std::string, std::string>>& constants = {});

/// The package's cases from its generators.yaml (only sample/ and secret/), and the folder that
/// stands for data/ when reading their flags: it holds the yaml's test_group.yaml (or
/// testdata.yaml: the name the package's version reads) and each case's NAME.yaml, written
/// there now (nothing else is run). A case's input and answer are files of
/// problem.generated_dir named by what they are made from, made by prepare_generated_cases
/// (inline and copied files are there already). Throws JudgeError as read_generators_yaml, and
/// for a case with no input (in.statement alone) or no answer and nothing to make one.
struct GeneratedData {
    std::filesystem::path tree;  ///< stands for data/: the group and case .yaml files
    std::vector<TestCase> cases;
};
GeneratedData plan_generated_data(const ProblemSettings& problem);

/// Makes what `cases` (some of plan_generated_data's) lack: each generated input (its program
/// built, its `{{constants}}` substituted as BAPCtools does (program_with_constants: a copy
/// under problem.generated_dir; the solution too, as judge verify judges it), and run boxed as a
/// generator, in a writable folder: it may write testcase.in and
/// testcase.ans instead of printing, as BAPCtools allows) and each answer (given by the
/// generator, else the solution run boxed as the reference; an interactive problem's missing
/// answer is empty). Atomic writes into the cache. Throws JudgeError naming generators.yaml,
/// the case and the program when one does not build or fails.
void prepare_generated_cases(Compiler& compiler,
                             const ProblemSettings& problem,
                             const std::vector<TestCase>& cases,
                             bool sandbox);

}  // namespace judge

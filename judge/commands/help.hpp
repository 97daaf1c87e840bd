// Help that teaches: an example block at the foot of each command's --help, and a parse error
// that names the option or command meant (CLI11 2.1 has no "did you mean" of its own).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class Error;
}  // namespace CLI

namespace judge {

/// Sets the footer of the app and of each of its subcommands: "Examples:" and commands to copy.
/// Call after every setup_<name>(). A subcommand without examples in the table keeps no footer
/// (the `help_examples` test fails on it).
void add_examples(CLI::App& app);

/// CLI11's failure message (App::failure_message): the error, then what was meant: for an
/// unknown option or command, the nearest name the command line could have meant ("did you
/// mean --jobs?"); for a missing argument, the command's first example; and where to read more
/// (`judge run --help`).
std::string explain_parse_error(const CLI::App* app, const CLI::Error& error);

/// The candidate nearest to `typed` when it is near enough to be a typo: a candidate that starts
/// with `typed` (an abbreviation, at least 3 characters), else the one at the smallest edit
/// distance (insert, delete, replace, swap two neighbours) when that is at most a third of its
/// length, and at least 1 and at most 3. Empty when none is.
std::string nearest_name(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace judge

// The languages the judge builds and runs: which files belong to which language, how a program in
// it is compiled (or, for Python, syntax-checked) and how it is started. One table, so that a
// submission, a checker, a validator and a generator of any language take the same way through the
// compiler, the cache and the sandbox.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge {

/// How a built program is started.
enum class EntryPoint {
    Binary,     ///< the compiler writes an executable file (C, C++)
    MainFile,   ///< an interpreter runs the main source file (Python)
    MainClass,  ///< a JVM runs the main class from a folder of class files (Java)
};

/// One row of the table.
struct Language {
    std::string_view key;   ///< problem-package language id: "c", "cpp", "python3", "java"
    std::string_view name;  ///< for people: "C", "C++", "Python 3", "Java"
    std::vector<std::string_view> extensions;  ///< ".cpp"...; matched case-sensitively
    /// The program that compiles or checks a source, looked up on the PATH a sandboxed program has
    /// (kSandboxEnvironment): a compiler the box could not run is no use for submissions.
    std::string_view compiler;
    /// The program that runs a MainFile or MainClass program (same lookup); empty for Binary.
    std::string_view runtime;
    EntryPoint entry;
    /// Arguments after the compiler for every compile (the contest flags; Binary languages get
    /// the sources, `-o NAME` and `link_flags` after these).
    std::vector<std::string_view> compile_flags;
    std::vector<std::string_view> link_flags;
    /// Arguments between the runtime and the program (the JVM's; its heap limit is added per run).
    std::vector<std::string_view> runtime_flags;
    /// Processes (threads count) a compile or a run of this language needs at least: a JVM
    /// starts some twenty threads before main().
    int min_processes;
    /// Ties between languages of a folder are broken by this (higher wins), as problemtools does.
    int priority;
};

/// Every language the judge knows how to build, in the table's order.
const std::vector<Language>& languages();

/// The language of a file by its extension; nullptr when no row claims it. A ".py" file whose
/// first line is a `#!...python2` shebang is Python 2 (not in the table: nullptr).
const Language* language_of_file(const std::filesystem::path& file);

/// For a file the table does not build: the name of its language when it is a known one
/// ("Kotlin", "Python 2", "checktestdata"...), so that a skip can say why; nullopt otherwise.
std::optional<std::string> unsupported_language_name(const std::filesystem::path& file);

/// The language with this key ("cpp"), or nullptr.
const Language* language_by_key(std::string_view key);

/// What a program is made of: one file, or every regular file of a folder (problem packages allow
/// a folder of sources for a submission or a validator, compiled together as problemtools does).
struct SourceSet {
    std::filesystem::path path;  ///< the file or the folder as given
    /// Relative to `path` for a folder ("a.cc", "lib/x.h"), or the file's name; sorted.
    std::vector<std::string> files;
    const Language* language = nullptr;
    /// The files of `language` among `files` (what is compiled; Binary languages pass all of
    /// them to the compiler, headers are found by the compiler itself).
    std::vector<std::string> sources;
    /// MainFile: the main source ("main.py"); MainClass: the main class ("Main", "pkg.Main").
    std::string entry;
    /// A name for the program (the file's or the folder's stem), for the cache and messages.
    std::string name;

    std::filesystem::path file(const std::string& relative) const;  ///< absolute-ish path
};

/// Reads `path` (a file or a folder) into a SourceSet: lists the files, picks the language (for a
/// folder, the one most of its files belong to; ties by priority), the sources and the entry.
/// Throws JudgeError naming the path when it is missing, not a file or folder, holds no file of a
/// language the judge builds (naming the language when it is a known one: "Kotlin is not a
/// language this judge builds"), or its entry cannot be told (several .py files and no main.py).
SourceSet read_source_set(const std::filesystem::path& path);

}  // namespace judge

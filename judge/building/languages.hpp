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
    Binary,     ///< the compiler writes an executable file (C, C++, Pascal, Rust, Go, Haskell...)
    MainFile,   ///< a runtime runs the main file (Python's source; C#'s main.exe under mono)
    MainClass,  ///< a JVM runs the main class from a folder of class files (Java, Kotlin)
};

/// One row of the table. Compiles and runs are described by argument lists with placeholders
/// (Compiler::compile fills them in):
///   - `{flags}`: the compile flags (compile_flags; for C and C++ also the jury's -I folders and
///     the caller's extra flags); `{sources}`: every source; `{main}`: the main source;
///   - inside an argument: `{output}`, where the compiler writes its result (the executable, or
///     the folder of class files or main.exe); `{tmp}`, a writable folder of the compile's own
///     for what the compiler leaves besides (object files, Go's build cache).
struct Language {
    std::string_view key = {};   ///< problem-package language id: "c", "cpp", "python3", "java"...
    std::string_view name = {};  ///< for people: "C", "C++", "Python 3", "Java"...
    std::vector<std::string_view> extensions = {};  ///< ".cpp"...; matched case-sensitively
    /// The program that compiles or checks a source. C and C++'s are looked up on the
    /// judge's PATH; every other one on the PATH a sandboxed program has (kSandboxEnvironment):
    /// a compiler the box could not run is no use for submissions (a rustup rustc in ~/.cargo
    /// is not the box's /usr/bin/rustc).
    std::string_view compiler = {};
    /// The program that runs a MainFile or MainClass program (same lookup); empty for Binary.
    std::string_view runtime = {};
    EntryPoint entry = EntryPoint::Binary;
    /// Flags every compile gets (what `{flags}` stands for, before the C family's additions).
    std::vector<std::string_view> compile_flags = {};
    /// The compile's arguments after the compiler, with the placeholders above.
    std::vector<std::string_view> compile_args = {};
    /// Arguments between the runtime and the program (the JVM's; its heap limit is added per run;
    /// SWI-Prolog's goal).
    std::vector<std::string_view> runtime_flags = {};
    /// MainFile: the file the compiler writes into `{output}` that the runtime starts (C#:
    /// "main.exe"); empty when the runtime runs the main source itself (the program's folder in
    /// the cache then holds the sources).
    std::string_view output_entry = {};
    /// MainClass: jars the run's class path holds besides the program's classes (Kotlin's
    /// standard library).
    std::vector<std::string_view> class_path = {};
    /// The compiler checks the one file `{main}` stands for: a folder's every source is checked
    /// in turn instead, one compile run each, the first that fails deciding (DOMjudge checks
    /// each file of a JavaScript folder: a syntax error in one the program never loads is a
    /// compile error there).
    bool check_each_source = false;
    /// MainFile: the runtime is given every source of the program, the main one first (SWI-
    /// Prolog: Kattis and DOMjudge load all of a submission's files, so a module file is there
    /// without being consulted by name).
    bool runs_every_source = false;
    /// The compiler writes its intermediate files beside the sources, with no option to put
    /// them elsewhere (ocamlopt's .cmi, .cmx and .o): a jury program is then compiled from a
    /// copy in the compile's scratch, not in place (a package's folder is never written).
    bool writes_beside_sources = false;
    /// Environment of every compile (`{tmp}` filled in): Go's build cache and module mode.
    std::vector<std::string_view> compile_environment = {};
    /// Host files or folders a compile and a run of this language need in the box besides the
    /// system's (/usr, /lib...): mono's /etc/mono, ghc's /var/lib/ghc, the JDK's /etc/java-*.
    /// Those that do not exist on this machine are left out.
    std::vector<std::string_view> box_paths = {};
    /// What makes `compiler` print its version (first line; the cache key and reports).
    std::vector<std::string_view> version_args = {"--version"};
    /// Text only a program's main source holds (Java's "static void main"), to find it among
    /// several sources; empty: the sources' names decide (see read_source_set).
    std::string_view main_marker = {};
    /// Processes (threads count) a compile or a run of this language needs at least: a JVM
    /// starts some twenty threads before main(); go build runs a compile per package.
    int min_processes = 16;
    /// Ties between languages of a folder are broken by this (higher wins), as problemtools does.
    int priority = 0;
};

/// Every language the judge knows how to build, in the table's order.
const std::vector<Language>& languages();

/// The language of a file by its extension; nullptr when no row claims it. A ".py" file whose
/// first line is a `#!...python2` shebang is Python 2 (not in the table: nullptr). A ".pl" file
/// is Perl for DOMjudge and Prolog for the package format: Perl when its first line is a perl
/// shebang, else Prolog when it holds `:-` (a Prolog program defines main/0 with one), else Perl.
const Language* language_of_file(const std::filesystem::path& file);

/// For a file the table does not build: the name of its language when it is a known one
/// ("Kotlin", "Python 2", "checktestdata"...), so that a skip can say why; nullopt otherwise.
std::optional<std::string> unsupported_language_name(const std::filesystem::path& file);

/// The programs of the package format that bring their own `build` and/or `run` script (a folder
/// holding either at its top; BAPCtools' validators and generators use them): not a row of the
/// table, which matches no file by extension. read_source_set gives it to such a folder (entry
/// "run"); Compiler::compile runs `build` and then starts `run`.
const Language& build_run_scripts();

/// How `language` is compiled, as the compile cache's key covers it: its argument pattern, its
/// environment and whether each source is checked. A judge that compiles a language otherwise
/// must not take an earlier judge's artifact for its own (Compiler::compile).
std::vector<std::string> compile_recipe(const Language& language);

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
    /// The main source ("main.py", "a.rs"); MainClass: the main class ("Main", "pkg.MainKt").
    std::string entry;
    /// A name for the program (the file's or the folder's stem), for the cache and messages.
    std::string name;

    std::filesystem::path file(const std::string& relative) const;  ///< absolute-ish path
};

/// What a package may say of a submission instead of its files: the language (a package code,
/// "python3"; 2025-09's submissions.yaml `language`, DOMjudge's submissions.json `langid`) and the
/// entry point (`entrypoint`, DOMjudge's `entry_point`): the main file ("ac.py", "main.mjs"), or
/// for Java and Kotlin the main class ("Main", "pkg.MainKt"; a file name of the set also does).
/// Empty: found from the files, as read_source_set says.
struct SourceChoice {
    std::string language_key;
    std::string entry_point;
    bool empty() const { return language_key.empty() && entry_point.empty(); }
};

/// Reads `path` (a file or a folder) into a SourceSet: lists the files, picks the language (for a
/// folder, the one most of its files belong to; ties by priority), the sources and the entry.
/// Throws JudgeError naming the path when it is missing, not a file or folder, holds no file of a
/// language the judge builds (naming the language when it is a known one: "Scala is not a
/// language this judge builds"), or its entry cannot be told (several .java files, none named
/// Main.java or after the folder, and more or fewer than one holding `static void main`).
/// Among several sources the main one is main.* / Main.*, the one named after the folder, the
/// one holding Language::main_marker, else the lexicographically smallest ({mainfile} of the
/// package format). A ".pl" file is Perl or Prolog by its content (language_of_file). `__main__.py`
/// (the 2025-09 format's default entry of Python) counts as main.
/// A folder holding a file `build` or `run` at its top is a program of build_run_scripts()
/// whatever else it holds (its sources, sorted, every file).
/// With a `choice`: its language (by key: UnsupportedLanguage naming it when the judge builds
/// none such; its sources are the files of its extensions) and its entry point (NoEntryPoint when
/// it names no source of the set; for Java and Kotlin a name that is no file is the class).
SourceSet read_source_set(const std::filesystem::path& path, const SourceChoice& choice = {});

}  // namespace judge

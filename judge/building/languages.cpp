#include "building/languages.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <map>
#include <optional>
#include <regex>
#include <system_error>

#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

const std::vector<Language>& languages() {
    // The contest flags: -O2, GNU dialects and -static as DOMjudge and Kattis build; C++17
    // because this project's solutions are C++17 (what `g++ -O2` gives with g++ 12). -static:
    // no case pays the dynamic loader (a trivial C++ program starts in about half the time:
    // bench/run/RESULTS.md), for the submission and the jury's programs alike. -lm for C,
    // where the math library is not linked by default. The JVM flags are Kattis': the serial
    // collector (no GC threads eating the CPU limit) and a 64 MiB thread stack (deep recursion,
    // like RLIMIT_STACK for native programs). javac: -proc:none, as it would otherwise run the
    // annotation processors it finds on its class path (the working folder, where none is
    // given): a package's code, run by the compile of its Java checker.
    // The other languages take Kattis' problemtools flags (config/languages.yaml) where Debian's
    // tools have them; each row says where it differs. No runtime is told the memory limit
    // but the JVM (whose heap would otherwise be sized from the machine's memory): the run's
    // memory cgroup counts what a program touches, not what it reserves, so Go's, GHC's and
    // mono's large reservations cost nothing, and a program over the limit is MLE, not RE.
    static const std::vector<Language> table = {
        {.key = "cpp",
         .name = "C++",
         .extensions = {".cpp", ".cc", ".cxx", ".c++", ".C"},
         .compiler = "g++",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-O2", "-std=gnu++17", "-static"},
         .compile_args = {"{flags}", "{sources}", "-o", "{output}"},
         .priority = 1000},
        {.key = "c",
         .name = "C",
         .extensions = {".c"},
         .compiler = "gcc",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-O2", "-std=gnu17", "-static"},
         .compile_args = {"{flags}", "{sources}", "-o", "{output}", "-lm"},
         .priority = 950},
        {.key = "java",
         .name = "Java",
         .extensions = {".java"},
         .compiler = "javac",
         .runtime = "java",
         .entry = EntryPoint::MainClass,
         .compile_flags = {"-encoding", "UTF-8", "-proc:none"},
         .compile_args = {"{flags}", "-d", "{output}", "{sources}"},
         .runtime_flags = {"-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xss64m"},
         .box_paths = {"/etc/java-*"},
         .version_args = {"-version"},
         .main_marker = "static void main",
         .min_processes = 128,
         .priority = 800},
        // The syntax check compiles every file and writes nothing (py_compile would leave
        // __pycache__ beside a jury program).
        {.key = "python3",
         .name = "Python 3",
         .extensions = {".py", ".py3"},
         .compiler = "python3",
         .runtime = "python3",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-c",
                          "import sys\n"
                          "for name in sys.argv[1:]:\n"
                          "    with open(name, 'rb') as f:\n"
                          "        compile(f.read(), name, 'exec')\n",
                          "{sources}"},
         .priority = 850},
        // C#: mono's compiler and runtime, as Kattis runs them.
        {.key = "csharp",
         .name = "C#",
         .extensions = {".cs"},
         .compiler = "mcs",
         .runtime = "mono",
         .entry = EntryPoint::MainFile,
         .compile_flags = {"-optimize+", "-r:System.Numerics"},
         .compile_args = {"{flags}", "-out:{output}/main.exe", "{sources}"},
         .output_entry = "main.exe",
         .box_paths = {"/etc/mono"},
         .min_processes = 64,
         .priority = 700},
        // Haskell: -tmpdir and -outputdir keep ghc's object and interface files out of a jury
        // program's folder. No -rtsopts: a program's RTS options are the ones it was built with.
        // Debian's package database is /var/lib/ghc (/usr/lib/ghc/package.conf.d links there).
        {.key = "haskell",
         .name = "Haskell",
         .extensions = {".hs"},
         .compiler = "ghc",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-O2", "-ferror-spans", "-threaded"},
         .compile_args = {"{flags}", "-tmpdir", "{tmp}", "-outputdir", "{tmp}", "-o", "{output}",
                          "{sources}"},
         .box_paths = {"/var/lib/ghc"},
         .min_processes = 64,
         .priority = 600},
        // Rust: Debian's rustc (1.63) as Kattis' flags, but not -C target-cpu=native (a cached
        // binary may run on another CPU of a shared cache).
        {.key = "rust",
         .name = "Rust",
         .extensions = {".rs"},
         .compiler = "rustc",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-C", "opt-level=3", "--crate-type", "bin", "--edition", "2021"},
         .compile_args = {"{flags}", "-o", "{output}", "{main}"},
         .main_marker = "fn main",
         .min_processes = 64,
         .priority = 575},
        // JavaScript: Node.js. --check takes one file: each of a folder's in turn, as DOMjudge
        // checks them (its example multifile-js-3: a broken module the program never imports).
        {.key = "javascript",
         .name = "JavaScript",
         .extensions = {".js", ".mjs"},
         .compiler = "node",
         .runtime = "node",
         .entry = EntryPoint::MainFile,
         .compile_args = {"--check", "{main}"},
         .check_each_source = true,
         .version_args = {"--version"},
         .min_processes = 32,
         .priority = 500},
        // PHP: -n (no php.ini of the machine's) and no memory_limit of PHP's own (128 MiB by
        // default): the judge's limit is the run's.
        {.key = "php",
         .name = "PHP",
         .extensions = {".php"},
         .compiler = "php",
         .runtime = "php",
         .entry = EntryPoint::MainFile,
         .compile_flags = {"-n", "-d", "display_errors=stderr", "-d", "html_errors=0"},
         .compile_args = {"{flags}", "-l", "{main}"},
         .runtime_flags = {"-n", "-d", "display_errors=stderr", "-d", "html_errors=0", "-d",
                           "memory_limit=-1", "-f"},
         .priority = 450},
        // Go: Debian's go (1.19), not gccgo. Its build cache and GOPATH are the compile's own
        // scratch (the box's HOME is not for it, and a jury compile must not write the judge's
        // ~/.cache); GO111MODULE=off: a submission is a file or a folder of package main, never a
        // module to download. No -trimpath: with it go rebuilds the whole standard library
        // (Debian ships it built without), 8 s and 11 s of CPU a compile instead of 0.5 s; the
        // binary keeps the box's paths (/box, the scratch), which tell nothing.
        {.key = "go",
         .name = "Go",
         .extensions = {".go"},
         .compiler = "go",
         .entry = EntryPoint::Binary,
         .compile_args = {"build", "-o", "{output}", "{sources}"},
         .compile_environment = {"GOCACHE={tmp}/go-build", "GOPATH={tmp}/go", "GO111MODULE=off",
                                 "GOPROXY=off", "CGO_ENABLED=0"},
         .version_args = {"version"},
         .min_processes = 64,
         .priority = 400},
        // Pascal: Free Pascal with Kattis' flags and DOMjudge's -Sg (goto). -n and the unit path
        // instead of /etc/fpc.cfg, which the box does not show; -FU: unit files to the scratch.
        {.key = "pascal",
         .name = "Pascal",
         .extensions = {".pas", ".pp", ".p"},
         .compiler = "fpc",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-n", "-O2", "-XS", "-Xt", "-Sg", "-viwn",
                           "-Fu/usr/lib/x86_64-linux-gnu/fpc/$fpcversion/units/$fpctarget/*"},
         .compile_args = {"{flags}", "-FU{tmp}", "-o{output}", "{main}"},
         .version_args = {"-iW"},
         .main_marker = "program",
         .priority = 350},
        // Kotlin: Debian's kotlinc (1.3.31), run as Java with Kotlin's standard library. The
        // compiler's own JVM with the serial collector and the quick JIT only: a hello world
        // takes about 4 s of CPU (27 s of wall time on a loaded 2-core machine), under 30 s.
        {.key = "kotlin",
         .name = "Kotlin",
         .extensions = {".kt"},
         .compiler = "kotlinc",
         .runtime = "java",
         .entry = EntryPoint::MainClass,
         .compile_flags = {"-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1"},
         .compile_args = {"{flags}", "-d", "{output}", "{sources}"},
         .runtime_flags = {"-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xss64m"},
         .class_path = {"/usr/share/java/kotlin-stdlib.jar"},
         .box_paths = {"/etc/java-*"},
         .version_args = {"-version"},
         .main_marker = "fun main",
         .min_processes = 128,
         .priority = 250},
        // Scala: Debian's scalac (2.11.12, run on the default JDK), run as Java with Scala's
        // library, as Kattis and DOMjudge run it; the compiler's JVM as Kotlin's. The main class
        // is the object that declares main (or extends App).
        {.key = "scala",
         .name = "Scala",
         .extensions = {".scala"},
         .compiler = "scalac",
         .runtime = "java",
         .entry = EntryPoint::MainClass,
         .compile_flags = {"-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1"},
         .compile_args = {"{flags}", "-d", "{output}", "{sources}"},
         .runtime_flags = {"-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xss64m"},
         .class_path = {"/usr/share/java/scala-library.jar"},
         .box_paths = {"/etc/java-*"},
         .version_args = {"-version"},
         .main_marker = "def main",
         .min_processes = 128,
         .priority = 240},
        // Ruby, Perl, Lua, Bash: syntax checks of the main file (ruby -c checks one file).
        {.key = "ruby",
         .name = "Ruby",
         .extensions = {".rb"},
         .compiler = "ruby",
         .runtime = "ruby",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-c", "{main}"},
         .priority = 650},
        {.key = "perl",
         .name = "Perl",
         .extensions = {".pl", ".pm"},
         .compiler = "perl",
         .runtime = "perl",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-c", "{main}"},
         .version_args = {"-e", "print \"perl $^V\\n\""},
         .priority = 150},
        {.key = "lua",
         .name = "Lua",
         .extensions = {".lua"},
         .compiler = "luac5.4",
         .runtime = "lua5.4",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-p", "{sources}"},
         .version_args = {"-v"},
         .priority = 320},
        {.key = "bash",
         .name = "Bash",
         .extensions = {".sh", ".bash"},
         .compiler = "bash",
         .runtime = "bash",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-n", "{main}"},
         .priority = 310},
        // Fortran: gfortran as C.
        {.key = "fortran",
         .name = "Fortran",
         .extensions = {".f90", ".f95", ".f03", ".f", ".for"},
         .compiler = "gfortran",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-O2", "-static"},
         .compile_args = {"{flags}", "{sources}", "-o", "{output}"},
         .priority = 300},
        // AWK: mawk, in every Debian (priority required), as the check and the runtime. Its
        // `-W dump` parses the program and prints its code without running it (a syntax error
        // is exit 2); gawk, where installed, would run it instead.
        {.key = "awk",
         .name = "AWK",
         .extensions = {".awk"},
         .compiler = "mawk",
         .runtime = "mawk",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-W", "dump", "-f", "{main}"},
         .runtime_flags = {"-f"},
         .version_args = {"-W", "version"},
         .priority = 50},
        // Ada: GNAT's gnatmake as DOMjudge builds it (-static, the binder's and the linker's
        // too). It finds the main unit's other units in the working folder (a submission's box);
        // -D puts the object and binder files in the scratch. A file name that is not the unit's
        // (test-hello.adb holding Hello) is a warning only, as under DOMjudge. Specs (.ads) are
        // no sources of their own: gnatmake reads them where the bodies need them.
        {.key = "ada",
         .name = "Ada",
         .extensions = {".adb", ".ada"},
         .compiler = "gnatmake",
         .entry = EntryPoint::Binary,
         .compile_flags = {"-O2", "-static"},
         .compile_args = {"{flags}", "-D", "{tmp}", "-o", "{output}", "{main}", "-bargs", "-static",
                          "-largs", "-static"},
         .priority = 280},
        // OCaml: ocamlopt (native code) as DOMjudge and Kattis build it, with Kattis' libraries
        // (unix, str, bigarray: problemtools' own example `different.ml` splits with Str). It
        // writes its .cmi, .cmx and .o beside the sources: a submission's are the box's copy, a
        // jury program's a copy in the scratch. The sources in the order of their names, which
        // OCaml needs to be their dependency order.
        {.key = "ocaml",
         .name = "OCaml",
         .extensions = {".ml"},
         .compiler = "ocamlopt",
         .entry = EntryPoint::Binary,
         .compile_args = {"-o", "{output}", "unix.cmxa", "str.cmxa", "bigarray.cmxa", "{sources}"},
         .writes_beside_sources = true,
         .version_args = {"-version"},
         .priority = 270},
        // R: Rscript, as DOMjudge runs it; the check parses each file (parse(), which runs
        // nothing; a syntax error is exit 1). R's start-up script reads /etc/R.
        {.key = "r",
         .name = "R",
         .extensions = {".R", ".r"},
         .compiler = "Rscript",
         .runtime = "Rscript",
         .entry = EntryPoint::MainFile,
         .compile_args = {"-e", "invisible(parse(commandArgs(TRUE)[1]))", "{main}"},
         .check_each_source = true,
         .box_paths = {"/etc/R"},
         .min_processes = 32,
         .priority = 260},
        // Common Lisp: SBCL, as Kattis and BAPCtools run it: the check compiles the main file
        // (into the compile's scratch: compile-file writes a .fasl beside its source otherwise)
        // and fails when nothing came of it; the run loads the source.
        {.key = "lisp",
         .name = "Common Lisp",
         .extensions = {".lisp", ".cl"},
         .compiler = "sbcl",
         .runtime = "sbcl",
         .entry = EntryPoint::MainFile,
         .compile_args = {"--noinform", "--noprint", "--non-interactive", "--eval",
                          "(if (null (compile-file (car (last sb-ext:*posix-argv*)) :output-file "
                          "\"{tmp}/main.fasl\")) (sb-ext:exit :code 43))",
                          "--end-toplevel-options", "{main}"},
         .runtime_flags = {"--noinform", "--non-interactive", "--load"},
         .priority = 200},
        // Prolog: SWI-Prolog runs main/0 (Kattis' and DOMjudge's goal) with every file of the
        // submission loaded, as both give `swipl` all of them (problemtools' `different` has
        // its reading predicates in a module file of its own). The check loads them and stops
        // before main (--on-error=halt: a syntax error is exit 1); Kattis' saved state would
        // be a script, which the runner cannot exec through a descriptor.
        {.key = "prolog",
         .name = "Prolog",
         .extensions = {".plg", ".pl"},
         .compiler = "swipl",
         .runtime = "swipl",
         .entry = EntryPoint::MainFile,
         .compile_args = {"--on-error=halt", "-q", "-g", "halt", "{sources}"},
         .runtime_flags = {"-O", "-q", "-g", "main", "-t", "halt"},
         .runs_every_source = true,
         .min_processes = 32,
         .priority = 100},
    };
    return table;
}

const Language& build_run_scripts() {
    // Scripts run what they like (the format promises them a shell, python3, cc and c++): no
    // compiler of the judge's, so no version of one in the cache key.
    static const Language scripts{.key = "build-run",
                                  .name = "build/run scripts",
                                  .entry = EntryPoint::MainFile,
                                  .min_processes = 64};
    return scripts;
}

std::vector<std::string> compile_recipe(const Language& language) {
    std::vector<std::string> recipe{"arguments"};
    recipe.insert(recipe.end(), language.compile_args.begin(), language.compile_args.end());
    recipe.push_back("environment");
    recipe.insert(recipe.end(), language.compile_environment.begin(),
                  language.compile_environment.end());
    recipe.push_back(language.check_each_source ? "each source" : "the main source");
    return recipe;
}

const Language* language_by_key(std::string_view key) {
    for (const Language& language : languages())
        if (language.key == key) return &language;
    return nullptr;
}

namespace {

// The first 256 bytes of `file` (empty when it is not a regular file or cannot be read): enough
// for a shebang line. O_NONBLOCK: a FIFO never blocks the open; a source of one endless line
// (/proc/self/pagemap behind a .py name) costs nothing.
std::string head_of(const fs::path& file) {
    int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return "";
    char head[256];
    ssize_t got = 0;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        do got = ::read(fd, head, sizeof head);
        while (got < 0 && errno == EINTR);
    }
    ::close(fd);
    return std::string(head, got > 0 ? static_cast<std::size_t>(got) : 0);
}

// Whether `file` starts with a `#!` line naming `interpreter` ("python2", "perl").
bool has_shebang(const fs::path& file, std::string_view interpreter) {
    std::string head = head_of(file);
    std::string_view first(head);
    first = first.substr(0, first.find('\n'));
    return first.rfind("#!", 0) == 0 && first.find(interpreter) != std::string_view::npos;
}

bool has_python2_shebang(const fs::path& file) { return has_shebang(file, "python2"); }

// A ".pl" file is Perl for DOMjudge and Prolog for the package format: Perl when its first line
// is a perl shebang, else Prolog when it holds a clause's `:-` (a Prolog program defines main
// with one), else Perl. Only its first 64 KiB are read (a regular file, as head_of).
bool looks_like_prolog(const fs::path& file) {
    if (has_shebang(file, "perl")) return false;
    int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    std::string text(64 * 1024, '\0');
    ssize_t got = 0;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        do got = ::read(fd, text.data(), text.size());
        while (got < 0 && errno == EINTR);
    }
    ::close(fd);
    text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
    return text.find(":-") != std::string::npos;
}

}  // namespace

const Language* language_of_file(const fs::path& file) {
    std::string extension = file.extension().string();
    for (const Language& language : languages()) {
        if (std::find(language.extensions.begin(), language.extensions.end(), extension) ==
            language.extensions.end())
            continue;
        if (language.key == "python3" && has_python2_shebang(file)) return nullptr;
        if (extension == ".pl" && (language.key == "prolog") != looks_like_prolog(file)) continue;
        return &language;
    }
    return nullptr;
}

std::optional<std::string> unsupported_language_name(const fs::path& file) {
    static const std::map<std::string, std::string> known = {
        {".scala", "Scala"},   {".swift", "Swift"},       {".ts", "TypeScript"},
        {".py2", "Python 2"},  {".ctd", "checktestdata"}, {".viva", "VIVA"},
        {".d", "D"},           {".cob", "COBOL"},         {".jl", "Julia"},
        {".m", "Objective-C"}, {".dart", "Dart"},
    };
    std::string extension = file.extension().string();
    if ((extension == ".py" || extension == ".py3") && has_python2_shebang(file)) return "Python 2";
    auto found = known.find(extension);
    if (found == known.end()) return std::nullopt;
    return found->second;
}

fs::path SourceSet::file(const std::string& relative) const {
    return fs::is_directory(path) ? path / relative : path;
}

namespace {

// Java source without its comments (string literals are not parsed: a "/*" in one is rare).
std::string without_java_comments(const std::string& text) {
    std::string code;
    for (std::size_t at = 0; at < text.size();) {
        if (text.compare(at, 2, "//") == 0) {
            at = std::min(text.find('\n', at), text.size());
        } else if (text.compare(at, 2, "/*") == 0) {
            std::size_t end = text.find("*/", at + 2);
            at = end == std::string::npos ? text.size() : end + 2;
            code += ' ';
        } else {
            code += text[at++];
        }
    }
    return code;
}

// The class that declares `static void main` in a Java source: the last class, interface, enum
// or record declared before it (as DOMjudge finds it: a submission's file name need not be its
// class name, test-hello.java). nullopt when there is no main method or no class before it.
std::optional<std::string> java_class_declaring_main(const std::string& text) {
    std::size_t main_at = text.find("static void main");
    if (main_at == std::string::npos) return std::nullopt;
    static const std::regex kDeclaration(
        R"((?:^|[^\w$])(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*))");
    std::optional<std::string> last;
    std::string before = text.substr(0, main_at);
    for (std::sregex_iterator it(before.begin(), before.end(), kDeclaration), end; it != end; ++it)
        last = (*it)[1].str();
    return last;
}

// The main class of a Java source (`text`: its code without comments): its file's stem, or
// else the class that declares main, behind the `package` it declares.
std::string java_class_of(const fs::path& file, const std::string& text) {
    std::string class_name = file.stem().string();
    static const std::regex kIdentifier(R"([A-Za-z_]\w*)");
    bool stem_declared = std::regex_match(class_name, kIdentifier) &&
                         std::regex_search(text, std::regex("(class|interface|enum|record)\\s+" +
                                                            class_name + "(?![\\w$])"));
    if (!stem_declared)
        if (std::optional<std::string> declaring = java_class_declaring_main(text))
            class_name = *declaring;
    std::size_t at = 0;
    // The first `package x.y;` at the start of a line (comments before it are rare enough).
    while ((at = text.find("package", at)) != std::string::npos) {
        bool line_start = at == 0 || text[at - 1] == '\n';
        std::size_t end = text.find(';', at);
        if (line_start && end != std::string::npos) {
            std::string name = text.substr(at + 7, end - at - 7);
            name.erase(std::remove_if(name.begin(), name.end(),
                                      [](char c) { return c == ' ' || c == '\t' || c == '\r'; }),
                       name.end());
            if (!name.empty()) return name + "." + class_name;
        }
        at += 7;
    }
    return class_name;
}

// Which of several sources is the program's entry: main.py / Main.java, the one named after the
// folder, the one source that holds the language's main_marker (Java's `static void main`,
// Rust's `fn main`), else the lexicographically smallest, as the package format defines
// {mainfile}. Binary languages whose compiler takes all sources (C, Go) need none.
std::string pick_entry(const SourceSet& set) {
    if (set.sources.size() == 1) return set.sources[0];
    std::string folder = set.path.filename().string();
    for (const std::string& source : set.sources) {
        std::string stem = fs::path(source).stem().string();
        if (stem == "main" || stem == "Main" || stem == "__main__" || stem == folder) return source;
    }
    if (!set.language->main_marker.empty()) {
        std::vector<std::string> with_main;
        for (const std::string& source : set.sources)
            if (read_file(set.file(source), 1 << 20).find(set.language->main_marker) !=
                std::string::npos)
                with_main.push_back(source);
        if (with_main.size() == 1) return with_main[0];
        throw NoEntryPoint("cannot tell which " + std::string(set.language->name) +
                           " file is the main program of " + set.path.string() + " (" +
                           std::to_string(with_main.size()) + " hold " +
                           std::string(set.language->main_marker) + "; name it main" +
                           std::string(set.language->extensions[0]) + " or after the folder)");
    }
    return set.sources[0];  // sorted
}

// Kotlin's main class: the file's stem, capitalised, and "Kt" (what kotlinc names a file's
// class), behind the file's `package`.
std::string kotlin_class_of(const fs::path& file) {
    std::string class_name = file.stem().string();
    if (!class_name.empty())
        class_name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(class_name[0])));
    for (char& c : class_name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
    class_name += "Kt";
    std::string text = read_file(file, 1 << 20);
    static const std::regex kPackage(R"((?:^|\n)\s*package\s+([\w.]+))");
    std::smatch match;
    if (std::regex_search(text, match, kPackage)) return match[1].str() + "." + class_name;
    return class_name;
}

// Scala's main class: the last object declared before `def main`, else an object that extends
// App, else the file's stem; behind the file's `package`.
std::string scala_object_of(const fs::path& file) {
    std::string text = without_java_comments(read_file(file, 1 << 20));
    static const std::regex kObject(R"((?:^|[^\w$])object\s+([A-Za-z_$][\w$]*))");
    static const std::regex kApp(R"((?:^|[^\w$])object\s+([A-Za-z_$][\w$]*)\s+extends\s+App\b)");
    std::string name = file.stem().string();
    std::size_t main_at = text.find("def main");
    std::smatch match;
    if (main_at != std::string::npos) {
        std::string before = text.substr(0, main_at);
        for (std::sregex_iterator it(before.begin(), before.end(), kObject), end; it != end; ++it)
            name = (*it)[1].str();
    } else if (std::regex_search(text, match, kApp)) {
        name = match[1].str();
    }
    static const std::regex kPackage(R"((?:^|\n)\s*package\s+([\w.]+))");
    if (std::regex_search(text, match, kPackage)) return match[1].str() + "." + name;
    return name;
}

SourceSet with_entry(SourceSet set, const SourceChoice& choice);

}  // namespace

SourceSet read_source_set(const fs::path& path, const SourceChoice& choice) {
    SourceSet set;
    set.path = path;
    std::error_code error;
    fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) throw JudgeError(path.string() + " not found");
    if (fs::is_regular_file(status)) {
        set.files = {path.filename().string()};
        set.name = path.stem().string();
    } else if (fs::is_directory(status)) {
        for (fs::recursive_directory_iterator it(path, error), end; !error && it != end;
             it.increment(error)) {
            // The entry's own name (lexically: fs::relative would resolve a link to where it
            // points, "../secret.hpp", and the link's target would be read as a file of the set).
            if (it->is_regular_file(error))
                set.files.push_back(it->path().lexically_relative(path).string());
        }
        if (error) throw JudgeError("cannot list " + path.string() + ": " + error.message());
        std::sort(set.files.begin(), set.files.end());
        set.name = path.filename().string();
        for (const char* script : {"build", "run"}) {
            if (std::find(set.files.begin(), set.files.end(), script) == set.files.end()) continue;
            set.language = &build_run_scripts();
            set.sources = set.files;
            set.entry = "run";
            return set;
        }
    } else {
        throw JudgeError(path.string() + " is neither a file nor a folder");
    }

    if (!choice.language_key.empty()) {
        set.language = language_by_key(choice.language_key);
        if (!set.language)
            throw UnsupportedLanguage("'" + choice.language_key + "' (the language " +
                                      path.string() + " is given) is not a language this judge " +
                                      "builds");
        for (const std::string& file : set.files) {
            std::string extension = fs::path(file).extension().string();
            if (std::find(set.language->extensions.begin(), set.language->extensions.end(),
                          extension) != set.language->extensions.end())
                set.sources.push_back(file);
        }
        if (set.sources.empty())
            throw NoEntryPoint(path.string() + " holds no " + std::string(set.language->name) +
                               " file (" + choice.language_key + " is the language it is given)");
        return with_entry(set, choice);
    }
    // The language most files belong to; ties by priority.
    std::map<const Language*, int> counts;
    for (const std::string& file : set.files)
        if (const Language* language = language_of_file(set.file(file))) ++counts[language];
    for (const auto& [language, count] : counts) {
        if (!set.language || count > counts[set.language] ||
            (count == counts[set.language] && language->priority > set.language->priority))
            set.language = language;
    }
    if (!set.language) {
        for (const std::string& file : set.files)
            if (auto name = unsupported_language_name(set.file(file)))
                throw UnsupportedLanguage(*name + " is not a language this judge builds (" +
                                          set.file(file).string() + ")");
        std::string names;
        for (const Language& language : languages())
            names += (names.empty() ? "" : ", ") + std::string(language.name);
        std::string why =
            path.string() + " holds no source of a language the judge builds (" + names + ")";
        // A folder of files in no language we know: a language we do not build (skipped by
        // judge verify), not a judge failure.
        if (fs::is_directory(status)) throw UnsupportedLanguage(why);
        throw JudgeError(why);
    }
    for (const std::string& file : set.files)
        if (language_of_file(set.file(file)) == set.language) set.sources.push_back(file);
    return with_entry(set, choice);
}

namespace {

// `set` (files, language and sources read) with its entry: the one `choice` names, else the one
// its files tell.
SourceSet with_entry(SourceSet set, const SourceChoice& choice) {
    const bool class_entry = set.language->entry == EntryPoint::MainClass;
    if (!choice.entry_point.empty()) {
        bool names_source = std::find(set.sources.begin(), set.sources.end(), choice.entry_point) !=
                            set.sources.end();
        if (!names_source && !class_entry)
            throw NoEntryPoint("the entry point '" + choice.entry_point + "' given for " +
                               set.path.string() + " names none of its " +
                               std::string(set.language->name) + " files");
        if (!names_source) {  // a class name, as the package gives it
            set.entry = choice.entry_point;
            return set;
        }
        set.entry = choice.entry_point;
    } else {
        set.entry = pick_entry(set);
    }
    if (set.language->key == "java") {
        // No class declares main: java would fail at run time ("Main method not found"), which
        // DOMjudge, finding the class when compiling, reports as a compile error (its
        // example mainclass-missing/main.java).
        static const std::regex kMainMethod(R"((^|[^\w$])void\s+main\s*\()");
        std::string code = without_java_comments(read_file(set.file(set.entry), 1 << 20));
        if (!std::regex_search(code, kMainMethod))
            throw NoEntryPoint(set.file(set.entry).string() +
                               ": no class declares `static void main` (the program's entry)");
        set.entry = java_class_of(set.file(set.entry), code);
    }
    if (set.language->key == "kotlin") set.entry = kotlin_class_of(set.file(set.entry));
    if (set.language->key == "scala") set.entry = scala_object_of(set.file(set.entry));
    return set;
}

}  // namespace

}  // namespace judge

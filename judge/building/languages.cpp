#include "building/languages.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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
    static const std::vector<Language> table = {
        {"cpp",
         "C++",
         {".cpp", ".cc", ".cxx", ".c++", ".C"},
         "g++",
         "",
         EntryPoint::Binary,
         {"-O2", "-std=gnu++17", "-static"},
         {},
         {},
         16,
         1000},
        {"c",
         "C",
         {".c"},
         "gcc",
         "",
         EntryPoint::Binary,
         {"-O2", "-std=gnu17", "-static"},
         {"-lm"},
         {},
         16,
         950},
        {"java",
         "Java",
         {".java"},
         "javac",
         "java",
         EntryPoint::MainClass,
         {"-encoding", "UTF-8", "-proc:none"},
         {},
         {"-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xss64m"},
         128,
         800},
        {"python3",
         "Python 3",
         {".py", ".py3"},
         "python3",
         "python3",
         EntryPoint::MainFile,
         {},
         {},
         {},
         16,
         850},
    };
    return table;
}

const Language* language_by_key(std::string_view key) {
    for (const Language& language : languages())
        if (language.key == key) return &language;
    return nullptr;
}

namespace {

// Whether `file` starts with a `#!` line naming python2. Only its first 256 bytes are read (a
// shebang is short), and only of a regular file (O_NONBLOCK: a FIFO never blocks the open): a
// source of one endless line (/proc/self/pagemap behind a .py name) costs nothing.
bool has_python2_shebang(const fs::path& file) {
    int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    char head[256];
    ssize_t got = 0;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        do got = ::read(fd, head, sizeof head);
        while (got < 0 && errno == EINTR);
    }
    ::close(fd);
    std::string_view first(head, got > 0 ? static_cast<std::size_t>(got) : 0);
    first = first.substr(0, first.find('\n'));
    return first.rfind("#!", 0) == 0 && first.find("python2") != std::string_view::npos;
}

}  // namespace

const Language* language_of_file(const fs::path& file) {
    std::string extension = file.extension().string();
    for (const Language& language : languages()) {
        if (std::find(language.extensions.begin(), language.extensions.end(), extension) ==
            language.extensions.end())
            continue;
        if (language.key == "python3" && has_python2_shebang(file)) return nullptr;
        return &language;
    }
    return nullptr;
}

std::optional<std::string> unsupported_language_name(const fs::path& file) {
    static const std::map<std::string, std::string> known = {
        {".kt", "Kotlin"},
        {".scala", "Scala"},
        {".cs", "C#"},
        {".go", "Go"},
        {".hs", "Haskell"},
        {".js", "JavaScript"},
        {".mjs", "JavaScript"},
        {".awk", "AWK"},
        {".bash", "Bash"},
        {".R", "R"},
        {".f95", "Fortran"},
        {".pp", "Pascal"},
        {".p", "Pascal"},
        {".plg", "Prolog"},
        {".lisp", "Common Lisp"},
        {".ml", "OCaml"},
        {".php", "PHP"},
        {".rb", "Ruby"},
        {".rs", "Rust"},
        {".pl", "Perl or Prolog"},
        {".pas", "Pascal"},
        {".f90", "Fortran"},
        {".swift", "Swift"},
        {".ts", "TypeScript"},
        {".py2", "Python 2"},
        {".ctd", "checktestdata"},
        {".viva", "VIVA"},
        {".d", "D"},
        {".cob", "COBOL"},
        {".ada", "Ada"},
        {".adb", "Ada"},
        {".lua", "Lua"},
        {".jl", "Julia"},
        {".m", "Objective-C"},
        {".sh", "Bash"},
        {".dart", "Dart"},
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

// The main class of a Java source: its file's stem, or else the class that declares main,
// behind the `package` it declares.
std::string java_class_of(const fs::path& file) {
    std::string text = without_java_comments(read_file(file, 1 << 20));
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
// folder, or (Java) the one source that declares a main method.
std::string pick_entry(const SourceSet& set) {
    if (set.sources.size() == 1) return set.sources[0];
    std::string folder = set.path.filename().string();
    for (const std::string& source : set.sources) {
        std::string stem = fs::path(source).stem().string();
        if (stem == "main" || stem == "Main" || stem == folder) return source;
    }
    if (set.language->entry == EntryPoint::MainClass) {
        std::vector<std::string> with_main;
        for (const std::string& source : set.sources)
            if (read_file(set.file(source), 1 << 20).find("static void main") != std::string::npos)
                with_main.push_back(source);
        if (with_main.size() == 1) return with_main[0];
    }
    throw JudgeError("cannot tell which " + std::string(set.language->name) +
                     " file is the main program of " + set.path.string() + " (name it main" +
                     std::string(set.language->extensions[0]) + " or after the folder)");
}

}  // namespace

SourceSet read_source_set(const fs::path& path) {
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
    } else {
        throw JudgeError(path.string() + " is neither a file nor a folder");
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
        std::string why = path.string() + " holds no source of a language the judge builds (C, " +
                          "C++, Java, Python 3)";
        // A folder of files in no language we know: a language we do not build (skipped by
        // judge verify), not a judge failure.
        if (fs::is_directory(status)) throw UnsupportedLanguage(why);
        throw JudgeError(why);
    }
    for (const std::string& file : set.files)
        if (language_of_file(set.file(file)) == set.language) set.sources.push_back(file);
    if (set.language->entry != EntryPoint::Binary) {
        set.entry = pick_entry(set);
        if (set.language->entry == EntryPoint::MainClass)
            set.entry = java_class_of(set.file(set.entry));
    }
    return set;
}

}  // namespace judge

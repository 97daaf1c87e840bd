#include "building/compiler.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <regex>
#include <thread>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

class CompilerTest : public ::testing::Test {
 protected:
    TempDir dir{"judge-compiler-test"};
    Compiler compiler{dir.path(), dir.path() / "cache"};
};

TEST_F(CompilerTest, FlagsAreTheContestFlags) {
    auto solution = compiler.flags_for(SourceKind::Solution, {});
    EXPECT_EQ(solution, (std::vector<std::string>{"-O2", "-std=gnu++17", "-static"}));
    auto checker = compiler.flags_for(SourceKind::Checker, {"-g"});
    ASSERT_EQ(checker.size(), 8u);
    EXPECT_EQ(checker[4], (dir.path() / "checkers").string());
    EXPECT_EQ(checker.back(), "-g");
}

TEST_F(CompilerTest, ASanitizedBuildIsNotStatic) {
    // The sanitizers' runtimes are shared libraries: -static would not link.
    auto sanitized = compiler.flags_for(SourceKind::Solution, {"-fsanitize=address", "-g"});
    EXPECT_EQ(sanitized,
              (std::vector<std::string>{"-O2", "-std=gnu++17", "-fsanitize=address", "-g"}));
}

TEST_F(CompilerTest, BinariesAreStatic) {
    fs::path source = test::write_text(dir.path() / "static.cpp", "int main() {}\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(result.ok) << result.message;
    // A dynamic ELF names its loader in a PT_INTERP program header; a static one has none.
    std::string elf = read_file(result.binary);
    ASSERT_GT(elf.size(), 64u);
    ASSERT_EQ(elf.compare(0, 4,
                          "\x7f"
                          "ELF"),
              0);
    auto number = [&](std::size_t at, std::size_t width) {
        std::uint64_t value = 0;
        for (std::size_t i = 0; i < width; ++i)
            value |= static_cast<std::uint64_t>(static_cast<unsigned char>(elf[at + i])) << (8 * i);
        return value;
    };
    std::uint64_t table = number(0x20, 8), entry_size = number(0x36, 2), entries = number(0x38, 2);
    ASSERT_LE(table + entry_size * entries, elf.size());
    for (std::uint64_t i = 0; i < entries; ++i)
        EXPECT_NE(number(table + i * entry_size, 4), 3u) << "PT_INTERP: dynamically linked";
}

TEST_F(CompilerTest, CompilesCachesAndRecompilesOnChange) {
    fs::path source = test::write_text(dir.path() / "hello.cpp",
                                       "#include <cstdio>\nint main() { std::puts(\"hi\"); }\n");
    CompileResult first = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(first.ok) << first.message;
    EXPECT_FALSE(first.from_cache);
    EXPECT_TRUE(fs::is_regular_file(first.binary));
    EXPECT_EQ(first.binary.parent_path(), dir.path() / "cache");

    CompileResult second = compiler.compile(source, SourceKind::Solution);
    EXPECT_TRUE(second.from_cache);
    EXPECT_EQ(second.binary, first.binary);

    CompileResult other_flags = compiler.compile(source, SourceKind::Solution, {"-g"});
    ASSERT_TRUE(other_flags.ok);
    EXPECT_NE(other_flags.binary, first.binary);

    test::write_text(source, "#include <cstdio>\nint main() { std::puts(\"bye\"); }\n");
    CompileResult edited = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(edited.ok);
    EXPECT_FALSE(edited.from_cache);
    EXPECT_NE(edited.binary, first.binary);
}

TEST_F(CompilerTest, AnEditedQuotedIncludeRecompiles) {
    // A generator that includes a solution (as generators/bubbles.cpp does) must be rebuilt when
    // the solution changes, even though its own bytes did not. (Jury kinds only: a solution is
    // compiled alone, see SolutionSeesNoFileNextToIt.)
    fs::create_directories(dir.path() / "sub");
    test::write_text(dir.path() / "sub" / "inner.hpp", "#define WORD \"one\"\n");
    test::write_text(dir.path() / "outer.hpp", "#include \"sub/inner.hpp\"\n");
    fs::path source = test::write_text(
        dir.path() / "uses.cpp",
        "#include <cstdio>\n  #  include \"outer.hpp\"\nint main() { std::puts(WORD); }\n");
    CompileResult first = compiler.compile(source, SourceKind::Generator);
    ASSERT_TRUE(first.ok) << first.message;
    EXPECT_TRUE(compiler.compile(source, SourceKind::Generator).from_cache);

    test::write_text(dir.path() / "sub" / "inner.hpp", "#define WORD \"two\"\n");
    CompileResult edited = compiler.compile(source, SourceKind::Generator);
    ASSERT_TRUE(edited.ok) << edited.message;
    EXPECT_FALSE(edited.from_cache);
    EXPECT_NE(edited.binary, first.binary);
}

TEST_F(CompilerTest, CompileErrorIsAResultWithTheMessage) {
    fs::path source = test::write_text(dir.path() / "broken.cpp", "int main() { return x; }\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.message.find("was not declared"), std::string::npos) << result.message;
    // No binary, no temporary and no scratch folder left in the cache (.locks holds the lock
    // files judges sharing the cache take around a compile, .secret the key's secret).
    for (const auto& entry : fs::directory_iterator(dir.path() / "cache"))
        if (entry.path().filename() != ".locks" && entry.path().filename() != ".secret")
            ADD_FAILURE() << "left in cache: " << entry.path();
}

TEST_F(CompilerTest, MissingSourceOrCompilerIsJudgeError) {
    EXPECT_THROW(compiler.compile(dir.path() / "none.cpp", SourceKind::Solution), JudgeError);
    fs::path source = test::write_text(dir.path() / "a.cpp", "int main() {}\n");
    Compiler missing(dir.path(), dir.path() / "cache", "no-such-compiler-judge-test");
    EXPECT_THROW(missing.compile(source, SourceKind::Solution), JudgeError);
}

TEST_F(CompilerTest, CheckersSeeChecklib) {
    fs::path source =
        test::write_text(dir.path() / "chk.cpp",
                         "#include \"checklib.hpp\"\nint main(int argc, char* argv[]) {\n"
                         "registerTestlibCmd(argc, argv); quitf(_ok, \"fine\"); }\n");
    CompileResult as_checker = compiler.compile(source, SourceKind::Checker);
    EXPECT_TRUE(as_checker.ok) << as_checker.message;
    CompileResult as_solution = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(as_solution.ok);  // solutions get no include path: they must stand alone
}

TEST_F(CompilerTest, ConcurrentCompilesOfOneSourceRunTheCompilerOnce) {
    fs::path source = test::write_text(dir.path() / "same.cpp", "int main() { return 0; }\n");
    std::vector<CompileResult> results(4);
    {
        std::vector<std::jthread> threads;
        for (auto& result : results)
            threads.emplace_back([&] { result = compiler.compile(source, SourceKind::Solution); });
    }
    int compiled = 0;
    for (const auto& result : results) {
        ASSERT_TRUE(result.ok) << result.message;
        EXPECT_EQ(result.binary, results[0].binary);
        if (!result.from_cache) ++compiled;
    }
    EXPECT_EQ(compiled, 1);
}

// What `binary` prints when run (plainly, no input).
std::string output_of(const fs::path& binary, const fs::path& scratch) {
    RunRequest request;
    request.argv = {binary.string()};
    request.stdout_path = (scratch / "run.out").string();
    RunResult run = run_process(request);
    EXPECT_TRUE(run.exited && run.exit_code == 0) << binary;
    return read_file(request.stdout_path);
}

TEST_F(CompilerTest, CacheFolderIsPrivateAndEveryBinaryHasAHashRecord) {
    fs::path source = test::write_text(dir.path() / "a.cpp", "int main() {}\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(result.ok) << result.message;
    struct stat info {};
    ASSERT_EQ(stat((dir.path() / "cache").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0700u);
    fs::path record = result.binary;
    record += ".hash";
    EXPECT_TRUE(fs::is_regular_file(record));
    // Only the binary, its record, the folder of lock files and the secret: the scratch folder
    // is gone.
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path() / "cache"), {}), 4);
    EXPECT_TRUE(fs::is_directory(dir.path() / "cache" / ".locks"));
    EXPECT_TRUE(fs::is_regular_file(dir.path() / "cache" / ".secret"));
}

TEST_F(CompilerTest, AChangedCachedBinaryIsNeverReturnedButRebuilt) {
    fs::path source = test::write_text(dir.path() / "hello.cpp",
                                       "#include <cstdio>\nint main() { std::puts(\"hi\"); }\n");
    CompileResult first = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(first.ok) << first.message;
    EXPECT_TRUE(first.note.empty()) << first.note;
    EXPECT_EQ(output_of(first.binary, dir.path()), "hi\n");

    // What an attacker with write access to the cache would do: accept everything.
    test::write_script(first.binary, "echo ok");
    ASSERT_EQ(output_of(first.binary, dir.path()), "ok\n");
    CompileResult second = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(second.ok) << second.message;
    EXPECT_FALSE(second.from_cache);
    EXPECT_NE(second.note.find("did not match"), std::string::npos) << second.note;
    EXPECT_EQ(second.binary, first.binary);
    EXPECT_EQ(output_of(second.binary, dir.path()), "hi\n");

    // Same size, one byte changed: still caught.
    std::string bytes = read_file(second.binary);
    bytes[bytes.size() / 2] ^= 1;
    test::write_text(second.binary, bytes);
    CompileResult third = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(third.from_cache);
    EXPECT_FALSE(third.note.empty());

    // A binary without its record (an older judge's cache) is not trusted either.
    fs::path record = third.binary;
    record += ".hash";
    fs::remove(record);
    CompileResult fourth = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(fourth.from_cache);
    EXPECT_NE(fourth.note.find("no recorded hash"), std::string::npos) << fourth.note;

    CompileResult fifth = compiler.compile(source, SourceKind::Solution);
    EXPECT_TRUE(fifth.from_cache);
    EXPECT_TRUE(fifth.note.empty());
}

TEST_F(CompilerTest, SolutionSeesNoFileNextToIt) {
    // The submission is copied alone into the compile's box: a quoted include of a file beside
    // it finds nothing (with or without a sandbox).
    test::write_text(dir.path() / "secret.hpp", "int secret = 42;\n");
    fs::path source = test::write_text(dir.path() / "peek.cpp",
                                       "#include \"secret.hpp\"\nint main() { return secret; }\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.message.find("secret.hpp"), std::string::npos) << result.message;
    // The message names the file as the user knows it.
    EXPECT_NE(result.message.find("peek.cpp"), std::string::npos) << result.message;
}

TEST_F(CompilerTest, NoSandboxStillCompilesTheSolutionAloneUnderTheLimits) {
    compiler.set_sandbox(false);
    test::write_text(dir.path() / "secret.hpp", "int secret = 42;\n");
    fs::path source = test::write_text(dir.path() / "peek.cpp",
                                       "#include \"secret.hpp\"\nint main() { return secret; }\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.isolation, "none");
    fs::path fine = test::write_text(dir.path() / "fine.cpp", "int main() {}\n");
    result = compiler.compile(fine, SourceKind::Solution);
    EXPECT_TRUE(result.ok) << result.message;
    EXPECT_EQ(result.isolation, "none");
}

TEST_F(CompilerTest, SolutionCannotIncludeAJuryFileByAbsolutePath) {
    if (!sandbox_support().available)
        GTEST_SKIP() << "no sandbox here: " << sandbox_support().description;
    fs::path secret = test::write_text(dir.path() / "secret.ans", "int secret = 42;\n");
    fs::path source =
        test::write_text(dir.path() / "peek.cpp",
                         "#include \"" + secret.string() + "\"\nint main() { return secret; }\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.message.find("No such file"), std::string::npos) << result.message;
    EXPECT_EQ(result.isolation.rfind("sandbox", 0), 0u) << result.isolation;
}

// Issue 28: nothing a submission names is read by the judge, and the key tells a program
// nothing. A source that includes a jury file under `#if 0` (the compiler never opens it; the
// judge read it into the key, which the program sees as its binary's name).
std::string if0_include(const std::vector<std::string>& names) {
    std::string text = "#if 0\n";
    for (const std::string& name : names) text += "#include \"" + name + "\"\n";
    return text + "#endif\nint main() {}\n";
}

TEST_F(CompilerTest, ASolutionsKeyDoesNotChangeWithAFileItIncludes) {
    fs::path answer = test::write_text(dir.path() / "secret.ans", "42\n");
    fs::path source =
        test::write_text(dir.path() / "thief.cpp", if0_include({"secret.ans", answer.string()}));
    CompileResult first = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(first.ok) << first.message;
    test::write_text(answer, "43\n");
    CompileResult second = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(second.ok) << second.message;
    EXPECT_TRUE(second.from_cache);
    EXPECT_EQ(second.binary, first.binary);
}

TEST_F(CompilerTest, TheJudgeReadsNoFileASolutionIncludes) {
    // A read of a file sets its access time when that was older than its modification time
    // (relatime, the default; strictatime too): make it so, and see whether it moved.
    fs::path answer = test::write_text(dir.path() / "watched.ans", "42\n");
    auto age_access_time = [&] {
        struct timespec times[2] = {{978307200, 0}, {0, UTIME_OMIT}};  // 2001-01-01, mtime kept
        ASSERT_EQ(utimensat(AT_FDCWD, answer.c_str(), times, 0), 0);
    };
    auto access_time = [&] {
        struct stat info {};
        EXPECT_EQ(stat(answer.c_str(), &info), 0);
        return info.st_atim.tv_sec;
    };
    age_access_time();
    read_file(answer);  // the control: this file system records a read
    if (access_time() == 978307200) GTEST_SKIP() << "this file system does not record reads";
    age_access_time();

    fs::path source =
        test::write_text(dir.path() / "thief.cpp", if0_include({"watched.ans", answer.string()}));
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(result.ok) << result.message;
    EXPECT_EQ(access_time(), 978307200) << "the judge read " << answer;
}

TEST_F(CompilerTest, ASolutionIncludingEndlessFilesUnderIf0CompilesNormally) {
    // The compiler never opens them; the judge read /proc/self/pagemap (size 0, endless) into
    // its memory for the key until it was killed.
    fs::path source = test::write_text(dir.path() / "endless.cpp",
                                       if0_include({"/proc/self/pagemap", "/dev/zero"}));
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_TRUE(result.ok) << result.message;
}

// The JudgeError message of compile(), or "" when it does not throw.
std::string compile_error(Compiler& compiler, const fs::path& source, SourceKind kind) {
    try {
        compiler.compile(source, kind);
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

TEST_F(CompilerTest, AJuryProgramIncludingAnEndlessOrHugeFileIsAClearError) {
    // Jury programs keep the include scan (their key covers checklib and model solutions), with
    // every read bounded: a file whose size says 0 and never ends, a device, a file larger than
    // the bound (sparse: no disk space).
    fs::path huge = dir.path() / "huge.hpp";
    test::write_text(huge, "");
    fs::resize_file(huge, 65 << 20);
    struct Case {
        std::string include, says;
    };
    for (const Case& c :
         {Case{"/proc/self/pagemap", "larger than 64 MiB"}, Case{"/dev/zero", "not a regular file"},
          Case{"huge.hpp", "larger than 64 MiB"}}) {
        fs::path source = test::write_text(dir.path() / "checker.cpp",
                                           "#include \"" + c.include + "\"\nint main() {}\n");
        auto start = std::chrono::steady_clock::now();
        std::string message = compile_error(compiler, source, SourceKind::Checker);
        EXPECT_NE(message.find(c.include), std::string::npos) << message;
        EXPECT_NE(message.find(c.says), std::string::npos) << message;
        // Bounded: one read of 64 MiB at most (0.2 s here), not an endless one.
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60)) << c.include;
    }
}

TEST_F(CompilerTest, AnEndlessOrHugeSourceIsAClearError) {
    fs::path huge = dir.path() / "huge.cpp";
    test::write_text(huge, "");
    fs::resize_file(huge, 65 << 20);
    fs::create_symlink("/proc/self/pagemap", dir.path() / "pagemap.cpp");
    // 2 GiB of one line (sparse: no disk space) behind a .py name: the test for a Python 2
    // `#!` line read a whole first line before it was bounded.
    fs::path line = dir.path() / "line.py";
    test::write_text(line, "");
    fs::resize_file(line, std::uintmax_t{2} << 30);
    struct rusage before {};
    getrusage(RUSAGE_SELF, &before);
    for (const char* name : {"huge.cpp", "pagemap.cpp", "line.py"}) {
        std::string message = compile_error(compiler, dir.path() / name, SourceKind::Solution);
        EXPECT_NE(message.find(name), std::string::npos) << message;
        EXPECT_NE(message.find("larger than 64 MiB"), std::string::npos) << message;
    }
    struct rusage after {};
    getrusage(RUSAGE_SELF, &after);
    EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 512 * 1024) << "KiB of peak memory more";
}

TEST_F(CompilerTest, ALinkInASubmissionsFolderIsRefused) {
    // A folder submission whose header is a link to a jury file: the judge would copy the jury
    // file's bytes into the box.
    test::write_text(dir.path() / "secret.hpp", "int secret = 42;\n");
    fs::create_directories(dir.path() / "linked");
    test::write_text(dir.path() / "linked" / "main.cpp",
                     "#include \"x.h\"\nint main() { return secret; }\n");
    fs::create_symlink(dir.path() / "secret.hpp", dir.path() / "linked" / "x.h");
    std::string message = compile_error(compiler, dir.path() / "linked", SourceKind::Solution);
    EXPECT_NE(message.find("x.h"), std::string::npos) << message;
    EXPECT_NE(message.find("symbolic link"), std::string::npos) << message;
}

TEST_F(CompilerTest, TwoCachesWithDifferentSecretsGiveDifferentKeys) {
    fs::path source = test::write_text(dir.path() / "same.cpp", "int main() {}\n");
    CompileResult here = compiler.compile(source, SourceKind::Solution);
    Compiler elsewhere(dir.path(), dir.path() / "other-cache");
    CompileResult there = elsewhere.compile(source, SourceKind::Solution);
    ASSERT_TRUE(here.ok && there.ok) << here.message << there.message;
    EXPECT_NE(here.binary.filename(), there.binary.filename());
    // The same cache's secret again (another judge on it): the same key.
    Compiler again(dir.path(), dir.path() / "cache");
    CompileResult cached = again.compile(source, SourceKind::Solution);
    EXPECT_TRUE(cached.from_cache);
    EXPECT_EQ(cached.binary, here.binary);
}

TEST_F(CompilerTest, TheSecretIsPrivateRandomAndSharedByConcurrentJudges) {
    fs::path source = test::write_text(dir.path() / "same.cpp", "int main() {}\n");
    // Four judges (separate Compilers) on one fresh cache at once: each may make a secret, one
    // is linked into place, all use it.
    std::vector<std::unique_ptr<Compiler>> judges;
    for (int i = 0; i < 4; ++i)
        judges.push_back(std::make_unique<Compiler>(dir.path(), dir.path() / "shared"));
    std::vector<CompileResult> results(judges.size());
    {
        std::vector<std::jthread> threads;
        for (std::size_t i = 0; i < judges.size(); ++i)
            threads.emplace_back(
                [&, i] { results[i] = judges[i]->compile(source, SourceKind::Solution); });
    }
    for (const CompileResult& result : results) {
        ASSERT_TRUE(result.ok) << result.message;
        EXPECT_EQ(result.binary, results[0].binary);
    }
    fs::path secret = dir.path() / "shared" / ".secret";
    struct stat info {};
    ASSERT_EQ(lstat(secret.c_str(), &info), 0);
    EXPECT_TRUE(S_ISREG(info.st_mode));
    EXPECT_EQ(info.st_mode & 07777, 0600u);
    std::string text = read_file(secret);
    EXPECT_TRUE(std::regex_match(text, std::regex("[0-9a-f]{32}\n"))) << text;
    EXPECT_NE(text, std::string(32, '0') + "\n");
    // No temporary left beside it.
    for (const auto& entry : fs::directory_iterator(dir.path() / "shared"))
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
}

TEST_F(CompilerTest, AnUnusableSecretFileIsAClearErrorNeverReplaced) {
    fs::path source = test::write_text(dir.path() / "a.cpp", "int main() {}\n");
    fs::create_directories(dir.path() / "cache");
    fs::permissions(dir.path() / "cache", fs::perms::owner_all);
    fs::path secret = dir.path() / "cache" / ".secret";
    struct Case {
        std::string content;
        fs::perms mode;
        std::string says;
    };
    for (const Case& c :
         {Case{"not a secret\n", fs::perms::owner_read | fs::perms::owner_write, "hex digits"},
          Case{std::string(32, 'a') + "\n", fs::perms(0644), "mode must be 0600"}}) {
        fs::remove(secret);
        test::write_text(secret, c.content);
        fs::permissions(secret, c.mode);
        Compiler fresh(dir.path(), dir.path() / "cache");
        std::string message = compile_error(fresh, source, SourceKind::Solution);
        EXPECT_NE(message.find(secret.string()), std::string::npos) << message;
        EXPECT_NE(message.find(c.says), std::string::npos) << message;
        EXPECT_NE(message.find("remove it"), std::string::npos) << message;
        EXPECT_EQ(read_file(secret), c.content);
    }
}

TEST(SipHash, GivesTheReferenceVectors) {
    // Key 00 01 .. 0f, message 00 01 .. (n-1): the reference implementation's vectors_sip128
    // (OpenSSL's `openssl mac -macopt hexkey:000102...0f SIPHASH` gives the same).
    CacheSecret key{};
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<unsigned char>(i);
    auto message = [](std::size_t length) {
        std::string bytes;
        for (std::size_t i = 0; i < length; ++i) bytes += static_cast<char>(i);
        return bytes;
    };
    EXPECT_EQ(siphash_2_4_128_hex(key, message(0)), "a3817f04ba25a8e66df67214c7550293");
    EXPECT_EQ(siphash_2_4_128_hex(key, message(7)), "a1f1ebbed8dbc153c0b84aa61ff08239");
    EXPECT_EQ(siphash_2_4_128_hex(key, message(15)), "5493e99933b0a8117e08ec0f97cfc3d9");
    EXPECT_EQ(siphash_2_4_128_hex(key, message(64)), "1eaf077dc0d4cd3f8cad4d383658a74b");
}

// Small limits, so that each bomb is stopped in a few seconds.
CompileLimits small_limits() {
    CompileLimits limits;
    limits.cpu_ms = 2000;
    limits.wall_ms = 6000;
    limits.memory_kib = 256 * 1024;
    limits.output_kib = 4 * 1024;
    return limits;
}

// A source that includes itself twice per level, 40 levels deep: 2^40 inclusions, no error.
constexpr const char* kIncludeBomb =
    "#if __INCLUDE_LEVEL__ < 40\n#include __FILE__\n#include __FILE__\n#endif\n"
    "#if __INCLUDE_LEVEL__ == 0\nint main() {}\n#endif\n";

TEST_F(CompilerTest, IncludeBombIsACompileErrorNamingTheTimeLimit) {
    Compiler limited(dir.path(), dir.path() / "cache", "g++", small_limits());
    fs::path source = test::write_text(dir.path() / "bomb.cpp", kIncludeBomb);
    CompileResult result = limited.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    // CPU time as a rule; wall time on a machine too busy to give the compiler its CPU.
    EXPECT_TRUE(result.limit_hit == LimitHit::CpuTime || result.limit_hit == LimitHit::WallTime);
    EXPECT_TRUE(result.message.rfind("compilation exceeded the 2 s CPU time limit", 0) == 0 ||
                result.message.rfind("compilation exceeded the 6 s wall time limit", 0) == 0)
        << result.message;
    EXPECT_LT(result.wall_ms, 6000 + 2000);
}

TEST_F(CompilerTest, JuryProgramsCompileUnderTheSameLimits) {
    Compiler limited(dir.path(), dir.path() / "cache", "g++", small_limits());
    fs::path source = test::write_text(dir.path() / "checker-bomb.cpp", kIncludeBomb);
    CompileResult result = limited.compile(source, SourceKind::Checker);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.message.find("compilation exceeded"), std::string::npos) << result.message;
    EXPECT_EQ(result.isolation, "none");  // jury code: trusted, not sandboxed
}

TEST_F(CompilerTest, IncludingDevZeroIsACompileErrorWithinTheMemoryLimit) {
    Compiler limited(dir.path(), dir.path() / "cache", "g++", small_limits());
    fs::path source =
        test::write_text(dir.path() / "zero.cpp", "#include \"/dev/zero\"\nint main() {}\n");
    CompileResult result = limited.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.limit_hit, LimitHit::None);
    EXPECT_EQ(result.message.rfind("compilation exceeded the ", 0), 0u) << result.message;
    EXPECT_LT(result.wall_ms, 6000 + 2000);
}

TEST_F(CompilerTest, AHugeBinaryIsACompileErrorNamingTheOutputLimit) {
    Compiler limited(dir.path(), dir.path() / "cache", "g++", small_limits());
    // 64 MiB of initialised data: the assembler's object file passes the 4 MiB file limit.
    fs::path source = test::write_text(
        dir.path() / "huge.cpp", "char big[64 << 20] = {1};\nint main() { return big[7]; }\n");
    CompileResult result = limited.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.limit_hit, LimitHit::Output);
    EXPECT_EQ(result.message.rfind("compilation exceeded the 4 MiB output limit", 0), 0u)
        << result.message;
}

// javac runs the annotation processors it finds on its class path, which is the working folder
// when none is given: a jury program's compile (in the judge's own folder, unboxed) would run a
// package's code as the judge. -proc:none: no processor runs, in any compile.
TEST_F(CompilerTest, JavacRunsNoAnnotationProcessorOfTheWorkingFolder) {
    if (::system("javac -version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no javac here";
    const fs::path folder = dir.path() / "package", marker = folder / "RAN";
    test::write_text(
        folder / "Evil.java",
        "import javax.annotation.processing.*;\n"
        "import javax.lang.model.SourceVersion;\n"
        "import javax.lang.model.element.TypeElement;\n"
        "import java.util.Set;\n"
        "@SupportedAnnotationTypes(\"*\")\n"
        "public class Evil extends AbstractProcessor {\n"
        "  public synchronized void init(ProcessingEnvironment env) {\n"
        "    super.init(env);\n"
        "    try { new java.io.FileOutputStream(\"" +
            marker.string() +
            "\").close(); } catch (Exception e) {}\n"
            "  }\n"
            "  public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) "
            "{ return false; }\n"
            "  public SourceVersion getSupportedSourceVersion() "
            "{ return SourceVersion.latestSupported(); }\n"
            "}\n");
    ASSERT_EQ(::system(("cd " + folder.string() + " && javac -proc:none Evil.java").c_str()), 0);
    test::write_text(folder / "META-INF" / "services" / "javax.annotation.processing.Processor",
                     "Evil\n");
    fs::path checker = test::write_text(dir.path() / "checker" / "Check.java",
                                        "public class Check { public static void main(String[] "
                                        "a) { System.out.println(1); } }\n");
    const fs::path before = fs::current_path();
    fs::current_path(folder);
    CompileResult result;
    try {
        result = compiler.compile(checker, SourceKind::Checker);
    } catch (...) {
        fs::current_path(before);
        throw;
    }
    fs::current_path(before);
    EXPECT_TRUE(result.ok) << result.message;
    EXPECT_FALSE(fs::exists(marker)) << "javac ran the folder's annotation processor";
}

TEST_F(CompilerTest, TheCompilersVersionIsAskedUnderItsOwnLimitsNotTheCompiles) {
    // A compile limit far below what `g++ --version` costs (a slow CI machine spent over 10 ms
    // on it) limits the compiles only; the version in the cache key is still found.
    CompileLimits tiny;
    tiny.cpu_ms = 1;
    tiny.wall_ms = 1;
    tiny.memory_kib = 1024;
    Compiler limited(dir.path(), dir.path() / "cache", "g++", tiny);
    EXPECT_NE(limited.compiler_version().find("g++"), std::string::npos);
}

// DOMjudge's rule: a Java submission's file need not be named after its class.
TEST(SourceSet, JavaMainClassIsTheClassDeclaringMainWhenTheFileNamesNone) {
    TempDir dir("judge-source-set-test");
    test::write_text(dir.path() / "say-hello.java",
                     "// class Comment is no class\npackage greet;\nclass Helper {}\n"
                     "class Greeter {\n    public static void main(String[] a) {}\n}\n");
    EXPECT_EQ(read_source_set(dir.path() / "say-hello.java").entry, "greet.Greeter");
    test::write_text(dir.path() / "Main.java",
                     "class Other { public static void main(String[] a) {} }\nclass Main {}\n");
    EXPECT_EQ(read_source_set(dir.path() / "Main.java").entry, "Main");
}

// No entry point: a Java file whose classes declare no main method (DOMjudge's
// mainclass-missing/main.java: `int main()`), a folder where several files hold one (its
// mainclass-multiple/). A `static public void main` is one all the same.
TEST(SourceSet, AJavaProgramWithoutMainOrWithSeveralHasNoEntryPoint) {
    TempDir dir("judge-source-set-test");
    test::write_text(dir.path() / "main.java",
                     "// public static void main(String[] a) in a comment is none\n"
                     "public class main {\n    int main() { return 0; }\n}\n");
    EXPECT_THROW(read_source_set(dir.path() / "main.java"), NoEntryPoint);
    test::write_text(dir.path() / "two" / "a.java",
                     "public class a { public static void main(String[] x) {} }\n");
    test::write_text(dir.path() / "two" / "b.java",
                     "public class b { public static void main(String[] x) {} }\n");
    EXPECT_THROW(read_source_set(dir.path() / "two"), NoEntryPoint);
    test::write_text(dir.path() / "Odd.java",
                     "class Odd {\n    static public void main(String[] a) {}\n}\n");
    EXPECT_EQ(read_source_set(dir.path() / "Odd.java").entry, "Odd");
}

// The author's fault: a submission without an entry point is a compile error (DOMjudge expects
// COMPILER-ERROR), never a judge error; a jury program's is the jury's: JudgeError.
TEST_F(CompilerTest, ASubmissionWithoutAnEntryPointIsACompileError) {
    fs::path source = test::write_text(dir.path() / "main.java",
                                       "public class main {\n    int main() { return 0; }\n}\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.message.find("no class declares `static void main`"), std::string::npos)
        << result.message;
    EXPECT_THROW(compiler.compile(source, SourceKind::Checker), NoEntryPoint);
}

// A folder in a language the judge does not build is skipped by verify (UnsupportedLanguage,
// naming the language), not a judge error.
TEST(SourceSet, AFolderOfAnUnbuiltLanguageIsUnsupportedNamingIt) {
    TempDir dir("judge-source-set-test");
    test::write_text(dir.path() / "swift" / "main.swift", "print(42)\n");
    test::write_text(dir.path() / "swift" / "notes.txt", "x\n");
    try {
        read_source_set(dir.path() / "swift");
        ADD_FAILURE() << "no exception";
    } catch (const UnsupportedLanguage& error) {
        EXPECT_NE(std::string(error.what()).find("Swift"), std::string::npos) << error.what();
    }
    test::write_text(dir.path() / "none" / "notes.txt", "x\n");
    EXPECT_THROW(read_source_set(dir.path() / "none"), UnsupportedLanguage);
}

TEST(CompileLimits, DefaultsAreTheDocumentedOnes) {
    CompileLimits limits;
    EXPECT_EQ(limits.cpu_ms, 30'000);
    EXPECT_EQ(limits.wall_ms, 60'000);
    EXPECT_EQ(limits.memory_kib, 2 * 1024 * 1024);
    EXPECT_EQ(limits.output_kib, 64 * 1024);
    EXPECT_EQ(limits.max_processes, 16);
}

TEST(CacheDir, ExplicitThenEnvironmentThenRoot) {
    EXPECT_EQ(default_cache_dir("/r", "/c"), fs::path("/c"));
    unsetenv("JUDGE_CACHE_DIR");
    EXPECT_EQ(default_cache_dir("/r", ""), fs::path("/r/.cache/judge"));
    setenv("JUDGE_CACHE_DIR", "/env", 1);
    EXPECT_EQ(default_cache_dir("/r", ""), fs::path("/env"));
    unsetenv("JUDGE_CACHE_DIR");
}

}  // namespace
}  // namespace judge

#include "compiler.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "error.hpp"
#include "files.hpp"
#include "test_util.hpp"

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
    EXPECT_EQ(solution, (std::vector<std::string>{"-O2", "-std=gnu++17"}));
    auto checker = compiler.flags_for(SourceKind::Checker, {"-g"});
    ASSERT_EQ(checker.size(), 7u);
    EXPECT_EQ(checker[3], (dir.path() / "checkers").string());
    EXPECT_EQ(checker.back(), "-g");
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
    // A generator that includes a solution (as generators/alcazar.cpp does) must be rebuilt when
    // the solution changes, even though its own bytes did not.
    fs::create_directories(dir.path() / "sub");
    test::write_text(dir.path() / "sub" / "inner.hpp", "#define WORD \"one\"\n");
    test::write_text(dir.path() / "outer.hpp", "#include \"sub/inner.hpp\"\n");
    fs::path source = test::write_text(
        dir.path() / "uses.cpp",
        "#include <cstdio>\n  #  include \"outer.hpp\"\nint main() { std::puts(WORD); }\n");
    CompileResult first = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(first.ok) << first.message;
    EXPECT_TRUE(compiler.compile(source, SourceKind::Solution).from_cache);

    test::write_text(dir.path() / "sub" / "inner.hpp", "#define WORD \"two\"\n");
    CompileResult edited = compiler.compile(source, SourceKind::Solution);
    ASSERT_TRUE(edited.ok) << edited.message;
    EXPECT_FALSE(edited.from_cache);
    EXPECT_NE(edited.binary, first.binary);
}

TEST_F(CompilerTest, CompileErrorIsAResultWithTheMessage) {
    fs::path source = test::write_text(dir.path() / "broken.cpp", "int main() { return x; }\n");
    CompileResult result = compiler.compile(source, SourceKind::Solution);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.message.find("was not declared"), std::string::npos) << result.message;
    // No binary and no temporary left in the cache.
    for (const auto& entry : fs::directory_iterator(dir.path() / "cache"))
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

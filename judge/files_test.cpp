#include "files.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "error.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

TEST(Files, TempDirIsRemovedWithItsContent) {
    fs::path kept;
    {
        TempDir dir("judge-files-test");
        kept = dir.path();
        ASSERT_TRUE(fs::is_directory(kept));
        write_file_atomically(kept / "a.txt", "hello");
        fs::create_directories(kept / "sub");
    }
    EXPECT_FALSE(fs::exists(kept));
}

TEST(Files, TempDirUnderGivenBase) {
    TempDir base("judge-files-test");
    TempDir inner("inner", base.path());
    EXPECT_EQ(inner.path().parent_path(), base.path());
    EXPECT_EQ(inner.path().filename().string().rfind("inner-", 0), 0u);
}

TEST(Files, FastTempBaseHonoursTmpdir) {
    const char* saved = std::getenv("TMPDIR");
    std::string saved_value = saved ? saved : "";
    setenv("TMPDIR", "/some/where", 1);
    EXPECT_EQ(fast_temp_base(), std::filesystem::path("/some/where"));
    unsetenv("TMPDIR");
    fs::path fallback = fast_temp_base();
    EXPECT_TRUE(fallback == "/dev/shm" || fallback == "/tmp") << fallback;
    if (saved) setenv("TMPDIR", saved_value.c_str(), 1);
}

TEST(Files, WriteAtomicallyReplacesWholeFileAndLeavesNoTemporary) {
    TempDir dir("judge-files-test");
    fs::path target = dir.path() / "report.json";
    write_file_atomically(target, "first version, long");
    write_file_atomically(target, "second");
    EXPECT_EQ(read_file(target), "second");
    int entries = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path())) ++entries;
    EXPECT_EQ(entries, 1);
}

TEST(Files, WriteIntoMissingFolderFailsNamingTheFile) {
    TempDir dir("judge-files-test");
    fs::path target = dir.path() / "missing" / "report.xml";
    try {
        write_file_atomically(target, "x");
        FAIL() << "no error";
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find(target.string()), std::string::npos);
    }
    EXPECT_FALSE(fs::exists(target));
}

TEST(Files, ReadMissingFileFails) {
    EXPECT_THROW(read_file("/nonexistent/judge/file"), JudgeError);
}

TEST(Files, ReadFileHonoursMaximum) {
    TempDir dir("judge-files-test");
    write_file_atomically(dir.path() / "f", "0123456789");
    EXPECT_EQ(read_file(dir.path() / "f", 4), "0123");
}

TEST(Files, FirstLine) {
    EXPECT_EQ(first_line(""), "");
    EXPECT_EQ(first_line("\n\n  ok 3 tokens \r\nsecond"), "ok 3 tokens");
    EXPECT_EQ(first_line("abcdefghij", 6), "abc...");
}

TEST(Files, FirstLineOfFileIsEmptyWhenThereIsNoFile) {
    TempDir dir("judge-files-test");
    write_file_atomically(dir.path() / "err", "\nAssertion `a > 0' failed.\nAborted\n");
    EXPECT_EQ(first_line_of_file(dir.path() / "err", 200), "Assertion `a > 0' failed.");
    EXPECT_EQ(first_line_of_file(dir.path() / "err", 12), "Assertion...");
    EXPECT_EQ(first_line_of_file(dir.path() / "missing", 200), "");
}

}  // namespace
}  // namespace judge

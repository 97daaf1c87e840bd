#include "util/files.hpp"

#include <gtest/gtest.h>

#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "util/error.hpp"

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
    // judge-<pid>-<purpose>-XXXXXX: the pid lets a later judge remove it once we are gone.
    std::string pid = std::to_string(getpid());
    EXPECT_EQ(inner.path().filename().string().rfind("judge-" + pid + "-inner-", 0), 0u)
        << inner.path();
    EXPECT_EQ(base.path().filename().string().rfind("judge-" + pid + "-files-test-", 0), 0u)
        << base.path();
    EXPECT_EQ(inner.path().filename().string().size(), ("judge-" + pid + "-inner-XXXXXX").size());
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

TEST(Files, FirstLineEscapesControlCharacters) {
    EXPECT_EQ(first_line("\x1b[2J\x1b[31mred\rover\x07\nsecond"),
              "\\x1b[2J\\x1b[31mred\\rover\\x07");
    // Cut before escaping (no half escape), and never inside a UTF-8 character: "é" is 2 bytes.
    EXPECT_EQ(first_line("\x1b\x1b\x1b\x1b\x1b", 4), "\\x1b...");
    EXPECT_EQ(first_line("ab\xc3\xa9xyzw", 6), "ab...");
    EXPECT_EQ(first_line("a\xc3\xa9xyzw", 6), "a\xc3\xa9...");
}

TEST(Files, EscapeControlKeepsPrintableTextAndUtf8) {
    EXPECT_EQ(escape_control(""), "");
    EXPECT_EQ(escape_control("token 1 differs: expected '3', found '4' <&> \\x"),
              "token 1 differs: expected '3', found '4' <&> \\x");
    const std::string utf8 =
        "h\xc3\xa9llo \xe2\x9c\x93 \xf0\x9f\x99\x82 \xc2\xa0";  // é ✓ 🙂 NBSP
    EXPECT_EQ(escape_control(utf8), utf8);
}

TEST(Files, EscapeControlMakesControlsVisible) {
    EXPECT_EQ(escape_control("\x1b[31mred\x1b[0m"), "\\x1b[31mred\\x1b[0m");
    EXPECT_EQ(escape_control(std::string("a\nb\tc\rd\x7f\x01\0e", 11)),
              "a\\nb\\tc\\rd\\x7f\\x01\\x00e");
    // A compiler's message keeps its lines (and tabs), nothing else.
    EXPECT_EQ(escape_control("a\nb\tc\r\x1b", true), "a\nb\tc\\r\\x1b");
    // C1 controls (0x9b is CSI), line separators, bidirectional overrides and isolates.
    EXPECT_EQ(escape_control("\xc2\x9b[2J \xc2\x85"), "\\u009b[2J \\u0085");
    EXPECT_EQ(escape_control("x\xe2\x80\xae cba \xe2\x80\xa8 \xe2\x81\xa6"),
              "x\\u202e cba \\u2028 \\u2066");
}

TEST(Files, EscapeControlEscapesInvalidUtf8ByteByByte) {
    EXPECT_EQ(escape_control("\xff"), "\\xff");
    EXPECT_EQ(escape_control("\x9b[2J"), "\\x9b[2J");                       // raw 8-bit CSI
    EXPECT_EQ(escape_control("a\xc3"), "a\\xc3");                           // truncated
    EXPECT_EQ(escape_control("\xc0\xaf"), "\\xc0\\xaf");                    // overlong '/'
    EXPECT_EQ(escape_control("\xe0\x80\xaf"), "\\xe0\\x80\\xaf");           // overlong
    EXPECT_EQ(escape_control("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // surrogate
    EXPECT_EQ(escape_control("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // > U+10FFFF
    EXPECT_EQ(escape_control("\xe2\x9c"), "\\xe2\\x9c");                    // truncated ✓
}

TEST(Files, ValidUtf8) {
    EXPECT_TRUE(is_valid_utf8(""));
    EXPECT_TRUE(is_valid_utf8("plain \x1b[31m ascii, controls included"));
    EXPECT_TRUE(is_valid_utf8("h\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x99\x82 \xf4\x8f\xbf\xbf"));
    for (const char* bad :
         {"\xff", "\x80", "a\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80"})
        EXPECT_FALSE(is_valid_utf8(bad)) << bad;
}

TEST(Files, EscapeControlTwiceChangesNothing) {
    std::string hostile = "\x1b]0;title\x07\xff\xc2\x9b\n\t\\x1b";
    std::string once = escape_control(hostile);
    EXPECT_EQ(escape_control(once), once);
    for (char c : once) {
        EXPECT_GE(static_cast<unsigned char>(c), 0x20);
        EXPECT_NE(c, 0x7f);
    }
}

TEST(Files, LineAtOffset) {
    const std::string text = "a\nbc\n\nd";
    EXPECT_EQ(line_at_offset(text, 0), 1);
    EXPECT_EQ(line_at_offset(text, 1), 1);  // the newline ends line 1
    EXPECT_EQ(line_at_offset(text, 2), 2);
    EXPECT_EQ(line_at_offset(text, 5), 3);
    EXPECT_EQ(line_at_offset(text, 6), 4);
    EXPECT_EQ(line_at_offset(text, 100), 4);  // past the end: the last line
    EXPECT_EQ(line_at_offset(text, -1), 0);   // no offset known
}

TEST(Files, PlainFolderIsNeitherALinkToOneNorAFile) {
    TempDir dir("judge-files-test");
    fs::create_directory(dir.path() / "folder");
    fs::create_directory_symlink(dir.path() / "folder", dir.path() / "link");
    write_file_atomically(dir.path() / "file", "x");
    EXPECT_TRUE(is_plain_folder(dir.path() / "folder"));
    EXPECT_FALSE(is_plain_folder(dir.path() / "link"));
    EXPECT_FALSE(is_plain_folder(dir.path() / "file"));
    EXPECT_FALSE(is_plain_folder(dir.path() / "missing"));
}

TEST(Files, FirstLineOfFileIsEmptyWhenThereIsNoFile) {
    TempDir dir("judge-files-test");
    write_file_atomically(dir.path() / "err", "\nAssertion `a > 0' failed.\nAborted\n");
    EXPECT_EQ(first_line_of_file(dir.path() / "err", 200), "Assertion `a > 0' failed.");
    EXPECT_EQ(first_line_of_file(dir.path() / "err", 12), "Assertion...");
    EXPECT_EQ(first_line_of_file(dir.path() / "missing", 200), "");
}

// A pid that no process has: a child that has exited and been reaped.
pid_t dead_pid() {
    pid_t child = fork();
    if (child == 0) _exit(0);
    waitpid(child, nullptr, 0);
    return child;
}

fs::path scratch_name(const fs::path& base, pid_t pid, const std::string& rest) {
    return base / ("judge-" + std::to_string(pid) + "-" + rest);
}

TEST(Files, StaleScratchOfDeadJudgeIsRemovedLiveOneKept) {
    TempDir base("judge-files-test");
    TempDir outside("judge-files-test");
    write_file_atomically(outside.path() / "precious", "keep me");
    pid_t dead = dead_pid();
    ASSERT_NE(kill(dead, 0), 0);

    // A killed judge's scratch folder, with what a run leaves: files, folders, and links out.
    fs::path stale = scratch_name(base.path(), dead, "run-AbC123");
    fs::create_directories(stale / "case-1" / "deep");
    write_file_atomically(stale / "case-1" / "run-0.out", "42");
    fs::create_directory_symlink(outside.path(), stale / "case-1" / "link-to-folder");
    fs::create_symlink(outside.path() / "precious", stale / "link-to-file");
    // Ours (live pid), an old judge's name without a pid, a link with our name, other folders.
    fs::path live = scratch_name(base.path(), getpid(), "run-XyZ789");
    fs::create_directories(live / "x");
    fs::path unnamed = base.path() / "judge-run-AbC123";
    fs::create_directory(unnamed);
    fs::path link = scratch_name(base.path(), dead, "run-LnK000");
    fs::create_directory_symlink(outside.path(), link);
    fs::path other = base.path() / ("other-" + std::to_string(dead) + "-run-AbC123");
    fs::create_directory(other);
    fs::path no_suffix = scratch_name(base.path(), dead, "x");
    fs::create_directory(no_suffix);

    EXPECT_EQ(remove_stale_scratch_folders(base.path()), 1u);
    EXPECT_FALSE(fs::exists(fs::symlink_status(stale)));
    EXPECT_TRUE(fs::is_directory(live / "x"));
    EXPECT_TRUE(fs::is_directory(unnamed));
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_TRUE(fs::is_directory(other));
    EXPECT_TRUE(fs::is_directory(no_suffix));
    // Links were removed, never followed.
    EXPECT_EQ(read_file(outside.path() / "precious"), "keep me");
    EXPECT_EQ(remove_stale_scratch_folders(base.path()), 0u);
    EXPECT_EQ(remove_stale_scratch_folders(base.path() / "missing"), 0u);
}

TEST(Files, StaleScratchOfAnotherUserIsKept) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to make a folder owned by another user";
    TempDir base("judge-files-test");
    fs::path foreign = scratch_name(base.path(), dead_pid(), "run-AbC123");
    fs::create_directory(foreign);
    ASSERT_EQ(chown(foreign.c_str(), 65534, 65534), 0);
    EXPECT_EQ(remove_stale_scratch_folders(base.path()), 0u);
    EXPECT_TRUE(fs::is_directory(foreign));
}

TEST(Files, StaleScratchCleanupStaysOnItsFileSystem) {
    TempDir base("judge-files-test");
    fs::path stale = scratch_name(base.path(), dead_pid(), "box-AbC123");
    fs::create_directories(stale / "usr");
    write_file_atomically(stale / "own-file", "x");
    pid_t child = fork();
    if (child == 0) {
        // A private mount namespace: the tmpfs, standing in for a bind mount a sandbox left in a
        // dead judge's box, is never seen outside this child.
        if (unshare(CLONE_NEWNS) != 0 ||
            mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
            mount("tmpfs", (stale / "usr").c_str(), "tmpfs", 0, "size=1m") != 0)
            _exit(77);
        std::ofstream(stale / "usr/lib.so") << "precious";
        std::size_t removed = remove_stale_scratch_folders(base.path());
        bool mount_kept = fs::exists(stale / "usr/lib.so");
        bool own_removed = !fs::exists(stale / "own-file");
        _exit(removed == 0 && mount_kept && own_removed ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
        GTEST_SKIP() << "cannot mount a tmpfs in a private mount namespace here";
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
}

TEST(Files, FirstTempDirUnderABaseSweepsIt) {
    TempDir base("judge-files-test");
    fs::path stale = scratch_name(base.path(), dead_pid(), "stress-AbC123");
    fs::create_directories(stale / "seed-1");
    TempDir first("judge-run", base.path());  // the first TempDir of this process under base
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(fs::is_directory(first.path()));
}

}  // namespace
}  // namespace judge

#include "running/box_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "running/process_runner.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

class BoxFiles : public ::testing::Test {
 protected:
    void SetUp() override {
        char pattern[] = "/tmp/box-files-test-XXXXXX";
        dir_ = ::mkdtemp(pattern);
        box_ = dir_ / "box";
        input_ = test::write_text(dir_ / "case.in", "1 2\n");
        secret_ = test::write_text(dir_ / "secret.ans", "the jury's answer\n");
    }
    void TearDown() override {
        std::error_code ignored;
        fs::permissions(box_ / "locked", fs::perms::owner_all, ignored);
        fs::remove_all(dir_, ignored);
    }
    BoxOutput collect(std::int64_t limit = 1 << 20) {
        return collect_box_output(box_, "A.out", limit, dir_ / "run-0.out");
    }

    fs::path dir_, box_, input_, secret_;
};

TEST_F(BoxFiles, PlainFileNamesOnly) {
    EXPECT_TRUE(is_plain_file_name("A.in"));
    for (const char* bad : {"", ".", "..", "a/b", "/etc/passwd", "../A.out"})
        EXPECT_FALSE(is_plain_file_name(bad)) << bad;
    EXPECT_NE(stage_box_folder(box_, false, "../escape.in", input_), "");
    EXPECT_FALSE(fs::exists(dir_ / "escape.in"));
    EXPECT_EQ(collect_box_output(box_, "../secret.ans", 1 << 20, dir_ / "run-0.out").status,
              BoxOutputStatus::JudgeFailed);
    EXPECT_FALSE(fs::exists(dir_ / "run-0.out"));
}

TEST_F(BoxFiles, StagingEmptiesTheFolderWithoutFollowingLinksAndCopiesTheInput) {
    ASSERT_EQ(stage_box_folder(box_, false, "", {}), "");
    // What a run may leave: files, a link to the jury's file, a folder it cannot be listed.
    test::write_text(box_ / "A.out", "old output\n");
    ASSERT_EQ(::symlink(secret_.c_str(), (box_ / "A.in").c_str()), 0);
    fs::create_directories(box_ / "locked" / "inner");
    test::write_text(box_ / "locked" / "inner" / "f", "x");
    fs::permissions(box_ / "locked", fs::perms::none);
    ASSERT_EQ(stage_box_folder(box_, false, "A.in", input_), "");
    EXPECT_EQ(read_all(secret_), "the jury's answer\n");  // the link was removed, not written
    EXPECT_FALSE(fs::exists(box_ / "A.out"));
    EXPECT_FALSE(fs::exists(box_ / "locked"));
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(box_ / "A.in")));
    EXPECT_EQ(read_all(box_ / "A.in"), "1 2\n");
    // The copy is the box's: writing it leaves the jury's input as it was.
    test::write_text(box_ / "A.in", "changed\n");
    EXPECT_EQ(read_all(input_), "1 2\n");
}

TEST_F(BoxFiles, TheWorkingFolderIsLinkedButForTheInputAndOutputFiles) {
    // A submission's files beside its named input: one of the input's name gives way to the
    // input (as the format's `.files` override), one of the output's name to the program.
    const fs::path files = dir_ / "files";
    test::write_text(files / "main.py", "print(1)\n");
    test::write_text(files / "A.in", "the submission's own A.in\n");
    test::write_text(files / "A.out", "the submission's own A.out\n");
    fs::create_directories(files / "lib");
    ASSERT_EQ(stage_box_folder(box_, false, "A.in", input_), "");
    ASSERT_EQ(link_working_folder(box_, files, {"A.in", "A.out"}), "");
    EXPECT_EQ(fs::read_symlink(box_ / "main.py"), files / "main.py");
    EXPECT_EQ(fs::read_symlink(box_ / "lib"), files / "lib");
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(box_ / "A.in")));
    EXPECT_EQ(read_all(box_ / "A.in"), "1 2\n");
    EXPECT_FALSE(fs::exists(fs::symlink_status(box_ / "A.out")));
    EXPECT_EQ(link_working_folder(box_, "", {}), "") << "a native program has no folder";
    EXPECT_NE(link_working_folder(box_, dir_ / "missing", {}), "");
}

TEST_F(BoxFiles, ARegularOutputFileIsCopiedForTheChecker) {
    ASSERT_EQ(stage_box_folder(box_, false, "", {}), "");
    test::write_text(dir_ / "run-0.out", "a longer earlier capture\n");
    test::write_text(box_ / "A.out", "3\n");
    BoxOutput got = collect();
    EXPECT_EQ(got.status, BoxOutputStatus::Read) << got.reason;
    EXPECT_EQ(read_all(dir_ / "run-0.out"), "3\n");
}

TEST_F(BoxFiles, ALinkIsNotFollowed) {
    ASSERT_EQ(stage_box_folder(box_, false, "", {}), "");
    ASSERT_EQ(::symlink(secret_.c_str(), (box_ / "A.out").c_str()), 0);
    BoxOutput got = collect();
    EXPECT_EQ(got.status, BoxOutputStatus::NotRegular);
    EXPECT_NE(got.reason.find("symbolic link"), std::string::npos) << got.reason;
    EXPECT_NE(read_all(dir_ / "run-0.out"), "the jury's answer\n");
}

TEST_F(BoxFiles, AFifoAFolderAndNoFileAreTheProgramsDoing) {
    ASSERT_EQ(stage_box_folder(box_, false, "", {}), "");
    EXPECT_EQ(collect().status, BoxOutputStatus::Missing);
    ASSERT_EQ(::mkfifo((box_ / "A.out").c_str(), 0666), 0);
    BoxOutput fifo = collect();  // returns at once: no writer is waited for
    EXPECT_EQ(fifo.status, BoxOutputStatus::NotRegular);
    EXPECT_NE(fifo.reason.find("FIFO"), std::string::npos) << fifo.reason;
    fs::remove(box_ / "A.out");
    fs::create_directories(box_ / "A.out");
    BoxOutput folder = collect();
    EXPECT_EQ(folder.status, BoxOutputStatus::NotRegular);
    EXPECT_NE(folder.reason.find("folder"), std::string::npos) << folder.reason;
}

TEST_F(BoxFiles, AFileOverTheLimitIsTooLargeEvenSparse) {
    ASSERT_EQ(stage_box_folder(box_, false, "", {}), "");
    test::write_text(box_ / "A.out", std::string(101, 'x'));
    EXPECT_EQ(collect(100).status, BoxOutputStatus::TooLarge);
    EXPECT_EQ(collect(101).status, BoxOutputStatus::Read);
    fs::resize_file(box_ / "A.out", std::uintmax_t{1} << 34);  // 16 GiB of holes
    EXPECT_EQ(collect(1 << 20).status, BoxOutputStatus::TooLarge);
    EXPECT_LE(fs::file_size(dir_ / "run-0.out"), 101u);
}

// A boxed program given the staged folder as its /box: reads its input file, writes its output
// file, and a link it leaves named like the output is not followed.
TEST_F(BoxFiles, ABoxedProgramReadsAndWritesItsNamedFiles) {
    if (!sandbox_support().available) {
        if (std::getenv("JUDGE_REQUIRE_SANDBOX"))
            FAIL() << "no sandbox here: " << sandbox_support().description;
        GTEST_SKIP() << "no sandbox here: " << sandbox_support().description;
    }
    auto run = [&](const std::string& script) {
        EXPECT_EQ(stage_box_folder(box_, sandbox_support().as_root, "A.in", input_), "");
        RunRequest request;
        request.argv = {"/bin/bash", "-c", script};
        request.stderr_path = (dir_ / "err").string();
        request.sandbox.enabled = true;
        request.sandbox.work_dir = box_.string();
        RunResult result = run_process(request);
        EXPECT_TRUE(result.exited && result.exit_code == 0) << read_all(dir_ / "err");
        return collect();
    };
    BoxOutput sum = run("read a b < A.in; echo $((a + b)) > A.out");
    EXPECT_EQ(sum.status, BoxOutputStatus::Read) << sum.reason;
    EXPECT_EQ(read_all(dir_ / "run-0.out"), "3\n");
    BoxOutput link = run("ln -s " + secret_.string() + " A.out");
    EXPECT_EQ(link.status, BoxOutputStatus::NotRegular) << link.reason;
    EXPECT_NE(read_all(dir_ / "run-0.out"), "the jury's answer\n");
}

}  // namespace
}  // namespace judge

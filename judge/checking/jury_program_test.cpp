#include "checking/jury_program.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "building/languages.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

JuryLimitsBasis basis() {
    JuryLimitsBasis result;
    result.solution.cpu_ms = 2000;
    result.solution.wall_ms = 9000;
    result.solution.memory_kib = 512 * 1024;
    result.solution.output_kib = 4096;
    result.jury_cpu_ms = 7000;
    return result;
}

TEST(JuryProgram, TheLimitsTable) {
    Limits generator = jury_limits(JuryRole::Generator, basis());
    EXPECT_EQ(generator.cpu_ms, 30000);
    EXPECT_EQ(generator.wall_ms, 61000);
    EXPECT_EQ(generator.output_kib, 256 * 1024);
    EXPECT_EQ(generator.max_processes, 16);
    for (JuryRole role : {JuryRole::Validator, JuryRole::Checker}) {
        Limits limits = jury_limits(role, basis());
        EXPECT_EQ(limits.cpu_ms, 7000);
        EXPECT_EQ(limits.wall_ms, 15000);
        EXPECT_EQ(limits.memory_kib, 4 * 1024 * 1024);
        EXPECT_EQ(limits.output_kib, 1024);
    }
    // The interactor waits as long as the solution may run.
    JuryLimitsBasis slow = basis();
    slow.solution.wall_ms = 60000;
    EXPECT_EQ(jury_limits(JuryRole::Interactor, basis()).wall_ms, 15000);
    EXPECT_EQ(jury_limits(JuryRole::Interactor, slow).wall_ms, 61000);
    Limits reference = jury_limits(JuryRole::Reference, basis());
    EXPECT_EQ(reference.cpu_ms, 2000);
    EXPECT_EQ(reference.memory_kib, 512 * 1024);
    Limits sanitized = jury_limits(JuryRole::SanitizedRerun, basis());
    EXPECT_EQ(sanitized.cpu_ms, 10000);
    EXPECT_EQ(sanitized.wall_ms, 45000);
    EXPECT_EQ(sanitized.memory_kib, 512 * 1024 + 1024 * 1024);
    EXPECT_EQ(sanitized.output_kib, 4096);
}

TEST(JuryProgram, ALanguageGetsItsProcessMinimum) {
    Language jvm_like = languages().front();
    jvm_like.min_processes = 64;
    EXPECT_EQ(jury_limits(JuryRole::Checker, basis(), &jvm_like).max_processes, 64);
    EXPECT_EQ(jury_limits(JuryRole::Checker, basis(), nullptr).max_processes, 16);
}

TEST(JuryProgram, BasisComesFromTheProblem) {
    ProblemSettings problem;
    problem.limits.cpu_ms = 1234;
    problem.jury_time_limit_ms = 4321;
    JuryLimitsBasis from = jury_basis(problem);
    EXPECT_EQ(from.solution.cpu_ms, 1234);
    EXPECT_EQ(from.jury_cpu_ms, 4321);
}

TEST(JuryProgram, RequestUsesCgroupsAndTheSandbox) {
    Program program;
    program.command = {"/bin/true"};
    RunRequest request = jury_request(JuryRole::Validator, program, {"--flag"}, basis());
    EXPECT_TRUE(request.use_cgroups);
    EXPECT_TRUE(request.sandbox.enabled);  // every role, unless --no-sandbox
    EXPECT_TRUE(request.sandbox.read_only_paths.empty());
    EXPECT_TRUE(request.sandbox.work_dir.empty());
    EXPECT_EQ(request.argv, (std::vector<std::string>{"/bin/true", "--flag"}));
    EXPECT_EQ(request.limits.cpu_ms, 7000);
}

TEST(JuryProgram, TheBoxShowsItsFilesAndOneWritableFolder) {
    Program program;
    program.command = {"/usr/bin/python3", "/cache/checker/main.py"};
    program.box_paths = {"/cache/checker"};
    JuryBox box;
    box.read_only = {"/data/1.in", "/dev/null", "/data/1.ans"};
    box.writable_dir = "/work/case/feedback";
    RunRequest request = jury_request(JuryRole::Checker, program,
                                      {"/data/1.in", "/dev/null", "/box/"}, basis(), box);
    EXPECT_TRUE(request.sandbox.enabled);
    // Every box has /dev/null; the program's own folder comes from the Program.
    EXPECT_EQ(request.sandbox.read_only_paths,
              (std::vector<std::string>{"/data/1.in", "/data/1.ans", "/cache/checker"}));
    EXPECT_EQ(request.sandbox.work_dir, "/work/case/feedback");
    EXPECT_EQ(jury_writable_path(box), "/box/");
    EXPECT_EQ(jury_writable_path(box, "run-0.tout"), "/box/run-0.tout");
}

TEST(JuryProgram, NoSandboxRunsItUnboxedWithHostPaths) {
    Program program;
    program.command = {"/bin/true"};
    JuryBox box;
    box.enabled = false;
    box.read_only = {"/data/1.in"};
    box.writable_dir = "/work/case/feedback";
    RunRequest request = jury_request(JuryRole::Interactor, program, {}, basis(), box);
    EXPECT_FALSE(request.sandbox.enabled);
    EXPECT_TRUE(request.sandbox.read_only_paths.empty());
    EXPECT_TRUE(request.sandbox.work_dir.empty());
    EXPECT_EQ(jury_writable_path(box), "/work/case/feedback/");
    EXPECT_EQ(jury_writable_path(box, "run-0.tout"), "/work/case/feedback/run-0.tout");
}

TEST(JuryProgram, TheInteractorsMemoryAndOutputFollowTheSolution) {
    Limits interactor = jury_limits(JuryRole::Interactor, basis());
    EXPECT_EQ(interactor.memory_kib, 512 * 1024 + 256 * 1024);  // not 4 GiB
    EXPECT_EQ(interactor.output_kib, 256 * 1024);               // what it may send the solution
}

// A boxed jury program reads the files it is shown, writes its folder, and reaches nothing
// else: not a file beside the ones it is shown, not the host's files, not the network.
TEST(JuryProgram, ABoxedProgramSeesOnlyItsFiles) {
    if (!sandbox_support().available) GTEST_SKIP() << sandbox_support().description;
    TempDir dir("jury-box-test");
    fs::path shown = test::write_text(dir.path() / "case" / "1.in", "shown input\n");
    fs::path hidden = test::write_text(dir.path() / "case" / "1.secret", "hidden\n");
    fs::path feedback = dir.path() / "case" / "feedback";
    // /bin/sh -c: a binary (a #! script would need its fd 3 across the execve).
    Program checker;
    checker.command = {"/bin/sh", "-c",
                       "cat \"$1\"\n"
                       "test -e \"$2\" && echo SAW-THE-HIDDEN-FILE\n"
                       "echo changed 2>/dev/null >\"$1\" && echo WROTE-THE-INPUT\n"
                       "echo escaped 2>/dev/null >\"$3\"\n"  // checked on the host below
                       "cat /etc/shadow 2>/dev/null | head -c1 | grep -q . && echo READ-SHADOW\n"
                       "echo message >/box/judgemessage.txt\n",
                       "checker"};
    JuryBox box;
    box.read_only = {shown.string()};
    box.writable_dir = feedback.string();
    ASSERT_EQ(prepare_jury_writable_dir(box, feedback), "");
    fs::path escaped = dir.path() / "escaped";
    RunRequest request =
        jury_request(JuryRole::Checker, checker,
                     {shown.string(), hidden.string(), escaped.string()}, basis(), box);
    request.stdout_path = (dir.path() / "out").string();
    request.stderr_path = (dir.path() / "err").string();
    JuryRun run = run_jury(JuryRole::Checker, request);
    ASSERT_FALSE(run.runner_error) << *run.runner_error;
    EXPECT_TRUE(exited_cleanly(run.result)) << read_file(request.stderr_path);
    EXPECT_EQ(run.result.isolation.rfind("sandbox", 0), 0u) << run.result.isolation;
    EXPECT_EQ(read_file(request.stdout_path), "shown input\n");
    EXPECT_EQ(read_file(shown), "shown input\n");
    EXPECT_FALSE(fs::exists(escaped));
    EXPECT_EQ(read_file(feedback / "judgemessage.txt"), "message\n");
}

// A root judge keeps a jury program's box from case to case (a resident box) when it may show
// it whole folders that hold its files and stay the same (the problem's, the worker's); a file
// outside them or reached through a link is shown alone, in a box built for the run.
TEST(JuryProgram, FoldersThatHoldTheFilesAreShownWholeSoTheBoxCanBeKept) {
    if (!sandbox_support().available || !sandbox_support().as_root)
        GTEST_SKIP() << "only a root judge's boxes are kept from run to run";
    TempDir dir("jury-box-test");
    const fs::path problem = dir.path() / "problem", worker = dir.path() / "job-0";
    fs::path input = test::write_text(problem / "data" / "1.in", "1\n");
    fs::path answer = test::write_text(problem / "data" / "1.ans", "1\n");
    fs::path output = test::write_text(worker / "run-0.out", "1\n");
    fs::path outside = test::write_text(dir.path() / "elsewhere" / "1.in", "1\n");
    fs::create_directory_symlink(problem / "data", problem / "linked");
    for (const fs::path& folder : {dir.path(), problem, problem / "data", worker})
        ASSERT_EQ(::chmod(folder.c_str(), 0755), 0);
    Program program;
    program.command = {"/bin/true"};
    JuryBox box;
    box.shown_folders = {problem.string(), worker.string()};
    box.read_only = {input.string(), answer.string(), output.string()};
    RunRequest request = jury_request(JuryRole::Checker, program, {}, basis(), box);
    EXPECT_TRUE(request.sandbox.resident_folders);
    EXPECT_EQ(request.sandbox.read_only_paths, box.shown_folders);
    EXPECT_EQ(request.sandbox.files_in_folders, box.read_only);

    for (const fs::path& file : {outside, problem / "linked" / "1.in"}) {
        box.read_only = {input.string(), file.string()};
        request = jury_request(JuryRole::Checker, program, {}, basis(), box);
        EXPECT_FALSE(request.sandbox.resident_folders) << file;
        EXPECT_EQ(request.sandbox.read_only_paths, box.read_only) << file;
    }
    // Nor "/" or a folder right under it (what a bind of one brings along is the machine's).
    fs::path top_level_file = "/tmp/jury-view-test-" + std::to_string(::getpid()) + ".in";
    test::write_text(top_level_file, "1\n");
    box.read_only = {top_level_file.string()};
    box.shown_folders = {"/tmp"};
    const bool top_level_shown =
        jury_request(JuryRole::Checker, program, {}, basis(), box).sandbox.resident_folders;
    fs::remove(top_level_file);
    EXPECT_FALSE(top_level_shown);
    // A folder named through a link, or that uid 65534 may not enter, is not shown whole.
    box.read_only = {input.string()};
    box.shown_folders = {(problem / "linked" / "..").string()};
    EXPECT_FALSE(
        jury_request(JuryRole::Checker, program, {}, basis(), box).sandbox.resident_folders);
    fs::path private_file = test::write_text(dir.path() / "private" / "1.in", "1\n");
    // (Not the judge's own: a folder of its own scratch it would make enterable.)
    ASSERT_EQ(::chown(private_file.parent_path().c_str(), 1234, 1234), 0);
    ASSERT_EQ(::chmod(private_file.parent_path().c_str(), 0700), 0);
    box.read_only = {private_file.string()};
    box.shown_folders = {private_file.parent_path().string()};
    EXPECT_FALSE(
        jury_request(JuryRole::Checker, program, {}, basis(), box).sandbox.resident_folders);
}

// A box that cannot show its program a file says so (JE with the reason), instead of a run
// whose program fails on its own: a root judge's box runs as uid 65534.
TEST(JuryProgram, AFileTheBoxsUserCannotReadIsRefused) {
    if (!sandbox_support().available || !sandbox_support().as_root)
        GTEST_SKIP() << "needs a root judge's sandbox";
    TempDir dir("jury-box-test");
    fs::path private_file = test::write_text(dir.path() / "private.ans", "42\n");
    ASSERT_EQ(::chown(private_file.c_str(), 1234, 1234), 0);
    ASSERT_EQ(::chmod(private_file.c_str(), 0600), 0);
    fs::path own_file = test::write_text(dir.path() / "own.out", "42\n");
    ASSERT_EQ(::chmod(own_file.c_str(), 0600), 0);
    Program program;
    program.command = {"/bin/true"};
    JuryBox box;
    box.read_only = {own_file.string()};
    RunRequest request = jury_request(JuryRole::Checker, program, {}, basis(), box);
    // The judge's own capture is made readable; someone else's file is not touched.
    EXPECT_FALSE(jury_box_refusal(request));
    box.read_only.push_back(private_file.string());
    request = jury_request(JuryRole::Checker, program, {}, basis(), box);
    std::optional<std::string> refusal = jury_box_refusal(request);
    ASSERT_TRUE(refusal);
    EXPECT_NE(refusal->find("private.ans is not readable by uid 65534"), std::string::npos)
        << *refusal;
    JuryRun run = run_jury(JuryRole::Checker, request);
    ASSERT_TRUE(run.runner_error);
    EXPECT_EQ(run.runner_error->rfind("cannot run the checker: its box cannot show it ", 0), 0u)
        << *run.runner_error;
}

TEST(JuryProgram, TheWritableFolderIsEmptyAndTheBoxUsers) {
    TempDir dir("jury-box-test");
    fs::path feedback = dir.path() / "feedback";
    test::write_text(feedback / "left-over", "x");
    ASSERT_EQ(::symlink("/etc/passwd", (feedback / "link").c_str()), 0);
    JuryBox box;
    ASSERT_EQ(prepare_jury_writable_dir(box, feedback), "");
    EXPECT_TRUE(fs::is_directory(feedback));
    EXPECT_TRUE(fs::is_empty(feedback));
    EXPECT_TRUE(fs::exists("/etc/passwd"));  // a link is removed, never followed
    struct stat info {};
    ASSERT_EQ(::stat(feedback.c_str(), &info), 0);
    if (sandbox_support().available && sandbox_support().as_root) {
        EXPECT_EQ(info.st_uid, kSandboxUid);
    }
}

TEST(JuryProgram, FailuresReadTheSameEverywhere) {
    RunResult run;
    run.exited = true;
    run.exit_code = 5;
    EXPECT_EQ(describe_jury_failure(JuryRole::Generator, run, {}, "bad -n"),
              "generator exited with code 5: bad -n");
    run.limit_hit = LimitHit::CpuTime;
    Limits limits;
    limits.cpu_ms = 30000;
    EXPECT_EQ(describe_jury_failure(JuryRole::Checker, run, limits, ""),
              "checker exceeded its CPU time limit of 30000 ms");
    EXPECT_FALSE(exited_cleanly(run));
    run.limit_hit = LimitHit::None;
    run.exit_code = 0;
    EXPECT_TRUE(exited_cleanly(run));
}

TEST(JuryProgram, ARunnerErrorIsAMessageNotAnException) {
    TempDir dir("jury-test");
    Program missing = test::as_program(dir.path() / "no-such-program");
    RunRequest request = jury_request(JuryRole::Generator, missing, {}, basis());
    JuryRun run = run_jury(JuryRole::Generator, request);
    ASSERT_TRUE(run.runner_error);
    EXPECT_EQ(run.runner_error->rfind("cannot run the generator: ", 0), 0u) << *run.runner_error;
}

}  // namespace
}  // namespace judge

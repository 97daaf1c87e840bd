// judge selftest's verdicts for a Polygon package's validator and checker tests, verify's rule for
// the tag `failed`, and contest packages.
#include "problems/polygon_selftest.hpp"

#include <zip.h>

#include <gtest/gtest.h>

#include "checking/verify.hpp"
#include "problems/polygon_contest.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

TEST(PolygonSelftest, ValidatorVerdicts) {
    ValidationResult valid{true, "", false, 0};
    ValidationResult rejected{false, "n = 0 out of range", false, 0};
    ValidationResult broke{false, "validator killed by signal 11", true, 0};
    EXPECT_EQ(validator_verdict_holds("valid", valid), true);
    EXPECT_EQ(validator_verdict_holds("valid", rejected), false);
    EXPECT_EQ(validator_verdict_holds("invalid", rejected), true);
    EXPECT_EQ(validator_verdict_holds("invalid", valid), false);
    // A validator that broke is a bug, not a rejection.
    EXPECT_EQ(validator_verdict_holds("invalid", broke), false);
    EXPECT_EQ(validator_verdict_holds("valid", broke), false);
    EXPECT_EQ(validator_verdict_holds("VALID", valid), std::nullopt);
}

TEST(PolygonSelftest, CheckerVerdicts) {
    EXPECT_EQ(checker_verdict_holds("ok", CheckerOutcome::Ok), true);
    EXPECT_EQ(checker_verdict_holds("ok", CheckerOutcome::WrongAnswer), false);
    EXPECT_EQ(checker_verdict_holds("wrong-answer", CheckerOutcome::WrongAnswer), true);
    EXPECT_EQ(checker_verdict_holds("wrong-answer", CheckerOutcome::PresentationError), false);
    EXPECT_EQ(checker_verdict_holds("presentation-error", CheckerOutcome::PresentationError), true);
    // Polygon's CRASHED is "check failed": testlib's FAIL or a crash.
    EXPECT_EQ(checker_verdict_holds("crashed", CheckerOutcome::Fail), true);
    EXPECT_EQ(checker_verdict_holds("crashed", CheckerOutcome::Crashed), true);
    EXPECT_EQ(checker_verdict_holds("crashed", CheckerOutcome::WrongAnswer), false);
    EXPECT_EQ(checker_verdict_holds("ok", CheckerOutcome::Fail), false);
    EXPECT_EQ(checker_verdict_holds("accepted", CheckerOutcome::Ok), std::nullopt);
}

TEST(PolygonFailedTag, OnlyACheckerFailKeepsIt) {
    const CaseOutcome ac{"tests/1", Verdict::AC, "7"};
    // checker_failed: set where the checker (or interactor) said FAIL (judging.cpp).
    const CaseOutcome fail{"tests/2", Verdict::JE, "checker FAIL the output does not fit", true};
    const CaseOutcome interactor_fail{"tests/2", Verdict::JE, "interactor FAIL: bad query", true};
    const CaseOutcome crash{"tests/3", Verdict::JE, "checker killed by signal 11 (SIGSEGV)"};
    const CaseOutcome runner{"tests/3", Verdict::JE, "runner error: fork failed"};
    const CaseOutcome wa{"tests/3", Verdict::WA, "expected 6, got 5"};
    EXPECT_TRUE(is_checker_fail(fail));
    EXPECT_TRUE(is_checker_fail(interactor_fail));
    EXPECT_FALSE(is_checker_fail(crash));
    // A WA whose checker message happens to say "checker FAIL" is no FAIL.
    EXPECT_FALSE(is_checker_fail({"tests/1", Verdict::WA, "checker FAIL", false}));
    // The message does not decide: a crash that prints "checker FAIL" is no FAIL.
    EXPECT_FALSE(is_checker_fail({"tests/1", Verdict::JE, "checker FAIL: it crashed", false}));
    EXPECT_EQ(failed_tag_broken({ac, fail}), "");
    EXPECT_EQ(failed_tag_broken({interactor_fail}), "");
    EXPECT_NE(failed_tag_broken({ac}).find("the checker never failed"), std::string::npos);
    // The first case that is not AC decides, as for every tag: a WA before the FAIL breaks it.
    EXPECT_EQ(failed_tag_broken({ac, wa, fail}),
              "tests/3 WA before any checker FAIL (tag failed: the first case that is not AC must "
              "be the checker's FAIL)");
    EXPECT_EQ(failed_tag_broken({fail, wa}), "");
    EXPECT_NE(failed_tag_broken({}).find("the checker never failed"), std::string::npos);
    // A JE of another kind is the judge's trouble, never what the tag promises.
    EXPECT_EQ(failed_tag_broken({crash}), "tests/3 JE, not by a checker FAIL: " + crash.message);
    EXPECT_NE(failed_tag_broken({fail, runner}), "");
    // The tag is no folder verdict_as_expected knows: JE never matches there.
    EXPECT_FALSE(verdict_as_expected("failed", Verdict::JE, false));
}

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    write_file_atomically(file, text);
}

std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "";
}

TEST(PolygonContest, ProblemsInContestXmlOrder) {
    TempDir dir("polygon-contest-test");
    const fs::path root = dir.path() / "contest";
    write(root / "contest.xml", R"(<?xml version="1.0" encoding="utf-8"?>
<contest><names><name language="russian" value="Kontest"/><name language="english" value="Contest"/></names>
<problems>
  <problem index="A" url="https://polygon.codeforces.com/p/owner/zeta"/>
  <problem index="B" url="https://polygon.codeforces.com/p/owner/alpha/"/>
</problems></contest>
)");
    write(root / "problems/zeta/problem.xml", "<problem/>");
    write(root / "problems/alpha/problem.xml", "<problem/>");
    EXPECT_TRUE(is_polygon_contest(root));
    EXPECT_FALSE(is_polygon_contest(root / "problems/zeta"));
    PolygonContest contest = read_polygon_contest(root);
    EXPECT_EQ(contest.name, "Contest");
    ASSERT_EQ(contest.problems.size(), 2u);
    EXPECT_EQ(contest.problems[0].index, "A");
    EXPECT_EQ(contest.problems[0].short_name, "zeta");
    EXPECT_EQ(contest.problems[0].folder, root / "problems/zeta");
    EXPECT_EQ(contest.problems[1].short_name, "alpha");
    // A folder with problem.xml too is a problem package, not a contest.
    write(root / "problem.xml", "<problem/>");
    EXPECT_FALSE(is_polygon_contest(root));
}

TEST(PolygonContest, WithoutAListEveryProblemFolder) {
    TempDir dir("polygon-contest-test");
    const fs::path root = dir.path() / "c";
    write(root / "contest.xml", "<contest/>");
    write(root / "problems/p10/problem.xml", "<problem/>");
    write(root / "problems/p9/problem.xml", "<problem/>");
    write(root / "problems/notes/readme.txt", "not a problem");
    PolygonContest contest = read_polygon_contest(root);
    EXPECT_EQ(contest.name, "c");
    ASSERT_EQ(contest.problems.size(), 2u);
    EXPECT_EQ(contest.problems[0].short_name, "p9");  // natural order
    EXPECT_EQ(contest.problems[1].short_name, "p10");
}

TEST(PolygonContest, BadContestsNameTheFile) {
    TempDir dir("polygon-contest-test");
    const fs::path root = dir.path() / "c";
    write(root / "contest.xml",
          "<contest>\n<problems>\n<problem index=\"A\" url=\"x/gone\"/>\n"
          "</problems></contest>\n");
    std::string said = error_of([&] { read_polygon_contest(root); });
    EXPECT_NE(said.find("problems/gone/problem.xml not found (problem 'A' of "), std::string::npos);
    EXPECT_NE(said.find("contest.xml:3)"), std::string::npos);
    write(root / "contest.xml", "<contest>\n<problems>\n</contest>\n");
    EXPECT_NE(error_of([&] { read_polygon_contest(root); }).find("contest.xml:3: "),
              std::string::npos);
    write(root / "contest.xml", "<contest/>");
    EXPECT_NE(error_of([&] { read_polygon_contest(root); }).find("contest.xml: no problem"),
              std::string::npos);
}

TEST(PolygonContest, ZipIsToldByItsEntries) {
    TempDir dir("polygon-contest-test");
    auto make_zip = [&](const fs::path& file, std::vector<const char*> names) {
        int error = 0;
        zip_t* archive = zip_open(file.c_str(), ZIP_CREATE | ZIP_EXCL, &error);
        ASSERT_NE(archive, nullptr);
        static const char kText[] = "<contest/>";
        for (const char* name : names)
            ASSERT_GE(zip_file_add(archive, name,
                                   zip_source_buffer(archive, kText, sizeof kText - 1, 0), 0),
                      0);
        ASSERT_EQ(zip_close(archive), 0);
    };
    make_zip(dir.path() / "contest.zip", {"contest.xml", "problems/a/problem.xml"});
    make_zip(dir.path() / "problem.zip", {"problem.xml", "tests/01"});
    EXPECT_TRUE(is_polygon_contest(dir.path() / "contest.zip"));
    EXPECT_FALSE(is_polygon_contest(dir.path() / "problem.zip"));
    write(dir.path() / "junk.zip", "not a zip");
    EXPECT_FALSE(is_polygon_contest(dir.path() / "junk.zip"));
    // Unpacked once into the cache, where its problems are read.
    fs::path folder = polygon_contest_folder(dir.path() / "contest.zip", dir.path() / "cache");
    EXPECT_TRUE(fs::is_regular_file(folder / "problems/a/problem.xml"));
}

}  // namespace
}  // namespace judge

// problem.xml read into the judge's model; test-path patterns, tags, zip-slip.
#include "problems/polygon_package.hpp"

#include <zip.h>

#include <functional>

#include <gtest/gtest.h>

#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

constexpr const char* kProblemXml = R"(<?xml version="1.0" encoding="utf-8"?>
<problem revision="3" short-name="sum">
  <names><name language="russian" value="Summa"/><name language="english" value="Sum"/></names>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>1500</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test cmd="gen 10 20" method="generated"/>
        <test cmd="gen --max=5 3" method="generated" group="1" points="7"/>
      </tests>
    </testset>
    <testset name="subtask1">
      <time-limit>2000</time-limit>
      <memory-limit>536870912</memory-limit>
      <input-path-pattern>subtask1/%d</input-path-pattern>
      <answer-path-pattern>subtask1/%d.a</answer-path-pattern>
      <tests><test method="manual"/></tests>
    </testset>
  </judging>
  <files><executables>
    <executable><source path="files/gen.cpp" type="cpp.g++17"/><binary path="files/gen.exe" type="exe.win32"/></executable>
  </executables></files>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
      <solution tag="accepted"><source path="solutions/old.py" type="python.2"/></solution>
      <solution tag="failed"><source path="solutions/bad.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
</problem>
)";

class PolygonPackageTest : public ::testing::Test {
 protected:
    void SetUp() override {
        root_ = dir_.path() / "sum";
        for (const char* folder : {"files", "solutions", "tests", "subtask1"})
            fs::create_directories(root_ / folder);
        write("problem.xml", kProblemXml);
        for (const char* file :
             {"files/gen.cpp", "files/check.cpp", "files/val.cpp", "solutions/sum.cpp",
              "solutions/wa.py", "solutions/old.py", "solutions/bad.cpp"})
            write(file, "// program\n");
        write("tests/01", "1 2\n");
        write("subtask1/1", "5 5\n");
        write("subtask1/1.a", "10\n");
    }
    void write(const std::string& name, const std::string& text) {
        write_file_atomically(root_ / name, text);
    }
    TempDir dir_{"polygon-test"};
    fs::path root_;
};

TEST(PolygonPattern, PrintfIntegerConversions) {
    EXPECT_EQ(format_test_path("tests/%02d", 7), "tests/07");
    EXPECT_EQ(format_test_path("tests/%02d", 100), "tests/100");
    EXPECT_EQ(format_test_path("tests/%d.a", 3), "tests/3.a");
    EXPECT_EQ(format_test_path("t%%/%3d", 4), "t%/  4");
    EXPECT_THROW(format_test_path("tests/%s", 1), JudgeError);
    EXPECT_THROW(format_test_path("tests/01", 1), JudgeError);
    EXPECT_THROW(format_test_path("%d/%d", 1), JudgeError);
}

TEST(PolygonTags, AsVerifyFolders) {
    EXPECT_EQ(expectation_of_tag("main"), "accepted");
    EXPECT_EQ(expectation_of_tag("accepted"), "accepted");
    EXPECT_EQ(expectation_of_tag("wrong-answer"), "wrong_answer");
    EXPECT_EQ(expectation_of_tag("presentation-error"), "presentation_error");
    EXPECT_EQ(expectation_of_tag("time-limit-exceeded"), "time_limit_exceeded");
    EXPECT_EQ(expectation_of_tag("memory-limit-exceeded"), "memory_limit_exceeded");
    EXPECT_EQ(expectation_of_tag("time-limit-exceeded-or-accepted"),
              "time_limit_exceeded,accepted");
    EXPECT_EQ(expectation_of_tag("time-limit-exceeded-or-memory-limit-exceeded"),
              "time_limit_exceeded,memory_limit_exceeded");
    EXPECT_EQ(expectation_of_tag("rejected"), "rejected");
    EXPECT_EQ(expectation_of_tag("failed"), "failed");  // verify's failed_tag_broken
    EXPECT_EQ(expectation_of_tag("accepted-or-so"), std::nullopt);
    EXPECT_EQ(unbuilt_source_type("cpp.g++17"), "");
    EXPECT_EQ(unbuilt_source_type("java11"), "");
    EXPECT_EQ(unbuilt_source_type("python.3"), "");
    EXPECT_NE(unbuilt_source_type("python.2"), "");
    EXPECT_EQ(unbuilt_source_type("kotlin17"), "");
    EXPECT_EQ(unbuilt_source_type("pas.fpc"), "");
    EXPECT_EQ(unbuilt_source_type("csharp.mono"), "");
    EXPECT_NE(unbuilt_source_type("pas.dpr"), "");
    EXPECT_NE(unbuilt_source_type("csharp.ms"), "");
    EXPECT_NE(unbuilt_source_type("scala"), "");
}

TEST_F(PolygonPackageTest, ReadsProblemXml) {
    PolygonPackage package = read_polygon_package(root_);
    EXPECT_EQ(package.short_name, "sum");
    EXPECT_EQ(package.name, "Sum");
    ASSERT_EQ(package.testsets.size(), 2u);
    const PolygonTestset& tests = package.testsets[0];
    EXPECT_EQ(tests.name, "tests");
    EXPECT_EQ(tests.time_limit_ms, 1500);
    EXPECT_EQ(tests.memory_limit_bytes, 268435456);
    ASSERT_EQ(tests.tests.size(), 3u);
    EXPECT_TRUE(tests.tests[0].sample);
    EXPECT_EQ(tests.tests[2].cmd, "gen --max=5 3");
    EXPECT_EQ(tests.tests[2].points, 7.0);
    ASSERT_NE(package.executable("gen"), nullptr);
    EXPECT_EQ(package.executable("gen")->path, "files/gen.cpp");
    EXPECT_EQ(package.checker->path, "files/check.cpp");
    ASSERT_EQ(package.validators.size(), 1u);
    EXPECT_EQ(package.main_solution()->source.path, "solutions/sum.cpp");
}

TEST_F(PolygonPackageTest, SettingsOfTheChosenTestset) {
    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_EQ(problem.format, ProblemFormat::Polygon);
    EXPECT_EQ(problem.testset, "tests");
    EXPECT_EQ(problem.limits.cpu_ms, 1500);
    EXPECT_EQ(problem.limits.memory_kib, 262144);
    EXPECT_EQ(problem.checker_source(), root_ / "files/check.cpp");
    EXPECT_NE(problem.time_limit_source.find("other testsets: subtask1"), std::string::npos);
    ProblemSettings subtask = load_polygon_problem(root_, "subtask1", dir_.path() / "gen");
    EXPECT_EQ(subtask.limits.cpu_ms, 2000);
    std::vector<TestCase> cases = discover_polygon_cases(subtask);
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].display_name(), "subtask1/1");
    EXPECT_EQ(cases[0].input, root_ / "subtask1/1");
    EXPECT_EQ(*cases[0].answer, root_ / "subtask1/1.a");
    EXPECT_THROW(load_polygon_problem(root_, "nope", dir_.path() / "gen"), JudgeError);
}

TEST_F(PolygonPackageTest, GeneratedInputsAndMissingAnswersGoToTheCache) {
    ProblemSettings problem = load_polygon_problem(root_, "tests", dir_.path() / "gen");
    std::vector<TestCase> cases = discover_polygon_cases(problem);
    ASSERT_EQ(cases.size(), 3u);
    EXPECT_EQ(cases[0].input, root_ / "tests/01");
    EXPECT_EQ(cases[1].input.parent_path(), dir_.path() / "gen");
    EXPECT_EQ(cases[1].answer->parent_path(), dir_.path() / "gen");
    EXPECT_NE(cases[1].input, cases[2].input);  // other arguments, other file
    // The same package read again names the same files: the cache is found again.
    EXPECT_EQ(discover_polygon_cases(problem)[2].input, cases[2].input);
}

TEST_F(PolygonPackageTest, WindowsPackagesTestsAreJudgedWithLfEnds) {
    write("tests/01", "1 2\r\n");
    ProblemSettings problem = load_polygon_problem(root_, "tests", dir_.path() / "gen");
    // kProblemXml has a binary of type exe.win32: a Windows package.
    EXPECT_EQ(discover_polygon_cases(problem)[0].input.parent_path(), dir_.path() / "gen");
    std::string xml = kProblemXml;
    xml.replace(xml.find("exe.win32"), 9, "exe.linux");
    write("problem.xml", xml);
    EXPECT_EQ(discover_polygon_cases(problem)[0].input, root_ / "tests/01");
}

TEST_F(PolygonPackageTest, SubmissionsByTag) {
    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    std::vector<ExpectedSubmission> submissions = polygon_submissions(problem);
    ASSERT_EQ(submissions.size(), 4u);
    EXPECT_EQ(submissions[0].path, root_ / "solutions/sum.cpp");
    EXPECT_EQ(submissions[0].folder, "accepted");
    EXPECT_NE(submissions[1].expectation_error.find("python.2"), std::string::npos);
    EXPECT_EQ(submissions[2].folder, "wrong_answer");
    EXPECT_EQ(submissions[3].folder, "failed");  // verified: the checker must FAIL
    EXPECT_EQ(submissions[3].expectation_error, "");
}

// One line naming the file (and the line of problem.xml) for what makes a package unusable.
std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const JudgeError& error) {
        return error.what();
    }
    return "no error";
}

TEST_F(PolygonPackageTest, BadPackagesNameTheFile) {
    fs::remove(root_ / "solutions/wa.py");
    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_NE(error_of([&] { polygon_submissions(problem); }).find("solutions/wa.py not found"),
              std::string::npos);
    fs::remove(root_ / "tests/01");
    EXPECT_NE(error_of([&] { discover_polygon_cases(problem); }).find("tests/01 not found"),
              std::string::npos);
    write("tests/01", "1 2\n");
    std::string xml = kProblemXml;
    xml.replace(xml.find("gen 10 20"), 9, "maker 10");
    write("problem.xml", xml);
    EXPECT_NE(error_of([&] { discover_polygon_cases(problem); })
                  .find("problem.xml:13: test 2 of testset 'tests': cmd 'maker 10' names 'maker', "
                        "which is no executable"),
              std::string::npos);
    write("problem.xml", "<problem>\n<judging>\n<testset name='tests'>\n</judging>\n");
    EXPECT_NE(error_of([&] { read_polygon_package(root_); }).find("problem.xml:4: "),
              std::string::npos);
}

// A generator that writes several tests in one run (Polygon's `gen 2 3 > {2-3}`): each test has
// the same cmd and names its file (from-file); each is cached under a key of its own.
TEST_F(PolygonPackageTest, TestsOfOneGeneratorRunAreItsFiles) {
    std::string xml = kProblemXml;
    std::string one = R"(<test cmd="gen 10 20" method="generated"/>)";
    xml.replace(xml.find(one), one.size(),
                R"(<test cmd="gen 2 3" from-file="2" method="generated"/>)"
                "\n        "
                R"(<test cmd="gen 2 3" from-file="3" method="generated"/>)");
    write("problem.xml", xml);
    PolygonPackage package = read_polygon_package(root_);
    const PolygonTestset& set = package.testsets.front();
    ASSERT_EQ(set.tests.size(), 4u);
    EXPECT_EQ(set.tests[1].from_file, "2");
    EXPECT_EQ(set.tests[2].from_file, "3");
    EXPECT_EQ(set.tests[3].from_file, "");
    ProblemSettings problem = load_polygon_problem(root_, "tests", dir_.path() / "gen");
    std::vector<TestCase> cases = discover_polygon_cases(problem);
    ASSERT_EQ(cases.size(), 4u);
    EXPECT_EQ(cases[1].input.parent_path(), dir_.path() / "gen");
    EXPECT_NE(cases[1].input, cases[2].input);  // one run, two files: two inputs
    // A name that is not a plain file of the generator's folder is refused, naming the line.
    xml.replace(xml.find(R"(from-file="3")"), 13, R"(from-file="../3")");
    write("problem.xml", xml);
    EXPECT_NE(error_of([&] {
                  read_polygon_package(root_);
              }).find("problem.xml:14: test 3: from-file '../3' is not a plain file name"),
              std::string::npos);
}

TEST(PolygonZip, RefusesEntriesLeavingThePackage) {
    TempDir dir("polygon-zip-test");
    fs::path zip_file = dir.path() / "evil.zip";
    int error = 0;
    zip_t* archive = zip_open(zip_file.c_str(), ZIP_CREATE | ZIP_EXCL, &error);
    ASSERT_NE(archive, nullptr);
    static const char kText[] = "x";
    zip_source_t* source = zip_source_buffer(archive, kText, 1, 0);
    ASSERT_GE(zip_file_add(archive, "../escaped", source, ZIP_FL_ENC_UTF_8), 0);
    ASSERT_EQ(zip_close(archive), 0);
    std::string said = error_of([&] { unpack_polygon_zip(zip_file, dir.path() / "cache"); });
    EXPECT_NE(said.find("'../escaped' would be written outside the package"), std::string::npos);
    EXPECT_FALSE(fs::exists(dir.path() / "cache" / "escaped"));
    EXPECT_FALSE(fs::exists(dir.path() / "escaped"));
}

TEST(PolygonZip, UnpacksOnce) {
    TempDir dir("polygon-zip-test");
    fs::path zip_file = dir.path() / "p.zip";
    int error = 0;
    zip_t* archive = zip_open(zip_file.c_str(), ZIP_CREATE | ZIP_EXCL, &error);
    ASSERT_NE(archive, nullptr);
    static const char kText[] = "<problem/>";
    zip_file_add(archive, "problem.xml", zip_source_buffer(archive, kText, 10, 0), 0);
    zip_dir_add(archive, "tests", 0);
    ASSERT_EQ(zip_close(archive), 0);
    fs::path unpacked = unpack_polygon_zip(zip_file, dir.path() / "cache");
    EXPECT_EQ(read_file(unpacked / "problem.xml"), "<problem/>");
    EXPECT_TRUE(fs::is_directory(unpacked / "tests"));
    EXPECT_EQ(unpack_polygon_zip(zip_file, dir.path() / "cache"), unpacked);
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// kProblemXml with `groups` after the tests of testset "tests", whose tests are in groups
// "samples" (test 1, 0 points), "1" (test 2, 3 points) and "1" (test 3, 7 points, as written).
std::string with_groups(const std::string& groups) {
    std::string xml = kProblemXml;
    xml.replace(xml.find("<test method=\"manual\" sample=\"true\"/>"), 37,
                "<test method=\"manual\" sample=\"true\" group=\"samples\" points=\"0\"/>");
    xml.replace(xml.find("<test cmd=\"gen 10 20\" method=\"generated\"/>"), 42,
                "<test cmd=\"gen 10 20\" method=\"generated\" group=\"1\" points=\"3\"/>");
    std::string end = "</tests>\n    </testset>";
    xml.replace(xml.find(end), end.size(), "</tests>\n" + groups + "    </testset>");
    return xml;
}

TEST_F(PolygonPackageTest, GroupsAndTheirScoringPlan) {
    write("problem.xml", with_groups(R"(      <groups>
        <group feedback-policy="complete" name="samples" points-policy="each-test"/>
        <group name="1" points="12.5" points-policy="complete-group">
          <dependencies><dependency group="samples"/></dependencies>
        </group>
      </groups>
)"));
    PolygonPackage package = read_polygon_package(root_);
    const PolygonTestset& tests = package.testsets[0];
    ASSERT_EQ(tests.groups.size(), 2u);
    EXPECT_EQ(tests.groups[0].points_policy, "each-test");
    EXPECT_EQ(tests.groups[0].feedback_policy, "complete");
    EXPECT_EQ(tests.groups[1].points_policy, "complete-group");
    EXPECT_EQ(tests.groups[1].points, 12.5);
    EXPECT_EQ(tests.groups[1].dependencies, std::vector<std::string>{"samples"});
    EXPECT_EQ(tests.tests[1].group, "1");

    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    std::optional<ScoringPlan> plan = polygon_scoring_plan(problem);
    ASSERT_TRUE(plan);
    ASSERT_EQ(plan->groups.size(), 2u);
    EXPECT_TRUE(plan->groups[1].complete_group);
    EXPECT_EQ(plan->groups[1].points, 12.5);
    ASSERT_EQ(plan->tests.size(), 3u);
    // By the names discover_polygon_cases gives the cases.
    EXPECT_EQ(plan->tests[2].case_name, discover_polygon_cases(problem)[2].display_name());
    EXPECT_EQ(plan->tests[2].group, "1");
    EXPECT_EQ(plan->tests[2].points, 7);
    EXPECT_FALSE(plan->checker_points_as_percent);
    // A testset without points is not scored.
    EXPECT_FALSE(polygon_scoring_plan(load_polygon_problem(root_, "subtask1", dir_.path() / "g")));
}

TEST_F(PolygonPackageTest, CheckerPointsAsPercentIsRead) {
    std::string xml = kProblemXml;
    xml.replace(xml.find("<judging input-file"), 8,
                "<judging treat-points-from-checker-as-percent=\"true\"");
    write("problem.xml", xml);
    EXPECT_TRUE(read_polygon_package(root_).checker_points_as_percent);
    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_TRUE(polygon_scoring_plan(problem)->checker_points_as_percent);
}

TEST_F(PolygonPackageTest, BadGroupsNameTheFileAndLine) {
    // The testset "tests" starts on line 5 of problem.xml.
    write("problem.xml", with_groups(R"(      <groups>
        <group name="1" points-policy="complete-group">
          <dependencies><dependency group="0"/></dependencies>
        </group>
      </groups>
)"));
    EXPECT_NE(error_of([&] { read_polygon_package(root_); })
                  .find("problem.xml:5: group '1' depends on group '0', which testset 'tests' "
                        "does not have"),
              std::string::npos);
    write("problem.xml", with_groups(R"(      <groups>
        <group name="samples"><dependencies><dependency group="1"/></dependencies></group>
        <group name="1"><dependencies><dependency group="samples"/></dependencies></group>
      </groups>
)"));
    EXPECT_NE(error_of([&] { read_polygon_package(root_); })
                  .find("problem.xml:5: testset 'tests': groups depend on each other in a cycle "
                        "(samples -> 1 -> samples)"),
              std::string::npos);
    write("problem.xml", with_groups("      <groups><group name=\"1\" "
                                     "points-policy=\"sometimes\"/></groups>\n"));
    std::string unknown = error_of([&] { read_polygon_package(root_); });
    EXPECT_NE(unknown.find("problem.xml:16: group '1': unknown points-policy 'sometimes'"),
              std::string::npos)
        << unknown;
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// An interactive package: the interactor is judged with (Polygon's protocol), and an answer made
// by the main solution is the interactor's output, so the interactor's source is in its key.
TEST_F(PolygonPackageTest, AnInteractorIsReadAndKeysTheMadeAnswers) {
    ProblemSettings plain = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_FALSE(plain.interactive);
    const fs::path plain_answer = *discover_polygon_cases(plain)[1].answer;
    std::string xml = kProblemXml;
    xml.replace(xml.find("<validators>"), 0,
                "<interactor><source path=\"files/interactor.cpp\" type=\"cpp.g++17\"/>"
                "</interactor>");
    write("problem.xml", xml);
    EXPECT_NE(error_of([&] {
                  load_polygon_problem(root_, "", dir_.path() / "gen");
              }).find("files/interactor.cpp not found"),
              std::string::npos);
    write("files/interactor.cpp", "// one interactor\n");
    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_TRUE(problem.interactive);
    EXPECT_EQ(problem.interactor_source(), root_ / "files/interactor.cpp");
    EXPECT_EQ(problem.checker_source(), root_ / "files/check.cpp");  // judges tout
    const fs::path answer = *discover_polygon_cases(problem)[1].answer;
    EXPECT_NE(answer, plain_answer);
    write("files/interactor.cpp", "// another interactor\n");
    EXPECT_NE(*discover_polygon_cases(problem)[1].answer, answer);
}

TEST_F(PolygonPackageTest, FileInputAndOutputAreReadAsPlainFileNames) {
    auto with_files = [&](const std::string& input, const std::string& output) {
        std::string xml = kProblemXml;
        const std::string none = "input-file=\"\" output-file=\"\"";
        xml.replace(xml.find(none), none.size(),
                    "input-file=\"" + input + "\" output-file=\"" + output + "\"");
        write("problem.xml", xml);
    };
    with_files("sum.in", "sum.out");
    ProblemSettings problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_EQ(problem.input_file, "sum.in");
    EXPECT_EQ(problem.output_file, "sum.out");
    EXPECT_FALSE(problem.interactive);
    with_files("", "answer.txt");  // either alone
    problem = load_polygon_problem(root_, "", dir_.path() / "gen");
    EXPECT_EQ(problem.input_file, "");
    EXPECT_EQ(problem.output_file, "answer.txt");
    for (const char* bad : {"../sum.in", "/etc/passwd", "..", "a/b"}) {
        with_files(bad, "");
        EXPECT_NE(error_of([&] {
                      load_polygon_problem(root_, "", dir_.path() / "gen");
                  }).find("is not a plain file name"),
                  std::string::npos)
            << bad;
    }
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// The validators' and the checker's own tests (judge selftest), as Polygon writes them.
TEST_F(PolygonPackageTest, ValidatorAndCheckerTestsAreRead) {
    std::string xml = kProblemXml;
    xml.replace(xml.find("</validator>"), 12, R"(<testset>
        <test-count>2</test-count>
        <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
        <tests><test verdict="valid"/><test verdict="invalid"/></tests>
      </testset></validator>)");
    xml.replace(xml.find("</checker>"), 10, R"(<testset>
        <test-count>1</test-count>
        <input-path-pattern>files/tests/checker-tests/%02d</input-path-pattern>
        <output-path-pattern>files/tests/checker-tests/%02d.o</output-path-pattern>
        <answer-path-pattern>files/tests/checker-tests/%02d.a</answer-path-pattern>
        <tests><test verdict="crashed"/></tests>
      </testset></checker>)");
    write("problem.xml", xml);
    PolygonPackage package = read_polygon_package(root_);
    ASSERT_EQ(package.validator_tests.size(), 1u);
    const PolygonJuryTestset& validator = package.validator_tests[0];
    EXPECT_EQ(validator.input_pattern, "files/tests/validator-tests/%02d");
    ASSERT_EQ(validator.tests.size(), 2u);
    EXPECT_EQ(validator.tests[0].index, 1);
    EXPECT_EQ(validator.tests[0].verdict, "valid");
    EXPECT_EQ(validator.tests[1].verdict, "invalid");
    EXPECT_EQ(validator.unlisted_count, 0);
    const PolygonJuryTestset& checker = package.checker_tests;
    EXPECT_EQ(checker.output_pattern, "files/tests/checker-tests/%02d.o");
    EXPECT_EQ(checker.answer_pattern, "files/tests/checker-tests/%02d.a");
    ASSERT_EQ(checker.tests.size(), 1u);
    EXPECT_EQ(checker.tests[0].verdict, "crashed");
}

TEST_F(PolygonPackageTest, JuryTestsWithoutVerdictsOrPatterns) {
    // A revision counting tests it does not list: their verdicts are unknown.
    std::string xml = kProblemXml;
    xml.replace(xml.find("</validator>"), 12,
                "<testset><test-count>3</test-count><tests/></testset></validator>");
    write("problem.xml", xml);
    PolygonPackage package = read_polygon_package(root_);
    EXPECT_TRUE(package.validator_tests[0].tests.empty());
    EXPECT_EQ(package.validator_tests[0].unlisted_count, 3);
    EXPECT_TRUE(package.checker_tests.tests.empty());  // no <testset> at all
    // Tests without the checker's output pattern: one line naming problem.xml's line.
    xml = kProblemXml;
    xml.replace(xml.find("</checker>"), 10, R"(<testset>
      <input-path-pattern>c/%02d</input-path-pattern><answer-path-pattern>c/%02d.a</answer-path-pattern>
      <tests><test verdict="ok"/></tests></testset></checker>)");
    write("problem.xml", xml);
    std::string said = error_of([&] { read_polygon_package(root_); });
    EXPECT_NE(said.find("problem.xml:"), std::string::npos);
    EXPECT_NE(said.find(": the checker's tests have no <output-path-pattern>"), std::string::npos);
}

}  // namespace
}  // namespace judge

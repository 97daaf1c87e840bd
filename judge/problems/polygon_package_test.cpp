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
    EXPECT_EQ(expectation_of_tag("failed"), std::nullopt);
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
    EXPECT_NE(submissions[3].expectation_error.find("failed"), std::string::npos);
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

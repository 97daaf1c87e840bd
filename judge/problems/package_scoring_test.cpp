// A scoring package's plan (package_scoring_plan): 2025-09's test_group.yaml and legacy's
// testdata.yaml tree, from folders of files.
#include "problems/package_scoring.hpp"

#include <gtest/gtest.h>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

class PackageScoringPlanTest : public ::testing::Test {
 protected:
    TempDir dir{"judge-package-scoring-test"};

    ProblemSettings problem(const std::string& version) {
        ProblemSettings settings;
        settings.root = settings.dir = dir.path();
        settings.format = ProblemFormat::Package;
        settings.scoring = true;
        settings.package_version = version;
        return settings;
    }

    // The case `group`/`name` (its files are not read).
    static TestCase case_of(const std::string& group, const std::string& name) {
        TestCase test_case;
        test_case.group = group;
        test_case.name = name;
        return test_case;
    }
};

TEST_F(PackageScoringPlanTest, NotScoringHasNoPlan) {
    ProblemSettings settings = problem("2025-09");
    settings.scoring = false;
    EXPECT_FALSE(package_scoring_plan(settings, {}));
}

TEST_F(PackageScoringPlanTest, Format2025GroupsAndDefaults) {
    test::write_text(dir.path() / "data/secret/test_group.yaml", "score_aggregation: min\n");
    test::write_text(dir.path() / "data/secret/a/test_group.yaml",
                     "max_score: 40\nscore_aggregation: sum\n");
    test::write_text(dir.path() / "data/secret/b/test_group.yaml",
                     "max_score: 60\nrequire_pass: [sample, secret/a]\n");
    std::optional<PackageScoringPlan> plan = package_scoring_plan(
        problem("2025-09"), {case_of("sample", "1"), case_of("secret/a", "1"),
                             case_of("secret/a", "2"), case_of("secret/b", "1")});
    ASSERT_TRUE(plan);
    EXPECT_TRUE(plan->format_2025);
    EXPECT_EQ(plan->sample_cases, std::vector<std::string>{"sample/1"});
    EXPECT_EQ(plan->root.name, "secret");
    EXPECT_EQ(plan->root.max_score, 100);  // the default of secret
    EXPECT_EQ(plan->root.aggregation, ScoreAggregation::Min);
    ASSERT_EQ(plan->root.groups.size(), 2u);
    EXPECT_EQ(plan->root.groups[0].name, "secret/a");
    EXPECT_EQ(plan->root.groups[0].max_score, 40);
    EXPECT_EQ(plan->root.groups[0].cases, (std::vector<std::string>{"secret/a/1", "secret/a/2"}));
    EXPECT_EQ(plan->root.groups[1].aggregation, ScoreAggregation::PassFail);  // the default
    EXPECT_EQ(plan->root.groups[1].require_pass, (std::vector<std::string>{"sample", "secret/a"}));
}

TEST_F(PackageScoringPlanTest, Format2025UnboundedAndCasesOfSecret) {
    test::write_text(dir.path() / "data/secret/test_group.yaml", "max_score: unbounded\n");
    std::optional<PackageScoringPlan> plan = package_scoring_plan(
        problem("2025-09"), {case_of("secret", "1"), case_of("secret/folder", "2")});
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->root.max_score, std::nullopt);
    EXPECT_TRUE(plan->root.groups.empty());
    EXPECT_EQ(plan->root.cases, (std::vector<std::string>{"secret/1", "secret/folder/2"}));
}

TEST_F(PackageScoringPlanTest, LegacyTreeOfTestdataYaml) {
    // A .timelimit: a package made for DOMjudge, read as DOMjudge reads it.
    test::write_text(dir.path() / ".timelimit", "1\n");
    test::write_text(dir.path() / "data/testdata.yaml", "grader_flags: sum ignore_sample\n");
    test::write_text(dir.path() / "data/secret/testdata.yaml",
                     "on_reject: continue\ngrader_flags: first_error avg\nrange: 0 100\n");
    test::write_text(dir.path() / "data/secret/small/testdata.yaml", "accept_score: 10\n");
    test::write_text(dir.path() / "data/secret/large/testdata.yaml",
                     "accept_score: 30\nreject_score: 1\n");
    fs::create_directories(dir.path() / "data/secret/large/deeper");
    std::optional<PackageScoringPlan> plan = package_scoring_plan(
        problem("legacy"), {case_of("sample", "1"), case_of("secret/large", "1"),
                            case_of("secret/large/deeper", "2"), case_of("secret/small", "1")});
    ASSERT_TRUE(plan);
    EXPECT_FALSE(plan->format_2025);
    EXPECT_EQ(plan->legacy_reading, LegacyReading::Domjudge);
    const ScoreNode& root = plan->root;
    EXPECT_TRUE(root.ignore_sample);
    EXPECT_TRUE(root.cases.empty());  // sample/1: its folder has no file, it scores nothing
    ASSERT_EQ(root.groups.size(), 1u);
    const ScoreNode& secret = root.groups[0];
    EXPECT_EQ(secret.name, "secret");
    EXPECT_EQ(secret.aggregation, ScoreAggregation::Avg);
    EXPECT_EQ(secret.min_score, 0);
    EXPECT_EQ(secret.max_score, 100);
    ASSERT_EQ(secret.groups.size(), 2u);
    EXPECT_EQ(secret.groups[0].name, "secret/large");  // natural order
    EXPECT_EQ(secret.groups[0].accept_score, 30);
    EXPECT_EQ(secret.groups[0].reject_score, 1);
    // deeper/ has no file of its own: its case is in no group (DOMjudge's import).
    EXPECT_EQ(secret.groups[0].cases, std::vector<std::string>{"secret/large/1"});
    EXPECT_EQ(secret.groups[1].name, "secret/small");
    EXPECT_EQ(secret.groups[1].accept_score, 10);
}

TEST_F(PackageScoringPlanTest, LegacyWithoutDomjudgeMarksIsReadAsProblemtools) {
    test::write_text(dir.path() / "data/secret/testdata.yaml",
                     "on_reject: continue\ngrader_flags: min\naccept_score: 5\n");
    test::write_text(dir.path() / "data/secret/small/testdata.yaml", "accept_score: 10\n");
    fs::create_directories(dir.path() / "data/sample");
    std::optional<PackageScoringPlan> plan = package_scoring_plan(
        problem("2023-07-draft"),
        {case_of("sample", "1"), case_of("secret/small", "1"), case_of("secret", "2")});
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->legacy_reading, LegacyReading::Problemtools);
    const ScoreNode& root = plan->root;
    EXPECT_TRUE(root.break_on_reject);  // problemtools' default on_reject
    ASSERT_EQ(root.groups.size(), 2u);  // every folder is a group, with a file or not
    EXPECT_EQ(root.groups[0].name, "sample");
    EXPECT_EQ(root.groups[0].cases, std::vector<std::string>{"sample/1"});
    const ScoreNode& secret = root.groups[1];
    EXPECT_EQ(secret.cases, std::vector<std::string>{"secret/2"});
    ASSERT_EQ(secret.groups.size(), 1u);
    // small inherits on_reject and grader_flags from secret, and gives its own accept_score.
    EXPECT_EQ(secret.groups[0].aggregation, ScoreAggregation::Min);
    EXPECT_FALSE(secret.groups[0].break_on_reject);
    EXPECT_EQ(secret.groups[0].accept_score, 10);
    // A submission with an @EXPECTED_SCORE@ makes it DOMjudge's.
    test::write_text(dir.path() / "submissions/accepted/a.py", "# @EXPECTED_SCORE@: 10\n");
    EXPECT_EQ(package_scoring_plan(problem("2023-07-draft"), {})->legacy_reading,
              LegacyReading::Domjudge);
}

TEST_F(PackageScoringPlanTest, LegacyRefusesWhatItCannotGrade) {
    test::write_text(dir.path() / "data/secret/testdata.yaml", "grading: custom\n");
    EXPECT_THROW(package_scoring_plan(problem("2023-07-draft"), {}), JudgeError);
    test::write_text(dir.path() / "data/secret/testdata.yaml", "grader_flags: median\n");
    try {
        package_scoring_plan(problem("legacy"), {});
        FAIL() << "an unknown grader flag was read";
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find("'grader_flags' names 'median'"),
                  std::string::npos)
            << error.what();
    }
    test::write_text(dir.path() / "data/secret/testdata.yaml", "range: 5\n");
    EXPECT_THROW(package_scoring_plan(problem("legacy"), {}), JudgeError);
    test::write_text(dir.path() / "data/secret/testdata.yaml", "accept_score: lots\n");
    EXPECT_THROW(package_scoring_plan(problem("legacy"), {}), JudgeError);
}

}  // namespace
}  // namespace judge

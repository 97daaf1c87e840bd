#include "problems/generators_yaml.hpp"

#include <gtest/gtest.h>

#include "problems/package.hpp"  // program_with_constants
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;
using test::write_text;

TEST(GeneratorsYaml, Sha512KnownVectors) {
    EXPECT_EQ(sha512_hex(""),
              "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff83"
              "18d2877eec2f63b931bd47417a81a538327af927da3e");
    EXPECT_EQ(sha512_hex("abc"),
              "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba"
              "3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    // Two blocks of padding.
    EXPECT_EQ(sha512_hex(std::string(200, 'a')),
              "4b11459c33f52a22ee8236782714c150a3b2c60994e9acee17fe68947a3e6789f31e7668394592da7bef"
              "827cddca88c4e6f86e4df7ed1ae6cba71f3e98faee9f");
}

// Seeds as Python computes them (int(hashlib.sha512(...).hexdigest(), 16) % 2**31).
TEST(GeneratorsYaml, SeedsAreBapctools) {
    EXPECT_EQ(generator_seed("", 1, "stdout.py {seed}"), 162981470);
    EXPECT_EQ(generator_seed("bob", 1, "stdout.py {seed:42}"), 593058468);
    // count 3 adds ":2"; white space around the command does not count.
    EXPECT_EQ(generator_seed("", 3, " stdout.py {seed} 3 "), 969404650);
    EXPECT_EQ(generator_seed("", -2, "x"), 1427990571);
}

TEST(GeneratorsYaml, SplitsCommandsAsShlex) {
    EXPECT_EQ(split_command(""), std::vector<std::string>{});
    EXPECT_EQ(split_command("gen.py  1\n2"), (std::vector<std::string>{"gen.py", "1", "2"}));
    EXPECT_EQ(split_command("g 'a b' \"c\\\"d\" \\ e"),
              (std::vector<std::string>{"g", "a b", "c\"d", " e"}));
    EXPECT_THROW(split_command("g 'a"), JudgeError);
}

class GeneratorsYamlFiles : public ::testing::Test {
 protected:
    void yaml(const std::string& text) { write_text(root_ / "generators/generators.yaml", text); }
    std::string error_of() {
        try {
            read_generators_yaml(root_);
        } catch (const JudgeError& error) {
            return error.what();
        }
        return "";
    }
    std::vector<std::string> names() {
        std::vector<std::string> all;
        for (const GeneratorsCase& c : read_generators_yaml(root_).cases)
            all.push_back(c.display_name());
        return all;
    }
    void SetUp() override {
        write_text(root_ / "generators/gen.py", "print(1)\n");
        write_text(root_ / "generators/lib.py", "\n");
        write_text(root_ / "generators/manual/a.in", "1\n");
    }
    TempDir dir_{"generators-yaml-test"};
    fs::path root_ = dir_.path();
};

TEST_F(GeneratorsYamlFiles, EmptyFileHasNoCases) {
    yaml("");
    EXPECT_TRUE(names().empty());
    EXPECT_FALSE(uses_generators_yaml(root_ / "nowhere"));
    EXPECT_TRUE(uses_generators_yaml(root_));
}

// generatorincludes of BAPCtools (its committed data/ shows these names): one counter for the
// numbered cases of the whole file, groups numbered per folder, includes keep their names.
TEST_F(GeneratorsYamlFiles, NumbersAndIncludesAsBapctools) {
    yaml(R"(
data:
  sample:
    data:
      "1": {in: 1 2, ans: "3"}
  secret:
    data:
      - small:
          data:
            - positive:
                data:
                  - sm-all-pos: gen.py 4 6
                  - sm-zero: gen.py 4 1
                include: ["1"]
            - general:
                data:
                  - sm-mixed: gen.py 4 -6
      - general:
          data:
            - lg: gen.py 8 -11
          include: [small, sample]
)");
    EXPECT_EQ(
        names(),
        (std::vector<std::string>{
            "sample/1", "secret/1-small/1-positive/1", "secret/1-small/1-positive/1-sm-all-pos",
            "secret/1-small/1-positive/2-sm-zero", "secret/1-small/2-general/3-sm-mixed",
            "secret/2-general/1", "secret/2-general/1-sm-all-pos", "secret/2-general/2-sm-zero",
            "secret/2-general/3-sm-mixed", "secret/2-general/4-lg"}));
}

// testseed and generatorcount of BAPCtools: count values, zero-padded when consecutive.
TEST_F(GeneratorsYamlFiles, CountNamesSeedsAndArguments) {
    yaml(R"(
data:
  sample:
    data:
      - count:
          generate: "gen.py {seed} {count} {name}"
          count: 2
      - range:
          generate: gen.py {count}
          count: -1..=1
      - list:
          generate: gen.py {count}
          count: [7, -3]
  secret:
    random_salt: bob
    data:
      seeded: gen.py {seed:42}
)");
    GeneratorsYaml read = read_generators_yaml(root_);
    std::vector<std::string> all;
    for (const GeneratorsCase& c : read.cases) all.push_back(c.display_name());
    EXPECT_EQ(all,
              (std::vector<std::string>{"sample/1-count-1", "sample/2-count-2", "sample/3-range--1",
                                        "sample/4-range-00", "sample/5-range-01", "sample/6-list-7",
                                        "sample/7-list--3", "secret/seeded"}));
    const GeneratorsCase& second = read.cases[1];
    EXPECT_EQ(second.seed, generator_seed("", 2, "gen.py {seed} 2 {name}"));
    EXPECT_EQ(generator_arguments(second, 0),
              (std::vector<std::string>{std::to_string(second.seed), "2", "testcase"}));
    EXPECT_EQ(generator_arguments(second, 1)[0], std::to_string(second.seed + 1));
    // The salt is inherited: int(sha512(b"bobgen.py {seed:42}").hexdigest(), 16) % 2**31.
    EXPECT_EQ(read.cases[7].seed, 401359653);
    EXPECT_EQ(read.cases[7].program_files, std::vector<fs::path>{root_ / "generators/gen.py"});
}

TEST_F(GeneratorsYamlFiles, InlineCopyListedGeneratorsAndGroupYaml) {
    yaml(R"(
solution: /submissions/accepted/a.py
generators:
  both: [gen.py, lib.py]
data:
  secret:
    test_group.yaml:
      output_validator_args: [float_tolerance, "1e-2"]
    data:
      a: {in: "5", yaml: {input_validator_args: [--small]}}
      b: {copy: manual/a}
      c: both 1
      d: {generate: gen.py, solution: }
  invalid_input:
    data:
      bad: {in: "-1"}
)");
    GeneratorsYaml read = read_generators_yaml(root_);
    ASSERT_EQ(read.cases.size(), 5u);
    EXPECT_EQ(read.cases[0].group, "invalid_input");  // listed in natural order of folders
    read.cases.erase(read.cases.begin());
    EXPECT_EQ(read.cases[0].inline_files.at(".in"), "5\n");  // BAPCtools adds the newline
    EXPECT_NE(read.cases[0].inline_files.at(".yaml").find("--small"), std::string::npos);
    EXPECT_EQ(*read.cases[0].solution, root_ / "submissions/accepted/a.py");
    EXPECT_EQ(*read.cases[1].copy, root_ / "generators/manual/a");
    EXPECT_TRUE(read.cases[2].program_is_listed);
    EXPECT_EQ(read.cases[2].program_files.size(), 2u);
    EXPECT_EQ(*read.cases[3].solution, fs::path());  // `solution:` empty: none
    ASSERT_EQ(read.group_yaml.size(), 1u);
    EXPECT_EQ(read.group_yaml[0].first, "secret");
    EXPECT_NE(read.group_yaml[0].second.find("float_tolerance"), std::string::npos);
}

TEST_F(GeneratorsYamlFiles, ConstantsInCommandsOnly) {
    yaml("data:\n  secret:\n    data:\n      a: gen.py {{N}}\n      b: {in: '{{N}}'}\n");
    GeneratorsYaml read = read_generators_yaml(root_, {{"N", "5"}});
    EXPECT_EQ(read.cases[0].command, (std::vector<std::string>{"gen.py", "5"}));
    EXPECT_EQ(read.cases[1].inline_files.at(".in"), "{{N}}\n");
}

// A generator is built with the constants substituted (BAPCtools' Generator), so a generated
// input is named by the substituted bytes: another value in problem.yaml, another input.
TEST_F(GeneratorsYamlFiles, GeneratedInputsAreKeyedBySubstitutedPrograms) {
    write_text(root_ / "generators/gen.py", "print({{N}})\n");
    yaml("data:\n  secret:\n    data:\n      a: {generate: gen.py, ans: '1'}\n");
    ProblemSettings problem;
    problem.root = root_;
    problem.generated_dir = root_ / "cache";
    auto input_with = [&](const std::string& value) {
        problem.constants = {{"N", value}};
        return plan_generated_data(problem).cases.at(0).input;
    };
    fs::path five = input_with("5");
    EXPECT_EQ(input_with("5"), five);
    EXPECT_NE(input_with("6"), five);
    fs::path copy = program_with_constants(root_ / "generators/gen.py", problem.constants,
                                           problem.generated_dir);
    EXPECT_EQ(copy.filename(), "gen.py");
    EXPECT_EQ(read_file(copy), "print(6)\n");
}

// A sample given only as the statement shows it (in.statement, in.download) is read, and is no
// case the judge judges (BAPCtools judges data/sample/**/*.in).
TEST_F(GeneratorsYamlFiles, StatementOnlySampleIsNotJudged) {
    yaml(
        "data:\n  sample:\n    data:\n      '1':\n        in.statement: '6'\n"
        "        in.download: {link: in.statement}\n      '2': {in: '7', ans: '7'}\n");
    ProblemSettings problem;
    problem.root = root_;
    problem.generated_dir = root_ / "cache";
    GeneratedData data = plan_generated_data(problem);
    ASSERT_EQ(data.cases.size(), 1u);
    EXPECT_EQ(data.cases[0].display_name(), "sample/2");
    EXPECT_EQ(read_file(data.cases[0].input), "7\n");
}

// Every unsupported or wrong key: one line naming generators.yaml and the key.
TEST_F(GeneratorsYamlFiles, ErrorsNameTheFileAndKey) {
    auto expect = [&](const std::string& text, const std::string& part) {
        yaml(text);
        std::string error = error_of();
        EXPECT_NE(error.find("generators.yaml"), std::string::npos) << error;
        EXPECT_NE(error.find(part), std::string::npos) << error;
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    };
    expect("data: [1", "generators.yaml:");
    expect("data:\n  secret:\n    data:\n      a: nothere.py 1\n", "does not exist");
    expect("data:\n  secret:\n    data:\n      a: {generate: gen.py, cout: 3}\n", "'cout'");
    expect("data:\n  secret:\n    data:\n      a: {generate: gen.py, count: 0}\n", "'count'");
    expect("data:\n  secret:\n    data:\n      a: {generate: gen.py, count: 1..5}\n", "'count'");
    expect("data:\n  secret:\n    data:\n      a: gen.py {seed} {seed:1}\n", "at most once");
    expect("data:\n  secret:\n    include: [nope]\n", "'include' names 'nope'");
    expect("data:\n  secret:\n    data:\n      a: ../x.py\n", "inside the package");
    expect("data:\n  secret:\n    data:\n      a: {in.statement: '1'}\n", "needs 'generate'");
    expect("data:\n  secret:\n    data:\n      a: {ans: '1'}\n", "needs 'generate'");
    expect("data:\n  secrets:\n    data: {}\n", "'secrets' is no folder");
    expect("solution: a.py\ndata: {}\n", "'solution' must be one absolute path");
}

}  // namespace
}  // namespace judge

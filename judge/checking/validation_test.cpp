#include "checking/validation.hpp"

#include <gtest/gtest.h>

#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

// A validator script: rejects an input holding "bad" (exit 3, message), crashes on "boom".
std::filesystem::path write_validator(const std::filesystem::path& dir) {
    return test::write_script(dir / "validator",
                              "input=$(cat)\n"
                              "case $input in\n"
                              "  *boom*) kill -SEGV $$ ;;\n"
                              "  *bad*) echo 'line 1: bad token found' >&2; exit 3 ;;\n"
                              "esac\n"
                              "exit 0");
}

TEST(Validation, AcceptsRejectsAndFails) {
    TempDir dir("validation-test");
    std::vector<InputValidator> validator = {
        {test::as_program(write_validator(dir.path())), JuryProtocol::Testlib, "validator"}};
    auto good = test::write_text(dir.path() / "good.in", "1 2\n");
    auto bad = test::write_text(dir.path() / "bad.in", "1 bad\n");
    auto boom = test::write_text(dir.path() / "boom.in", "boom\n");
    auto results = validate_files(validator, {good, bad, boom}, 2);
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(results[0].file, good);
    EXPECT_TRUE(results[0].result.valid);
    EXPECT_FALSE(results[1].result.valid);
    EXPECT_FALSE(results[1].result.validator_failed);
    EXPECT_EQ(results[1].result.message, "line 1: bad token found");
    EXPECT_TRUE(results[2].result.validator_failed);
    EXPECT_NE(results[2].result.message.find("validator killed by"), std::string::npos)
        << results[2].result.message;
}

TEST(Validation, RequireValidInputsNamesTheFile) {
    TempDir dir("validation-test");
    std::vector<InputValidator> validator = {
        {test::as_program(write_validator(dir.path())), JuryProtocol::Testlib, "validator"}};
    std::vector<TestCase> cases(2);
    cases[0].input = test::write_text(dir.path() / "1.in", "1 2\n");
    cases[1].input = test::write_text(dir.path() / "2.in", "bad\n");
    EXPECT_NO_THROW(require_valid_inputs({}, cases, 1));
    try {
        require_valid_inputs(validator, cases, 2);
        FAIL() << "no error for an invalid input";
    } catch (const JudgeError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "invalid input " + cases[1].input.string() + ": line 1: bad token found");
    }
    cases.pop_back();
    EXPECT_NO_THROW(require_valid_inputs(validator, cases, 1));
}

// Each case is validated with its own flags (a package's input_validator_args), an empty word
// kept: BAPCtools' testseed validator reads its salt, "", as argv[1].
TEST(Validation, RequireValidInputsGivesEachCaseItsFlags) {
    TempDir dir("validation-test");
    std::vector<InputValidator> validator = {
        {test::as_program(
             test::write_script(dir.path() / "validator",
                                "[ $# -eq 2 ] && [ -z \"$1\" ] && [ \"$2\" = \"$(cat)\" ] "
                                "|| { echo \"args: $*\" >&2; exit 3; }")),
         JuryProtocol::Testlib, "validator"}};
    std::vector<TestCase> cases(2);
    cases[0].input = test::write_text(dir.path() / "1.in", "one");
    cases[0].input_validator_flags.each = {"", "one"};
    cases[1].input = test::write_text(dir.path() / "2.in", "two");
    cases[1].input_validator_flags.each = {"", "two"};
    EXPECT_NO_THROW(require_valid_inputs(validator, cases, 2));
    cases[1].input_validator_flags.each = {"", "one"};
    try {
        require_valid_inputs(validator, cases, 2);
        FAIL() << "no error for the flags of another case";
    } catch (const JudgeError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "invalid input " + cases[1].input.string() + ": args:  one");
    }
}

// A map of input_validator_args gives each validator its own words, by its file name or that
// name without its extension, and none to a validator it does not name (the format's rule).
TEST(Validation, AMapOfArgsGivesEachValidatorItsOwn) {
    TempDir dir("validation-test");
    auto wants = [&](const std::string& name, const std::string& args) {
        return InputValidator{
            test::as_program(test::write_script(dir.path() / name,
                                                "[ \"$*\" = '" + args + "' ] || { echo \"" + name +
                                                    " got: $*\" >&2; exit 43; }; exit 42")),
            JuryProtocol::Kattis, name};
    };
    std::vector<InputValidator> validators = {wants("small.py", "--max 9"),
                                              wants("shape", "--square"), wants("plain.cpp", "")};
    auto input = test::write_text(dir.path() / "1.in", "3\n");
    InputValidatorArgs args;
    args.named = {{"small", {"--max", "9"}}, {"shape", {"--square"}}};
    ValidationResult result = validate_file(validators, input, args, false);
    EXPECT_TRUE(result.valid) << result.message;
    // The same words given to all (the list form): the first validator rejects them.
    args = {};
    args.each = {"--max", "9"};
    result = validate_file(validators, input, args, false);
    EXPECT_FALSE(result.valid);
    EXPECT_FALSE(result.validator_failed) << result.message;
    EXPECT_EQ(result.message, "shape got: --max 9");
}

// The validators run under the jury time limit they are given (a package's validation_time,
// 60 s by default), not a fixed one: this one spins until 600 ms of its own CPU time.
TEST(Validation, RequireValidInputsRunsUnderTheGivenJuryTimeLimit) {
    TempDir dir("validation-test");
    std::vector<InputValidator> validator = {
        {test::as_program(test::write_script(
             dir.path() / "validator",
             "while read -r pid comm state ppid pgrp session tty tpgid flags minflt cminflt "
             "majflt cmajflt utime stime rest < /proc/$$/stat && [ $((utime + stime)) -lt 60 ]; "
             "do :; done")),
         JuryProtocol::Testlib, "validator"}};
    std::vector<TestCase> cases(1);
    cases[0].input = test::write_text(dir.path() / "1.in", "1\n");
    EXPECT_NO_THROW(require_valid_inputs(validator, cases, 1, true, 20'000));
    try {
        require_valid_inputs(validator, cases, 1, true, 200);
        FAIL() << "the validator finished under a 200 ms limit";
    } catch (const JudgeError& error) {
        EXPECT_NE(std::string(error.what()).find("(on " + cases[0].input.string() + ")"),
                  std::string::npos)
            << error.what();
    }
}

TEST(Validation, MissingValidatorSourceIsAnError) {
    TempDir dir("validation-test");
    Compiler compiler(dir.path(), dir.path() / "cache");
    EXPECT_THROW(compile_jury_program(compiler, dir.path() / "nope.cpp", SourceKind::Validator),
                 JudgeError);
}

}  // namespace
}  // namespace judge

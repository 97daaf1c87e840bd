// The languages beyond C, C++, Java and Python: each one's a+b submission of the `polyglot`
// package (judge/testroot-packages) compiled in the box, cached, and run in the box under a
// memory limit, where its tools are installed (scripts/install-deps.sh --languages); skipped
// elsewhere, naming what is missing.
#include "building/languages.hpp"

#include <gtest/gtest.h>

#include <regex>

#include "building/compiler.hpp"
#include "running/sandbox.hpp"
#include "util/error.hpp"
#include "util/files.hpp"
#include "util/test_util.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

const fs::path kPolyglot = fs::path(JUDGE_REPO_ROOT) / "judge/testroot-packages/polyglot";

// The one submission of `key` under the package's `folder` (a file, or a folder such as
// prolog/); empty when there is none.
fs::path submission_of(const std::string& folder, const std::string& key) {
    for (const auto& entry : fs::directory_iterator(kPolyglot / "submissions" / folder)) {
        try {
            if (read_source_set(entry.path()).language->key == key) return entry.path();
        } catch (const UnsupportedLanguage&) {}
    }
    return {};
}

struct Outcome {
    RunResult run;
    std::string output;
};

// Runs `program` in the box with "40 2" on stdin, under 256 MiB and 10 s.
Outcome run_boxed(const Program& program, const fs::path& scratch) {
    fs::path input = test::write_text(scratch / "in.txt", "40 2\n");
    RunRequest request;
    request.limits = Limits{10'000, 20'000, 256 * 1024, 64 * 1024, 64};
    if (program.language)
        request.limits.max_processes =
            std::max(request.limits.max_processes, program.language->min_processes);
    request.sandbox.enabled = true;
    request.stdin_path = input.string();
    request.stdout_path = (scratch / "out.txt").string();
    request.stderr_path = (scratch / "err.txt").string();
    set_program(request, program);
    Outcome outcome;
    outcome.run = run_process(request);
    outcome.output = read_file(request.stdout_path);
    if (outcome.output.empty()) outcome.output = "stderr: " + read_file(request.stderr_path);
    return outcome;
}

class NewLanguage : public ::testing::TestWithParam<std::string> {
 protected:
    TempDir dir{"judge-languages-test"};
    Compiler compiler{dir.path(), dir.path() / "cache"};
};

// Compiled (or checked) in the box and cached; the accepted program prints 42 in the box under
// the memory limit, the wrong one does not; a second compile comes from the cache; the version
// line names a version.
TEST_P(NewLanguage, AcceptedAndWrongAnswerInTheBox) {
    if (!sandbox_support().available)
        GTEST_SKIP() << "no sandbox here: " << sandbox_support().description;
    const Language& language = *language_by_key(GetParam());
    fs::path accepted = submission_of("accepted", GetParam());
    fs::path wrong = submission_of("wrong_answer", GetParam());
    ASSERT_FALSE(accepted.empty()) << "no accepted " << language.name << " submission";
    ASSERT_FALSE(wrong.empty()) << "no wrong_answer " << language.name << " submission";
    CompileResult good;
    try {
        good = compiler.compile(accepted, SourceKind::Solution);
    } catch (const UnsupportedLanguage& missing) {
        GTEST_SKIP() << missing.what() << " (scripts/install-deps.sh --languages)";
    }
    ASSERT_TRUE(good.ok) << good.message;
    EXPECT_EQ(good.isolation.rfind("sandbox", 0), 0u) << good.isolation;
    EXPECT_TRUE(std::regex_search(compiler.language_version(language), std::regex("[0-9]\\.[0-9]")))
        << compiler.language_version(language);

    Outcome right = run_boxed(good.program, dir.path());
    EXPECT_TRUE(right.run.exited && right.run.exit_code == 0 &&
                right.run.limit_hit == LimitHit::None)
        << right.output;
    EXPECT_EQ(right.output, "42\n");

    CompileResult again = compiler.compile(accepted, SourceKind::Solution);
    ASSERT_TRUE(again.ok) << again.message;
    EXPECT_TRUE(again.from_cache);
    EXPECT_EQ(again.binary, good.binary);

    CompileResult bad = compiler.compile(wrong, SourceKind::Solution);
    ASSERT_TRUE(bad.ok) << bad.message;
    Outcome off = run_boxed(bad.program, dir.path());
    EXPECT_EQ(off.output, "43\n");
}

INSTANTIATE_TEST_SUITE_P(Languages,
                         NewLanguage,
                         ::testing::Values("pascal",
                                           "rust",
                                           "go",
                                           "javascript",
                                           "kotlin",
                                           "csharp",
                                           "haskell",
                                           "ruby",
                                           "perl",
                                           "php",
                                           "lua",
                                           "bash",
                                           "fortran",
                                           "prolog",
                                           "awk",
                                           "ada",
                                           "ocaml",
                                           "r",
                                           "scala",
                                           "lisp"),
                         [](const ::testing::TestParamInfo<std::string>& language) {
                             return language.param;
                         });

// A source that does not compile is a compile error with the compiler's message, not a run.
TEST(NewLanguageErrors, ASyntaxErrorIsACompileError) {
    TempDir dir("judge-languages-test");
    Compiler compiler(dir.path(), dir.path() / "cache");
    int tried = 0;
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"broken.rs", "fn main() { let x = ; }\n"},
             {"broken.go", "package main\nfunc main() { x := }\n"},
             {"broken.pas", "program broken; begin writeln( end.\n"},
             {"broken.js", "console.log(;\n"},
             {"broken.rb", "puts (1\n"},
             {"broken.sh", "if then fi\n"},
             {"broken.adb", "procedure Broken is\nbegin\n   X := ;\nend Broken;\n"},
             {"broken.ml", "let () = print_endline (\n"},
             {"broken.R", "cat(\"x\"\n"}}) {
        fs::path source = test::write_text(dir.path() / name, text);
        try {
            CompileResult result = compiler.compile(source, SourceKind::Solution);
            EXPECT_FALSE(result.ok) << name << " compiled";
            EXPECT_FALSE(result.message.empty()) << name;
            ++tried;
        } catch (const UnsupportedLanguage&) {}
    }
    if (tried == 0)
        GTEST_SKIP() << "none of Rust, Go, Pascal, Node.js, Ruby, GNAT, OCaml, R is installed";
}

// A jury program whose compiler writes beside its sources (ocamlopt: .cmi, .cmx, .o) is
// compiled from a copy: the package's folder holds afterwards what it held before.
TEST(NewLanguageJury, AnOcamlValidatorLeavesItsFolderAsItWas) {
    if (!sandbox_support().available)
        GTEST_SKIP() << "no sandbox here: " << sandbox_support().description;
    TempDir dir("judge-languages-test");
    Compiler compiler(dir.path(), dir.path() / "cache");
    fs::path folder = dir.path() / "package" / "input_validators";
    fs::create_directories(folder);
    fs::path source = test::write_text(folder / "validate.ml", "let () = exit 42\n");
    CompileResult result;
    try {
        result = compiler.compile(source, SourceKind::Validator);
    } catch (const UnsupportedLanguage& missing) {
        GTEST_SKIP() << missing.what() << " (scripts/install-deps.sh --languages)";
    }
    ASSERT_TRUE(result.ok) << result.message;
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"validate.ml"});
    Outcome outcome = run_boxed(result.program, dir.path());
    EXPECT_TRUE(outcome.run.exited && outcome.run.exit_code == 42) << outcome.output;
}

// ".pl": Perl for DOMjudge, Prolog for the package format, told apart by the content.
// The cache key covers how a language is compiled: a change to any part of its recipe (an
// argument, the environment, checking each source) is another recipe, so another key.
TEST(CompileRecipe, EachPartOfHowALanguageIsCompiledChangesIt) {
    const Language& javascript = *language_by_key("javascript");
    const std::vector<std::string> recipe = compile_recipe(javascript);
    EXPECT_EQ(recipe, compile_recipe(Language(javascript)));
    Language other_argument = javascript;
    other_argument.compile_args = {"--check", "--harmony", "{main}"};
    Language other_environment = javascript;
    other_environment.compile_environment = {"NODE_OPTIONS=--no-warnings"};
    Language main_only = javascript;
    main_only.check_each_source = false;
    ASSERT_TRUE(javascript.check_each_source);
    for (const Language* changed : {&other_argument, &other_environment, &main_only})
        EXPECT_NE(compile_recipe(*changed), recipe);
    // An argument moved into the environment is another recipe too (the fields are marked).
    Language moved = javascript;
    moved.compile_args = {"--check"};
    moved.compile_environment = {"{main}"};
    EXPECT_NE(compile_recipe(moved), recipe);
}

TEST(LanguageOfFile, DotPlIsPerlOrPrologByItsContent) {
    TempDir dir("judge-languages-test");
    auto key_of = [&](const std::string& name, const std::string& text) {
        return std::string(language_of_file(test::write_text(dir.path() / name, text))->key);
    };
    EXPECT_EQ(key_of("a.pl", "print \"hello\\n\";\n"), "perl");
    EXPECT_EQ(key_of("b.pl", "main :- write(hello), nl.\n"), "prolog");
    EXPECT_EQ(key_of("c.pl", "#!/usr/bin/perl\n# main :- x\nprint 1;\n"), "perl");
    EXPECT_EQ(key_of("d.plg", "main.\n"), "prolog");
    EXPECT_EQ(key_of("e.pm", "1;\n"), "perl");
}

TEST(LanguageOfFile, EachNewLanguageByItsExtension) {
    for (const auto& [file, key] : std::vector<std::pair<std::string, std::string>>{
             {"a.pas", "pascal"},  {"a.pp", "pascal"},     {"a.rs", "rust"},
             {"a.go", "go"},       {"a.js", "javascript"}, {"a.mjs", "javascript"},
             {"a.kt", "kotlin"},   {"a.cs", "csharp"},     {"a.hs", "haskell"},
             {"a.rb", "ruby"},     {"a.php", "php"},       {"a.lua", "lua"},
             {"a.sh", "bash"},     {"a.awk", "awk"},       {"a.adb", "ada"},
             {"a.ml", "ocaml"},    {"a.R", "r"},           {"a.bash", "bash"},
             {"a.f90", "fortran"}, {"a.f95", "fortran"}}) {
        const Language* language = language_of_file(file);
        ASSERT_NE(language, nullptr) << file;
        EXPECT_EQ(language->key, key) << file;
        EXPECT_EQ(language_by_key(key), language) << key;
    }
}

// Scala's main class is the object that declares main, or else extends App, behind its package.
TEST(SourceSet, ScalaMainClassIsTheObjectWithMain) {
    TempDir dir("judge-languages-test");
    auto entry_of = [&](const std::string& name, const std::string& text) {
        return read_source_set(test::write_text(dir.path() / name, text)).entry;
    };
    EXPECT_EQ(entry_of("a.scala",
                       "object Helper { def f = 1 }\nobject Solve {\n"
                       "  def main(args: Array[String]): Unit = println(Helper.f)\n}\n"),
              "Solve");
    EXPECT_EQ(entry_of("b.scala", "package contest.a\n// object Nope\nobject Run extends App {}\n"),
              "contest.a.Run");
    EXPECT_EQ(entry_of("c.scala", "class C\n"), "c");
}

// Kotlin's main class is what kotlinc names the file's class: ab.kt -> AbKt, behind its package.
TEST(SourceSet, KotlinMainClassIsTheFilesClass) {
    TempDir dir("judge-languages-test");
    test::write_text(dir.path() / "hello-world.kt", "fun main() {}\n");
    EXPECT_EQ(read_source_set(dir.path() / "hello-world.kt").entry, "Hello_worldKt");
    test::write_text(dir.path() / "pkg" / "ab.kt", "package x.y\nfun main() {}\n");
    EXPECT_EQ(read_source_set(dir.path() / "pkg" / "ab.kt").entry, "x.y.AbKt");
}

// Among several sources without a main.* the one holding the language's main marker is the
// main one (Rust's `fn main`), else the smallest name (the package format's {mainfile}).
TEST(SourceSet, TheMainSourceOfSeveral) {
    TempDir dir("judge-languages-test");
    test::write_text(dir.path() / "rs" / "a_helper.rs", "pub fn two() -> i32 { 2 }\n");
    test::write_text(dir.path() / "rs" / "b_program.rs", "mod a_helper;\nfn main() {}\n");
    EXPECT_EQ(read_source_set(dir.path() / "rs").entry, "b_program.rs");
    test::write_text(dir.path() / "js" / "hello.js", "require('./module.js');\n");
    test::write_text(dir.path() / "js" / "module.js", "module.exports = 1;\n");
    EXPECT_EQ(read_source_set(dir.path() / "js").entry, "hello.js");
}

}  // namespace
}  // namespace judge

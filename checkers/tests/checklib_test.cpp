// Tests of checklib.hpp: verdict mapping of the three streams, strict validator reading, option
// parsing and the deterministic random numbers. Exits are observed with death tests.
// checklib uses C's stdio, not <iostream>, <fstream>, <sstream> or <random> (they tripled a jury
// program's compile time); the tests compare its stand-ins with those headers.
#include "checklib.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <typeinfo>

#include <unistd.h>

namespace {

using Kind = InStream::Kind;
using checklib_detail::Mode;

void checker_stream(InStream& stream, const std::string& text, Kind kind) {
    checklib_detail::mode = Mode::Checker;
    stream.open_text(text, "test", kind, false);
}

void validator_input(const std::string& text) {
    checklib_detail::mode = Mode::Validator;
    inf.open_text(text, "stdin", Kind::Input, true);
}

TEST(ChecklibChecker, ReadsTokensAcrossBlanks) {
    checker_stream(ouf, "  12\n\n -7 word\r\n", Kind::Output);
    EXPECT_EQ(ouf.readLong(), 12);
    EXPECT_EQ(ouf.readInt(-10, 10, "x"), -7);
    EXPECT_EQ(ouf.readToken(), "word");
    EXPECT_TRUE(ouf.seekEof());
}

TEST(ChecklibChecker, MalformedOutputIsPresentationError) {
    checker_stream(ouf, "12x\n", Kind::Output);
    EXPECT_EXIT(ouf.readInt(), testing::ExitedWithCode(2),
                "wrong output format .*integer expected");
}

TEST(ChecklibChecker, OutOfRangeOutputIsWrongAnswer) {
    checker_stream(ouf, "11\n", Kind::Output);
    EXPECT_EXIT(ouf.readInt(1, 10, "k"), testing::ExitedWithCode(1),
                "wrong answer k: 11 violates the range \\[1, 10\\]");
}

TEST(ChecklibChecker, BadAnswerFileIsFail) {
    checker_stream(ans, "abc\n", Kind::Answer);
    EXPECT_EXIT(ans.readInt(), testing::ExitedWithCode(3), "FAIL answer file test");
}

TEST(ChecklibChecker, WrongAnswerRaisedOnAnswerIsFail) {
    checker_stream(ans, "1\n", Kind::Answer);
    EXPECT_EXIT(ans.quitf(_wa, "jury is wrong"), testing::ExitedWithCode(3),
                "FAIL .*jury is wrong");
}

TEST(ChecklibChecker, QuitfMapsVerdictsToExitCodes) {
    checklib_detail::mode = Mode::Checker;
    EXPECT_EXIT(quitf(_ok, "%d tokens", 3), testing::ExitedWithCode(0), "ok 3 tokens");
    EXPECT_EXIT(quitf(_wa, "differ"), testing::ExitedWithCode(1), "wrong answer differ");
    EXPECT_EXIT(quitf(_pe, "junk"), testing::ExitedWithCode(2), "wrong output format junk");
    EXPECT_EXIT(quitf(_fail, "broken"), testing::ExitedWithCode(3), "FAIL broken");
}

TEST(ChecklibChecker, SetNameIsAHarmlessNoOp) {
    // testlib checkers call setName first; it must compile, print nothing and leave the verdict.
    checker_stream(ouf, "5\n", Kind::Output);
    EXPECT_EXIT(
        {
            setName("compare %d integers (%s)", 1, "exact");
            setName("plain name");
            ouf.readInt(1, 9, "x");
            quitf(_ok, "fine");
        },
        testing::ExitedWithCode(0), "^ok fine\n$");
}

TEST(ChecklibChecker, MessageIsOneLine) {
    checklib_detail::mode = Mode::Checker;
    EXPECT_EXIT(quitf(_wa, "a\nb"), testing::ExitedWithCode(1), "wrong answer a b");
}

TEST(ChecklibChecker, EnsurefFails) {
    checklib_detail::mode = Mode::Checker;
    ensuref(true, "never shown");
    EXPECT_EXIT(ensuref(false, "n = %d", 5), testing::ExitedWithCode(3), "FAIL n = 5");
}

TEST(ChecklibValidator, AcceptsExactFormatWithAnyLineEnd) {
    for (const char* text : {"3 4\n", "3 4\r\n", "3 4"}) {
        validator_input(text);
        EXPECT_EQ(inf.readInt(1, 9, "a"), 3);
        inf.readSpace();
        EXPECT_EQ(inf.readInt(1, 9, "b"), 4);
        inf.readEoln();
        inf.readEof();
    }
}

TEST(ChecklibValidator, RejectsDoubleSpace) {
    validator_input("3  4\n");
    inf.readInt(1, 9, "a");
    inf.readSpace();
    EXPECT_EXIT(inf.readInt(1, 9, "b"), testing::ExitedWithCode(3), "token expected, space found");
}

TEST(ChecklibValidator, RejectsLeadingZeroAndMinusZero) {
    validator_input("07\n");
    EXPECT_EXIT(inf.readInt(0, 9, "a"), testing::ExitedWithCode(3), "a: integer expected, '07'");
    validator_input("-0\n");
    EXPECT_EXIT(inf.readInt(-9, 9, "a"), testing::ExitedWithCode(3), "a: integer expected, '-0'");
}

TEST(ChecklibValidator, RejectsOutOfRangeWithName) {
    validator_input("100\n");
    EXPECT_EXIT(inf.readInt(1, 99, "n"), testing::ExitedWithCode(3),
                "n: 100 violates the range \\[1, 99\\] \\(line 1");
}

TEST(ChecklibValidator, RejectsTrailingBlankLine) {
    validator_input("5\n\n");
    inf.readInt(1, 9, "n");
    inf.readEoln();
    EXPECT_EXIT(inf.readEof(), testing::ExitedWithCode(3), "end of file expected");
}

TEST(ChecklibValidator, ReadLineStripsCarriageReturn) {
    validator_input("ab c\r\nxy");
    EXPECT_EQ(inf.readLine(), "ab c");
    EXPECT_EQ(inf.readLine(), "xy");
    EXPECT_TRUE(inf.eof());
    EXPECT_EXIT(inf.readLine(), testing::ExitedWithCode(3), "unexpected end of file");
}

// A file holding `text` in the test's scratch folder.
std::string scratch_file(const std::string& name, const std::string& text) {
    std::string path = testing::TempDir() + "checklib_test_" + name;
    std::FILE* file = std::fopen(path.c_str(), "wb");
    EXPECT_NE(file, nullptr);
    if (file) {
        std::fwrite(text.data(), 1, text.size(), file);
        std::fclose(file);
    }
    return path;
}

std::string file_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// registerValidation reads all of stdin, every byte (NULs, \r, more than one buffer).
TEST(ChecklibValidator, ReadsAllOfStdin) {
    std::string big(200000, 'x');
    std::string path = scratch_file("stdin", "12 34\r\n" + std::string(1, '\0') + big);
    EXPECT_EXIT(
        {
            if (!std::freopen(path.c_str(), "rb", stdin)) std::_Exit(9);
            registerValidation();
            inf.readInt(1, 99, "a");
            inf.readSpace();
            inf.readInt(1, 99, "b");
            inf.readEoln();
            if (inf.readChar() != '\0' || inf.readToken() != big) std::_Exit(8);
            inf.readEof();
            std::exit(0);
        },
        testing::ExitedWithCode(0), "");
    EXPECT_EXIT(
        {
            if (!std::freopen(path.c_str(), "rb", stdin)) std::_Exit(9);
            registerValidation();
            inf.readInt(1, 9, "a");
        },
        testing::ExitedWithCode(3),
        "^a: 12 violates the range \\[1, 9\\] \\(line 1, column 3\\)\n$");
}

// registerTestlibCmd reads the three files whole; one that cannot be opened is FAIL.
TEST(ChecklibChecker, OpensItsFiles) {
    std::string input = scratch_file("in", "1\n");
    std::string output = scratch_file("out", std::string("7\r\n\0", 4));
    std::string answer = scratch_file("ans", "7\n");
    std::string missing = testing::TempDir() + "checklib_test_no_such_file";
    std::vector<std::string> args{"checker", input, output, answer};
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    EXPECT_EXIT(
        {
            registerTestlibCmd(4, argv.data());
            if (ouf.readInt() != ans.readInt() || ouf.held_bytes() != 4) std::_Exit(8);
            quitf(_ok, "%d", inf.readInt());
        },
        testing::ExitedWithCode(0), "^ok 1\n$");
    args[2] = missing;
    argv[2] = args[2].data();
    EXPECT_EXIT(registerTestlibCmd(4, argv.data()), testing::ExitedWithCode(3),
                "^FAIL cannot open output file .*checklib_test_no_such_file\n$");
}

TEST(ChecklibKattis, WriteFileReplacesTheFile) {
    std::string path = scratch_file("judgemessage", "an older and longer message\n");
    checklib_detail::write_file(path, "wrong answer a b\n");
    EXPECT_EQ(file_text(path), "wrong answer a b\n");
    checklib_detail::write_file(testing::TempDir() + "no/such/folder/judgemessage.txt", "x");
}

// tout writes what an std::ofstream given the same `<<`s writes.
template <class Stream>
void write_everything(Stream& out) {
    const char* null_text = "null";
    out << "text " << std::string("string ") << std::string_view("view ") << 'c' << ' ';
    out << static_cast<signed char>('s') << static_cast<unsigned char>('u') << '\n';
    out << 0 << ' ' << -17 << ' ' << 42u << ' ' << static_cast<short>(-3) << ' '
        << static_cast<unsigned short>(65535) << ' ' << -9223372036854775807LL - 1 << ' '
        << 18446744073709551615ULL << ' ' << 123456789L << std::endl;
    out << true << false << ' ' << 0.1 << ' ' << 1.0 << ' ' << -2.5e-7 << ' ' << 1234567.0 << ' '
        << 3.14159265f << ' ' << 1e300 << ' ' << 2.5L << ' ' << 1.0 / 0.0 << ' ' << -0.0
        << std::flush;
    out << ' ' << static_cast<const void*>(nullptr) << ' ' << static_cast<const void*>(null_text)
        << std::ends << "end" << std::endl;
}

TEST(ChecklibInteractor, ToutWritesAsAnOfstream) {
    std::string expected_path = testing::TempDir() + "checklib_test_tout_expected";
    std::string path = testing::TempDir() + "checklib_test_tout";
    {
        std::ofstream expected(expected_path);
        write_everything(expected);
    }
    checklib_detail::OutFile tout_like;
    EXPECT_FALSE(tout_like.is_open());
    tout_like.open(path);
    ASSERT_TRUE(tout_like);
    EXPECT_TRUE(tout_like.is_open());
    write_everything(tout_like);
    EXPECT_TRUE(tout_like.good());
    tout_like.open(path + "_again");  // as an ofstream: open twice fails, the first file stays
    EXPECT_TRUE(!tout_like);
    tout_like.close();
    EXPECT_EQ(file_text(path), file_text(expected_path));
    EXPECT_FALSE(std::ifstream(path + "_again").is_open());

    checklib_detail::OutFile unopened;
    unopened.open(testing::TempDir() + "no/such/folder/tout");
    EXPECT_FALSE(unopened);
    EXPECT_FALSE(unopened.is_open());
}

// std::endl reaches the file at once, as it flushes an ofstream.
TEST(ChecklibInteractor, ToutEndlFlushes) {
    std::string path = testing::TempDir() + "checklib_test_tout_flush";
    checklib_detail::OutFile out;
    out.open(path);
    out << 5;
    EXPECT_EQ(file_text(path), "");
    out << std::endl;
    EXPECT_EQ(file_text(path), "5\n");
    out << 6 << '\n';
    out.flush();
    EXPECT_EQ(file_text(path), "5\n6\n");
}

TEST(ChecklibValidator, ReadCharNamesWhatItFound) {
    validator_input("a\tb");
    inf.readChar('a');
    EXPECT_EXIT(inf.readChar(' '), testing::ExitedWithCode(3), "space expected, tab found");
}

// An interactor's view of the submission's output, from a file holding `text`.
void interactor_stream(const std::string& text) {
    checklib_detail::mode = Mode::Interactor;
    std::FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    std::fwrite(text.data(), 1, text.size(), file);
    std::fflush(file);
    std::rewind(file);
    ouf.open_stream(dup(fileno(file)), "stdin", Kind::Output);
    std::fclose(file);
}

// The submission decides how much it sends: a stream keeps only what it has not read yet, so
// 8 MiB of blanks before a number leave a small buffer, not an 8 MiB one.
TEST(ChecklibInteractor, AStreamDropsWhatItHasRead) {
    interactor_stream(std::string(8 << 20, ' ') + "\n42\n" + std::string(8 << 20, '\n') + "7");
    EXPECT_EQ(ouf.readInt(1, 100, "guess"), 42);
    EXPECT_LT(ouf.held_bytes(), 1u << 20);
    EXPECT_EQ(ouf.readInt(1, 100, "guess"), 7);
    EXPECT_LT(ouf.held_bytes(), 1u << 20);
    EXPECT_TRUE(ouf.seekEof());
}

// What was dropped still counts for the line and column of a message.
TEST(ChecklibInteractor, PositionsCountWhatWasDropped) {
    std::string text;
    for (int i = 0; i < 100000; ++i) text += "1\n";
    interactor_stream(text + "  x");
    for (int i = 0; i < 100000; ++i) ouf.readInt(1, 1, "n");
    EXPECT_EXIT(ouf.readInt(1, 1, "n"), testing::ExitedWithCode(2), "line 100001, column 4");
}

std::vector<char*> make_argv(std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    return argv;
}

std::vector<long long> draws_after_register(std::vector<std::string> args) {
    auto argv = make_argv(args);
    registerGen(static_cast<int>(argv.size()), argv.data(), 1);
    std::vector<long long> draws;
    for (int i = 0; i < 8; ++i) draws.push_back(rnd.next(0LL, 1000000LL));
    return draws;
}

TEST(ChecklibGenerator, SameArgumentsSameNumbers) {
    auto first = draws_after_register({"gen", "-n", "5", "-seed", "1"});
    auto second = draws_after_register({"gen", "-n", "5", "-seed", "1"});
    auto other_seed = draws_after_register({"gen", "-n", "5", "-seed", "2"});
    auto split_one_way = draws_after_register({"gen", "-a", "bc"});
    auto split_other_way = draws_after_register({"gen", "-ab", "c"});
    EXPECT_EQ(first, second);
    EXPECT_NE(first, other_seed);
    EXPECT_NE(split_one_way, split_other_way);
}

TEST(ChecklibGenerator, PinnedSequence) {
    // mt19937_64, our hash and our range mapping are fixed, so this holds on every machine and
    // standard library; a change here changes every generated case.
    auto draws = draws_after_register({"gen", "-seed", "1"});
    std::vector<long long> expected{238990, 639115, 843208, 78021, 60731, 534467, 893520, 46341};
    EXPECT_EQ(draws, expected);
}

TEST(ChecklibGenerator, RangesAreInclusiveAndCovered) {
    draws_after_register({"gen"});
    std::vector<int> seen(7, 0);
    for (int i = 0; i < 7000; ++i) {
        int value = rnd.next(1, 6);
        ASSERT_GE(value, 1);
        ASSERT_LE(value, 6);
        ++seen[static_cast<size_t>(value)];
    }
    for (int value = 1; value <= 6; ++value) EXPECT_GT(seen[static_cast<size_t>(value)], 900);
    for (int i = 0; i < 1000; ++i) {
        int below = rnd.next(3);
        ASSERT_GE(below, 0);
        ASSERT_LT(below, 3);
        double unit = rnd.nextDouble();
        ASSERT_GE(unit, 0.0);
        ASSERT_LT(unit, 1.0);
    }
    EXPECT_EQ(rnd.next(5, 5), 5);
}

TEST(ChecklibGenerator, ShuffleIsAPermutation) {
    draws_after_register({"gen"});
    std::vector<int> items{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    shuffle(items.begin(), items.end());
    std::vector<int> sorted = items;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(ChecklibGenerator, OptionForms) {
    draws_after_register({"gen", "-n", "5", "--style", "maze", "size=7", "-ratio=0.5", "-big"});
    EXPECT_EQ(opt<int>("n"), 5);
    EXPECT_EQ(opt<std::string>("style"), "maze");
    EXPECT_EQ(opt<int>("size"), 7);
    EXPECT_DOUBLE_EQ(opt<double>("ratio"), 0.5);
    EXPECT_TRUE(opt<bool>("big"));
    EXPECT_EQ(opt<int>("missing", 42), 42);
    EXPECT_EQ(opt("missing", "x"), "x");
    EXPECT_TRUE(has_opt("n"));
    EXPECT_FALSE(has_opt("m"));
}

// checklib's engine is std::mt19937_64 written out: the same numbers for any seed.
TEST(ChecklibGenerator, EngineIsStdMt19937_64) {
    for (std::uint64_t seed :
         {0ull, 1ull, 5489ull, 42ull, 0x9e3779b97f4a7c15ull, 0xffffffffffffffffull, 1ull << 63}) {
        checklib_detail::Mt19937_64 ours(seed);
        std::mt19937_64 standard(seed);
        for (int i = 0; i < 200000; ++i) {
            std::uint64_t expected = standard();
            ASSERT_EQ(ours(), expected) << "seed " << seed << ", draw " << i;
        }
        standard.seed(seed + 1);  // re-seeding mid-way restarts the sequence
        ours.seed(seed + 1);
        for (int i = 0; i < 1000; ++i) ASSERT_EQ(ours(), standard()) << "reseeded " << seed;
    }
    checklib_detail::Mt19937_64 by_default;  // [rand.predef]: the 10000th draw
    for (int i = 1; i < 10000; ++i) by_default();
    EXPECT_EQ(by_default(), 9981545732273789042ull);
}

// rnd.any picks the same element from any container: counted, not indexed, where it must be.
TEST(ChecklibGenerator, AnyWorksOnEveryContainer) {
    std::vector<std::string> args{"gen", "-seed", "3"};
    draws_after_register(args);
    std::vector<int> vector_items{10, 20, 30, 40, 50};
    int array_items[] = {10, 20, 30, 40, 50};
    std::set<int> set_items(vector_items.begin(), vector_items.end());
    std::vector<int> from_vector, from_array, from_set;
    draws_after_register(args);
    for (int i = 0; i < 50; ++i) from_vector.push_back(rnd.any(vector_items));
    draws_after_register(args);
    for (int i = 0; i < 50; ++i) from_array.push_back(rnd.any(array_items));
    draws_after_register(args);
    for (int i = 0; i < 50; ++i) from_set.push_back(rnd.any(set_items));
    EXPECT_EQ(from_vector, from_array);
    EXPECT_EQ(from_vector, from_set);
    EXPECT_EQ(std::set<int>(from_vector.begin(), from_vector.end()), set_items);
}

// opt<T> accepts exactly what `std::istringstream(text) >> value` followed by end of text did.
template <class T>
void expect_parsed_as_a_stream_does(const std::string& text) {
    std::istringstream in(text);
    T expected{};
    in >> expected;
    bool stream_accepts = !in.fail() && in.peek() == EOF;
    T value{};
    bool accepts = checklib_detail::parse_option_value(text, value);
    EXPECT_EQ(accepts, stream_accepts) << "'" << text << "' as " << typeid(T).name();
    if (accepts && stream_accepts) {
        EXPECT_EQ(value, expected) << "'" << text << "'";
    }
}

TEST(ChecklibGenerator, OptionNumbersParseAsAStreamDoes) {
    std::vector<std::string> texts{"0",
                                   "5",
                                   "-5",
                                   "+5",
                                   " 7",
                                   "\t\n7",
                                   "7 ",
                                   "007",
                                   "-0",
                                   "+-5",
                                   "--5",
                                   "",
                                   " ",
                                   "-",
                                   "+",
                                   "5x",
                                   "x5",
                                   "0x10",
                                   "1e3",
                                   "1.5",
                                   ".5",
                                   "5.",
                                   ".",
                                   "-.5e-3",
                                   "1e",
                                   "1e+",
                                   "1e+2",
                                   "1E2",
                                   "e5",
                                   "1.2.3",
                                   "1e5.5",
                                   "inf",
                                   "nan",
                                   "-inf",
                                   "1e400",
                                   "-1e400",
                                   "1e-400",
                                   "0x1p3",
                                   "127",
                                   "128",
                                   "-128",
                                   "-129",
                                   "255",
                                   "256",
                                   "32767",
                                   "32768",
                                   "-32768",
                                   "-32769",
                                   "65535",
                                   "65536",
                                   "2147483647",
                                   "2147483648",
                                   "-2147483648",
                                   "-2147483649",
                                   "4294967295",
                                   "4294967296",
                                   "-4294967295",
                                   "-4294967296",
                                   "9223372036854775807",
                                   "9223372036854775808",
                                   "-9223372036854775808",
                                   "-9223372036854775809",
                                   "18446744073709551615",
                                   "18446744073709551616",
                                   "-18446744073709551615",
                                   "99999999999999999999999",
                                   "a",
                                   "ab",
                                   " b",
                                   "b ",
                                   "1,000",
                                   "\v3",
                                   "3\f"};
    for (const std::string& text : texts) {
        expect_parsed_as_a_stream_does<int>(text);
        expect_parsed_as_a_stream_does<long long>(text);
        expect_parsed_as_a_stream_does<long>(text);
        expect_parsed_as_a_stream_does<short>(text);
        expect_parsed_as_a_stream_does<unsigned>(text);
        expect_parsed_as_a_stream_does<unsigned long long>(text);
        expect_parsed_as_a_stream_does<unsigned short>(text);
        expect_parsed_as_a_stream_does<double>(text);
        expect_parsed_as_a_stream_does<float>(text);
        expect_parsed_as_a_stream_does<long double>(text);
        expect_parsed_as_a_stream_does<char>(text);
    }
}

TEST(ChecklibGenerator, BadOptionsExit) {
    draws_after_register({"gen", "-n", "five"});
    EXPECT_EXIT(opt<int>("n"), testing::ExitedWithCode(3), "option -n has a bad value 'five'");
    EXPECT_EXIT(opt<int>("m"), testing::ExitedWithCode(3), "missing option -m");
}

}  // namespace

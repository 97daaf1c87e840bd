// Checker for bender (testdata/bender/statement.md): `bender <input> <output> <answer>`.
//
// Accepted output (the answer file has the same form):
//   output := move-line+ | "LOOP" eol          -- then only blank lines
//   move-line := ("SOUTH" | "EAST" | "NORTH" | "WEST") eol
// Lines end in "\n" or "\r\n"; spaces or tabs at the end of a line are tolerated, a missing final
// newline too. The walk is deterministic, so the output must equal the answer line for line.
// Verdicts:
//   PE   empty output, a blank line between moves, two words on one line, a word that is not one
//        of the five (case matters), or LOOP mixed with moves;
//   WA   well-formed but different: LOOP instead of moves or the reverse, the first differing
//        move (named by its number), or too few / too many moves;
//   FAIL the answer file breaks the same grammar (the jury's data is wrong).
#include "checklib.hpp"

#include <string>
#include <vector>

namespace {

// One reply: the words, one per line; `loop` when it is the single word LOOP.
struct Reply {
    std::vector<std::string> moves;
    bool loop = false;
};

Reply read_reply(InStream& stream, const char* who) {
    Reply reply;
    std::vector<std::string> words;
    bool blank_seen = false;
    long long line_number = 0;
    while (!stream.eof()) {
        std::string line = stream.readLine();
        ++line_number;
        size_t end = line.find_last_not_of(" \t");
        line = end == std::string::npos ? "" : line.substr(0, end + 1);
        if (line.empty()) {
            blank_seen = true;
            continue;
        }
        if (blank_seen)
            stream.quitf(_pe, "%s: line %lld: text after a blank line", who, line_number);
        if (line.find_first_of(" \t\r") != std::string::npos)
            stream.quitf(_pe, "%s: line %lld: one word per line expected, found '%s'", who,
                         line_number, line.substr(0, 40).c_str());
        if (line != "SOUTH" && line != "EAST" && line != "NORTH" && line != "WEST" &&
            line != "LOOP")
            stream.quitf(_pe,
                         "%s: line %lld: expected SOUTH, EAST, NORTH, WEST or LOOP, found '%s'",
                         who, line_number, line.substr(0, 40).c_str());
        words.push_back(line);
    }
    if (words.empty()) stream.quitf(_pe, "%s: empty, expected moves or LOOP", who);
    for (size_t i = 0; i < words.size(); ++i)
        if (words[i] == "LOOP" && words.size() > 1)
            stream.quitf(_pe, "%s: LOOP must be the only line, found it on line %zu of %zu", who,
                         i + 1, words.size());
    reply.loop = words[0] == "LOOP";
    if (!reply.loop) reply.moves = std::move(words);
    return reply;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    Reply jury = read_reply(ans, "answer");
    Reply contestant = read_reply(ouf, "output");
    if (jury.loop && contestant.loop) quitf(_ok, "LOOP");
    if (jury.loop) quitf(_wa, "expected LOOP, found %zu moves", contestant.moves.size());
    if (contestant.loop)
        quitf(_wa, "expected %zu moves to the booth, found LOOP", jury.moves.size());
    size_t common = std::min(jury.moves.size(), contestant.moves.size());
    for (size_t i = 0; i < common; ++i)
        if (jury.moves[i] != contestant.moves[i])
            quitf(_wa, "move %zu: expected %s, found %s", i + 1, jury.moves[i].c_str(),
                  contestant.moves[i].c_str());
    if (contestant.moves.size() < jury.moves.size())
        quitf(_wa, "only %zu moves, expected %zu (next: %s)", contestant.moves.size(),
              jury.moves.size(), jury.moves[common].c_str());
    if (contestant.moves.size() > jury.moves.size())
        quitf(_wa, "%zu moves, expected %zu: Bender is in the booth after move %zu",
              contestant.moves.size(), jury.moves.size(), jury.moves.size());
    quitf(_ok, "%zu moves", jury.moves.size());
}

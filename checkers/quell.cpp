// Checker for quell (testdata/quell/statement.md): `quell <input> <output> <answer>`.
//
// Accepted output (the answer file has the same form):
//   output := ("true" [moves] | "false") , then only white space
//   moves  := [UDLR]+                      -- one token; optional (solutions/quell.cpp --moves)
// Tokens are separated by any white space. The verdict:
//   - the first token must equal the jury's ("true"/"false"), else WA;
//   - when a move string follows "true", it is replayed cell by cell on the input map (a roll
//     goes until the next cell is a wall; every cell passed or stopped on is collected, the start
//     cell too); WA if some pearl is left, naming the first one (row, column, 1-based);
//   - a contestant's "true" whose moves collect every pearl while the jury says "false" is FAIL
//     (the jury is wrong), and so is a jury move string that misses a pearl.
#include "checklib.hpp"

#include <string>
#include <vector>

namespace {

std::vector<std::string> map_rows;

bool is_open(long long r, long long c) {
    if (r < 0 || r >= static_cast<long long>(map_rows.size())) return false;
    const std::string& row = map_rows[r];
    if (c < 0 || c >= static_cast<long long>(row.size())) return false;
    return row[c] == '.' || row[c] == '@' || row[c] == 'O';
}

// Replays `moves` from the drop; returns "" when every pearl is collected, else a description
// of the first pearl left.
std::string replay(const std::string& moves) {
    std::vector<std::vector<char>> collected(map_rows.size());
    long long r = -1, c = -1;
    for (size_t i = 0; i < map_rows.size(); ++i) {
        collected[i].assign(map_rows[i].size(), 0);
        size_t at = map_rows[i].find('O');
        if (at != std::string::npos) r = static_cast<long long>(i), c = static_cast<long long>(at);
    }
    if (r < 0) quitf(_fail, "input has no drop 'O'");
    collected[r][c] = 1;
    for (char move : moves) {
        long long dr = move == 'U' ? -1 : move == 'D' ? 1 : 0;
        long long dc = move == 'L' ? -1 : move == 'R' ? 1 : 0;
        while (is_open(r + dr, c + dc)) {
            r += dr, c += dc;
            collected[r][c] = 1;
        }
    }
    long long left = 0;
    std::string first;
    for (size_t i = 0; i < map_rows.size(); ++i)
        for (size_t j = 0; j < map_rows[i].size(); ++j)
            if (map_rows[i][j] == '@' && !collected[i][j]) {
                if (left++ == 0)
                    first = "row " + std::to_string(i + 1) + ", column " + std::to_string(j + 1);
            }
    if (left == 0) return "";
    return std::to_string(left) + " pearl(s) left, the first at " + first;
}

struct Reply {
    bool solvable = false;
    bool has_moves = false;
    std::string moves;
};

Reply read_reply(InStream& stream, const char* who) {
    Reply reply;
    if (stream.seekEof()) stream.quitf(_pe, "%s: empty output, expected true or false", who);
    std::string word = stream.readToken();
    if (word != "true" && word != "false")
        stream.quitf(_pe, "%s: expected true or false, found '%s'", who, word.c_str());
    reply.solvable = word == "true";
    if (!stream.seekEof()) {
        reply.moves = stream.readToken();
        if (!reply.solvable)
            stream.quitf(_pe, "%s: unexpected text after false: '%s'", who, reply.moves.c_str());
        for (char move : reply.moves)
            if (move != 'U' && move != 'D' && move != 'L' && move != 'R')
                stream.quitf(_pe, "%s: move string has '%c', expected only U D L R", who, move);
        reply.has_moves = true;
        if (!stream.seekEof()) stream.quitf(_pe, "%s: unexpected text after the moves", who);
    }
    return reply;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    while (!inf.eof()) {
        std::string line = inf.readLine();
        if (!line.empty() && line.back() == '\r') line.pop_back();
        map_rows.push_back(line);
    }
    Reply jury = read_reply(ans, "answer");
    Reply contestant = read_reply(ouf, "output");
    if (jury.has_moves) {
        std::string missed = replay(jury.moves);
        if (!missed.empty()) quitf(_fail, "the jury's moves are wrong: %s", missed.c_str());
    }
    if (contestant.has_moves) {
        std::string missed = replay(contestant.moves);
        if (!missed.empty()) quitf(_wa, "the moves do not collect every pearl: %s", missed.c_str());
        if (!jury.solvable)
            quitf(_fail, "the jury says false but the output's %zu moves collect every pearl",
                  contestant.moves.size());
    }
    if (contestant.solvable != jury.solvable)
        quitf(_wa, "expected %s, found %s", jury.solvable ? "true" : "false",
              contestant.solvable ? "true" : "false");
    if (contestant.has_moves)
        quitf(_ok, "true, %zu moves collect every pearl", contestant.moves.size());
    quitf(_ok, "%s", jury.solvable ? "true" : "false");
}

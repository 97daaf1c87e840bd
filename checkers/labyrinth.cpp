// Checker for labyrinth (testdata/labyrinth/statement.md): `labyrinth <input> <output> <answer>`.
//
// Accepted output (the answer file has the same form):
//   output := "UNSATISFIABLE" | fact*            -- white space anywhere between tokens
//   fact   := "push" "(" Z "," D "," S ")" "."   -- D in n s e w; '%' comments allowed
// The facts may come in any order; their steps must be exactly 1..t, t <= max_steps, and
// 1 <= Z <= N. No facts at all is the empty plan (valid only when the avatar starts on the goal).
// Verdicts:
//   - malformed output (not the grammar above) is PE;
//   - a plan is simulated (checkers/labyrinth_model.hpp): broken step numbering, a line outside
//     the board, too many pushes or an unreachable goal is WA;
//   - UNSATISFIABLE is OK only when the jury's answer also says UNSATISFIABLE (WA otherwise);
//   - a valid plan when the jury says UNSATISFIABLE, or a jury plan that is invalid, is FAIL;
//   - no jury answer (the answer path is /dev/null: the judge's checker-needs-ans: no, used for
//     the official instances whose answer nobody knows): a plan is judged by simulation alone,
//     and UNSATISFIABLE is WA, since nothing can confirm it.
#include "checklib.hpp"
#include "labyrinth_model.hpp"

#include <string>
#include <vector>

namespace {

std::string read_all(InStream& stream) {
    std::string text;
    while (!stream.eof()) text += stream.readChar();
    return text;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    labyrinth::Instance inst;
    std::string error = labyrinth::parse_instance(read_all(inf), inst);
    if (!error.empty()) quitf(_fail, "bad input: %s", error.c_str());

    std::vector<labyrinth::Push> jury_plan, plan;
    bool jury_unsat = false, unsat = false;
    if (std::string(argv[3]) == "/dev/null") {
        error = labyrinth::parse_plan(read_all(ouf), plan, unsat);
        if (!error.empty()) quitf(_pe, "%s", error.c_str());
        if (unsat) quitf(_wa, "UNSATISFIABLE cannot be confirmed: no jury answer for this case");
        error = labyrinth::check_plan(inst, plan);
        if (!error.empty()) quitf(_wa, "%s", error.c_str());
        quitf(_ok, "valid plan of %d pushes (no jury answer)", static_cast<int>(plan.size()));
    }
    error = labyrinth::parse_plan(read_all(ans), jury_plan, jury_unsat);
    if (!error.empty()) quitf(_fail, "bad answer file: %s", error.c_str());
    if (!jury_unsat) {
        error = labyrinth::check_plan(inst, jury_plan);
        if (!error.empty()) quitf(_fail, "jury plan invalid: %s", error.c_str());
    }

    error = labyrinth::parse_plan(read_all(ouf), plan, unsat);
    if (!error.empty()) quitf(_pe, "%s", error.c_str());
    if (unsat) {
        if (jury_unsat) quitf(_ok, "UNSATISFIABLE, as the jury");
        quitf(_wa, "UNSATISFIABLE, but the jury has a plan of %d pushes",
              static_cast<int>(jury_plan.size()));
    }
    error = labyrinth::check_plan(inst, plan);
    if (!error.empty()) quitf(_wa, "%s", error.c_str());
    if (jury_unsat)
        quitf(_fail, "valid plan of %d pushes, but the jury says UNSATISFIABLE",
              static_cast<int>(plan.size()));
    quitf(_ok, "valid plan of %d pushes (jury: %d)", static_cast<int>(plan.size()),
          static_cast<int>(jury_plan.size()));
}

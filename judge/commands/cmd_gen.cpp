// judge gen <id>: rebuild the generated cases of testdata/<id>/secret/ from secret/plan.txt.
//
// Every case is generated, validated and answered in a scratch folder first; only when all of
// them succeeded are the files written (each atomically), so a failure leaves secret/ as it
// was. secret/.generated lists the names gen wrote: a planned NAME whose files exist but are not
// in that list is hand-written, and gen refuses to overwrite it. A generated name that left the
// plan is removed.
//
// Exit status: 0 done, 2 JE (a program failed, an invalid case, a hand-written conflict) or
// misuse.
#include <iostream>
#include <memory>
#include <system_error>

#include "checking/jury_program.hpp"
#include "checking/validation.hpp"
#include "commands/command_options.hpp"
#include "commands/commands.hpp"
#include "problems/gen_plan.hpp"
#include "problems/problem.hpp"
#include "stress/shrinker.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

int run_gen(const GlobalOptions& global, const GenOptions& options) {
    Context context = make_context(global);
    require_jury_isolation(options.no_sandbox);
    ProblemSettings problem = load_problem(context.root, options.problem);
    fs::path secret = problem.dir / "secret";
    fs::path plan_file = secret / "plan.txt";
    std::vector<PlanEntry> plan = load_plan(plan_file);
    if (plan.empty()) throw JudgeError(plan_file.string() + ": no case planned");
    fs::path manifest = secret / ".generated";
    std::set<std::string> generated = read_manifest(manifest);
    std::vector<std::string> conflicts = hand_written_conflicts(secret, plan, generated);
    if (!conflicts.empty())
        throw JudgeError("refusing to overwrite hand-written case " + conflicts[0] + " (not in " +
                         manifest.string() + "): rename the case or the plan line");

    Compiler compiler(context.root, context.cache_dir, "g++", context.compile_limits);
    compiler.set_sandbox(!options.no_sandbox);  // the solutions are compiled as submissions are
    Program generator =
        compile_jury_program(compiler, problem.generator_source(), SourceKind::Generator);
    std::vector<InputValidator> validators = compile_input_validators(compiler, problem);
    Program solution =
        compile_jury_program(compiler, problem.solution_source(), SourceKind::Solution);
    Program brute;
    for (const PlanEntry& entry : plan)
        if (entry.use_brute && brute.empty())
            brute = compile_jury_program(compiler, problem.brute_source(), SourceKind::Solution);

    TempDir scratch("judge-gen", fast_temp_base());
    struct Made {
        std::string name, input, answer;
    };
    std::vector<Made> made;
    const JuryLimitsBasis basis = jury_basis(problem);
    for (const PlanEntry& entry : plan) {
        std::string where =
            plan_file.string() + ":" + std::to_string(entry.line) + " (" + entry.name + ")";
        std::string input =
            run_jury_for_output(JuryRole::Generator, generator, generator_args(entry), {}, basis,
                                scratch.path(), where, !options.no_sandbox);
        fs::path input_file = scratch.path() / (entry.name + ".in");
        write_file_atomically(input_file, input);
        if (!validators.empty()) {
            ValidationResult validation = validate_file(
                validators, input_file, {}, !options.no_sandbox, problem.jury_time_limit_ms);
            if (!validation.valid)
                throw JudgeError(where + ": " +
                                 (validation.validator_failed ? "" : "invalid case: ") +
                                 validation.message);
        }
        std::string answer = run_jury_for_output(
            JuryRole::Reference, entry.use_brute ? brute : solution, {}, input_file, basis,
            scratch.path(), where + " (" + (entry.use_brute ? "brute" : "solution") + ")",
            !options.no_sandbox);
        made.push_back({entry.name, std::move(input), std::move(answer)});
    }

    int written = 0, unchanged = 0;
    std::error_code error;
    fs::create_directories(secret, error);
    std::string manifest_text =
        "# written by `judge gen " + problem.id + "` from plan.txt: these cases are generated\n";
    for (const Made& item : made) {
        fs::path in = secret / (item.name + ".in"), ans = secret / (item.name + ".ans");
        std::string old_in, old_ans;
        try {
            old_in = read_file(in);
            old_ans = read_file(ans);
        } catch (const std::exception&) {
            old_in = old_ans = "\x01";  // missing: differs from any content
        }
        if (old_in == item.input && old_ans == item.answer) {
            ++unchanged;
        } else {
            write_file_atomically(in, item.input);
            write_file_atomically(ans, item.answer);
            ++written;
        }
        manifest_text += item.name + "\n";
    }
    // Cases gen wrote before that left the plan.
    std::set<std::string> planned;
    for (const PlanEntry& entry : plan) planned.insert(entry.name);
    int removed = 0;
    for (const std::string& name : generated) {
        if (planned.count(name)) continue;
        bool any = fs::remove(secret / (name + ".in"), error);
        any = fs::remove(secret / (name + ".ans"), error) || any;
        removed += any ? 1 : 0;
        if (any) std::cout << "removed " << name << " (no longer in the plan)\n";
    }
    write_file_atomically(manifest, manifest_text);
    std::cout << "gen " << problem.id << ": " << made.size() << " cases from "
              << fs::relative(plan_file, problem.root, error).string() << ": " << written
              << " written, " << unchanged << " unchanged";
    if (removed) std::cout << ", " << removed << " removed";
    std::cout << "\n";
    return 0;
}

}  // namespace judge

// What the subcommands share: resolving the global options.
#include "commands/commands.hpp"

#include <algorithm>
#include <system_error>
#include <thread>

#include "building/compiler.hpp"
#include "checking/validation.hpp"
#include "problems/generators_yaml.hpp"
#include "problems/package.hpp"
#include "problems/polygon_contest.hpp"
#include "problems/polygon_package.hpp"
#include "problems/problem.hpp"
#include "running/process_runner.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

namespace judge {

namespace fs = std::filesystem;

// The compile limits of the global options (the rest of a Context left empty).
Context make_limits_only(const GlobalOptions& global) {
    Context context;
    if (global.compile_cpu_s > 0) {
        context.compile_limits.cpu_ms = static_cast<std::int64_t>(global.compile_cpu_s * 1000);
        context.compile_limits.wall_ms = 2 * context.compile_limits.cpu_ms;
    }
    if (global.compile_memory_mib > 0)
        context.compile_limits.memory_kib = global.compile_memory_mib * 1024;
    return context;
}

Context make_context(const GlobalOptions& global) {
    Context context = make_limits_only(global);
    context.root =
        find_root(global.root.empty() ? std::nullopt : std::optional<fs::path>(global.root));
    std::error_code error;
    context.cache_dir = fs::absolute(default_cache_dir(context.root, global.cache), error);
    if (error) context.cache_dir = default_cache_dir(context.root, global.cache);
    return context;
}

namespace {

// Where a package's binaries go when no cache is named: the user's cache folder.
fs::path user_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return fs::path(xdg) / "cp-judge";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".cache" / "cp-judge";
    return fs::temp_directory_path() / ("cp-judge-" + std::to_string(::getuid()));
}

bool names_a_path(const std::string& name) {
    return name.find('/') != std::string::npos || name == "." || name == "..";
}

}  // namespace

// Where a package's binaries (and a Polygon package's unpacked zip and generated tests) go.
fs::path package_cache_dir(const GlobalOptions& global) {
    std::error_code error;
    fs::path cache = !global.cache.empty() ? fs::path(global.cache)
                     : std::getenv("JUDGE_CACHE_DIR") && *std::getenv("JUDGE_CACHE_DIR")
                         ? fs::path(std::getenv("JUDGE_CACHE_DIR"))
                         : user_cache_dir();
    fs::path absolute = fs::absolute(cache, error);
    return error ? cache : absolute;
}

bool names_polygon_package(const GlobalOptions& global, const std::string& name) {
    return (names_a_path(name) || global.root.empty()) && is_polygon_package(name) &&
           !is_polygon_contest(name);
}

bool names_polygon_contest(const GlobalOptions& global, const std::string& name) {
    return (names_a_path(name) || global.root.empty()) && is_polygon_contest(name);
}

namespace {

// A problem package folder (problems/package.hpp).
OpenProblem open_package(const GlobalOptions& global, const std::string& folder) {
    OpenProblem open;
    open.problem = load_package(folder);
    open.context.root = open.problem.root;
    open.context.cache_dir = package_cache_dir(global);
    // Cases made from generators/generators.yaml (problems/generators_yaml.hpp).
    open.problem.generated_dir = open.context.cache_dir / "generators-yaml";
    // Validators with 2025-09 `{{constants}}`: built from substituted copies in the cache.
    for (const std::string& note :
         substitute_validator_constants(open.problem, open.context.cache_dir / "constants"))
        std::cerr << "judge: note: " << escape_control(note) << "\n";
    if (package_lacks_secret(open.problem))
        std::cerr << "judge: note: " << escape_control(open.problem.root.string())
                  << "/data has no secret/ folder, which the 2025-09 format needs: only its "
                     "samples are judged\n";
    open.context.compile_limits = make_limits_only(global).compile_limits;
    return open;
}

// A Polygon package (a folder with problem.xml, or its zip): problems/polygon_package.hpp.
OpenProblem open_polygon(const GlobalOptions& global, const std::string& name) {
    OpenProblem open;
    open.context.cache_dir = package_cache_dir(global);
    open.context.compile_limits = make_limits_only(global).compile_limits;
    std::error_code error;
    bool zip = fs::is_regular_file(name, error);
    fs::path root =
        zip ? unpack_polygon_zip(name, open.context.cache_dir) : fs::absolute(name, error);
    // A zip of a Kattis package (judge export writes one): judged as that package.
    if (zip && !fs::exists(root / "problem.xml", error) && is_package(root))
        return open_package(global, root.string());
    open.problem =
        load_polygon_problem(root, global.testset, open.context.cache_dir / "polygon" / "tests");
    open.context.root = open.problem.root;
    return open;
}

}  // namespace

OpenProblem open_problem(const GlobalOptions& global, const std::string& name) {
    std::error_code error;
    if (names_polygon_package(global, name)) return open_polygon(global, name);
    if (names_polygon_contest(global, name))
        throw JudgeError(name +
                         " is a Polygon contest package: judge list and judge verify take it; "
                         "name one of its problems/<short-name> folders for the others");
    if (!global.testset.empty())
        throw JudgeError("--testset " + global.testset + ": only a Polygon package has testsets");
    bool package_here = fs::is_directory(name, error) && is_package(name);
    if (names_a_path(name) || (package_here && global.root.empty())) {
        // A package, unless the name is an id of the project root we are in.
        bool id_of_root = false;
        if (!names_a_path(name)) {
            try {
                fs::path root = find_root(std::nullopt);
                id_of_root = fs::is_directory(root / "testdata" / name, error);
            } catch (const JudgeError&) {}
        }
        if (!id_of_root) {
            if (!fs::is_directory(name, error))
                throw JudgeError("problem package " + name + " not found (no such folder)");
            if (!is_package(name))
                throw JudgeError(
                    name +
                    " is not a problem package (no problem.yaml, no data/sample or data/secret)");
            return open_package(global, name);
        }
    }
    OpenProblem open;
    open.context = make_context(global);
    open.problem = load_problem(open.context.root, name);
    return open;
}

std::vector<TestCase> problem_cases(const ProblemSettings& problem) {
    if (problem.format == ProblemFormat::Polygon) return discover_polygon_cases(problem);
    return problem.format == ProblemFormat::Package ? discover_package_cases(problem)
                                                    : discover_cases(problem.dir);
}

void prepare_problem_cases(Compiler& compiler,
                           const ProblemSettings& problem,
                           const std::vector<TestCase>& cases,
                           bool sandbox) {
    if (problem.format == ProblemFormat::Polygon)
        prepare_polygon_cases(compiler, problem, cases, sandbox);
    if (problem.format == ProblemFormat::Package && uses_generators_yaml(problem.root))
        prepare_generated_cases(compiler, problem, cases, sandbox);
}

void require_writable_folder(const std::string& file, const char* option) {
    if (file.empty()) return;
    fs::path folder = fs::absolute(fs::path(file)).parent_path();
    std::error_code error;
    if (!fs::is_directory(folder, error))
        throw JudgeError(std::string(option) + " " + file + ": folder " + folder.string() +
                         " does not exist");
}

void require_answers(const ProblemSettings& problem, const std::vector<TestCase>& cases) {
    if (!problem.checker_needs_ans) return;
    for (const auto& test_case : cases) {
        if (!test_case.answer)
            throw JudgeError(
                "missing " + fs::path(test_case.input).replace_extension(".ans").string() +
                (problem.format == ProblemFormat::Package
                     ? std::string(" (every case of a package has an answer)")
                     : " (checker-needs-ans is yes in " + problem.settings_file.string() + ")"));
    }
}

void compile_checking_programs(Compiler& compiler,
                               const ProblemSettings& problem,
                               bool validate,
                               JudgeOptions& options) {
    std::error_code error;
    if (problem.output_check == OutputCheck::KattisValidator) {
        options.checker =
            compile_jury_program(compiler, problem.output_validator, SourceKind::Checker);
    } else if (problem.output_check == OutputCheck::TestlibChecker && problem.checker != "none") {
        fs::path source = problem.checker_source();
        if (!fs::is_regular_file(source, error))
            throw JudgeError("checker " + source.string() + " not found (checker: " +
                             problem.checker + " in " + problem.settings_file.string() + ")");
        options.checker = compile_jury_program(compiler, source, SourceKind::Checker);
    }
    if (auto interactor = problem.interactor_source()) {
        if (!fs::is_regular_file(*interactor, error))
            throw JudgeError("interactor " + interactor->string() + " not found (interactor: " +
                             problem.interactor + " in " + problem.settings_file.string() + ")");
        options.interactor = compile_jury_program(compiler, *interactor, SourceKind::Checker);
    }
    for (const std::string& note : problem.notes)
        std::cerr << "judge: note: " << escape_control(note) << "\n";
    if (!validate) return;
    options.validators = compile_input_validators(compiler, problem);
    for (const std::string& skipped : problem.skipped_validators)
        std::cerr << "judge: note: input validator skipped: " << escape_control(skipped) << "\n";
}

void require_submission_isolation(bool no_sandbox) {
    if (no_sandbox) {
        if (::geteuid() == 0)
            throw JudgeError(
                "--no-sandbox would run submissions as root: run the judge as an unprivileged "
                "user for that (e.g. setpriv --reuid=nobody --regid=nogroup --clear-groups "
                "judge ...), or without --no-sandbox");
        return;
    }
    const SandboxSupport& support = sandbox_support();
    if (!support.available)
        throw JudgeError("no sandbox can be made here (" + support.description +
                         "): the judge does not run submissions unboxed; --no-sandbox runs "
                         "them without one, as an unprivileged user");
}

void require_jury_isolation(bool no_sandbox) {
    const SandboxSupport& support = sandbox_support();
    if (!no_sandbox && !support.available)
        throw JudgeError("no sandbox can be made here (" + support.description +
                         "): the problem's programs run boxed. --no-sandbox runs them without "
                         "one, as the judge's user");
}

int default_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

void settle_folder_time_roles(std::vector<ExpectedSubmission>& submissions) {
    for (ExpectedSubmission& submission : submissions) {
        if (!submission.rules.empty()) continue;
        submission.lower_bounds_time_limit = submission.folder == "accepted";
        submission.upper_bounds_time_limit =
            ("," + submission.folder + ",").find(",time_limit_exceeded,") != std::string::npos;
    }
}

std::vector<ExpectedSubmission> package_submissions(const ProblemSettings& problem) {
    std::error_code error;
    if (problem.format == ProblemFormat::Polygon ||
        !fs::is_directory(problem.submissions_dir(), error))
        return {};
    std::vector<ExpectedSubmission> submissions = list_submissions(
        problem.submissions_dir(), nullptr, problem.package_version, problem.constants);
    settle_folder_time_roles(submissions);
    return submissions;
}

fs::path included_files_for(const ProblemSettings& problem,
                            const fs::path& path,
                            const SourceChoice& choice) {
    std::error_code error;
    const fs::path include = problem.root / "include";
    if (problem.format != ProblemFormat::Package || !fs::is_directory(include, error)) return {};
    std::string language = choice.language_key;
    if (language.empty()) {
        try {
            language = read_source_set(path, choice).language->key;
        } catch (const std::exception&) {
            return {};  // its compile says why
        }
    }
    for (const std::string& folder : {language, std::string("default")})
        if (!folder.empty() && fs::is_directory(include / folder, error)) return include / folder;
    return {};
}

PreparedSubmission submission_source(const ProblemSettings& problem,
                                     const fs::path& path,
                                     const SourceChoice& choice,
                                     bool has_links,
                                     std::optional<TempDir>& copy) {
    const fs::path included = included_files_for(problem, path, choice);
    if (problem.constants.empty() && !has_links && included.empty()) return {path, choice};
    copy.emplace("judge-constants", fast_temp_base());
    if (included.empty())
        return {copy_with_constants(path, copy->path(), problem.constants), choice};
    std::error_code error;
    PreparedSubmission prepared{{}, choice};
    if (fs::is_directory(path, error)) {
        prepared.source = copy_with_constants(path, copy->path(), problem.constants);
    } else {
        prepared.source = copy->path() / path.stem();
        fs::create_directories(prepared.source, error);
        copy_with_constants(path, prepared.source, problem.constants);
        if (prepared.choice.entry_point.empty())
            prepared.choice.entry_point = path.filename().string();
    }
    for (const auto& entry : fs::directory_iterator(included, error))
        copy_with_constants(entry.path(), prepared.source, problem.constants);
    if (error) throw JudgeError("cannot copy " + included.string() + ": " + error.message());
    return prepared;
}

fs::path copy_with_constants(const fs::path& source,
                             const fs::path& folder,
                             const std::vector<std::pair<std::string, std::string>>& constants) {
    fs::path copy = folder / source.filename();
    std::error_code error;
    auto copy_file = [&](const fs::path& from, const fs::path& to) {
        write_file_atomically(to, substitute_constants(read_file(from, 64 << 20), constants));
    };
    if (!fs::is_directory(source, error)) {
        copy_file(source, copy);
        return copy;
    }
    fs::create_directories(copy);
    for (fs::recursive_directory_iterator it(source, error), end; !error && it != end;
         it.increment(error)) {
        // Lexically: a link's own name, not where it points (a package's folder may hold one).
        fs::path target = copy / it->path().lexically_relative(source);
        if (it->is_directory(error))
            fs::create_directories(target);
        else if (it->is_regular_file(error))
            copy_file(it->path(), target);
    }
    if (error) throw JudgeError("cannot copy " + source.string() + ": " + error.message());
    return copy;
}

}  // namespace judge

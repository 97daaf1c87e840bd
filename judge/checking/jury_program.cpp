#include "checking/jury_program.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "building/languages.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

std::string_view role_name(JuryRole role) {
    switch (role) {
        case JuryRole::Generator: return "generator";
        case JuryRole::Validator: return "validator";
        case JuryRole::Checker: return "checker";
        case JuryRole::Interactor: return "interactor";
        case JuryRole::Reference: return "reference";
        case JuryRole::SanitizedRerun: return "sanitized rerun";
    }
    return "jury program";
}

JuryLimitsBasis jury_basis(const ProblemSettings& problem) {
    return {problem.limits, problem.jury_time_limit_ms};
}

namespace {

constexpr std::int64_t kGeneratorCpuMs = 30'000;
constexpr std::int64_t kJuryMemoryKib = 4 * 1024 * 1024;
// What an interactor holds besides what the solution may (its input, the answer, its buffers).
constexpr std::int64_t kInteractorExtraKib = 256 * 1024;
// What an interactor may send the solution: a case, as a generator may write.
constexpr std::int64_t kInteractorOutputKib = 256 * 1024;
constexpr std::int64_t kSanitizerShadowKib = 1024 * 1024;
constexpr int kJuryProcesses = 16;
constexpr int kSanitizerSlowdown = 5;

// The checker, validator and interactor rows; the generator's differs in CPU and stdout.
Limits helper_limits(std::int64_t cpu_ms, std::int64_t output_kib) {
    Limits limits;
    limits.cpu_ms = cpu_ms;
    limits.wall_ms = 2 * cpu_ms + 1000;
    limits.memory_kib = kJuryMemoryKib;
    limits.output_kib = output_kib;
    limits.max_processes = kJuryProcesses;
    return limits;
}

}  // namespace

Limits jury_limits(JuryRole role, const JuryLimitsBasis& basis, const Language* language) {
    Limits limits;
    switch (role) {
        case JuryRole::Generator: limits = helper_limits(kGeneratorCpuMs, 256 * 1024); break;
        case JuryRole::Validator:
        case JuryRole::Checker: limits = helper_limits(basis.jury_cpu_ms, 1024); break;
        case JuryRole::Interactor:
            limits = helper_limits(basis.jury_cpu_ms, kInteractorOutputKib);
            // It waits for the solution as long as the solution may run, and a little more.
            limits.wall_ms = std::max(limits.wall_ms, basis.solution.wall_ms + 1000);
            // It reads whatever the solution writes (up to the solution's output limit, the
            // interaction's relay stops the rest): a flood must not make it a 4 GiB process.
            limits.memory_kib = basis.solution.memory_kib + kInteractorExtraKib;
            break;
        case JuryRole::Reference: limits = basis.solution; break;
        case JuryRole::SanitizedRerun:
            limits = basis.solution;
            limits.cpu_ms *= kSanitizerSlowdown;
            limits.wall_ms *= kSanitizerSlowdown;
            limits.memory_kib += kSanitizerShadowKib;
            break;
    }
    if (language) limits.max_processes = std::max(limits.max_processes, language->min_processes);
    return limits;
}

std::string jury_writable_path(const JuryBox& box, const std::string& name) {
    std::string folder = box.enabled ? std::string("/box") : box.writable_dir;
    return folder + "/" + name;
}

std::string prepare_jury_writable_dir(const JuryBox& box, const fs::path& dir) {
    std::error_code error;
    struct stat info {};
    if (::lstat(dir.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
        // Emptied in place, not made anew: a resident box shows this very folder as its /box.
        // remove_all never follows a link the last program left there.
        for (fs::directory_iterator entry(dir, error), end; !error && entry != end;
             entry.increment(error))
            fs::remove_all(entry->path(), error);
    } else {
        fs::remove_all(dir, error);
        if (!error) fs::create_directories(dir, error);
    }
    if (error) return "cannot create the folder " + dir.string() + ": " + error.message();
    // As root the box's program is uid 65534: the folder must be its to write in. It holds
    // nothing yet, and the judge reads back only regular files (never a link) from it.
    if (box.enabled && sandbox_support().as_root &&
        ::chown(dir.c_str(), kSandboxUid, kSandboxGid) != 0)
        return "cannot give the folder " + dir.string() + " to uid " + std::to_string(kSandboxUid) +
               ": " + std::strerror(errno);
    return "";
}

namespace {

// The judge's own scratch folders (TempDir's judge-<pid>-...), whose modes are the judge's to
// set, unlike the jury's data.
bool in_own_scratch(const std::string& path) {
    return path.find("/judge-" + std::to_string(::getpid()) + "-") != std::string::npos;
}

// showable_folder without memory.
bool showable_folder_now(const std::string& folder) {
    std::error_code error;
    if (folder.empty() || folder[0] != '/' || fs::canonical(folder, error) != folder || error)
        return false;
    // Not "/" nor a folder right under it (/tmp, /home...): what a bind of one would bring along
    // (other mounts, the machine's own folders) is more than a problem's data.
    if (std::count(folder.begin(), folder.end(), '/') < 2) return false;
    struct stat info {};
    if (::stat(folder.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) return false;
    constexpr mode_t kListAndEnter = S_IROTH | S_IXOTH;
    if ((info.st_mode & kListAndEnter) == kListAndEnter) return true;
    return in_own_scratch(folder) && info.st_uid == ::geteuid() &&
           ::chmod(folder.c_str(), (info.st_mode & 07777) | kListAndEnter) == 0;
}

// Whether `folder` may be shown whole to a root judge's box (uid 65534): an absolute folder
// with no link on its way, that others may list and enter. The judge's own scratch folder is
// made so (the files in it that the program reads are made readable all the same). Asked for
// the same few folders every case: the answer is kept (a folder replaced later is another
// resident box, BoxPlanStorage::make, whose bind shows what the path names then).
bool showable_folder(const std::string& folder) {
    thread_local std::vector<std::string> known;
    if (std::find(known.begin(), known.end(), folder) != known.end()) return true;
    if (!showable_folder_now(folder)) return false;
    if (known.size() >= 16) known.erase(known.begin());
    known.push_back(folder);
    return true;
}

// Whether `file`, below `folder`, is reached with no link (the folder itself is checked):
// lexically normal, each folder on the way a folder, the file a regular file.
bool plainly_inside(const std::string& folder, const std::string& file) {
    if (file.size() <= folder.size() + 1 || file[folder.size()] != '/' ||
        file.compare(0, folder.size(), folder) != 0 || fs::path(file).lexically_normal() != file)
        return false;
    for (std::size_t slash = file.find('/', folder.size() + 1);;
         slash = file.find('/', slash + 1)) {
        struct stat info {};
        const bool last = slash == std::string::npos;
        if (::lstat((last ? file : file.substr(0, slash)).c_str(), &info) != 0) return false;
        if (last) return S_ISREG(info.st_mode);
        if (!S_ISDIR(info.st_mode)) return false;
    }
}

// Whether the box may show `folders` whole instead of `files` (JuryBox::shown_folders): root's
// boxes only (without root every box is built anew anyway), each file inside one of the folders
// with no link on its way (a link would lead out of the bound folder in the box).
bool shown_whole(const std::vector<std::string>& folders, const std::vector<std::string>& files) {
    if (folders.empty() || !sandbox_support().as_root) return false;
    for (const std::string& folder : folders)
        if (!showable_folder(folder)) return false;
    for (const std::string& file : files) {
        bool inside = false;
        for (const std::string& folder : folders) inside = inside || plainly_inside(folder, file);
        if (!inside) return false;
    }
    return true;
}

}  // namespace

RunRequest jury_request(JuryRole role,
                        const Program& program,
                        const std::vector<std::string>& args,
                        const JuryLimitsBasis& basis,
                        const JuryBox& box) {
    RunRequest request;
    request.limits = jury_limits(role, basis, program.language);
    // Jury code may be buggy: its limits must hold. Without cgroups nothing enforces
    // max_processes for a root judge (RLIMIT_NPROC does not bind root), so a checker that
    // forks without end would take the machine; the run's pids cgroup does bind. The pool
    // reuses cgroup sets, so this costs little: 300 runs of the tokens checker took 35.1 ms of
    // wall and 15.5 ms of CPU a run with cgroups, 34.2 and 14.9 without (means of 3 rounds on
    // the 2-core machine under load 6; the rounds spread by about 1 ms).
    request.use_cgroups = true;
    request.sandbox.enabled = box.enabled;
    if (box.enabled) {
        std::vector<std::string> files;
        for (const std::string& path : box.read_only)
            if (path != "/dev/null") files.push_back(path);
        if (shown_whole(box.shown_folders, files)) {
            request.sandbox.read_only_paths = box.shown_folders;
            request.sandbox.resident_folders = true;
            request.sandbox.files_in_folders = std::move(files);
        } else {
            request.sandbox.read_only_paths = std::move(files);
        }
        request.sandbox.work_dir = box.writable_dir;
    }
    set_program(request, program, args);
    return request;
}

namespace {

// A root judge's box runs as uid 65534, which reads only what others may read: a jury file
// that is not world-readable would make the program fail with a message of its own
// ("cannot open ..."); this names the cause instead.
std::optional<std::string> unreadable_in_box(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return path + " not found";
    // Only in this judge's own scratch folders (TempDir's judge-<pid>-...): never the jury's
    // data, whose modes are the jury's.
    if (info.st_uid == ::geteuid() && S_ISREG(info.st_mode) && !(info.st_mode & S_IROTH) &&
        in_own_scratch(path)) {
        // The judge's own file (an output it captured under a strict umask): it may show it.
        if (::chmod(path.c_str(), (info.st_mode & 07777) | S_IRUSR | S_IRGRP | S_IROTH) == 0)
            return std::nullopt;
    }
    mode_t needed = S_ISDIR(info.st_mode) ? (S_IROTH | S_IXOTH) : S_IROTH;
    if ((info.st_mode & needed) == needed) return std::nullopt;
    return path + " is not readable by uid " + std::to_string(kSandboxUid) +
           ", the box's user (make it world-readable)";
}

}  // namespace

std::optional<std::string> jury_box_refusal(const RunRequest& request) {
    // Where no box can be made, run_process refuses (fail closed): its RunnerError says why.
    if (!request.sandbox.enabled || !sandbox_support().available) return std::nullopt;
    if (!sandbox_support().as_root) return std::nullopt;  // a user namespace: the judge's uid
    for (const auto* paths : {&request.sandbox.read_only_paths, &request.sandbox.files_in_folders})
        for (const std::string& path : *paths)
            if (auto why = unreadable_in_box(path)) return "its box cannot show it " + *why;
    return std::nullopt;
}

JuryRun run_reporting_runner_errors(std::string_view who, const RunRequest& request) {
    JuryRun run;
    if (auto refusal = jury_box_refusal(request)) {
        run.runner_error = "cannot run the " + std::string(who) + ": " + *refusal;
        return run;
    }
    try {
        run.result = run_process(request);
    } catch (const RunnerError& error) {
        run.runner_error = "cannot run the " + std::string(who) + ": " + error.what();
    }
    return run;
}

JuryRun run_jury(JuryRole role, const RunRequest& request) {
    return run_reporting_runner_errors(role_name(role), request);
}

std::string run_jury_for_output(JuryRole role,
                                const Program& program,
                                const std::vector<std::string>& args,
                                const fs::path& input,
                                const JuryLimitsBasis& basis,
                                const fs::path& scratch,
                                const std::string& where,
                                bool sandboxed) {
    JuryBox box;  // arguments and stdin only: it is shown nothing of the host
    box.enabled = sandboxed;
    RunRequest request = jury_request(role, program, args, basis, box);
    request.stdin_path = input.empty() ? "/dev/null" : input.string();
    request.stdout_path = (scratch / "out").string();
    request.stderr_path = (scratch / "err").string();
    JuryRun run = run_jury(role, request);
    if (run.runner_error) throw JudgeError(where + ": " + *run.runner_error);
    if (!exited_cleanly(run.result))
        throw JudgeError(where + ": " +
                         describe_jury_failure(role, run.result, request.limits,
                                               first_line_of_file(request.stderr_path, 200)));
    return read_file(request.stdout_path);
}

std::string failure_reason(const RunResult& run, const Limits& limits) {
    switch (run.limit_hit) {
        case LimitHit::CpuTime:
            return "exceeded its CPU time limit of " + std::to_string(limits.cpu_ms) + " ms";
        case LimitHit::WallTime:
            return "exceeded its wall time limit of " + std::to_string(limits.wall_ms) + " ms";
        case LimitHit::Memory: return "exceeded its memory limit";
        case LimitHit::Output: return "wrote too much output";
        case LimitHit::None: break;
    }
    if (run.signaled) return "killed by " + signal_name(run.term_signal);
    return "exited with code " + std::to_string(run.exit_code);
}

std::string describe_jury_failure(JuryRole role,
                                  const RunResult& run,
                                  const Limits& limits,
                                  const std::string& said) {
    std::string message = std::string(role_name(role)) + " " + failure_reason(run, limits);
    if (!said.empty()) message += ": " + said;
    return message;
}

bool exited_cleanly(const RunResult& run) {
    return run.exited && run.exit_code == 0 && run.limit_hit == LimitHit::None;
}

Program compile_jury_program(Compiler& compiler,
                             const fs::path& source,
                             SourceKind kind,
                             const std::vector<std::string>& extra_flags) {
    std::error_code error;
    if (!fs::exists(source, error))
        throw JudgeError(std::string(kind_name(kind)) + " " + source.string() + " not found");
    CompileResult result = compiler.compile(source, kind, extra_flags);
    if (!result.ok)
        throw JudgeError(std::string(kind_name(kind)) + " " + source.string() +
                         " does not compile: " + first_line(result.message, 300));
    return result.program;
}

}  // namespace judge

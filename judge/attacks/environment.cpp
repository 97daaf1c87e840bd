/**
 * Attack (issue 12): read the judge's environment: its own (inherited) and that of every
 *         visible process through /proc/<pid>/environ (the judge, its keeper, the shell).
 * Problem: aplusb of judge/testroot (attack_test.sh exports JUDGE_ATTACK_SECRET=<random> to the
 *          judge)
 * Prints: "BROKEN-environment:<value>" when it finds JUDGE_ATTACK_SECRET anywhere (the value
 *   then shows in the checker's message), "BROKEN-environment-key:<NAME>" when its own
 *   environment holds a variable outside the sandbox's PATH, LANG, LC_ALL, HOME, TMPDIR;
 *   else a + b.
 * Contained = AC, and the secret appears nowhere in the judge's output or report.
 * Status: got through the judge before the sandbox (a35ce73) as root and as nobody. Contained by
 * the sandbox.
 */
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char** environ;

const char kSecret[] = "JUDGE_ATTACK_SECRET=";
const char* const kAllowed[] = {"PATH", "LANG", "LC_ALL", "HOME", "TMPDIR"};

// A growing buffer of bytes that may hold NULs.
struct Bytes {
    char* data = nullptr;
    size_t size = 0, capacity = 0;
};

void append(Bytes& bytes, const char* more, size_t count) {
    if (bytes.size + count > bytes.capacity) {
        size_t capacity = bytes.capacity ? bytes.capacity : 4096;
        while (bytes.size + count > capacity) capacity *= 2;
        char* grown = static_cast<char*>(realloc(bytes.data, capacity));
        if (!grown) abort();
        bytes.data = grown;
        bytes.capacity = capacity;
    }
    memcpy(bytes.data + bytes.size, more, count);
    bytes.size += count;
}

// The value of the secret in a block of NUL-separated NAME=value entries (a malloc'd copy), or
// null.
char* find_secret(const Bytes& block) {
    const size_t key_length = sizeof kSecret - 1;
    for (size_t at = 0; at + key_length <= block.size; ++at) {
        if ((at == 0 || block.data[at - 1] == '\0') &&
            memcmp(block.data + at, kSecret, key_length) == 0) {
            size_t start = at + key_length, end = start;
            while (end < block.size && block.data[end] != '\0') ++end;
            return strndup(block.data + start, end - start);
        }
    }
    return nullptr;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;

    Bytes own;
    for (char** variable = environ; *variable; ++variable)
        append(own, *variable, strlen(*variable) + 1);
    char* secret = find_secret(own);
    if (secret && *secret == '\0') secret = nullptr;

    if (!secret)
        if (DIR* proc = opendir("/proc")) {
            while (dirent* entry = readdir(proc)) {
                if (strspn(entry->d_name, "0123456789") != strlen(entry->d_name)) continue;
                char path[300];
                snprintf(path, sizeof path, "/proc/%s/environ", entry->d_name);
                int fd = open(path, O_RDONLY);
                if (fd < 0) continue;
                Bytes block;
                char buffer[4096];
                ssize_t got;
                while ((got = read(fd, buffer, sizeof buffer)) > 0)
                    append(block, buffer, static_cast<size_t>(got));
                close(fd);
                secret = find_secret(block);
                free(block.data);
                if (secret && *secret == '\0') secret = nullptr;
                if (secret) break;
            }
            closedir(proc);
        }
    if (secret) {
        printf("BROKEN-environment:%s\n", secret);
        return 0;
    }
    for (char** variable = environ; *variable; ++variable) {
        size_t length = strcspn(*variable, "=");
        bool allowed = false;
        for (const char* known : kAllowed)
            allowed =
                allowed || (strlen(known) == length && strncmp(*variable, known, length) == 0);
        if (!allowed) {
            printf("BROKEN-environment-key:%.*s\n", static_cast<int>(length), *variable);
            return 0;
        }
    }
    printf("%lld\n", a + b);
}

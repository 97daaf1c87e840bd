/**
 * Attack (issue 12): fill the scratch space: /dev/shm (RAM that stays used after the run),
 *         /tmp, $TMPDIR and the working folder, with bytes or with files.
 * Problem: aplusb of judge/testroot
 * ATTACK_FILL (default "bytes"):
 *   bytes  200 MiB into each folder, in 32 MiB files (SIGXFSZ ignored: a file-size rlimit
 *          only ends one file)
 *   files  100 000 empty files in a new folder in each, until an error
 * ATTACK_MARKER: the prefix of every name it creates (attack_test.sh looks for leftovers by it).
 * Prints: a + b, when it gets that far. Contained = the run ends with a verdict, and nothing of
 *   it is left in the host's /dev/shm, /tmp or the judge's folders (the box's are private and
 *   size-bounded, and gone with the run).
 * Status: got through the judge before the sandbox (a35ce73) as root and as nobody: files left in
 * /dev/shm and /tmp. Contained by the sandbox.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef ATTACK_FILL
#define ATTACK_FILL "bytes"
#endif
#ifndef ATTACK_MARKER
#define ATTACK_MARKER "judge-attack-fill"
#endif

const size_t kChunk = size_t{1} << 20;

// Writes up to `bytes` into `path`; returns what was written.
size_t fill_file(const char* path, size_t bytes, const char* chunk) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return 0;
    size_t written = 0;
    while (written < bytes) {
        ssize_t got = write(fd, chunk, kChunk);
        if (got <= 0) break;
        written += static_cast<size_t>(got);
    }
    close(fd);
    return written;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    signal(SIGXFSZ, SIG_IGN);

    const char* folders[4] = {"/dev/shm", "/tmp", "."};
    int folder_count = 3;
    if (const char* tmpdir = getenv("TMPDIR"); tmpdir && *tmpdir && strcmp(tmpdir, "/tmp") != 0)
        folders[folder_count++] = tmpdir;
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s-%d", ATTACK_MARKER, getpid());
    char path[8192], dir[8192];

    if (strcmp(ATTACK_FILL, "bytes") == 0) {
        char* chunk = static_cast<char*>(malloc(kChunk));
        if (!chunk) return 2;
        memset(chunk, 'x', kChunk);
        for (int f = 0; f < folder_count; ++f) {
            size_t total = 0;
            for (int part = 0; total < (size_t{200} << 20); ++part) {
                snprintf(path, sizeof path, "%s/%s-bytes-%d", folders[f], prefix, part);
                size_t written = fill_file(path, size_t{32} << 20, chunk);
                total += written;
                if (written < (size_t{32} << 20)) break;  // full, or a limit: next folder
            }
            fprintf(stderr, "fill_scratch: %zu MiB into %s\n", total >> 20, folders[f]);
        }
    } else {
        for (int f = 0; f < folder_count; ++f) {
            snprintf(dir, sizeof dir, "%s/%s-files", folders[f], prefix);
            if (mkdir(dir, 0755) != 0) continue;
            int made = 0;
            for (; made < 100000; ++made) {
                snprintf(path, sizeof path, "%s/%d", dir, made);
                int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
                if (fd < 0) break;
                close(fd);
            }
            fprintf(stderr, "fill_scratch: %d files in %s\n", made, dir);
        }
    }
    printf("%lld\n", a + b);
}

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
#include <string>
#include <vector>

#ifndef ATTACK_FILL
#define ATTACK_FILL "bytes"
#endif
#ifndef ATTACK_MARKER
#define ATTACK_MARKER "judge-attack-fill"
#endif

using namespace std;

const size_t kChunk = size_t{1} << 20;

// Writes up to `bytes` into `path`; returns what was written.
size_t fill_file(const string& path, size_t bytes, const vector<char>& chunk) {
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return 0;
    size_t written = 0;
    while (written < bytes) {
        ssize_t got = write(fd, chunk.data(), chunk.size());
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

    vector<string> folders = {"/dev/shm", "/tmp", "."};
    if (const char* tmpdir = getenv("TMPDIR"); tmpdir && *tmpdir && strcmp(tmpdir, "/tmp") != 0)
        folders.push_back(tmpdir);
    const string prefix = string(ATTACK_MARKER) + "-" + to_string(getpid());

    if (strcmp(ATTACK_FILL, "bytes") == 0) {
        vector<char> chunk(kChunk, 'x');
        for (const string& folder : folders) {
            size_t total = 0;
            for (int part = 0; total < (size_t{200} << 20); ++part) {
                string path = folder + "/" + prefix + "-bytes-" + to_string(part);
                size_t written = fill_file(path, size_t{32} << 20, chunk);
                total += written;
                if (written < (size_t{32} << 20)) break;  // full, or a limit: next folder
            }
            fprintf(stderr, "fill_scratch: %zu MiB into %s\n", total >> 20, folder.c_str());
        }
    } else {
        for (const string& folder : folders) {
            string dir = folder + "/" + prefix + "-files";
            if (mkdir(dir.c_str(), 0755) != 0) continue;
            int made = 0;
            for (; made < 100000; ++made) {
                string path = dir + "/" + to_string(made);
                int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
                if (fd < 0) break;
                close(fd);
            }
            fprintf(stderr, "fill_scratch: %d files in %s\n", made, dir.c_str());
        }
    }
    printf("%lld\n", a + b);
}

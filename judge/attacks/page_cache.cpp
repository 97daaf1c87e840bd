/**
 * Attack (issue 28): the page cache of the machine's files, which every run shares, as a
 *         channel from run to run: drop a /usr file's cached pages (posix_fadvise
 *         POSIX_FADV_DONTNEED, madvise MADV_PAGEOUT and MADV_COLD on a mapping of it) and ask
 *         which of its pages are cached (mincore, preadv2 with RWF_NOWAIT, cachestat).
 * Problem: aplusb of judge/testroot
 * Prints: "BROKEN-page-cache:<call>,<call>..." naming the calls that worked; else a + b.
 * Contained = AC: every call refused. (Timing and major-fault counts remain: see
 *   docs/judge-run.md.)
 * Status: got through 5cdd9ad as root and as nobody (all six worked). Refused by the filter
 *   since.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    int fd = -1;
    static const char* const kPaths[] = {"/usr/bin/true", "/usr/bin/env", "/usr/bin/sh", "/bin/sh"};
    for (const char* path : kPaths)
        if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) break;
    if (fd < 0) {
        printf("SETUP-FAILED: no file of /usr to open\n");
        return 0;
    }
    char worked[256] = "";
    auto note = [&](bool it_worked, const char* call) {
        if (!it_worked) return;
        if (worked[0]) strcat(worked, ",");
        strcat(worked, call);
    };
    note(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0, "fadvise");
    char buffer[4096];
    iovec part{buffer, sizeof buffer};
    // EAGAIN answers too: "not cached".
    note(preadv2(fd, &part, 1, 0, RWF_NOWAIT) >= 0 || errno == EAGAIN, "preadv2-nowait");
    struct {
        uint64_t offset, length;
    } range{0, 4096};
    uint64_t counts[8] = {};
    note(syscall(451 /* cachestat */, fd, &range, counts, 0) == 0, "cachestat");
    void* mapping = mmap(nullptr, 4096, PROT_READ, MAP_SHARED, fd, 0);
    if (mapping != MAP_FAILED) {
        unsigned char resident = 0;
        note(mincore(mapping, 4096, &resident) == 0, "mincore");
        note(madvise(mapping, 4096, MADV_PAGEOUT) == 0, "madvise-pageout");
        note(madvise(mapping, 4096, MADV_COLD) == 0, "madvise-cold");
    }
    if (worked[0]) {
        printf("BROKEN-page-cache:%s\n", worked);
        return 0;
    }
    printf("%lld\n", a + b);
}

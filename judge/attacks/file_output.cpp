/**
 * Attack (issue 29): a submission of a problem with file input and output (a copy of
 *         judge/testroot-packages/polygon_fileio: reads sum.in, writes sum.out in its working
 *         folder) that leaves something other than its plain output there for the judge to read.
 * Problem: polygon_fileio (a copy of it, with tests/01.a = "5", the answer of tests/01 = "2 3")
 * ATTACK_VARIANT:
 *   link     sum.out is a symbolic link to the jury's answer, at its host path (ATTACK_ANSWER):
 *            followed, it would be the right answer
 *   fifo     sum.out is a FIFO: a judge that opens it to read waits for a writer for ever
 *   folder   sum.out is a folder
 *   huge     sum.out is the right answer followed by 1 TiB of holes (ftruncate)
 *   input    writes the right sum.out, then overwrites sum.in and puts a link named sum.in to
 *            the jury's answer in its place: a judge that follows it when it stages the next
 *            case's input writes the jury's file
 * Prints: nothing on stdout (ignored with an output file).
 * Contained = link, fifo, folder: WA (never AC, never JE), and the judge ends; huge: OLE; input:
 *   AC on every case, the jury's files unchanged.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#ifndef ATTACK_VARIANT
#define ATTACK_VARIANT "link"
#endif
#ifndef ATTACK_ANSWER
#define ATTACK_ANSWER "/nonexistent"
#endif

static bool is(const char* variant) { return std::strcmp(ATTACK_VARIANT, variant) == 0; }

static void write_answer() {
    long long a = 0, b = 0;
    std::FILE* in = std::fopen("sum.in", "r");
    if (in && std::fscanf(in, "%lld %lld", &a, &b) == 2) {}
    std::FILE* out = std::fopen("sum.out", "w");
    if (out) {
        std::fprintf(out, "%lld\n", a + b);
        std::fclose(out);
    }
}

int main() {
    if (is("link")) {
        if (::symlink(ATTACK_ANSWER, "sum.out") != 0) std::perror("symlink");
    } else if (is("fifo")) {
        if (::mkfifo("sum.out", 0666) != 0) std::perror("mkfifo");
    } else if (is("folder")) {
        if (::mkdir("sum.out", 0777) != 0) std::perror("mkdir");
    } else if (is("huge")) {
        write_answer();
        int fd = ::open("sum.out", O_WRONLY);
        if (fd < 0 || ::ftruncate(fd, 1LL << 40) != 0) std::perror("ftruncate");
    } else if (is("input")) {
        write_answer();
        std::FILE* in = std::fopen("sum.in", "w");
        if (in) {
            std::fputs("BROKEN 1\n", in);
            std::fclose(in);
        }
        ::unlink("sum.in");
        if (::symlink(ATTACK_ANSWER, "sum.in") != 0) std::perror("symlink");
    }
    return 0;
}

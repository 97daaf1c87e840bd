/**
 * Attack (issue 28): learn a jury answer through the compile cache's key. The judge read every
 *         file a submission names with a quoted `#include` into the cache key, even under
 *         `#if 0` where the compiler never opens it, and the key is the name of the binary,
 *         which the program reads through /proc/self/exe. The key was an unkeyed FNV hash whose
 *         other inputs (the source, the flags, the compiler's version) the program knows, so a
 *         short .ans could be recovered from it: on a real problem a submission that never read
 *         its input got AC on all cases.
 * Problem: aplusb of judge/testroot (attack_test.sh copies this file into the solutions/ folder
 *          of a throwaway copy of it and replaces JURY_ROOT with the copy's absolute path)
 * Prints: "CACHE-KEY:<its binary's name>" on stderr and exits 1, so that the name shows in the
 *   RE verdict's message (stderr's first line).
 * Contained = the name is the same after secret/3.ans changed (the key does not cover a file the
 *   judge must not read), and it differs between two caches (the key is keyed with a secret of
 *   the cache: nobody can compute it, or invert it, from what they know).
 * Status: not contained by 5cdd9ad (as root and as nobody): the key changed with 3.ans, and two
 *   caches gave the same key. Contained since the key is a SipHash keyed with the cache's
 *   secret and a submission's includes are never read by the judge.
 */
#if 0
#include "../testdata/aplusb/secret/3.ans"
#include "/proc/self/cwd/../testdata/aplusb/secret/3.ans"
#include "JURY_ROOT/testdata/aplusb/secret/3.ans"
#endif

#include <limits.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

int main() {
    char exe[PATH_MAX] = {};
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0) std::strcpy(exe, "(unreadable)");
    const char* slash = std::strrchr(exe, '/');
    std::fprintf(stderr, "CACHE-KEY:%s\n", slash ? slash + 1 : exe);
    return 1;
}

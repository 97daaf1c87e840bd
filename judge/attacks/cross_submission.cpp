/**
 * Attack (issue 28): one submission tells a later, different one something through what a
 *         resident box (root's) keeps from run to run: its pid namespace's counter, a scratch
 *         tmpfs's inode counter, the times of a scratch folder left empty. attack_test.sh
 *         judges both with `judge verify`, one after the other in one judge process.
 * Problem: aplusb of judge/testroot
 * ATTACK_ROLE: "leave" (the first) or "look" (the second).
 * ATTACK_CHANNEL ("all" by default: each of the three below):
 *   pids    leave: makes 50 processes a case, one at a time;   look: its pid is over 40
 *   inodes  leave: makes and removes 50 files in /box, /tmp and /dev/shm a case;
 *           look: a file it makes there has an inode number over 40
 *   times   leave: touches /box, /tmp and /dev/shm, then sleeps 0.4 s;
 *           look: a scratch folder's time is over 0.3 s older than its look
 * Prints: a + b, but "look" prints a + b + 1 (a wrong answer) when it found a trace, and
 *   "BROKEN-<channel>" on stderr.
 * Contained = both submissions AC.
 * Status: got through 5cdd9ad as root, each channel (nobody's boxes are made for each run).
 *   Contained since: each program has a box of its own, and a scratch folder's times are set
 *   to now before each run.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#ifndef ATTACK_ROLE
#define ATTACK_ROLE "look"
#endif
#ifndef ATTACK_CHANNEL
#define ATTACK_CHANNEL "all"
#endif

const char* const kScratch[] = {"/box", "/tmp", "/dev/shm"};

double seconds(const timespec& time) { return time.tv_sec + time.tv_nsec / 1e9; }

bool is(const char* channel, const char* name) { return strcmp(channel, name) == 0; }

bool leave(const char* channel) {
    if (is(channel, "all")) {
        static const char* const kEach[] = {"pids", "inodes", "times"};
        for (const char* each : kEach) leave(each);
        return false;
    }
    if (is(channel, "pids")) {
        for (int i = 0; i < 50; ++i) {
            pid_t child = fork();
            if (child == 0) _exit(0);
            if (child > 0) waitpid(child, nullptr, 0);
        }
    } else if (is(channel, "inodes")) {
        for (const char* folder : kScratch)
            for (int i = 0; i < 50; ++i) {
                char path[256];
                snprintf(path, sizeof path, "%s/trace%d", folder, i);
                int fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
                if (fd >= 0) close(fd);
                unlink(path);
            }
    } else if (is(channel, "times")) {
        for (const char* folder : kScratch) utimensat(AT_FDCWD, folder, nullptr, 0);
        usleep(400'000);
    }
    return false;
}

bool look(const char* channel) {
    if (is(channel, "all")) return look("pids") || look("times") || look("inodes");
    if (is(channel, "pids")) return getpid() > 40;
    if (is(channel, "inodes")) {
        bool found = false;
        for (const char* folder : kScratch) {
            char path[256];
            snprintf(path, sizeof path, "%s/look", folder);
            int fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
            struct stat info {};
            if (fd >= 0 && fstat(fd, &info) == 0 && info.st_ino > 40) found = true;
            if (fd >= 0) close(fd);
            unlink(path);
        }
        return found;
    }
    if (is(channel, "times")) {
        timespec now{};
        clock_gettime(CLOCK_REALTIME, &now);
        for (const char* folder : kScratch) {
            struct stat info {};
            if (stat(folder, &info) != 0) continue;
            const timespec times[] = {info.st_atim, info.st_mtim, info.st_ctim};
            for (const timespec& time : times)
                if (seconds(now) - seconds(time) > 0.3) return true;
        }
    }
    return false;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    const char *role = ATTACK_ROLE, *channel = ATTACK_CHANNEL;
    bool found = is(role, "leave") ? leave(channel) : look(channel);
    if (found) fprintf(stderr, "BROKEN-%s\n", channel);
    printf("%lld\n", a + b + (found ? 1 : 0));
}

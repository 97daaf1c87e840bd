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
#include <cstring>
#include <string>

extern char** environ;

using namespace std;

const char kSecret[] = "JUDGE_ATTACK_SECRET=";
const char* const kAllowed[] = {"PATH", "LANG", "LC_ALL", "HOME", "TMPDIR"};

// The value of the secret in a block of NUL-separated NAME=value entries, or "".
string find_secret(const string& block) {
    size_t at = 0;
    while ((at = block.find(kSecret, at)) != string::npos) {
        if (at == 0 || block[at - 1] == '\0') {
            size_t start = at + sizeof kSecret - 1;
            return block.substr(start, block.find('\0', start) - start);
        }
        ++at;
    }
    return "";
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;

    string own;
    for (char** variable = environ; *variable; ++variable) own.append(*variable).push_back('\0');
    string secret = find_secret(own);

    if (secret.empty())
        if (DIR* proc = opendir("/proc")) {
            while (dirent* entry = readdir(proc)) {
                if (strspn(entry->d_name, "0123456789") != strlen(entry->d_name)) continue;
                int fd = open(("/proc/" + string(entry->d_name) + "/environ").c_str(), O_RDONLY);
                if (fd < 0) continue;
                string block;
                char buffer[4096];
                ssize_t got;
                while ((got = read(fd, buffer, sizeof buffer)) > 0)
                    block.append(buffer, static_cast<size_t>(got));
                close(fd);
                if (!(secret = find_secret(block)).empty()) break;
            }
            closedir(proc);
        }
    if (!secret.empty()) {
        printf("BROKEN-environment:%s\n", secret.c_str());
        return 0;
    }
    for (char** variable = environ; *variable; ++variable) {
        string name(*variable, strcspn(*variable, "="));
        bool allowed = false;
        for (const char* known : kAllowed) allowed = allowed || name == known;
        if (!allowed) {
            printf("BROKEN-environment-key:%s\n", name.c_str());
            return 0;
        }
    }
    printf("%lld\n", a + b);
}

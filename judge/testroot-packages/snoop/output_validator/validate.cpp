// Kattis output validator of the package snoop: validate input judge_answer feedback_dir <
// team_output, the sum of two integers. Before judging it tries to reach beyond what a jury
// program needs, as a hostile downloaded package would: write a file on the host, read
// /etc/shadow and a file of the judge's, connect to a listener on 127.0.0.1. What it read or
// reached is written to judgemessage.txt as "BROKEN-<what>: ..." and the output is rejected, so
// that a breach shows in the verdict (a write shows on the host). judge/attack_test.sh
// (jury_package) points the attempts at its own paths and port with #defines put in front of this
// file:
//   ATTACK_WRITE_PATH   "path"  a file to create on the host (its name holds the test's marker)
//   ATTACK_SECRET_FILE  "path"  a file of the judge's (mode 600) to read
//   ATTACK_PORT         port    a TCP listener on 127.0.0.1
// Without them only /etc/shadow is tried.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <string>

namespace {

std::string first_line_of(const char* path) {
    std::ifstream file(path);
    std::string line;
    if (!file || !std::getline(file, line)) return "";
    return line.empty() ? "(an empty first line)" : line;
}

std::string breaches() {
    std::string found;
#ifdef ATTACK_WRITE_PATH
    // Not evidence here: a box may show its program a writable path of the same name that is
    // not the host's. attack_test.sh looks for the file on the host itself.
    std::ofstream(ATTACK_WRITE_PATH) << "written by a jury program\n";
#endif
    std::string shadow = first_line_of("/etc/shadow");
    if (!shadow.empty()) found += " BROKEN-shadow: " + shadow + ";";
#ifdef ATTACK_SECRET_FILE
    std::string secret = first_line_of(ATTACK_SECRET_FILE);
    if (!secret.empty()) found += " BROKEN-secret: " + secret + ";";
#endif
#ifdef ATTACK_PORT
    int tcp = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(ATTACK_PORT);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (tcp >= 0 && ::connect(tcp, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
        found += " BROKEN-network: connected to 127.0.0.1;";
    if (tcp >= 0) ::close(tcp);
#endif
    return found;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::string found = breaches();
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    if (!found.empty()) {
        message << found.substr(1);
        return 43;
    }
    std::ifstream answer_file(argv[2]);
    long long answer = 0, team = 0;
    if (!(answer_file >> answer)) return 1;
    if (!(std::cin >> team)) {
        message << "no number";
        return 43;
    }
    if (team != answer) {
        message << "expected " << answer << ", got " << team;
        return 43;
    }
    return 42;
}

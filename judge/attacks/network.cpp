/**
 * Attack (issue 12): talk to the network: TCP to 127.0.0.1 and ::1, a UDP datagram to
 *         127.0.0.1, and an abstract unix socket (also a per-network-namespace thing).
 * Problem: aplusb of judge/testroot
 * ATTACK_PORT: the port of the listener attack_test.sh starts (TCP and UDP on 127.0.0.1, TCP
 *   on ::1 when there is IPv6, unix "\0judge-attack-<port>"); it logs whatever reaches it.
 * Prints: "BROKEN-network-<how>" when a connection was made, else a + b (a UDP datagram sent
 *   is not evidence: the listener's log is).
 * Contained = AC and the listener saw nothing.
 * Status: got through the judge before the sandbox (a35ce73) (TCP, TCP over ::1, UDP, abstract
 * unix), as root and as nobody. Contained by the sandbox.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>

#ifndef ATTACK_PORT
#define ATTACK_PORT 47113
#endif

// Connects with a 500 ms timeout; sends a line on success.
bool connect_and_send(int domain, const sockaddr* address, socklen_t length) {
    int fd = socket(domain, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    bool connected = connect(fd, address, length) == 0;
    if (!connected && errno == EINPROGRESS) {
        pollfd wait = {fd, POLLOUT, 0};
        int error = 0;
        socklen_t size = sizeof error;
        connected = poll(&wait, 1, 500) == 1 &&
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0 && error == 0;
    }
    if (connected) {
        const char line[] = "attack: tcp from a submission\n";
        (void)!write(fd, line, sizeof line - 1);
    }
    close(fd);
    return connected;
}

int main() {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    const char* broken = nullptr;

    sockaddr_in v4{};
    v4.sin_family = AF_INET;
    v4.sin_port = htons(ATTACK_PORT);
    v4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect_and_send(AF_INET, reinterpret_cast<sockaddr*>(&v4), sizeof v4))
        broken = "BROKEN-network-tcp";

    sockaddr_in6 v6{};
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(ATTACK_PORT);
    v6.sin6_addr = in6addr_loopback;
    if (connect_and_send(AF_INET6, reinterpret_cast<sockaddr*>(&v6), sizeof v6) && !broken)
        broken = "BROKEN-network-tcp6";

    sockaddr_un local{};
    local.sun_family = AF_UNIX;
    char name[64];
    int name_length = snprintf(name, sizeof name, "judge-attack-%d", ATTACK_PORT);
    memcpy(local.sun_path + 1, name,
           static_cast<size_t>(name_length));  // sun_path[0] = 0: abstract
    socklen_t local_length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 +
                                                    static_cast<size_t>(name_length));
    if (connect_and_send(AF_UNIX, reinterpret_cast<sockaddr*>(&local), local_length) && !broken)
        broken = "BROKEN-network-abstract-unix";

    int udp = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (udp >= 0) {
        const char datagram[] = "attack: udp from a submission\n";
        sendto(udp, datagram, sizeof datagram - 1, 0, reinterpret_cast<sockaddr*>(&v4), sizeof v4);
        close(udp);
    }

    if (broken)
        puts(broken);
    else
        printf("%lld\n", a + b);
}

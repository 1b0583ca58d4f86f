// Connects to 127.0.0.1 on the port of its input and says whether it could.
#include <arpa/inet.h>
#include <cstdio>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

int main() {
    int port = 0;
    if (std::scanf("%d", &port) != 1) return 2;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) {
        std::printf("blocked\n");
        return 0;
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        std::printf("blocked\n");
        return 0;
    }
    const char msg[] = "hello from the sandbox\n";
    write(s, msg, sizeof msg - 1);
    std::printf("connected\n");
    close(s);
}

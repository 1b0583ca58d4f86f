// Prints what the program can see of where it runs: its pid, the host
// name, its user id, and how many processes /proc shows.
#include <dirent.h>
#include <cctype>
#include <cstdio>
#include <unistd.h>

int main() {
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    int procs = 0;
    if (DIR *d = opendir("/proc")) {
        while (dirent *e = readdir(d))
            if (std::isdigit(static_cast<unsigned char>(e->d_name[0]))) procs++;
        closedir(d);
    }
    std::printf("pid=%d host=%s uid=%d procs=%d\n", int(getpid()), host, int(getuid()), procs);
}

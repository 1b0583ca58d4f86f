/* Tries to make a user namespace, then a mount namespace in it: the
   kernel surface a judged program has no need of. Prints "blocked" and
   the error when the user namespace is refused, "made" otherwise. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    if (unshare(CLONE_NEWUSER) != 0) {
        printf("blocked %s\n", strerror(errno));
        return 0;
    }
    if (unshare(CLONE_NEWNS) == 0) {
        printf("made user and mount namespaces\n");
    } else {
        printf("made a user namespace\n");
    }
    return 0;
}

// The preprocessor reads /dev/zero, which never ends.
#include "/dev/zero"

int main() {}

// Never ends: time_limit on every board.
int main() {
    volatile unsigned long x = 0;
    for (;;) x++;
}

// Burns CPU for ever.
int main() {
    volatile unsigned long n = 0;
    for (;;) n++;
}

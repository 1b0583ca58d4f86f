// Every instantiation of Bomb<N> instantiates Bomb<N-1> twice under
// different types: 2^N distinct instantiations for the compiler to make.
template <int N, typename T>
struct Bomb {
    typedef Bomb<N - 1, Bomb<N, T> > Left;
    typedef Bomb<N - 1, T *> Right;
    static const long value = Left::value + Right::value;
};

template <typename T>
struct Bomb<0, T> {
    static const long value = 1;
};

int main() { return Bomb<40, int>::value == 0; }

// Reference C++ for the Nim-like case formats, chosen at compile time: T cases of n sizes, the
// answer from the XOR of a per-heap value.
//   -DP2197    Luogu P2197 Nim: x           -> Yes / No
//   -DCSES1730 CSES 1730 Nim Game I: x      -> first / second
//   -DCSES1098 CSES 1098 Nim Game II: x % 4 -> first / second
//   -DSTAIRS   CSES 1099 Stair Game: the sizes on even stairs -> first / second
//   -DP4279    Luogu P4279 misere Nim: XOR, unless every heap is 1 (then the count's parity)
#include "fastio.h"

int main() {
    read_all();
    u64 t = next_u64();
    while (t--) {
        u64 n = next_u64(), x = 0;
        bool big = false;
        for (u64 i = 1; i <= n; i++) {
            u64 a = next_u64();
#if defined(CSES1098)
            x ^= a & 3;
#elif defined(STAIRS)
            if (i % 2 == 0) x ^= a;
#else
            x ^= a;
#endif
            big |= a > 1;
        }
#if defined(P2197)
        put(x ? "Yes\n" : "No\n");
#elif defined(P4279)
        bool first = big ? x != 0 : x == 0;  // all ones: x is the count's parity
        put(first ? "John\n" : "Brother\n");
#else
        (void)big;
        put(x ? "first\n" : "second\n");
#endif
    }
    flush_out();
}

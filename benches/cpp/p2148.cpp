// Reference C++ for Luogu P2148 E&D: a pair (x, y) is worth the index of the lowest 0 bit of
// (x - 1) | (y - 1); the first player wins iff the pairs' values XOR to non-zero.
#include "fastio.h"

int main() {
    read_all();
    u64 t = next_u64();
    while (t--) {
        u64 n = next_u64(), v = 0;
        for (u64 i = 0; i < n; i += 2) {
            u64 x = next_u64() - 1, y = next_u64() - 1;
            v ^= (u64)__builtin_ctzll(~(x | y));
        }
        put(v ? "YES\n" : "NO\n");
    }
    flush_out();
}

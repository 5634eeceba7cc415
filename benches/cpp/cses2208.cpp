// Reference C++ for CSES 2208 Another Game: the first player wins iff some heap is odd.
#include "fastio.h"

int main() {
    read_all();
    u64 t = next_u64();
    while (t--) {
        u64 n = next_u64(), odd = 0;
        for (u64 i = 0; i < n; i++) odd |= next_u64() & 1;
        put(odd ? "first\n" : "second\n");
    }
    flush_out();
}

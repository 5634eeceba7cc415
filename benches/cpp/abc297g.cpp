// Reference C++ for AtCoder ABC297 G: the XOR of floor((a mod (L+R)) / L).
#include "fastio.h"

int main() {
    read_all();
    u64 n = next_u64(), l = next_u64(), r = next_u64(), x = 0;
    for (u64 i = 0; i < n; i++) x ^= (next_u64() % (l + r)) / l;
    put(x ? "First\n" : "Second\n");
    flush_out();
}

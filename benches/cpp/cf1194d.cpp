// Reference C++ for Codeforces 1194D 1-2-K Game: the editorial's rule (period 3, or k + 1
// when 3 divides k).
#include "fastio.h"

int main() {
    read_all();
    u64 t = next_u64();
    while (t--) {
        u64 n = next_u64(), k = next_u64();
        bool alice;
        if (k % 3) alice = n % 3 != 0;
        else {
            u64 r = n % (k + 1);
            alice = r == k || r % 3 != 0;
        }
        put(alice ? "Alice\n" : "Bob\n");
    }
    flush_out();
}

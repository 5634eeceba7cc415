// Reference C++ for Codeforces 603C Lieges of Legendre: the editorial's closed forms (k even:
// 0,1,2 then even -> 1, odd -> 0; k odd: small cases, odd x >= 5 -> 0, even x >= 6 -> mex of
// 0 and the value of x/2).
#include "fastio.h"

static int g(u64 k, u64 x) {
    if (k % 2 == 0) {
        if (x <= 2) return (int)x;
        return x % 2 == 0 ? 1 : 0;
    }
    if (x == 0 || x == 2) return 0;
    if (x == 1 || x == 3) return 1;
    if (x == 4) return 2;
    if (x % 2 == 1) return 0;
    return g(k, x / 2) == 1 ? 2 : 1;
}

int main() {
    read_all();
    u64 n = next_u64(), k = next_u64();
    int x = 0;
    for (u64 i = 0; i < n; i++) x ^= g(k, next_u64());
    put(x ? "Kevin\n" : "Nicky\n");
    flush_out();
}

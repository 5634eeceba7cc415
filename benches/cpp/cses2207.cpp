// Reference C++ for CSES 2207 Grundy's Game: values by mex to 2000; past 1222 no heap has
// value 0 (the known result the editorial uses), so larger heaps are first-player wins.
#include "fastio.h"

int main() {
    read_all();
    const int M = 2000;
    static int g[M + 1];
    static char seen[M + 2];
    for (int x = 1; x <= M; x++) {
        memset(seen, 0, sizeof seen);
        for (int a = 1; 2 * a < x; a++) {
            int v = g[a] ^ g[x - a];
            if (v <= M) seen[v] = 1;
        }
        int m = 0;
        while (seen[m]) m++;
        g[x] = m;
    }
    u64 t = next_u64();
    while (t--) {
        u64 n = next_u64();
        bool first = n > (u64)M ? true : g[n] != 0;
        put(first ? "first\n" : "second\n");
    }
    flush_out();
}

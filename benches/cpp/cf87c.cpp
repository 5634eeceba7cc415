// Reference C++ for Codeforces 87C: g(x) by mex over the splits into j >= 2 consecutive heaps
// (top a: x = j*a - j(j-1)/2, found by a division per (x, j)), XORs of consecutive values by
// prefix XOR; the answer is the least j whose split of the input leaves 0.
#include "fastio.h"

int main() {
    read_all();
    u64 n = next_u64();
    std::vector<int> g(n + 1, 0), px(n + 2, 0);  // px[i] = g[1] ^ ... ^ g[i-1]
    std::vector<int> seen(64, -1);
    int answer = -1;
    for (u64 x = 1; x <= n; x++) {
        for (u64 j = 2; j * (j + 1) / 2 <= x; j++) {
            u64 rest = x - j * (j - 1) / 2;
            if (rest % j) continue;
            u64 low = rest / j;  // heaps low .. low + j - 1
            int v = px[low + j] ^ px[low];
            if (v < 64) seen[v] = (int)x;
            if (x == n && v == 0 && answer < 0) answer = (int)j;
        }
        int m = 0;
        while (m < 64 && seen[m] == (int)x) m++;
        g[x] = m;
        px[x + 1] = px[x] ^ g[x];
    }
    if (answer < 0) put("-1\n");
    else { put_u64(answer); put("\n"); }
    flush_out();
}

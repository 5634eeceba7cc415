// Reference C++ for CSES 1729 Stick Game: win[x] = some s in S, s <= x, with win[x - s] false;
// the scan over S stops at the first losing target (the editorial's DP).
#include "fastio.h"
#include <algorithm>

int main() {
    read_all();
    u64 n = next_u64(), k = next_u64();
    std::vector<u64> s(k);
    for (auto& v : s) v = next_u64();
    std::sort(s.begin(), s.end());
    std::vector<char> win(n + 1, 0);
    for (u64 x = 1; x <= n; x++) {
        for (u64 v : s) {
            if (v > x) break;
            if (!win[x - v]) { win[x] = 1; break; }
        }
    }
    out_buf.reserve(n + 1);
    for (u64 x = 1; x <= n; x++) out_buf.push_back(win[x] ? 'W' : 'L');
    out_buf.push_back('\n');
    flush_out();
}

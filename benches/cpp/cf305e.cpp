// Reference C++ for Codeforces 305E Playing with String: runs of cuttable positions, values by
// mex over the cuts (O(L^2)), then the least cut that leaves XOR 0.
#include "fastio.h"

int main() {
    read_all();
    size_t n;
    const char* s = next_word(&n);
    std::vector<char> cut(n, 0);
    for (size_t i = 1; i + 1 < n; i++) cut[i] = s[i - 1] == s[i + 1];
    std::vector<int> g(n + 2, 0);
    for (size_t len = 1; len <= n; len++) {
        bool seen[64] = {false};
        for (size_t j = 1; j <= len; j++) {
            size_t l = j >= 2 ? j - 2 : 0, r = len - j >= 1 ? len - j - 1 : 0;
            seen[g[l] ^ g[r]] = true;
        }
        int m = 0;
        while (seen[m]) m++;
        g[len] = m;
    }
    std::vector<std::pair<size_t, size_t>> runs;
    for (size_t i = 0; i < n;) {
        if (!cut[i]) { i++; continue; }
        size_t start = i;
        while (i < n && cut[i]) i++;
        runs.push_back({start, i - start});
    }
    int total = 0;
    for (auto& r : runs) total ^= g[r.second];
    if (!total) { put("Second\n"); flush_out(); return 0; }
    for (auto& r : runs) {
        int rest = total ^ g[r.second];
        for (size_t j = 1; j <= r.second; j++) {
            size_t l = j >= 2 ? j - 2 : 0, rr = r.second - j >= 1 ? r.second - j - 1 : 0;
            if ((g[l] ^ g[rr]) == rest) {
                put("First\n");
                put_u64(r.first + j);
                put("\n");
                flush_out();
                return 0;
            }
        }
    }
}

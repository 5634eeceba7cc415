// Reference C++ for POI 2016 Nim z utrudnieniem: sort, then dp[j][x] over (count mod d,
// XOR), each heap touching only the entries below the power of 2 above it; the wiki's code.
#include "fastio.h"
#include <algorithm>

static const unsigned MOD = 1000000007;

int main() {
    read_all();
    size_t n = next_u64();
    int d = (int)next_u64();
    std::vector<unsigned> a(n);
    unsigned total = 0;
    for (auto& x : a) { x = (unsigned)next_u64(); total ^= x; }
    std::sort(a.begin(), a.end());
    size_t width = 1;
    while (width <= a.back()) width <<= 1;
    std::vector<std::vector<unsigned>> dp(d, std::vector<unsigned>(width, 0));
    std::vector<unsigned> tmp(width);
    dp[0][0] = 1;
    for (unsigned x : a) {
        size_t lim = 1;
        while (lim <= x) lim <<= 1;
        for (size_t k = 0; k < lim; k++) tmp[k] = dp[d - 1][k];
        for (int j = d - 1; j > 0; j--)
            for (size_t k = 0; k < lim; k++) {
                unsigned s = dp[j][k] + dp[j - 1][k ^ x];
                dp[j][k] = s >= MOD ? s - MOD : s;
            }
        for (size_t k = 0; k < lim; k++) {
            unsigned s = dp[0][k] + tmp[k ^ x];
            dp[0][k] = s >= MOD ? s - MOD : s;
        }
    }
    unsigned ans = dp[0][total];
    if (n % d == 0) ans = (ans + MOD - 1) % MOD;
    put_u64(ans);
    put("\n");
    flush_out();
}

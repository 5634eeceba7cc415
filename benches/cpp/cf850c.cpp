// Reference C++ for Codeforces 850C: per prime, the mask of exponents present; its value by
// mex over the moves k with a memo (std::map), XORed over the primes.
#include "fastio.h"
#include <map>

static std::map<unsigned, int> memo;
static int value(unsigned mask) {
    if (!mask) return 0;
    auto it = memo.find(mask);
    if (it != memo.end()) return it->second;
    int top = 31 - __builtin_clz(mask);
    unsigned long long seen = 0;
    for (int k = 1; k <= top; k++) {
        unsigned next = ((mask & ((1u << k) - 1)) | (mask >> k)) & ~1u;
        seen |= 1ull << value(next);
    }
    int m = __builtin_ctzll(~seen);
    memo[mask] = m;
    return m;
}

int main() {
    read_all();
    int n = (int)next_u64();
    std::map<u64, unsigned> masks;
    for (int i = 0; i < n; i++) {
        u64 a = next_u64();
        for (u64 p = 2; p * p <= a; p++)
            if (a % p == 0) {
                int e = 0;
                while (a % p == 0) { a /= p; e++; }
                masks[p] |= 1u << e;
            }
        if (a > 1) masks[a] |= 2;
    }
    int x = 0;
    for (auto& m : masks) x ^= value(m.second);
    put(x ? "Mojtaba\n" : "Arpa\n");
    flush_out();
}

// Reference C++ for USACO 2022 Dec Silver Circular Barn: a sieve, the largest take (1 or a
// prime) of each residue mod 4, each room's visit count, the earliest room decides.
#include "fastio.h"

int main() {
    read_all();
    u64 t = next_u64();
    std::vector<std::vector<unsigned>> tests(t);
    unsigned most = 1;
    for (auto& rooms : tests) {
        u64 n = next_u64();
        rooms.resize(n);
        for (auto& a : rooms) { a = (unsigned)next_u64(); if (a > most) most = a; }
    }
    std::vector<char> composite(most + 1, 0);
    for (unsigned p = 2; (u64)p * p <= most; p++)
        if (!composite[p])
            for (unsigned m = p * p; m <= most; m += p) composite[m] = 1;
    std::vector<unsigned> best(most + 1, 0);
    for (unsigned x = 1; x <= most; x++)
        best[x] = (x == 1 || (x >= 2 && !composite[x])) ? x : (x >= 4 ? best[x - 4] : 0);
    for (auto& rooms : tests) {
        unsigned first = ~0u;
        bool john = true;
        for (unsigned a : rooms) {
            bool j = a % 4 != 0;
            unsigned visit = j ? (a - best[a]) / 4 + 1 : a / 4 + 1;
            if (visit < first) { first = visit; john = j; }
        }
        put(john ? "Farmer John\n" : "Farmer Nhoj\n");
    }
    flush_out();
}

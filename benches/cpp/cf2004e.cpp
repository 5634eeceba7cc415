// Reference C++ for Codeforces 2004E: a linear sieve of least prime factors to the largest heap,
// with each prime's index; SG(1) = 1, even -> 0, odd -> the index of its least prime factor.
#include "fastio.h"

int main() {
    read_all();
    u64 t = next_u64();
    std::vector<std::vector<unsigned>> tests(t);
    unsigned largest = 1;
    for (auto& h : tests) {
        u64 n = next_u64();
        h.resize(n);
        for (auto& a : h) { a = (unsigned)next_u64(); if (a > largest) largest = a; }
    }
    std::vector<unsigned> lp(largest + 1, 0), idx(largest + 1, 0), primes;
    for (unsigned i = 2; i <= largest; i++) {
        if (!lp[i]) { lp[i] = i; primes.push_back(i); idx[i] = (unsigned)primes.size(); }
        for (unsigned p : primes) {
            unsigned long long m = (unsigned long long)i * p;
            if (p > lp[i] || m > largest) break;
            lp[m] = p;
        }
    }
    for (auto& h : tests) {
        unsigned x = 0;
        for (unsigned a : h) x ^= a == 1 ? 1 : (a % 2 == 0 ? 0 : idx[lp[a]]);
        put(x ? "Alice\n" : "Bob\n");
    }
    flush_out();
}

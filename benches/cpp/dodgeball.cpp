// Reference C++ solution for PA 2012 "Binary Dodgeball": a piece in box i of n is a Nim heap of
// floor(log2(n / i)); the number of such heaps of size h is odd exactly when bits h and h+1 of n
// differ, so the full board's nim-sum is the XOR of the positions of the set bits of n ^ (n >> 1).
// The k-th n with nim-sum 0 is found by a digit DP over the bits, counted once into a table.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

typedef unsigned long long u64;
const int B = 62;
// ways[len][prev][x]: fillings of the next `len` lower bits (bit index len-1 .. 0), given the
// bit above them is `prev`, whose gray-bit positions XOR to x.
static u64 ways[B + 1][2][64];

static u64 countUpTo(u64 n) {  // numbers 0..n with nim-sum 0
    u64 total = 0;
    int x = 0, prev = 0;
    for (int b = B - 1; b >= 0; b--) {
        int bit = (n >> b) & 1;
        if (bit) {  // put 0 here, then anything below
            int nx = x ^ ((0 != prev) ? b : 0);
            total += ways[b][0][nx];
        }
        x ^= (bit != prev) ? b : 0;
        prev = bit;
    }
    if (x == 0) total++;
    return total;
}

int main() {
    for (int p = 0; p < 2; p++) ways[0][p][0] = 1;
    for (int len = 1; len <= B; len++)
        for (int p = 0; p < 2; p++)
            for (int c = 0; c < 2; c++) {
                int b = len - 1;  // the position being filled
                int add = (c != p) ? b : 0;
                for (int x = 0; x < 64; x++) ways[len][p][x ^ add] += ways[len - 1][c][x];
            }
    static char in[1 << 16];
    std::string data, out;
    size_t r;
    while ((r = fread(in, 1, sizeof in, stdin)) > 0) data.append(in, r);
    size_t i = 0;
    while (i < data.size()) {
        while (i < data.size() && (data[i] < '0' || data[i] > '9')) i++;
        if (i >= data.size()) break;
        u64 k = 0;
        while (i < data.size() && data[i] >= '0' && data[i] <= '9') k = k * 10 + (data[i++] - '0');
        // countUpTo counts n = 0 too; the k-th n >= 1 is the smallest n with count >= k + 1.
        u64 lo = 1, hi = 1ULL << 50;
        while (lo < hi) {
            u64 mid = lo + (hi - lo) / 2;
            if (countUpTo(mid) >= k + 1) hi = mid; else lo = mid + 1;
        }
        out += std::to_string(lo);
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

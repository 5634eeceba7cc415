// Reference C++ for Luogu P2252 (Wythoff): with a <= b and d = b - a, the first player loses
// exactly when a = floor(d * phi) = (d + isqrt(5 d^2)) / 2, in exact integer arithmetic.
#include "fastio.h"
#include <cmath>

static u64 isqrt(u64 v) {
    u64 r = (u64)sqrtl((long double)v);
    while (r * r > v) r--;
    while ((r + 1) * (r + 1) <= v) r++;
    return r;
}

int main() {
    read_all();
    for (;;) {
        while (in_pos < in_buf.size() - 1 && (in_buf[in_pos] < '0' || in_buf[in_pos] > '9')) in_pos++;
        if (in_pos >= in_buf.size() - 1) break;
        u64 a = next_u64(), b = next_u64();
        if (a > b) { u64 t = a; a = b; b = t; }
        u64 d = b - a;
        put(a == (d + isqrt(5 * d * d)) / 2 ? "0\n" : "1\n");
    }
    flush_out();
}

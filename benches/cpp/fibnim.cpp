// Reference C++ for Luogu P6487 (Fibonacci Nim): the smallest term of N's Zeckendorf
// representation, by subtracting the largest Fibonacci number that fits until nothing is left.
#include "fastio.h"

int main() {
    read_all();
    std::vector<u64> fib = {1, 2};
    while (fib.back() <= 1000000000000000000ULL) fib.push_back(fib[fib.size() - 1] + fib[fib.size() - 2]);
    for (;;) {
        while (in_pos < in_buf.size() - 1 && (in_buf[in_pos] < '0' || in_buf[in_pos] > '9')) in_pos++;
        if (in_pos >= in_buf.size() - 1) break;
        u64 n = next_u64(), last = n;
        size_t i = fib.size();
        while (n) {
            while (fib[i - 1] > n) i--;
            last = fib[i - 1];
            n -= last;
        }
        put_u64(last);
        put("\n");
    }
    flush_out();
}

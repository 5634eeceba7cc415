// Reference C++ for TIOJ 1940: the wiki's recursion for take at most n/k (k = 1: n; k = 2:
// even n -> n / 2, odd n -> the value of n / 2), written for general k.
#include "fastio.h"

int main() {
    read_all();
    u64 k = next_u64(), n = next_u64();
    while (n % k) n = n - n / k - 1;
    put_u64(n / k);
    put("\n");
    flush_out();
}

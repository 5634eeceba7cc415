// Reference C++ for AtCoder AGC 002 E Candy Piles: the editorial's walk on the sorted piles.
#include "fastio.h"
#include <algorithm>

int main() {
    read_all();
    size_t n = next_u64();
    std::vector<u64> a(n);
    for (auto& x : a) x = next_u64();
    std::sort(a.begin(), a.end(), [](u64 x, u64 y) { return x > y; });
    size_t i = 1;
    while (i < n && a[i] > i) i++;
    u64 up = a[i - 1] - i;
    size_t j = i;
    while (j < n && a[j] >= i) j++;
    put(up % 2 == 1 || (j - i) % 2 == 1 ? "First\n" : "Second\n");
    flush_out();
}

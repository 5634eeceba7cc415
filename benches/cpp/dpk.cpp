// Reference C++ for AtCoder DP K Stones: win[x] = some take a with a <= x leaves a lost heap.
#include "fastio.h"

int main() {
    read_all();
    u64 n = next_u64(), k = next_u64();
    std::vector<u64> a(n);
    for (auto& x : a) x = next_u64();
    std::vector<char> win(k + 1, 0);
    for (u64 x = 1; x <= k; x++)
        for (u64 s : a)
            if (s <= x && !win[x - s]) { win[x] = 1; break; }
    put(win[k] ? "First\n" : "Second\n");
    flush_out();
}

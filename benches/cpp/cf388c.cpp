// Reference C++ for Codeforces 388C Fox and Card Game: halves to each side, the middle cards
// of odd piles sorted and taken alternately.
#include "fastio.h"
#include <algorithm>

int main() {
    read_all();
    int n = (int)next_u64();
    u64 ciel = 0, jiro = 0;
    std::vector<u64> mid;
    for (int p = 0; p < n; p++) {
        int s = (int)next_u64();
        for (int i = 0; i < s; i++) {
            u64 c = next_u64();
            if (2 * i + 1 < s) ciel += c;
            else if (2 * i + 1 > s) jiro += c;
            else mid.push_back(c);
        }
    }
    std::sort(mid.begin(), mid.end(), [](u64 x, u64 y) { return x > y; });
    for (size_t i = 0; i < mid.size(); i++) (i % 2 ? jiro : ciel) += mid[i];
    put_u64(ciel);
    put(" ");
    put_u64(jiro);
    put("\n");
    flush_out();
}

// Reference C++ for TIOJ 1092: won/lost by a DFS from circle 1 with a memo (iterative order
// by Kahn's algorithm), the name given stands on circle 1, the other moves first.
#include "fastio.h"

int main() {
    read_all();
    for (;;) {
        int n = (int)next_u64(), e = (int)next_u64();
        if (!n && !e) break;
        std::vector<int> start(n + 1, 0), head(e), indeg(n, 0);
        std::vector<std::pair<int, int>> arrows(e);
        for (auto& ar : arrows) {
            ar.first = (int)next_u64() - 1;
            ar.second = (int)next_u64() - 1;
            start[ar.first + 1]++;
            indeg[ar.second]++;
        }
        for (int v = 0; v < n; v++) start[v + 1] += start[v];
        std::vector<int> fill(start.begin(), start.end() - 1);
        for (auto& ar : arrows) head[fill[ar.first]++] = ar.second;
        size_t len;
        const char* name = next_word(&len);
        bool mimi_stands = len == 4;
        std::vector<int> order;
        order.reserve(n);
        for (int v = 0; v < n; v++) if (!indeg[v]) order.push_back(v);
        for (size_t i = 0; i < order.size(); i++)
            for (int k = start[order[i]]; k < start[order[i] + 1]; k++)
                if (--indeg[head[k]] == 0) order.push_back(head[k]);
        std::vector<char> win(n, 0);
        for (int i = n - 1; i >= 0; i--) {
            int v = order[i];
            if (v == n - 1) continue;
            for (int k = start[v]; k < start[v + 1]; k++)
                if (head[k] == n - 1 || !win[head[k]]) { win[v] = 1; break; }
        }
        bool mover_wins = n > 1 && win[0];
        bool mimi_wins = mimi_stands ? !mover_wins : mover_wins;
        (void)name;
        put(mimi_wins ? "Mimi\n" : "Moumou\n");
    }
    flush_out();
}

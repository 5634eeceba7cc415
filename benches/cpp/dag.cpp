// Reference C++ for LibreOJ 10243 (tokens on a DAG): SG of each vertex by mex of its successors',
// in reverse topological order (Kahn's algorithm), the answer from the XOR over the tokens.
#include "fastio.h"

int main() {
    read_all();
    u64 n = next_u64(), m = next_u64(), k = next_u64();
    std::vector<unsigned> from(m), to(m), start(n + 2, 0), adj(m), indeg(n + 1, 0);
    for (u64 i = 0; i < m; i++) {
        from[i] = (unsigned)next_u64(); to[i] = (unsigned)next_u64();
        start[from[i] + 1]++; indeg[to[i]]++;
    }
    for (u64 v = 1; v <= n + 1 - 1; v++) start[v + 1] += start[v];
    std::vector<unsigned> fill(start.begin(), start.end());
    for (u64 i = 0; i < m; i++) adj[fill[from[i]]++] = to[i];
    std::vector<unsigned> order;
    order.reserve(n);
    for (unsigned v = 1; v <= n; v++) if (!indeg[v]) order.push_back(v);
    for (size_t i = 0; i < order.size(); i++)
        for (unsigned e = start[order[i]]; e < start[order[i] + 1]; e++)
            if (--indeg[adj[e]] == 0) order.push_back(adj[e]);
    std::vector<unsigned> sg(n + 1, 0), mark(n + 2, 0);
    for (size_t i = order.size(); i-- > 0;) {
        unsigned v = order[i];
        for (unsigned e = start[v]; e < start[v + 1]; e++) if (sg[adj[e]] <= n) mark[sg[adj[e]]] = v;
        unsigned g = 0;
        while (mark[g] == v) g++;
        sg[v] = g;
    }
    unsigned x = 0;
    for (u64 i = 0; i < k; i++) x ^= sg[next_u64()];
    put(x ? "win\n" : "lose\n");
    flush_out();
}

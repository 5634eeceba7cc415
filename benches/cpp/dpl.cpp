// Reference C++ for AtCoder DP L Deque: dp over intervals by length, one row of N values.
#include "fastio.h"

int main() {
    read_all();
    int n = (int)next_u64();
    std::vector<long long> a(n), dp(n);
    for (int i = 0; i < n; i++) dp[i] = a[i] = (long long)next_u64();
    for (int len = 2; len <= n; len++)
        for (int l = 0; l + len <= n; l++) {
            int r = l + len - 1;
            long long left = a[l] - dp[l + 1], right = a[r] - dp[l];
            dp[l] = left > right ? left : right;
        }
    long long v = dp[0];
    if (v < 0) { put("-"); v = -v; }
    put_u64((u64)v);
    put("\n");
    flush_out();
}

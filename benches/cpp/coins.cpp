// Reference C++ solution for SDOI 2016 "Coin Game" (the coin row), written the careful contest
// way: the whole input read at once, SG tables computed once per MAXQ (SG of a lone tails coin
// x = mex over moves of the XOR of the other flipped coins), the answer the XOR over tails coins.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static char *buf;
static size_t len, pos;

static int readInt() {
    while (pos < len && (buf[pos] < '0' || buf[pos] > '9')) pos++;
    int v = 0;
    while (pos < len && buf[pos] >= '0' && buf[pos] <= '9') v = v * 10 + (buf[pos++] - '0');
    return v;
}

const int N = 30000;
static int sg[21][N + 1];
static bool done[21];

static void build(int maxq) {
    int *s = sg[maxq];
    static int seen[1 << 12];
    static int stamp = 0;
    for (int x = 1; x <= N; x++) {
        stamp++;
        for (int base = 2; base <= 3; base++) {
            int y = x, e = 0;
            while (y % base == 0) y /= base, e++;
            for (int p = 1; p <= e; p++) {
                int step = base == 2 ? (1 << p) : 1;
                if (base == 3) for (int i = 0; i < p; i++) step *= 3;
                int acc = 0, cur = x;
                for (int q = 1; q <= maxq && p * q <= e; q++) {
                    cur /= step;
                    acc ^= s[cur];
                    seen[acc] = stamp;
                }
            }
        }
        int m = 0;
        while (seen[m] == stamp) m++;
        s[x] = m;
    }
    done[maxq] = true;
}

int main() {
    size_t cap = 1 << 20;
    buf = (char *)malloc(cap);
    size_t r;
    while ((r = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += r;
        if (len == cap) buf = (char *)realloc(buf, cap *= 2);
    }
    int t = readInt();
    std::vector<char> out;
    out.reserve(t * 5);
    while (t--) {
        int n = readInt(), q = readInt();
        if (!done[q]) build(q);
        int x = 0;
        for (int i = 1; i <= n; i++)
            if (readInt() == 0) x ^= sg[q][i];
        const char *w = x ? "win\n" : "lose\n";
        out.insert(out.end(), w, w + strlen(w));
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

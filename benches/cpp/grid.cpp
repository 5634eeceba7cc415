// Reference C++ solution for ZJOI 2009 "Coloring Game" (the coin grid): the whole input read at
// once; the SG of a tails cell (i, j) is lowbit(i + j - 1) on row 1 or column 1 and
// 2^(i + j - 2) elsewhere, so the nim-sum is a 256-bit parity vector.
#include <bitset>
#include <cstdio>
#include <cstdlib>
#include <string>

static char *buf;
static size_t len, pos;

static int readInt() {
    while (pos < len && (buf[pos] < '0' || buf[pos] > '9')) pos++;
    int v = 0;
    while (pos < len && buf[pos] >= '0' && buf[pos] <= '9') v = v * 10 + (buf[pos++] - '0');
    return v;
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
    std::string out;
    while (t--) {
        int n = readInt(), m = readInt();
        std::bitset<256> x;
        for (int i = 1; i <= n; i++) {
            while (pos < len && buf[pos] != 'H' && buf[pos] != 'T') pos++;
            for (int j = 1; j <= m; j++, pos++) {
                if (buf[pos] != 'T') continue;
                if (i == 1 || j == 1) {
                    int k = i + j - 1;
                    x.flip(__builtin_ctz(k));
                } else {
                    x.flip(i + j - 2);
                }
            }
        }
        out += x.any() ? "-_-\n" : "=_=\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

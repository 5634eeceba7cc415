/* The reference that grundy's long tables are measured against: the values of one heap of an
 * octal game (finite code, digits 0-7) or of Grundy's game, by the sparse-space method
 * (Berlekamp, Conway & Guy, Winning Ways ch. 4; Flammenkamp's rare and common values), written
 * as a careful C programmer would, independently of grundy's Rust.
 *
 *   sparse_space CODE N [--values]
 *
 * CODE: `grundy` (split a heap into two unequal heaps) or an octal code such as 0.137 or 4.7.
 * Prints G(0..N) one a line with --values; otherwise one line: N, max G, and a checksum
 * (sum of (n + 1) * G(n) mod 2^64), so a timing run is not a printing run.
 *
 * The method. Fix a bit mask M; a value is rare when it has an even number of 1-bits under M,
 * common when odd. Rare XOR rare and common XOR common are rare; rare XOR common is common.
 * For a heap x, every split with a rare part is marked first (the rare heaps are few). A common
 * candidate that is unmarked is the answer: no split of two commons makes a common value. A
 * rare candidate needs the common-common splits: they are scanned from the small side up in
 * batches, marking every value met, until the mex is common or the splits run out. The mask is re-chosen, for the fewest rare heaps, each
 * time the table doubles. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TAKES 64
#define WALK 128

static int none_t[MAX_TAKES], one_t[MAX_TAKES], two_t[MAX_TAKES];
static int n_none, n_one, n_two, unequal;

static uint32_t *g;
static uint32_t *rare;
static size_t n_rare;
static uint32_t mask;
static uint8_t *seen;
static size_t seen_len;

static int is_rare(uint32_t v) { return (__builtin_popcount(v & mask) & 1) == 0; }

static uint32_t best_mask(size_t len) {
    uint32_t top = 0;
    for (size_t i = 1; i < len; i++)
        if (g[i] > top) top = g[i];
    int b = 0;
    while (b < 10 && (1u << b) <= top) b++;
    size_t size = (size_t)1 << b;
    uint64_t *count = calloc(size, sizeof *count);
    for (size_t i = 1; i < len; i++) count[g[i] & (size - 1)]++;
    uint32_t best = 0;
    uint64_t best_count = UINT64_MAX;
    for (uint32_t m = 0; m < size; m++) {
        uint64_t c = 0;
        for (uint32_t v = 0; v < size; v++)
            if ((__builtin_popcount(v & m) & 1) == 0) c += count[v];
        if (c < best_count) best_count = c, best = m;
    }
    free(count);
    return best;
}

static void rebuild_rare(size_t len) {
    n_rare = 0;
    for (size_t i = 1; i < len; i++)
        if (is_rare(g[i])) rare[n_rare++] = (uint32_t)i;
}

/* Room for every XOR of two values up to top, and the mex above them. */
static void ensure_seen(uint32_t top) {
    size_t want = 2;
    while (want <= top) want *= 2;
    want += 1;
    if (want > seen_len) {
        seen = realloc(seen, want);
        memset(seen + seen_len, 0, want - seen_len);
        seen_len = want;
    }
}

/* Byte marks, plain stores: a bit set makes each mark a read-modify-write of one of a few
 * words, each waiting for the one before (measured 2x slower). */
#define MARK(v) (seen[(v)] = 1)
#define MARKED(v) (seen[(v)])

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s CODE N [--values]\n", argv[0]);
        return 2;
    }
    long long n = atoll(argv[2]);
    int print_values = argc > 3 && strcmp(argv[3], "--values") == 0;
    if (strcmp(argv[1], "grundy") == 0) {
        two_t[n_two++] = 0;
        unequal = 1;
    } else {
        const char *code = argv[1];
        const char *dot = strchr(code, '.');
        if (!dot || dot - code > 1 || strlen(dot + 1) >= MAX_TAKES) {
            fprintf(stderr, "bad code %s\n", code);
            return 2;
        }
        int d0 = dot - code == 1 ? code[0] - '0' : 0;
        if (d0 & 2 || d0 & 4) {
            fprintf(stderr, "only d0 in {0, 1}: %s\n", code);
            return 2;
        }
        for (int i = 1; dot[i]; i++) {
            int d = dot[i] - '0';
            if (d < 0 || d > 7) {
                fprintf(stderr, "bad digit in %s\n", code);
                return 2;
            }
            if (d & 1) none_t[n_none++] = i;
            if (d & 2) one_t[n_one++] = i;
            if (d & 4) two_t[n_two++] = i;
        }
    }
    g = malloc(((size_t)n + 1) * sizeof *g);
    rare = malloc(((size_t)n + 1) * sizeof *rare);
    uint32_t top = 0;
    g[0] = 0;
    mask = 0;
    n_rare = 0;
    size_t next_check = 256;
    ensure_seen(64);
    for (size_t x = 1; x <= (size_t)n; x++) {
        if (x >= next_check) {
            uint32_t m = best_mask(x);
            if (m != mask) {
                mask = m;
                rebuild_rare(x);
            }
            next_check = x * 2;
        }
        memset(seen, 0, seen_len);
        for (int k = 0; k < n_none; k++)
            if ((size_t)none_t[k] == x) MARK(0u);
        for (int k = 0; k < n_one; k++)
            if ((size_t)one_t[k] < x) MARK(g[x - one_t[k]]);
        size_t most = 0;
        for (int k = 0; k < n_two; k++) {
            if ((size_t)two_t[k] > x) continue;
            size_t rest = x - two_t[k];
            size_t last = unequal ? (rest ? (rest - 1) / 2 : 0) : rest / 2;
            if (last > most) most = last;
            for (size_t j = 0; j < n_rare; j++) {
                size_t r = rare[j];
                if (r >= rest) break;
                if (unequal && 2 * r == rest) continue;
                MARK(g[r] ^ g[rest - r]);
            }
        }
        /* The common-common splits, walked from the small heaps up in batches of WALK and
         * marked together, the mex looked at between batches (marks only add, so it is looked
         * for from where it was): one walk serves every rare candidate of this heap. */
        size_t walked = 0;
        uint32_t v = 0;
        for (;;) {
            while (MARKED(v)) v++;
            if (!is_rare(v) || walked >= most) break;
            size_t upto = walked + WALK < most ? walked + WALK : most;
            for (int k = 0; k < n_two; k++) {
                if ((size_t)two_t[k] > x) continue;
                size_t rest = x - two_t[k];
                size_t last = unequal ? (rest ? (rest - 1) / 2 : 0) : rest / 2;
                if (last > upto) last = upto;
                const uint32_t *right = g + rest;
                for (size_t a = walked + 1; a <= last; a++) MARK(g[a] ^ right[-(ptrdiff_t)a]);
            }
            walked = upto;
        }
        g[x] = v;
        if (v > top) {
            top = v;
            ensure_seen(top);
        }
        if (is_rare(v)) rare[n_rare++] = (uint32_t)x;
    }
    if (print_values) {
        for (size_t x = 0; x <= (size_t)n; x++) printf("%u\n", g[x]);
    } else {
        uint64_t sum = 0;
        for (size_t x = 0; x <= (size_t)n; x++) sum += (uint64_t)(x + 1) * g[x];
        printf("%lld %u %llu\n", n, top, (unsigned long long)sum);
    }
    return 0;
}

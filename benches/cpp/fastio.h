// Whole-input reading and buffered output for the reference C++ solutions: the input is read
// into memory with one fread loop and numbers are parsed by hand, as a careful contest solution
// does (no iostream, no scanf per number). Inputs are assumed valid.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef unsigned long long u64;

static std::vector<char> in_buf;
static size_t in_pos = 0;

static void read_all() {
    size_t cap = 1 << 20, len = 0;
    in_buf.resize(cap);
    for (;;) {
        size_t got = fread(in_buf.data() + len, 1, cap - len, stdin);
        len += got;
        if (len < cap) break;
        cap *= 2;
        in_buf.resize(cap);
    }
    in_buf.resize(len);
    in_buf.push_back(0);
}

static inline u64 next_u64() {
    const char* p = in_buf.data() + in_pos;
    while (*p && (*p < '0' || *p > '9')) p++;
    u64 v = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (u64)(*p++ - '0');
    in_pos = p - in_buf.data();
    return v;
}

static std::vector<char> out_buf;
static inline void put(const char* s) {
    while (*s) out_buf.push_back(*s++);
}
static inline void put_u64(u64 v) {
    char tmp[24];
    int n = 0;
    do { tmp[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) out_buf.push_back(tmp[--n]);
}
static void flush_out() { fwrite(out_buf.data(), 1, out_buf.size(), stdout); }

// The next whitespace-separated word: its start, and its length in *len.
static inline const char* next_word(size_t* len) {
    const char* p = in_buf.data() + in_pos;
    while (*p && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
    const char* start = p;
    while (*p && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') p++;
    *len = p - start;
    in_pos = p - in_buf.data();
    return start;
}

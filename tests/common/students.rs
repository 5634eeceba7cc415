//! The students' programs of the judge's tests (`grundy judge`, and the Lab's Judge page in
//! the terminal game): C sources compiled once per test binary when gcc is installed. A test
//! that needs one passes without gcc, saying so.

use std::path::Path;
use std::sync::OnceLock;

/// The students' programs: a right Luogu P2197, and wrong ones.
const PROGRAMS: &[(&str, &str)] = &[
    (
        "nim",
        r#"#include <stdio.h>
int main(void) { int t; scanf("%d", &t);
  while (t--) { int n; long long x = 0, a; scanf("%d", &n);
    while (n--) { scanf("%lld", &a); x ^= a; }
    puts(x ? "Yes" : "No"); } return 0; }"#,
    ),
    // Wrong only when some heap is 0 and the nim-sum is 0: passes the sample.
    (
        "nim_zero",
        r#"#include <stdio.h>
int main(void) { int t; scanf("%d", &t);
  while (t--) { int n, zero = 0; long long x = 0, a; scanf("%d", &n);
    while (n--) { scanf("%lld", &a); x ^= a; if (a == 0) zero = 1; }
    if (zero && x == 0) x = 1;
    puts(x ? "Yes" : "No"); } return 0; }"#,
    ),
    // Right, but quadratic: too slow for the limits' 10^4 heaps.
    (
        "nim_slow",
        r#"#include <stdio.h>
long long h[10000];
int main(void) { int t; scanf("%d", &t);
  while (t--) { int n; long long x = 0; volatile long long s = 0; scanf("%d", &n);
    for (int i = 0; i < n; i++) { scanf("%lld", &h[i]); x ^= h[i]; }
    for (long long i = 0; i < (long long)n * n * 40; i++) s += i;
    puts(x ? "Yes" : "No"); } return 0; }"#,
    ),
    // Crashes on a heap of 100 or more, saying so on standard error.
    (
        "nim_crash",
        r#"#include <stdio.h>
#include <stdlib.h>
int main(void) { int t; scanf("%d", &t);
  while (t--) { int n; long long x = 0, a; scanf("%d", &n);
    while (n--) { scanf("%lld", &a); if (a >= 100) { fprintf(stderr, "heap too big\n"); abort(); } x ^= a; }
    puts(x ? "Yes" : "No"); } return 0; }"#,
    ),
    // Right, in the wrong words.
    (
        "nim_shout",
        r#"#include <stdio.h>
int main(void) { int t; scanf("%d", &t);
  while (t--) { int n; long long x = 0, a; scanf("%d", &n);
    while (n--) { scanf("%lld", &a); x ^= a; }
    puts(x ? "YES" : "NO"); } return 0; }"#,
    ),
    // Forks a child that outlives it, writes both pids to the file named by argv[1], sleeps.
    (
        "forker",
        r#"#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  pid_t child = fork();
  if (child == 0) { for (;;) sleep(1); }
  FILE *f = fopen(argv[1], "w"); fprintf(f, "%d %d\n", (int)getpid(), (int)child); fclose(f);
  for (;;) sleep(1); }"#,
    ),
    // Dawson's Kayles (octal 0.07) by its mex table, right.
    (
        "dawson",
        r#"#include <stdio.h>
int g[2001];
int main(void) {
  for (int n = 0; n <= 2000; n++) { char seen[64] = {0};
    for (int a = 0; a + 2 <= n; a++) seen[g[a] ^ g[n - 2 - a]] = 1;
    int m = 0; while (seen[m]) m++; g[n] = m; }
  int n, x = 0, h; scanf("%d", &n); while (n--) { scanf("%d", &h); x ^= g[h]; }
  puts(x ? "First" : "Second"); return 0; }"#,
    ),
    // Take one or split evenly (assets/rules/split-equal.rhai) by its mex table, right; it
    // reads the heaps from the position's literal (`[6, 9]`).
    (
        "split",
        r#"#include <stdio.h>
int g[2001];
int main(void) {
  for (int x = 1; x <= 2000; x++) { char seen[64] = {0}; seen[g[x - 1]] = 1;
    for (int d = 2; d <= x; d++) if (x % d == 0) seen[d % 2 ? g[x / d] : 0] = 1;
    int m = 0; while (seen[m]) m++; g[x] = m; }
  int c, v = 0, in = 0, x = 0;
  while ((c = getchar()) != EOF) {
    if (c >= '0' && c <= '9') { x = x * 10 + c - '0'; in = 1; }
    else { if (in) v ^= g[x]; x = 0; in = 0; } }
  if (in) v ^= g[x];
  puts(v ? "First" : "Second"); return 0; }"#,
    ),
    // The same, forgetting the splits: right for heaps of 0 and 1 only.
    (
        "split_no_splits",
        r#"#include <stdio.h>
int main(void) {
  int c, v = 0, in = 0, x = 0;
  while ((c = getchar()) != EOF) {
    if (c >= '0' && c <= '9') { x = x * 10 + c - '0'; in = 1; }
    else { if (in) v ^= x % 2; x = 0; in = 0; } }
  if (in) v ^= x % 2;
  puts(v ? "First" : "Second"); return 0; }"#,
    ),
    // Prints forever.
    (
        "flood",
        r#"#include <stdio.h>
int main(void) { for (;;) fputs("Yes Yes Yes Yes Yes Yes Yes Yes\n", stdout); }"#,
    ),
];

/// The directory of the compiled programs, or `None` without gcc.
pub fn built() -> Option<&'static Path> {
    static DIR: OnceLock<Option<tempfile::TempDir>> = OnceLock::new();
    DIR.get_or_init(|| {
        let gcc = std::process::Command::new("gcc").arg("--version").output();
        if !gcc.is_ok_and(|o| o.status.success()) {
            return None;
        }
        let dir = tempfile::tempdir().expect("temporary directory");
        for (name, source) in PROGRAMS {
            let c = dir.path().join(format!("{name}.c"));
            std::fs::write(&c, source).unwrap();
            let o = std::process::Command::new("gcc")
                .args(["-O2", "-o"])
                .arg(dir.path().join(name))
                .arg(&c)
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        Some(dir)
    })
    .as_ref()
    .map(|d| d.path())
}

/// The path of a compiled program, or `None` without gcc.
pub fn program(name: &str) -> Option<String> {
    let dir = built();
    if dir.is_none() {
        eprintln!("skipped: gcc is not installed");
    }
    dir.map(|d| d.join(name).to_string_lossy().into_owned())
}

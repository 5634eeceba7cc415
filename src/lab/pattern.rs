//! A formula proposed for a table (`sg … --pattern`, the Lab's `f` key): a catalogue of the
//! shapes contest tables take, simplest first, each written as an expression that `--check`
//! reads ([`super::check::Formula`]); the first that the same evaluator finds true on every
//! computed value is the one proposed, so no formula is proposed that fails a value.
//!
//! One number n: a constant, n, n mod m, "n except on residues r (mod m)", the lowest set or
//! unset bit of n + c (the ruler, E&D), the parity of the 1-bits (odious and evil numbers), a
//! period (a residue table), an arithmetic period (a residue table plus S per period). Two
//! numbers a, b: f(a) ⊕ g(b) with f and g from the one-number catalogue, a table by
//! (a mod p, b mod q), and Wythoff's pairs (⌊k·φ⌋, ⌊k·φ²⌋), written in integers.

use super::check::Formula;
use crate::games::heaps::period::find_period_splitting;

/// The first formula of the catalogue that holds on every value of `values` (G(first),
/// G(first + 1), …) with the variable named `var`, checked by [`Formula`].
pub fn propose_line(values: &[i64], first: i64, var: &str) -> Option<String> {
    line_candidates(values, first, var)
        .into_iter()
        .find(|text| holds_line(text, values, first, var))
}

/// The first formula of the catalogue that holds on every cell (a, b, value), checked by
/// [`Formula`] with the variables `a` and `b`.
pub fn propose_grid(cells: &[(i64, i64, i64)]) -> Option<String> {
    grid_candidates(cells)
        .into_iter()
        .find(|text| holds_grid(text, cells))
}

/// Whether `text` parses and gives every value of the line.
pub fn holds_line(text: &str, values: &[i64], first: i64, var: &str) -> bool {
    let Ok(formula) = Formula::parse(text) else {
        return false;
    };
    let cells = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (vec![(var, first + i as i64)], v));
    matches!(formula.first_counterexample(cells), Ok(None))
}

/// Whether `text` parses and gives every cell's value.
pub fn holds_grid(text: &str, cells: &[(i64, i64, i64)]) -> bool {
    let Ok(formula) = Formula::parse(text) else {
        return false;
    };
    let cells = cells.iter().map(|&(a, b, v)| (vec![("a", a), ("b", b)], v));
    matches!(formula.first_counterexample(cells), Ok(None))
}

/// `v` − `c` written without a double sign.
fn plus(v: &str, c: i64) -> String {
    match c {
        0 => v.to_string(),
        c if c > 0 => format!("{v} + {c}"),
        c => format!("{v} - {}", -c),
    }
}

/// A table `value(i)` for i in lo..hi as ifs halving the range on `index` (depth log₂ of the
/// size, so a period of 34 nests six deep).
fn table_expr(index: &str, lo: usize, hi: usize, value: &dyn Fn(usize) -> i64) -> String {
    if hi - lo == 1 {
        return value(lo).to_string();
    }
    // Runs of one value need no split.
    if (lo..hi).all(|i| value(i) == value(lo)) {
        return value(lo).to_string();
    }
    let mid = lo + (hi - lo) / 2;
    format!(
        "if({index} < {mid}, {}, {})",
        table_expr(index, lo, mid, value),
        table_expr(index, mid, hi, value)
    )
}

/// The exponent of a power of two `p` (at most `top`) as a flat sum of comparisons.
fn exponent(p: &str, top: i64) -> String {
    // Only the powers the table's arguments can reach: 30 terms would pass the formula
    // reader's length bound, and no printed value tells the longer sums apart.
    let terms: Vec<String> = (1..=62)
        .take_while(|&k| (1i64 << k) <= top.max(2))
        .map(|k| format!("if({p} >= {}, 1, 0)", 1u64 << k))
        .collect();
    terms.join(" + ")
}

/// The one-number catalogue, simplest first, as candidate texts (each still to be checked).
fn line_candidates(values: &[i64], first: i64, var: &str) -> Vec<String> {
    let mut out = Vec::new();
    let n = var;
    let at = |x: i64| values.get((x - first) as usize).copied();
    if values.is_empty() {
        return out;
    }
    // The largest n + c the candidates below take on the table.
    let top = first + values.len() as i64 + 2;
    // A constant; n; n + c.
    out.push(values[0].to_string());
    out.push(plus(n, values[0] - first));
    // n mod m (Bash: take 1..k is n mod (k + 1)), and its multiples.
    for m in 2..=16 {
        out.push(format!("{n} % {m}"));
    }
    // n except on some residues mod m: n + c(n mod m), the residues with c ≠ 0 named; the
    // first value may be its own exception (Lasker's Nim: G(0) = 0 where 0 mod 4 says n − 1).
    // Each residue seen three times at least: a table of m free shifts must be pinned down.
    for m in (2..=16i64).filter(|&m| values.len() as i64 > 3 * m) {
        let shifts = |from: usize| -> Option<Vec<Option<i64>>> {
            let mut shift = vec![None; m as usize];
            for (i, &v) in values.iter().enumerate().skip(from) {
                let x = first + i as i64;
                let slot = &mut shift[x.rem_euclid(m) as usize];
                if *slot.get_or_insert(v - x) != v - x {
                    return None;
                }
            }
            Some(shift)
        };
        let Some((shift, start)) = shifts(0)
            .map(|s| (s, 0))
            .or_else(|| shifts(1).map(|s| (s, 1)))
        else {
            continue;
        };
        let mut body = String::from("0");
        for r in (0..m as usize).rev() {
            if let Some(c) = shift[r].filter(|&c| c != 0) {
                body = format!("if({n} % {m} == {r}, {c}, {body})");
            }
        }
        let mut text = if body == "0" {
            n.to_string()
        } else {
            format!("{n} + {body}")
        };
        if start == 1 {
            text = format!("if({n} == {first}, {}, {text})", values[0]);
        }
        out.push(text);
    }
    // The 2-adic shapes: the lowest set bit of n + c (the ruler), the lowest unset bit of
    // n + c, and their exponents' neighbours.
    for c in 0..=2 {
        let m = plus(n, c);
        out.push(format!("bitand({m}, 0 - ({m}))"));
        out.push(format!("bitand(bitnot({m}), {m} + 1)"));
    }
    // Their exponents (the ruler's ν₂).
    for c in 0..=1 {
        let m = plus(n, c);
        out.push(exponent(&format!("bitand({m}, 0 - ({m}))"), top));
        out.push(exponent(&format!("bitand(bitnot({m}), {m} + 1)"), 2 * top));
    }
    // The parity of the 1-bits (to 2^32): evil and odious numbers, 2n plus it.
    let mut parity = n.to_string();
    for s in [16, 8, 4, 2, 1] {
        parity = format!("bitxor({parity}, shr({parity}, {s}))");
    }
    let parity = format!("bitand({parity}, 1)");
    out.push(parity.clone());
    out.push(format!("1 - {parity}"));
    out.push(format!("2 * {n} + {parity}"));
    out.push(format!("2 * {n} + 1 - {parity}"));
    // A period, pure or arithmetic, as a residue table after the first values.
    let small: Vec<u32> = values
        .iter()
        .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
        .collect();
    if values.iter().all(|&v| v >= 0)
        && let Some(p) = find_period_splitting(&small, None, 2)
    {
        let n0 = p.preperiod as i64 + first;
        let period = p.period as i64;
        let residue = if n0 == 0 {
            format!("{n} % {period}")
        } else {
            format!("(({}) % {period})", plus(n, -n0))
        };
        let window = table_expr(&residue, 0, period as usize, &|r| {
            at(n0 + r as i64).unwrap_or(0)
        });
        let body = if p.saltus == 0 {
            window
        } else {
            let blocks = if n0 == 0 {
                format!("{n} / {period}")
            } else {
                format!("({}) / {period}", plus(n, -n0))
            };
            format!("{window} + {} * ({blocks})", p.saltus)
        };
        let text = if n0 > first {
            let head = table_expr(n, first as usize, n0 as usize, &|x| {
                at(x as i64).unwrap_or(0)
            });
            format!("if({n} < {n0}, {head}, {body})")
        } else {
            body
        };
        out.push(text);
    }
    out
}

/// The two-number catalogue, simplest first.
fn grid_candidates(cells: &[(i64, i64, i64)]) -> Vec<String> {
    let mut out = Vec::new();
    let Some(&(a0, b0, _)) = cells.iter().min_by_key(|c| (c.0, c.1)) else {
        return out;
    };
    let value = |a: i64, b: i64| cells.iter().find(|c| c.0 == a && c.1 == b).map(|c| c.2);
    out.push(cells[0].2.to_string());
    // The largest a + c or b + c the candidates below take on the table.
    let top = cells.iter().map(|c| c.0.max(c.1)).max().unwrap_or(0) + 2;
    // f(a) ⊕ g(b): f along the first column, g along the first row (g(b0) = 0).
    let mut rows: Vec<i64> = cells.iter().map(|c| c.0).collect();
    let mut cols: Vec<i64> = cells.iter().map(|c| c.1).collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    let contiguous = |v: &[i64]| v.windows(2).all(|w| w[1] == w[0] + 1);
    if contiguous(&rows) && contiguous(&cols) {
        let f: Option<Vec<i64>> = rows.iter().map(|&a| value(a, b0)).collect();
        let base = value(a0, b0).unwrap_or(0);
        let g: Option<Vec<i64>> = cols
            .iter()
            .map(|&b| value(a0, b).map(|v| v ^ base))
            .collect();
        if let (Some(f), Some(g)) = (f, g)
            && cells
                .iter()
                .all(|&(a, b, v)| v == f[(a - a0) as usize] ^ g[(b - b0) as usize])
            && let (Some(fa), Some(gb)) = (propose_line(&f, a0, "a"), propose_line(&g, b0, "b"))
        {
            out.push(if gb == "0" {
                fa
            } else {
                format!("bitxor({fa}, {gb})")
            });
        }
    }
    // The 2-adic shape of E&D: the lowest unset bit of (a + c) | (b + c), or its exponent.
    for c in [-1, 0] {
        let m = format!("bitor({}, {})", plus("a", c), plus("b", c));
        let bit = format!("bitand(bitnot({m}), {m} + 1)");
        out.push(exponent(&bit, 2 * top));
        out.push(bit);
    }
    // A table by (a mod p, b mod q).
    // Each residue pair seen twice at least (the table must be pinned down).
    let (height, width) = (rows.len() as i64, cols.len() as i64);
    for p in (1..=8i64).filter(|&p| height >= 2 * p) {
        for q in (1..=8i64).filter(|&q| width >= 2 * q) {
            let mut table = vec![None; (p * q) as usize];
            let fits = cells.iter().all(|&(a, b, v)| {
                let i = (a.rem_euclid(p) * q + b.rem_euclid(q)) as usize;
                *table[i].get_or_insert(v) == v
            });
            if fits {
                let index = match (p, q) {
                    (1, _) => format!("b % {q}"),
                    (_, 1) => format!("a % {p}"),
                    _ => format!("(a % {p}) * {q} + b % {q}"),
                };
                out.push(table_expr(&index, 0, (p * q) as usize, &|i| {
                    table[i].unwrap_or(0)
                }));
            }
        }
    }
    // Wythoff's pairs: with a ≤ b, k = b − a, (a, b) = (⌊kφ⌋, ⌊kφ⌋ + k) exactly when
    // (2a − k)² < 5k² < (2a − k + 2)² (kφ = (k + k√5)/2), or a = b = 0.
    let lose = "(min(a, b) == 0 && max(a, b) == 0 || 2 * min(a, b) >= max(a, b) - min(a, b) \
                && (2 * min(a, b) - max(a, b) + min(a, b)) * (2 * min(a, b) - max(a, b) + min(a, b)) \
                < 5 * (max(a, b) - min(a, b)) * (max(a, b) - min(a, b)) \
                && 5 * (max(a, b) - min(a, b)) * (max(a, b) - min(a, b)) \
                < (2 * min(a, b) - max(a, b) + min(a, b) + 2) * (2 * min(a, b) - max(a, b) + min(a, b) + 2))";
    let values: Vec<i64> = {
        let mut v: Vec<i64> = cells.iter().map(|c| c.2).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if let [zero, other] = values[..]
        && zero == 0
    {
        out.push(format!("if({lose}, 0, {other})"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(values: &[i64]) -> Option<String> {
        propose_line(values, 0, "n")
    }

    #[test]
    fn the_simple_shapes() {
        assert_eq!(line(&[0, 1, 2, 3, 4]).as_deref(), Some("n"));
        assert_eq!(line(&[0, 1, 2, 0, 1, 2, 0]).as_deref(), Some("n % 3"));
        // Lasker's Nim: n, except n + 1 on 3 (mod 4) and n − 1 on 0 (mod 4) past 0.
        let lasker: Vec<i64> = (0..40)
            .map(|n| match n % 4 {
                _ if n == 0 => 0,
                3 => n + 1,
                0 => n - 1,
                _ => n,
            })
            .collect();
        let found = line(&lasker).unwrap();
        assert!(holds_line(&found, &lasker, 0, "n"), "{found}");
        // The ruler: the largest power of two dividing n + 1.
        let ruler: Vec<i64> = (0..64i64).map(|n| (n + 1) & -(n + 1)).collect();
        // (n + 1)'s lowest 1-bit is n's lowest 0-bit: the first of the two forms is proposed.
        assert_eq!(line(&ruler).as_deref(), Some("bitand(bitnot(n), n + 1)"));
    }

    #[test]
    fn nothing_fits_noise() {
        assert_eq!(line(&[0, 5, 1, 7, 2, 2, 9, 4, 0, 3, 8, 1, 6]), None);
    }

    #[test]
    fn a_grid_by_residues_and_a_nim_sum() {
        let cells: Vec<(i64, i64, i64)> = (0..6)
            .flat_map(|a| (0..6).map(move |b| (a, b, (a % 3) ^ (b % 2))))
            .collect();
        let found = propose_grid(&cells).unwrap();
        assert!(holds_grid(&found, &cells), "{found}");
        let nim: Vec<(i64, i64, i64)> = (0..8)
            .flat_map(|a| (0..8).map(move |b| (a, b, a ^ b)))
            .collect();
        assert_eq!(propose_grid(&nim).as_deref(), Some("bitxor(a, b)"));
    }
}

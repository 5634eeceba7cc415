//! The contest problem (ZJOI 2009): for each grid, `-_-` if the first player wins, else `=_=`.
//! Input errors name the line and column.

use super::values::nim_sum_of_rows;
use crate::input::{Field, Found, InputError, Limits, Name, Problem, Reader};

/// What a streamed grid input may hold: the largest valid one is about 0.5 MB.
pub const LIMITS: Limits = Limits::new(16 << 20, "50 grids of at most 100 × 100, about 0.5 MB");

/// Answers the contest input: T (1..=50), then per case `n m` (1..=100 each) and n rows of m
/// letters H/T. One output line per case.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    solve_from(&mut Reader::new(input))
}

/// [`solve`] reading from `reader`, which stops at the first error.
pub fn solve_from(lines: &mut Reader) -> Result<String, InputError> {
    let first = match lines.expect(Name::Cases("T")) {
        Ok(line) => line,
        Err(InputError {
            message: Problem::EndsEarly(_),
            ..
        }) => {
            return Err(InputError::of(
                1,
                None,
                Problem::Empty(Name::Cases("T"), None),
            ));
        }
        Err(e) => return Err(e),
    };
    let [cases] = first.numbers(["T"], [1..=50])?;
    let mut out = String::new();
    for case in 1..=cases {
        let [n, m] = lines
            .expect(Name::LineOfCase("n m", case))?
            .numbers(["n", "m"], [1..=100, 1..=100])?;
        let m = m as usize;
        let mut rows = Vec::with_capacity(n as usize);
        for r in 1..=n {
            let line = lines.expect(Name::RowOfCase(r, case, m as u64))?;
            let mut fields = line.fields();
            let field = fields.next().expect("a non-blank line has a field");
            let bits = row_bits(field, r, case)?;
            if field.text.len() != m {
                return Err(InputError::of(
                    field.line,
                    Some(field.column),
                    Problem::RowLength {
                        row: r,
                        case,
                        letters: field.text.len(),
                        m,
                    },
                ));
            }
            if let Some(extra) = fields.next() {
                return Err(InputError::of(
                    extra.line,
                    Some(extra.column),
                    Problem::AfterRow {
                        field: extra.shown(),
                        row: r,
                        case,
                    },
                ));
            }
            rows.push(bits);
        }
        let first_wins = !nim_sum_of_rows(&rows).is_zero();
        out.push_str(if first_wins { "-_-\n" } else { "=_=\n" });
    }
    lines.expect_end()?;
    Ok(out)
}

/// The T cells of a row as bits (bit `c − 1` for column `c`), or the first letter that is not
/// H or T. Sixteen letters at a time: this is most of the time of `solve` on the largest
/// inputs, and a loop of one shift per letter took 70% of it. Only a bad row is walked again,
/// to name the place.
fn row_bits(field: Field, row: u64, case: u64) -> Result<u128, InputError> {
    let text = field.text;
    let mut bits = 0u128;
    let mut letters = true;
    let mut k = 0;
    while k < text.len().min(128) {
        let (chunk_bits, chunk_letters, len) = match text.get(k..k + 16) {
            Some(chunk) => {
                let (b, ok) = letters16(chunk.try_into().expect("16 bytes"));
                (b, ok, 16)
            }
            None => {
                let mut last = [b'H'; 16];
                let len = text.len().min(128) - k;
                last[..len].copy_from_slice(&text[k..k + len]);
                let (b, ok) = letters16(&last);
                (b, ok, len)
            }
        };
        bits |= u128::from(chunk_bits) << k;
        letters &= chunk_letters;
        k += len;
    }
    if letters {
        return Ok(bits);
    }
    let (k, &b) = text
        .iter()
        .enumerate()
        .find(|&(_, &b)| b != b'T' && b != b'H')
        .expect("a letter is neither H nor T");
    let found = if b.is_ascii_graphic() {
        Found::Char(b as char)
    } else {
        Found::Byte(b)
    };
    Err(InputError::of(
        field.line,
        Some(field.column + k),
        Problem::NotHeadsOrTails { row, case, found },
    ))
}

/// Sixteen letters at once: bit i set when letter i is T, and whether all are H or T.
/// 'H' is 0x48 and 'T' 0x54: XOR with 'H' leaves 0x00 or 0x1C in each byte.
fn letters16(chunk: &[u8; 16]) -> (u16, bool) {
    const ONES: u128 = u128::from_le_bytes([1; 16]);
    let x = u128::from_le_bytes(*chunk) ^ (ONES * u128::from(b'H'));
    // Each byte of `t` is 1 for a T and 0 for an H.
    let t = (x >> 2) & ONES;
    let ok = x == t * 0x1C;
    // Gather the low bit of each byte: the multiply sums byte i's bit into bit 56 + i.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let low = ((t as u64).wrapping_mul(GATHER) >> 56) as u8;
    let high = (((t >> 64) as u64).wrapping_mul(GATHER) >> 56) as u8;
    (u16::from(low) | u16::from(high) << 8, ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_letters_at_once_agree_with_one_at_a_time() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut chunk = [0u8; 16];
            for (i, byte) in chunk.iter_mut().enumerate() {
                *byte = if state >> i & 1 == 1 { b'T' } else { b'H' };
            }
            if round % 3 == 0 {
                // One byte that is neither: every value, at every place.
                chunk[(state >> 20) as usize % 16] = (state >> 32) as u8;
            }
            let expected_bits = (0..16)
                .filter(|&i| chunk[i] == b'T')
                .fold(0u16, |b, i| b | 1 << i);
            let expected_ok = chunk.iter().all(|&b| b == b'T' || b == b'H');
            let (bits, ok) = letters16(&chunk);
            assert_eq!(ok, expected_ok, "{chunk:?}");
            if ok {
                assert_eq!(bits, expected_bits, "{chunk:?}");
            }
        }
    }
}

//! Nimbers: the values of impartial games. Addition of nimbers is XOR, and the value of a
//! position is the minimum excludant (`mex`) of the values of its options.
//!
//! Values in the coin grid reach 2^198, so a [`Nimber`] is 256 bits wide rather than a `u64`.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign};

/// A nimber `*n`, 0 ≤ n < 2^256. `+` is nim-addition (bitwise XOR).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Nimber([u64; 4]);

impl Nimber {
    /// The number of bits a nimber can hold.
    pub const BITS: u32 = 256;
    /// `*0`, the value of every lost position.
    pub const ZERO: Nimber = Nimber([0; 4]);

    /// The nimber `*value`.
    pub const fn new(value: u64) -> Nimber {
        Nimber([value, 0, 0, 0])
    }

    /// The nimber `*2^k`.
    ///
    /// # Panics
    /// If `k ≥ 256`.
    pub fn power_of_two(k: u32) -> Nimber {
        assert!(k < Self::BITS, "2^{k} does not fit in a nimber");
        let mut limbs = [0; 4];
        limbs[(k / 64) as usize] = 1 << (k % 64);
        Nimber(limbs)
    }

    /// Whether this is `*0` (a loss for the player to move).
    pub fn is_zero(self) -> bool {
        self.0 == [0; 4]
    }

    /// Whether bit `k` is set.
    pub fn bit(self, k: u32) -> bool {
        k < Self::BITS && self.0[(k / 64) as usize] >> (k % 64) & 1 == 1
    }

    /// The index of the highest set bit, `None` for `*0`.
    pub fn highest_bit(self) -> Option<u32> {
        (0..4)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map(|i| i as u32 * 64 + 63 - self.0[i].leading_zeros())
    }

    /// The set bits, lowest first.
    pub fn bits(self) -> impl Iterator<Item = u32> {
        (0..Self::BITS).filter(move |&k| self.bit(k))
    }

    /// Whether exactly one bit is set (the value is `2^k`).
    pub fn is_power_of_two(self) -> bool {
        self.0.iter().map(|l| l.count_ones()).sum::<u32>() == 1
    }

    /// The value as a machine integer, if it fits.
    pub fn to_u64(self) -> Option<u64> {
        (self.0[1..] == [0; 3]).then_some(self.0[0])
    }

    /// The value in binary, without leading zeros (`"0"` for `*0`).
    pub fn to_binary(self) -> String {
        match self.highest_bit() {
            None => "0".to_string(),
            Some(h) => (0..=h)
                .rev()
                .map(|k| if self.bit(k) { '1' } else { '0' })
                .collect(),
        }
    }

    /// The value in binary padded with zeros to `width` digits.
    pub fn to_binary_width(self, width: usize) -> String {
        format!("{:0>width$}", self.to_binary())
    }

    /// A short human form: decimal up to 2^64, `2^k` for larger powers of two, else the sum of
    /// the powers of two in it (`2^150+2^3`).
    pub fn short(self) -> String {
        if let Some(v) = self.to_u64() {
            v.to_string()
        } else {
            let terms: Vec<String> = self
                .bits()
                .collect::<Vec<_>>()
                .iter()
                .rev()
                .map(|k| format!("2^{k}"))
                .collect();
            terms.join("+")
        }
    }

    /// [`Nimber::short`] for one line of running text: a value of several powers of two past
    /// 2^64 (a large grid's nim-sum: up to 199 terms) keeps its highest one, `2^198+…`. The
    /// whole value is written where there is room for it (the hint panel, the record view).
    pub fn brief(self) -> String {
        match (self.to_u64(), self.highest_bit()) {
            (None, Some(h)) if !self.is_power_of_two() => format!("2^{h}+…"),
            _ => self.short(),
        }
    }

    /// The value in decimal, whatever its size.
    pub fn to_decimal(self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut limbs = self.0;
        let mut digits = Vec::new();
        while limbs != [0; 4] {
            let mut remainder: u128 = 0;
            for limb in limbs.iter_mut().rev() {
                let cur = (remainder << 64) | *limb as u128;
                *limb = (cur / 10) as u64;
                remainder = cur % 10;
            }
            digits.push(b'0' + remainder as u8);
        }
        digits.reverse();
        String::from_utf8(digits).expect("digits are ASCII")
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Nimber {
        Nimber::new(value)
    }
}

impl PartialOrd for Nimber {
    fn partial_cmp(&self, other: &Nimber) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Nimber {
    fn cmp(&self, other: &Nimber) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

// The operators are inlined across crates (a 256-bit XOR is four instructions): generic code
// such as `Analysis::new` is compiled in the crate that uses it.
impl BitXor for Nimber {
    type Output = Nimber;
    #[inline]
    fn bitxor(mut self, rhs: Nimber) -> Nimber {
        self ^= rhs;
        self
    }
}

impl BitXorAssign for Nimber {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Nimber) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a ^= b;
        }
    }
}

/// Nim-addition: the value of a sum of games.
impl Add for Nimber {
    type Output = Nimber;
    #[expect(clippy::suspicious_arithmetic_impl, reason = "nim-addition is XOR")]
    #[inline]
    fn add(self, rhs: Nimber) -> Nimber {
        self ^ rhs
    }
}

impl AddAssign for Nimber {
    #[expect(clippy::suspicious_op_assign_impl, reason = "nim-addition is XOR")]
    #[inline]
    fn add_assign(&mut self, rhs: Nimber) {
        *self ^= rhs;
    }
}

impl Sum for Nimber {
    #[inline]
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a ^ b)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

/// Printed `*n` in decimal, as in the literature.
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.to_decimal())
    }
}

impl fmt::Debug for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.short())
    }
}

/// The minimum excludant: the least nimber not among `values`.
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        if let Some(v) = v.to_u64() {
            let v = v as usize;
            // The mex of k values is at most k, so larger values never matter; the vector only
            // grows as far as values actually seen.
            if v < 1 << 20 {
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
            }
        }
    }
    Nimber::new(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64)
}

/// The mex of small machine-integer values, for hot table-building loops.
pub fn mex_small(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: u128 = 0;
    let mut overflow: Vec<u32> = Vec::new();
    for v in values {
        if v < 128 {
            seen |= 1 << v;
        } else {
            overflow.push(v);
        }
    }
    let low = (!seen).trailing_zeros();
    if low < 128 {
        return low;
    }
    overflow.sort_unstable();
    overflow.dedup();
    let mut m = 128;
    for v in overflow {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_is_addition() {
        assert_eq!(Nimber::new(5) + Nimber::new(3), Nimber::new(6));
        assert_eq!(Nimber::new(7) + Nimber::new(7), Nimber::ZERO);
        let big = Nimber::power_of_two(198) + Nimber::new(1);
        assert!(big.bit(198) && big.bit(0) && !big.bit(1));
        assert_eq!(big.highest_bit(), Some(198));
        assert_eq!((big + big), Nimber::ZERO);
    }

    #[test]
    fn mex_finds_least_missing() {
        assert_eq!(mex([]), Nimber::ZERO);
        assert_eq!(mex([0, 1, 3].map(Nimber::new)), Nimber::new(2));
        assert_eq!(mex([1, 2].map(Nimber::new)), Nimber::ZERO);
        assert_eq!(
            mex([Nimber::power_of_two(100), Nimber::ZERO]),
            Nimber::new(1)
        );
        assert_eq!(mex_small([0, 1, 2, 5]), 3);
        assert_eq!(mex_small(0..200), 200);
        assert_eq!(mex_small((0..128).chain([129])), 128);
    }

    #[test]
    fn printing() {
        assert_eq!(Nimber::new(12).to_string(), "*12");
        assert_eq!(Nimber::new(12).to_binary(), "1100");
        assert_eq!(Nimber::ZERO.to_binary(), "0");
        assert_eq!(
            Nimber::power_of_two(100).to_decimal(),
            "1267650600228229401496703205376"
        );
        assert_eq!(
            (Nimber::power_of_two(150) + Nimber::new(8)).short(),
            "2^150+2^3"
        );
        assert!(Nimber::power_of_two(64) > Nimber::new(u64::MAX));
        // brief: one term at most past 2^64, the rest as short.
        let big = Nimber::power_of_two(198) + Nimber::power_of_two(150) + Nimber::new(8);
        assert_eq!(big.brief(), "2^198+…");
        assert_eq!(Nimber::power_of_two(198).brief(), "2^198");
        assert_eq!(Nimber::new(639).brief(), "639");
        assert_eq!(Nimber::new(u64::MAX).brief(), u64::MAX.to_string());
    }
}

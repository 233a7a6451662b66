//! An order-preserving byte encoding of numbers used as keys, so that key comparisons are plain
//! byte comparisons (no decimal arithmetic per comparison — which in wasm is software u128 division).
//!
//! Layout: zero is `[0x01]`. A positive number is `[0x02, E + 130, pairs...]` where `E` is the adjusted
//! exponent (-130..=125) and `pairs` are the coefficient's decimal digits two per byte (`d1*10 + d2`,
//! an odd last digit padded with 0). Canonical coefficients have no trailing zeros, so a shorter digit
//! string is a prefix of any longer one with the same leading digits and sorts first, as the smaller
//! magnitude should. A negative number is `[0x00, 255 - (E + 130), 99 - pair..., 0xFF]`: every byte
//! complemented so larger magnitudes sort first, and a terminator above any digit byte so that a
//! shorter (smaller-magnitude, hence larger) number sorts after its extensions.
//! At most 38 digits: 2 + 19 + 1 = 22 bytes.

use alloc::vec::Vec;

use crate::number::Number;

pub fn encode(n: &Number) -> Vec<u8> {
    if n.is_zero() {
        return alloc::vec![0x01];
    }
    let mut digits = Vec::with_capacity(40);
    let mut c = n.coefficient();
    while c > 0 {
        digits.push((c % 10) as u8);
        c /= 10;
    }
    digits.reverse();
    let e = (n.adjusted_exponent() + 130).clamp(0, 255) as u8;
    let neg = n.is_negative();
    let mut out = Vec::with_capacity(2 + digits.len().div_ceil(2) + 1);
    out.push(if neg { 0x00 } else { 0x02 });
    out.push(if neg { 255 - e } else { e });
    for pair in digits.chunks(2) {
        let b = pair[0] * 10 + pair.get(1).copied().unwrap_or(0);
        out.push(if neg { 99 - b } else { b });
    }
    if neg {
        out.push(0xFF);
    }
    out
}

/// Inverse of [`encode`]; `None` only for bytes `encode` never produces.
pub fn decode(b: &[u8]) -> Option<Number> {
    let (&tag, rest) = b.split_first()?;
    if tag == 0x01 {
        return Some(Number::ZERO);
    }
    let neg = tag == 0x00;
    let (&e, mut pairs) = rest.split_first()?;
    if neg {
        pairs = pairs.strip_suffix(&[0xFF])?;
    }
    let adjusted = i64::from(if neg { 255 - e } else { e }) - 130;
    let mut coefficient: u128 = 0;
    let mut digits: i64 = 0;
    for (i, &p) in pairs.iter().enumerate() {
        let p = if neg { 99u8.checked_sub(p)? } else { p };
        let (hi, lo) = (p / 10, p % 10);
        coefficient = coefficient.checked_mul(10)?.checked_add(u128::from(hi))?;
        digits += 1;
        if lo != 0 || i + 1 < pairs.len() {
            coefficient = coefficient.checked_mul(10)?.checked_add(u128::from(lo))?;
            digits += 1;
        }
    }
    let exponent = i32::try_from(adjusted - digits + 1).ok()?;
    Number::from_parts(neg, coefficient, exponent).ok()
}

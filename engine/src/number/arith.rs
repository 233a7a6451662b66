//! Exact addition. DynamoDB never rounds: a sum that needs more than 38 significant digits is an
//! error (`Imprecise`), one that leaves the range is `Overflow`/`Underflow`.

use core::cmp::Ordering;

use super::{digit_count, pow10, Number, NumberError, MAX_ADJUSTED_EXPONENT, MAX_DIGITS, MIN_ADJUSTED_EXPONENT};

/// Digit positions the slow path can hold. Operands further apart than this always produce a
/// result with more than 38 significant digits (see `add`), so they never need it.
const WIDE: usize = 84;

/// Strips trailing zeros and checks DynamoDB's limits; `exponent` is that of `coefficient`'s last digit.
pub(super) fn normalize(negative: bool, mut coefficient: u128, mut exponent: i64) -> Result<Number, NumberError> {
    if coefficient == 0 {
        return Ok(Number::ZERO);
    }
    while coefficient.is_multiple_of(10) {
        coefficient /= 10;
        exponent += 1;
    }
    let digits = digit_count(coefficient);
    let adjusted = exponent + i64::from(digits) - 1;
    if adjusted > MAX_ADJUSTED_EXPONENT {
        return Err(NumberError::Overflow);
    }
    if adjusted < MIN_ADJUSTED_EXPONENT {
        return Err(NumberError::Underflow);
    }
    if digits > MAX_DIGITS {
        return Err(NumberError::Imprecise);
    }
    Ok(Number { negative, coefficient, exponent: exponent as i32 })
}

pub(super) fn add(a: &Number, b: &Number) -> Result<Number, NumberError> {
    if b.is_zero() {
        return Ok(*a);
    }
    if a.is_zero() {
        return Ok(*b);
    }
    let (ea, eb) = (i64::from(a.exponent), i64::from(b.exponent));
    let low = ea.min(eb);
    let high = a.adjusted_exponent().max(b.adjusted_exponent());
    let span = high - low + 1;

    // The operand with the larger magnitude decides the sign; the other is added or subtracted.
    let (big, small) = if a.cmp_magnitude(b) == Ordering::Less { (b, a) } else { (a, b) };
    let subtract = a.negative != b.negative;

    if span <= i64::from(MAX_DIGITS) {
        // Both aligned coefficients are below 10^38, so their sum fits a u128.
        let x = big.coefficient * pow10((i64::from(big.exponent) - low) as u32);
        let y = small.coefficient * pow10((i64::from(small.exponent) - low) as u32);
        let magnitude = if subtract { x - y } else { x + y };
        return normalize(big.negative, magnitude, low);
    }
    if span > WIDE as i64 - 2 {
        // The operand holding the lowest digit spans at most 38 positions, so the other one leads by
        // more than 40: the result keeps a digit within one position of the larger leading digit and
        // still has the smaller operand's last digit, i.e. more than 38 significant digits. No carry
        // can reach a new leading position either, so this is never an overflow.
        return Err(NumberError::Imprecise);
    }

    // Slow path: little-endian decimal digits starting at position `low`.
    let mut x = [0u8; WIDE];
    let mut y = [0u8; WIDE];
    spread(big, low, &mut x);
    spread(small, low, &mut y);
    if subtract {
        let mut borrow = 0i8;
        for k in 0..WIDE {
            let mut d = x[k] as i8 - y[k] as i8 - borrow;
            borrow = 0;
            if d < 0 {
                d += 10;
                borrow = 1;
            }
            x[k] = d as u8;
        }
    } else {
        let mut carry = 0u8;
        for k in 0..WIDE {
            let d = x[k] + y[k] + carry;
            x[k] = d % 10;
            carry = d / 10;
        }
    }
    gather(big.negative, &x, low)
}

fn spread(n: &Number, low: i64, out: &mut [u8; WIDE]) {
    let mut c = n.coefficient;
    let mut pos = (i64::from(n.exponent) - low) as usize;
    while c > 0 {
        out[pos] = (c % 10) as u8;
        c /= 10;
        pos += 1;
    }
}

fn gather(negative: bool, digits: &[u8; WIDE], low: i64) -> Result<Number, NumberError> {
    let Some(first) = digits.iter().position(|&d| d != 0) else {
        return Ok(Number::ZERO);
    };
    let Some(last) = digits.iter().rposition(|&d| d != 0) else {
        return Ok(Number::ZERO);
    };
    let exponent = low + first as i64;
    let adjusted = low + last as i64;
    if adjusted > MAX_ADJUSTED_EXPONENT {
        return Err(NumberError::Overflow);
    }
    if adjusted < MIN_ADJUSTED_EXPONENT {
        return Err(NumberError::Underflow);
    }
    if last - first + 1 > MAX_DIGITS as usize {
        return Err(NumberError::Imprecise);
    }
    let coefficient = digits[first..=last].iter().rev().fold(0u128, |acc, &d| acc * 10 + u128::from(d));
    normalize(negative, coefficient, exponent)
}

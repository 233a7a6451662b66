//! Number syntax. DynamoDB (observed through Scylla's Alternator tests run against AWS) accepts
//! "+3", ".123", "0001.23", "1e+5", "-17.4E37", "0e1000", and rejects "NaN", "Infinity", " 1", "1 ".
//! Range and precision are judged on the value, not the text: "0.00100" has 1 significant digit.

use super::{Number, NumberError, MAX_ADJUSTED_EXPONENT, MAX_DIGITS, MIN_ADJUSTED_EXPONENT};

/// Exponent text beyond this magnitude is clamped: any non-zero value is out of range long before,
/// and clamping keeps the arithmetic below in i64 without overflow.
const EXPONENT_CLAMP: i64 = 1 << 40;

pub(super) fn parse(s: &str) -> Result<Number, NumberError> {
    let bytes = s.as_bytes();
    let mut i = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };

    // Mantissa: digits with at most one '.', at least one digit overall.
    let mantissa_start = i;
    let mut point: Option<usize> = None;
    let mut digit_count: usize = 0;
    let mut first_nonzero: Option<usize> = None; // index among mantissa digits
    let mut last_nonzero: usize = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'0'..=b'9' => {
                if bytes[i] != b'0' {
                    if first_nonzero.is_none() {
                        first_nonzero = Some(digit_count);
                    }
                    last_nonzero = digit_count;
                }
                digit_count += 1;
            }
            b'.' if point.is_none() => point = Some(digit_count),
            _ => break,
        }
        i += 1;
    }
    if digit_count == 0 {
        return Err(NumberError::Invalid);
    }
    let mantissa_end = i;

    // Exponent.
    let mut exponent: i64 = 0;
    if i < bytes.len() {
        if bytes[i] != b'e' && bytes[i] != b'E' {
            return Err(NumberError::Invalid);
        }
        i += 1;
        let exp_negative = match bytes.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let exp_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            exponent = (exponent * 10 + i64::from(bytes[i] - b'0')).min(EXPONENT_CLAMP);
            i += 1;
        }
        if i == exp_start || i != bytes.len() {
            return Err(NumberError::Invalid);
        }
        if exp_negative {
            exponent = -exponent;
        }
    }

    let Some(first) = first_nonzero else {
        // Every digit is zero: the value is zero whatever the sign and exponent.
        return Ok(Number::ZERO);
    };
    let fraction_digits = point.map_or(0, |p| digit_count - p);
    let trailing_zeros = digit_count - 1 - last_nonzero;
    let significant = last_nonzero - first + 1;
    // Exponent of the last significant digit, and of the first.
    let low = exponent - fraction_digits as i64 + trailing_zeros as i64;
    let adjusted = low + significant as i64 - 1;
    if adjusted > MAX_ADJUSTED_EXPONENT {
        return Err(NumberError::Overflow);
    }
    if adjusted < MIN_ADJUSTED_EXPONENT {
        return Err(NumberError::Underflow);
    }
    if significant > MAX_DIGITS as usize {
        return Err(NumberError::TooManyDigits);
    }

    let mut coefficient: u128 = 0;
    let mut seen = 0usize;
    for &b in &bytes[mantissa_start..mantissa_end] {
        if b == b'.' {
            continue;
        }
        if seen >= first && seen <= last_nonzero {
            coefficient = coefficient * 10 + u128::from(b - b'0');
        }
        seen += 1;
    }
    // `low` is within [-130 - 37, 125] here, so it fits an i32.
    Ok(Number { negative, coefficient, exponent: low as i32 })
}

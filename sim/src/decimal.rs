//! Decimals as a person types and reads them: a rate or a distribution parameter read into an `f64`
//! ([`parse_f64`]), and an `f64` written with a fixed number of decimals ([`fixed`], [`write_fixed`],
//! [`trimmed`]) for the Heat tab's charts, labels and forms.
//!
//! Why not core's formatting: its float printing (Grisu with a Dragon4 fallback over big integers) is
//! ~4 KB of the gzipped bundle, for labels that never need more than a few decimals. [`fixed`] is core's
//! `{:.N}` to the digit whenever `x·10^N` is exact in an `f64` (ties go to the even digit, as core's do);
//! otherwise it can differ from core in the last digit only, where `x` lies within an `f64` rounding of a tie.
//!
//! Why not `str::parse::<f64>`: core's float parser carries a 10 KB table of powers of five for the
//! correctly rounded slow path, and the playground's bundle pays for it in full although every number a
//! person types into the workload editor has a handful of digits. Up to 15 significant digits and an
//! exponent within ±22 the result here is exactly `str::parse`'s (Clinger's fast path: both factors are
//! exact `f64`s and one IEEE multiplication or division rounds correctly); beyond that it is within a few
//! units in the last place, which no rate or parameter can tell apart.

use alloc::string::String;

/// 10^0 ..= 10^22, every one exact in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
];

/// `[+-]digits[.digits][(e|E)[+-]digits]`, at least one digit before or after the point; `None` for
/// anything else (no `inf`, `nan`, spaces or thousands separators: callers trim and strip those).
pub fn parse_f64(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
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
    // The first 19 significant digits as an integer; later ones only move the exponent.
    let (mut mantissa, mut digits, mut exp10, mut seen) = (0u64, 0u32, 0i64, false);
    let mut take = |d: u8, after_point: bool| {
        seen = true;
        if mantissa == 0 && d == 0 {
            if after_point {
                exp10 -= 1;
            }
        } else if digits < 19 {
            mantissa = mantissa * 10 + u64::from(d);
            digits += 1;
            if after_point {
                exp10 -= 1;
            }
        } else if !after_point {
            exp10 += 1;
        }
    };
    while let Some(d) = b.get(i).filter(|c| c.is_ascii_digit()) {
        take(d - b'0', false);
        i += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while let Some(d) = b.get(i).filter(|c| c.is_ascii_digit()) {
            take(d - b'0', true);
            i += 1;
        }
    }
    if !seen {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        let sign = match b.get(i) {
            Some(b'-') => {
                i += 1;
                -1
            }
            Some(b'+') => {
                i += 1;
                1
            }
            _ => 1,
        };
        let start = i;
        let mut e = 0i64;
        while let Some(d) = b.get(i).filter(|c| c.is_ascii_digit()) {
            e = (e * 10 + i64::from(d - b'0')).min(100_000);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += sign * e;
    }
    if i != b.len() {
        return None;
    }
    let value = scale(mantissa, exp10);
    Some(if negative { -value } else { value })
}

fn scale(mantissa: u64, exp10: i64) -> f64 {
    if mantissa == 0 {
        return 0.0;
    }
    let mut v = mantissa as f64;
    let mut e = exp10;
    // Past f64's range either way: the answer is known without the loop.
    if e > 330 {
        return f64::INFINITY;
    }
    if e < -360 {
        return 0.0;
    }
    while e > 22 {
        v *= 1e22;
        e -= 22;
    }
    while e < -22 {
        v /= 1e22;
        e += 22;
    }
    // `e` is within ±22 here, so the index is in range.
    let p = POW10[e.unsigned_abs() as usize];
    if e >= 0 {
        v * p
    } else {
        v / p
    }
}

/// `x` with exactly `decimals` digits after the point (at most 9), like `format!("{x:.decimals$}")`.
pub fn fixed(x: f64, decimals: u32) -> String {
    let mut out = String::new();
    write_fixed(&mut out, x, decimals);
    out
}

/// `x` with at most `max_decimals` digits after the point and no trailing zeros (`2.5`, `3`), like
/// `format!("{x}")` for the short decimals a person types.
pub fn trimmed(x: f64, max_decimals: u32) -> String {
    let mut out = fixed(x, max_decimals);
    if out.contains('.') {
        let keep = out.trim_end_matches('0').trim_end_matches('.').len();
        out.truncate(keep);
    }
    if out == "-0" {
        out.remove(0);
    }
    out
}

/// [`fixed`], appended to `out` (the SVG writer's buffer).
pub fn write_fixed(out: &mut String, x: f64, decimals: u32) {
    if x.is_nan() {
        out.push_str("NaN");
        return;
    }
    if x.is_sign_negative() {
        out.push('-');
    }
    if x.is_infinite() {
        out.push_str("inf");
        return;
    }
    let d = decimals.min(9);
    let unit = 10u128.pow(d);
    let scaled = round_half_even(x.abs() * POW10[d as usize]);
    push_digits(out, scaled / unit, 1);
    if d > 0 {
        out.push('.');
        push_digits(out, scaled % unit, d);
    }
}

/// The nearest integer, ties to the even one; saturates past `u128`.
fn round_half_even(v: f64) -> u128 {
    // From 2^52 on every f64 is an integer already.
    if v >= 4_503_599_627_370_496.0 {
        return v as u128;
    }
    let whole = v as u64;
    let rest = v - whole as f64;
    let up = rest > 0.5 || (rest == 0.5 && whole % 2 == 1);
    u128::from(whole) + u128::from(up)
}

/// `n` in decimal, left-padded with zeros to `width` digits.
fn push_digits(out: &mut String, n: u128, width: u32) {
    let mut buf = [b'0'; 40];
    let (mut i, mut n) = (buf.len(), n);
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let start = i.min(buf.len() - width as usize);
    for &b in &buf[start..] {
        out.push(char::from(b));
    }
}

#[cfg(test)]
mod tests {
    use super::{fixed, parse_f64, trimmed};
    use alloc::format;
    use alloc::string::String;
    use proptest::prelude::*;

    #[test]
    fn reads_what_a_person_types_and_refuses_the_rest() {
        let cases: &[(&str, Option<f64>)] = &[
            ("0", Some(0.0)),
            ("12", Some(12.0)),
            ("-3", Some(-3.0)),
            ("+3", Some(3.0)),
            ("0.5", Some(0.5)),
            (".5", Some(0.5)),
            ("5.", Some(5.0)),
            ("1e3", Some(1000.0)),
            ("2.5E-2", Some(0.025)),
            ("1e+2", Some(100.0)),
            ("0.000001", Some(0.000001)),
            ("1234567890123456", Some(1234567890123456.0)),
            ("1e400", Some(f64::INFINITY)),
            ("1e-400", Some(0.0)),
            ("", None),
            ("-", None),
            (".", None),
            ("e5", None),
            ("1e", None),
            ("1e+", None),
            ("1.2.3", None),
            ("1,000", None),
            (" 1", None),
            ("inf", None),
            ("NaN", None),
            ("0x10", None),
        ];
        for (text, want) in cases {
            assert_eq!(parse_f64(text), *want, "{text:?}");
        }
    }

    #[test]
    fn writes_fixed_decimals_as_core_does() {
        let cases: &[(f64, u32, &str)] = &[
            (0.0, 1, "0.0"),
            (12.0, 1, "12.0"),
            (12.34, 1, "12.3"),
            (12.36, 1, "12.4"),
            (0.25, 1, "0.2"),
            (0.75, 1, "0.8"),
            (2.5, 0, "2"),
            (3.5, 0, "4"),
            (-1.25, 1, "-1.2"),
            (-0.04, 1, "-0.0"),
            (99.96, 1, "100.0"),
            (1234567.891, 2, "1234567.89"),
            (0.001, 3, "0.001"),
            (f64::NAN, 1, "NaN"),
            (f64::INFINITY, 1, "inf"),
            (f64::NEG_INFINITY, 0, "-inf"),
        ];
        for &(x, d, want) in cases {
            assert_eq!(fixed(x, d), want, "{x} with {d} decimals");
            assert_eq!(fixed(x, d), format!("{x:.0$}", d as usize), "core on {x} with {d} decimals");
        }
    }

    #[test]
    fn trims_to_the_short_form_a_person_typed() {
        for (x, want) in [(2.5, "2.5"), (3.0, "3"), (0.0, "0"), (-0.0, "0"), (0.125, "0.125"), (1500.0, "1500"), (-4.75, "-4.75")] {
            assert_eq!(trimmed(x, 9), want, "{x}");
            if x != 0.0 {
                assert_eq!(trimmed(x, 9), format!("{x}"), "core on {x}");
            }
        }
    }

    fn exact_range() -> impl Strategy<Value = String> {
        // `effective` is the power of ten the digits are scaled by once the point is taken out.
        (any::<bool>(), 0u64..1_000_000_000_000_000, 0usize..16, -22i32..=22).prop_map(|(neg, m, point, effective)| {
            let digits = format!("{m}");
            let p = point.min(digits.len());
            let (a, b) = digits.split_at(digits.len() - p);
            let e = effective + p as i32;
            format!("{}{}{}{}e{e}", if neg { "-" } else { "" }, a, if p > 0 { "." } else { "" }, b)
        })
    }

    proptest! {
        /// Within the fast path the result is bit for bit core's correctly rounded one.
        #[test]
        fn equals_core_parse_within_fifteen_digits(text in exact_range()) {
            let core: f64 = text.parse().unwrap();
            prop_assert_eq!(parse_f64(&text), Some(core), "{}", text);
        }

        /// Anywhere else it is within a few units in the last place of core's.
        #[test]
        fn is_close_to_core_parse_anywhere(m in 1u64..u64::MAX, e in -300i32..300) {
            let text = format!("{m}e{e}");
            let core: f64 = text.parse().unwrap();
            let ours = parse_f64(&text).unwrap();
            if core.is_finite() && core != 0.0 && core.is_normal() {
                let ulps = (ours.to_bits() as i64 - core.to_bits() as i64).abs();
                prop_assert!(ulps <= 64, "{} -> {} vs {} ({} ulps)", text, ours, core, ulps);
            }
        }

        /// Where `x·10^d` is exact (eighths of integers up to a billion, up to 4 decimals) the digits are
        /// core's, ties included.
        #[test]
        fn fixed_equals_core_where_the_scaling_is_exact(m in -1_000_000_000i64..1_000_000_000, d in 0u32..5) {
            let x = m as f64 / 8.0;
            prop_assert_eq!(fixed(x, d), format!("{x:.0$}", d as usize));
        }

        /// Anywhere else it is within one unit of the last decimal of core's.
        #[test]
        fn fixed_is_within_a_last_digit_of_core(x in -1e8f64..1e8, d in 0u32..7) {
            let ours: f64 = fixed(x, d).parse().unwrap();
            let core: f64 = format!("{x:.0$}", d as usize).parse().unwrap();
            let unit = 10f64.powi(-(d as i32));
            prop_assert!((ours - core).abs() <= unit * 1.01, "{} with {}: {} vs {}", x, d, ours, core);
        }

        /// Any text at all: an answer or `None`, never a panic, and `None` whenever core refuses it.
        #[test]
        fn never_panics_and_never_accepts_what_core_refuses(text in "[-+0-9.eE ]{0,12}") {
            let ours = parse_f64(&text);
            if text.parse::<f64>().is_err() {
                prop_assert_eq!(ours, None);
            }
        }
    }
}

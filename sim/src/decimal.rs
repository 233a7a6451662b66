//! A decimal as a person types it (a rate, a distribution parameter) read into an `f64`.
//!
//! Why not `str::parse::<f64>`: core's float parser carries a 10 KB table of powers of five for the
//! correctly rounded slow path, and the playground's bundle pays for it in full although every number a
//! person types into the workload editor has a handful of digits. Up to 15 significant digits and an
//! exponent within ±22 the result here is exactly `str::parse`'s (Clinger's fast path: both factors are
//! exact `f64`s and one IEEE multiplication or division rounds correctly); beyond that it is within a few
//! units in the last place, which no rate or parameter can tell apart.

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

#[cfg(test)]
mod tests {
    use super::parse_f64;
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

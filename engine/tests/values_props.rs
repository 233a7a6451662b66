//! Property tests for `Number` and `key_cmp` against a naive reference: a number is the pair
//! (big integer, exponent); two numbers compare after scaling both to the smaller exponent, and
//! sums are computed exactly in big integers, then judged by DynamoDB's limits.

use std::cmp::Ordering;

use engine::number::{Number, NumberError};
use engine::value::{key_cmp, value_from_json, value_to_json, AttributeValue};
use num_bigint::BigInt;
use proptest::prelude::*;

/// The reference value of a number: `mantissa * 10^exp`.
#[derive(Debug, Clone)]
struct Reference {
    mantissa: BigInt,
    exp: i64,
}

impl Reference {
    fn of(n: &Number) -> Reference {
        let m = BigInt::from(n.coefficient());
        Reference { mantissa: if n.is_negative() { -m } else { m }, exp: i64::from(n.exponent()) }
    }

    /// Both mantissas scaled to the smaller exponent.
    fn aligned(a: &Reference, b: &Reference) -> (BigInt, BigInt, i64) {
        let exp = a.exp.min(b.exp);
        let scale = |r: &Reference| &r.mantissa * BigInt::from(10).pow((r.exp - exp) as u32);
        (scale(a), scale(b), exp)
    }

    fn cmp(a: &Reference, b: &Reference) -> Ordering {
        let (x, y, _) = Reference::aligned(a, b);
        x.cmp(&y)
    }

    /// What DynamoDB makes of an exact result: the stored number, or the error.
    fn judge(mantissa: BigInt, exp: i64) -> Result<(bool, String, i64), NumberError> {
        if mantissa == BigInt::from(0) {
            return Ok((false, String::from("0"), 0));
        }
        let negative = mantissa < BigInt::from(0);
        let mut digits = mantissa.magnitude().to_string();
        let mut exp = exp;
        while digits.ends_with('0') {
            digits.pop();
            exp += 1;
        }
        let adjusted = exp + digits.len() as i64 - 1;
        if adjusted > 125 {
            return Err(NumberError::Overflow);
        }
        if adjusted < -130 {
            return Err(NumberError::Underflow);
        }
        if digits.len() > 38 {
            return Err(NumberError::Imprecise);
        }
        Ok((negative, digits, exp))
    }
}

/// Numbers across the whole range, biased towards nearby exponents so that comparisons and sums
/// exercise carries, cancellation and the 38-digit boundary, not just disjoint magnitudes.
fn number() -> impl Strategy<Value = Number> {
    let coefficient = prop_oneof![
        1u128..1000,
        1u128..10u128.pow(19),
        1u128..10u128.pow(38),
        (1u32..=38).prop_map(|d| 10u128.pow(d) - 1),
    ];
    let exponent = prop_oneof![-45i32..=45, -167i32..=125];
    (any::<bool>(), coefficient, exponent, any::<bool>()).prop_filter_map(
        "in DynamoDB's range",
        |(negative, c, e, zero)| {
            if zero {
                return Some(Number::ZERO);
            }
            Number::from_parts(negative, c, e).ok()
        },
    )
}

/// Text DynamoDB accepts for a number, with noise that must not matter: a plus sign, leading and
/// trailing zeros, either exponent letter, and the point placed before or after the digits.
fn number_text() -> impl Strategy<Value = (Number, String)> {
    (number(), 0usize..3, 0usize..3, prop_oneof![Just('e'), Just('E')], any::<bool>(), any::<bool>()).prop_map(
        |(n, zeros_a, zeros_b, e, plus, point_first)| {
            let digits = n.coefficient().to_string();
            let sign = if n.is_negative() {
                "-"
            } else if plus {
                "+"
            } else {
                ""
            };
            let exp = i64::from(n.exponent());
            let text = if point_first {
                // 0.<zeros><digits> is digits * 10^-(zeros + len).
                let shift = (zeros_a + digits.len()) as i64;
                format!("{sign}{}.{}{digits}{e}{}", "0".repeat(zeros_b), "0".repeat(zeros_a), exp + shift)
            } else {
                format!("{sign}{}{digits}.{}{e}{exp}", "0".repeat(zeros_a), "0".repeat(zeros_b))
            };
            (n, text)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn display_parse_round_trip(n in number()) {
        let text = n.to_string();
        let back = Number::parse(&text);
        prop_assert_eq!(back, Ok(n));
        prop_assert!(!text.contains(['e', 'E', '+']));
    }

    #[test]
    fn noisy_text_parses_to_the_same_number((n, text) in number_text()) {
        prop_assert_eq!(Number::parse(&text), Ok(n), "{}", text);
    }

    #[test]
    fn ord_matches_reference(a in number(), b in number()) {
        let expected = Reference::cmp(&Reference::of(&a), &Reference::of(&b));
        prop_assert_eq!(a.cmp(&b), expected);
        prop_assert_eq!(a == b, expected == Ordering::Equal);
        prop_assert_eq!(key_cmp(&AttributeValue::N(a), &AttributeValue::N(b)), expected);
    }

    #[test]
    fn add_and_sub_match_reference(a in number(), b in number()) {
        let (x, y, exp) = Reference::aligned(&Reference::of(&a), &Reference::of(&b));
        for (got, exact) in [(a.checked_add(&b), &x + &y), (a.checked_sub(&b), &x - &y)] {
            match (got, Reference::judge(exact, exp)) {
                (Ok(n), Ok((negative, digits, e))) => {
                    prop_assert_eq!(n.is_negative(), negative);
                    prop_assert_eq!(n.coefficient().to_string(), if digits == "0" { String::from("0") } else { digits });
                    prop_assert_eq!(i64::from(n.exponent()), e);
                }
                (Err(g), Err(w)) => prop_assert_eq!(g, w),
                (g, w) => prop_assert!(false, "{} {} got {:?}, reference {:?}", a, b, g, w),
            }
        }
    }

    #[test]
    fn sub_is_add_of_negation(a in number(), b in number()) {
        prop_assert_eq!(a.checked_sub(&b), a.checked_add(&-b));
    }

    #[test]
    fn stored_size_is_bounded(n in number()) {
        let size = n.stored_size();
        prop_assert!((1..=21).contains(&size));
        // Never less than one byte per two significant digits plus the exponent byte.
        prop_assert!(n.is_zero() || size > (n.digits() as usize).div_ceil(2));
    }

    #[test]
    fn key_cmp_on_strings_is_byte_order(a in ".{0,8}", b in ".{0,8}") {
        prop_assert_eq!(
            key_cmp(&AttributeValue::S(a.clone()), &AttributeValue::S(b.clone())),
            a.as_bytes().cmp(b.as_bytes())
        );
    }

    #[test]
    fn key_cmp_on_binaries_is_unsigned_byte_order(a in proptest::collection::vec(any::<u8>(), 0..8),
                                                  b in proptest::collection::vec(any::<u8>(), 0..8)) {
        prop_assert_eq!(key_cmp(&AttributeValue::B(a.clone()), &AttributeValue::B(b.clone())), a.cmp(&b));
    }

    #[test]
    fn number_sets_round_trip_canonically(ns in proptest::collection::vec(number(), 1..6)) {
        let set = AttributeValue::number_set(ns.iter().copied());
        let json = value_to_json(&set);
        prop_assert_eq!(value_from_json(&json), Ok(set.clone()));
        if let AttributeValue::NS(items) = &set {
            prop_assert!(items.windows(2).all(|w| w[0] < w[1]));
        }
    }
}

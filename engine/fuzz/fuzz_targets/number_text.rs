//! Arbitrary text -> `Number::parse`. Never panics; an accepted number prints canonically, and the
//! canonical text parses back to the same number. Sums and differences with itself stay exact.
#![no_main]

use engine::number::Number;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    // Split on the first '|' to get two operands for the arithmetic checks.
    let (left, right) = text.split_once('|').unwrap_or((text, "1"));
    let Ok(a) = Number::parse(left) else {
        return;
    };
    let canonical = a.to_string();
    assert_eq!(Number::parse(&canonical), Ok(a), "canonical {canonical:?} of {left:?} does not round-trip");
    assert_eq!(a.checked_sub(&a), Ok(Number::ZERO));
    assert!((1..=21).contains(&a.stored_size()));
    if let Ok(b) = Number::parse(right) {
        let sum = a.checked_add(&b);
        assert_eq!(sum, b.checked_add(&a), "addition is not commutative for {a} and {b}");
        if let Ok(s) = sum {
            // (a + b) - b == a whenever both steps are representable.
            if let Ok(back) = s.checked_sub(&b) {
                assert_eq!(back, a, "({a} + {b}) - {b} != {a}");
            }
        }
    }
});

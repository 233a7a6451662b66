//! Arbitrary text through `sim::decimal::parse_f64`, and arbitrary numbers through `fixed` / `trimmed`:
//! never a panic; a text core refuses is refused; a number read back from `fixed` is within half a unit
//! of its last decimal (plus the read's own rounding).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sim::decimal::{fixed, parse_f64, trimmed};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let ours = parse_f64(text);
        if text.parse::<f64>().is_err() {
            assert_eq!(ours, None, "{text:?}");
        }
    }
    if data.len() >= 9 {
        let x = f64::from_le_bytes(data[..8].try_into().unwrap());
        let decimals = u32::from(data[8] % 10);
        let written = fixed(x, decimals);
        let _ = trimmed(x, decimals);
        if x.is_finite() && x.abs() < 1e15 {
            let back: f64 = written.parse().unwrap();
            let unit = 10f64.powi(-(decimals.min(9) as i32));
            assert!((back - x).abs() <= unit * 0.5 + x.abs() * 1e-15 + 1e-300, "{x} -> {written}");
        }
    }
});

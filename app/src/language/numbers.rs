//! Numbers as each language writes them: `1,234.5` in English, `1.234,5` in Turkish.
//!
//! For the UI only: request JSON, generated code and exports never pass through here. The crates'
//! messages format their arguments with the same rules (`messages::format_arg`); these are the same
//! rules for the numbers the app's own views show.

use messages::{format_arg, Arg};

use super::words;
use crate::i18n::Locale;

/// A whole number grouped by thousands: `12345` → `12,345` / `12.345`.
pub fn count(locale: Locale, n: u64) -> String {
    messages::group(words(locale), n)
}

/// A number with `places` decimals, grouped: `1234.5` → `1,234.5` / `1.234,5`.
pub fn decimal(locale: Locale, value: f64, places: u8) -> String {
    let scaled = (value.abs() * 10f64.powi(i32::from(places))).round() as u64;
    let text = format_arg(&Arg::Decimal(scaled, places), words(locale), &|m| m.key.to_string());
    if value < 0.0 && scaled != 0 { format!("-{text}") } else { text }
}

/// Dollars from micro-dollars, to the cent: `$1,234.56` / `$1.234,56`.
pub fn usd(locale: Locale, micro: u64) -> String {
    format_arg(&Arg::MicroUsd(micro), words(locale), &|m| m.key.to_string())
}

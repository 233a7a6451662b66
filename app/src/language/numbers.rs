//! Numbers as each language writes them: `1,234.5` in English, `1.234,5` in Turkish.
//!
//! For the UI only: request JSON, generated code and exports never pass through here. Two languages
//! with fixed separators need no locale database, so this is a few lines rather than ICU's data in
//! the bundle.

use crate::i18n::Locale;

fn separators(locale: Locale) -> (char, char) {
    match locale {
        Locale::en => (',', '.'),
        Locale::tr => ('.', ','),
    }
}

/// A whole number grouped by thousands: `12345` → `12,345` / `12.345`.
pub fn count(locale: Locale, n: u64) -> String {
    group_digits(&n.to_string(), separators(locale).0)
}

/// A number with `places` decimals, grouped: `1234.5` → `1,234.5` / `1.234,5`.
pub fn decimal(locale: Locale, value: f64, places: usize) -> String {
    let (group, point) = separators(locale);
    let text = format!("{:.*}", places, value.abs());
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let sign = if value < 0.0 && text.bytes().any(|b| matches!(b, b'1'..=b'9')) { "-" } else { "" };
    let mut out = format!("{sign}{}", group_digits(whole, group));
    if !frac.is_empty() {
        out.push(point);
        out.push_str(frac);
    }
    out
}

/// Dollars from micro-dollars, to the cent: `$1,234.56` / `$1.234,56`.
pub fn usd(locale: Locale, micro: u64) -> String {
    let cents = (micro + 5_000) / 10_000;
    let (_, point) = separators(locale);
    format!("${}{point}{:02}", count(locale, cents / 100), cents % 100)
}

fn group_digits(digits: &str, sep: char) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

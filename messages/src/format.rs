//! An argument written the way a language writes it.

use alloc::format;
use alloc::string::{String, ToString};

use crate::{Arg, Lang};

/// (thousands separator, decimal point).
fn separators(lang: Lang) -> (char, char) {
    match lang {
        Lang::En => (',', '.'),
        Lang::Tr => ('.', ','),
    }
}

/// Thousands separators: `1234567` → `1,234,567` in English, `1.234.567` in Turkish.
pub fn group(lang: Lang, n: u64) -> String {
    let sep = separators(lang).0;
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// `value` × 10^-`places`, grouped, with all its places (`Decimal(5, 2)` → `0.05`).
fn decimal(lang: Lang, value: u64, places: u8) -> String {
    let scale = 10u64.saturating_pow(u32::from(places));
    let whole = group(lang, value / scale);
    if places == 0 {
        return whole;
    }
    format!("{whole}{}{:0width$}", separators(lang).1, value % scale, width = usize::from(places))
}

fn join(lang: Lang, items: &[String], last: &str) -> String {
    let _ = lang;
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// `arg` in `lang`; a nested message is rendered by `nested`.
pub fn format_arg(arg: &Arg, lang: Lang, nested: &dyn Fn(&crate::Message) -> String) -> String {
    match arg {
        Arg::Text(s) => s.clone(),
        Arg::Count(n) => group(lang, *n),
        Arg::HalfUnits(h) => {
            if h % 2 == 0 {
                group(lang, h / 2)
            } else {
                decimal(lang, h * 5, 1)
            }
        }
        Arg::Decimal(v, places) => decimal(lang, *v, *places),
        Arg::MicroUsd(m) => format!("${}", decimal(lang, (m + 5_000) / 10_000, 2)),
        Arg::PerMille(p) => {
            let number = if p % 10 == 0 { group(lang, p / 10) } else { decimal(lang, *p, 1) };
            // Turkish writes the sign first: %80,5.
            match lang {
                Lang::En => format!("{number} %"),
                Lang::Tr => format!("%{number}"),
            }
        }
        Arg::List(items) => items.join(", "),
        Arg::And(items) => join(lang, items, if lang == Lang::Tr { "ve" } else { "and" }),
        Arg::Or(items) => join(lang, items, if lang == Lang::Tr { "veya" } else { "or" }),
        Arg::Message(m) => nested(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn f(arg: Arg, lang: Lang) -> String {
        format_arg(&arg, lang, &|m| String::from(m.key))
    }

    #[test]
    fn each_language_writes_numbers_its_way() {
        let cases: &[(Arg, &str, &str)] = &[
            (Arg::Count(0), "0", "0"),
            (Arg::Count(999), "999", "999"),
            (Arg::Count(10_000), "10,000", "10.000"),
            (Arg::Count(1_234_567), "1,234,567", "1.234.567"),
            (Arg::HalfUnits(3), "1.5", "1,5"),
            (Arg::HalfUnits(4), "2", "2"),
            (Arg::HalfUnits(2_469), "1,234.5", "1.234,5"),
            (Arg::Decimal(12_345, 1), "1,234.5", "1.234,5"),
            (Arg::Decimal(5, 2), "0.05", "0,05"),
            (Arg::Decimal(7, 0), "7", "7"),
            (Arg::MicroUsd(1_234_564_999), "$1,234.56", "$1.234,56"),
            (Arg::MicroUsd(5_000), "$0.01", "$0,01"),
            (Arg::MicroUsd(0), "$0.00", "$0,00"),
            (Arg::PerMille(1000), "100 %", "%100"),
            (Arg::PerMille(805), "80.5 %", "%80,5"),
            (Arg::List(vec!["Order".into(), "User".into()]), "Order, User", "Order, User"),
            (Arg::And(vec!["A".into(), "B".into(), "C".into()]), "A, B and C", "A, B ve C"),
            (Arg::Or(vec!["S".into(), "N".into()]), "S or N", "S veya N"),
            (Arg::And(vec!["A".into()]), "A", "A"),
            (Arg::Or(vec![]), "", ""),
        ];
        for (arg, en, tr) in cases {
            assert_eq!(f(arg.clone(), Lang::En), *en, "{arg:?}");
            assert_eq!(f(arg.clone(), Lang::Tr), *tr, "{arg:?}");
        }
    }
}

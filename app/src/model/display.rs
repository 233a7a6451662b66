//! How values look in a grid cell: short, typed, and always plain text (the UI renders them as text
//! nodes, never as HTML).

use base64::Engine as _;
use engine::value::{AttributeValue, Item};

/// Longest cell text; the full value is in the editor and the tooltip.
pub const CELL_CHARS: usize = 120;

fn b64(b: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(b)
}

fn quote(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// The full one-line text of a value. Scalars at the top level are bare (`USER#1`, `42.5`); inside
/// lists, maps and sets strings are quoted so `["a, b"]` and `["a", "b"]` look different.
pub fn value_text(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => s.clone(),
        other => nested_text(other),
    }
}

fn nested_text(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => quote(s),
        AttributeValue::N(n) => n.to_canonical(),
        AttributeValue::B(b) => b64(b),
        AttributeValue::Bool(b) => b.to_string(),
        AttributeValue::Null => String::from("null"),
        AttributeValue::L(l) => format!("[{}]", l.iter().map(nested_text).collect::<Vec<_>>().join(", ")),
        AttributeValue::M(m) => {
            format!("{{{}}}", m.iter().map(|(k, v)| format!("{}: {}", quote(k), nested_text(v))).collect::<Vec<_>>().join(", "))
        }
        // Sets print like lists (as the DynamoDB console does); the cell's type badge tells them apart.
        AttributeValue::SS(s) => format!("[{}]", s.iter().map(|x| quote(x)).collect::<Vec<_>>().join(", ")),
        AttributeValue::NS(s) => format!("[{}]", s.iter().map(|x| x.to_canonical()).collect::<Vec<_>>().join(", ")),
        AttributeValue::BS(s) => format!("[{}]", s.iter().map(|x| b64(x)).collect::<Vec<_>>().join(", ")),
    }
}

/// `value_text` cut to [`CELL_CHARS`] characters.
pub fn cell_text(v: &AttributeValue) -> String {
    let full = value_text(v);
    if full.chars().count() <= CELL_CHARS {
        full
    } else {
        let mut s: String = full.chars().take(CELL_CHARS - 1).collect();
        s.push('…');
        s
    }
}

/// A primary key for messages: `PK=USER#1, SK=ORDER#2`.
pub fn key_text(key: &Item) -> String {
    key.iter().map(|(k, v)| format!("{k}={}", value_text(v))).collect::<Vec<_>>().join(", ")
}

/// Bytes shown with a unit: `812 B`, `3.4 KB` (1 KB = 1024 bytes, as DynamoDB counts).
pub fn bytes_text(n: usize) -> String {
    if n < 1024 {
        format!("{n} B")
    } else {
        let tenths = (n * 10 + 512) / 1024;
        format!("{}.{} KB", tenths / 10, tenths % 10)
    }
}

/// [`bytes_text`] as the page's language writes numbers: `3.4 KB` / `3,4 KB`, `1,234.5 KB` /
/// `1.234,5 KB` (bytes, under 1 KB, are four digits at most and go ungrouped). For the UI only.
pub fn bytes_text_in(locale: crate::i18n::Locale, n: usize) -> String {
    use crate::language::numbers;
    if n < 1024 {
        format!("{n} B")
    } else {
        let tenths = (n * 10 + 512) / 1024;
        format!("{} KB", numbers::decimal(locale, tenths as f64 / 10.0, 1))
    }
}

/// Write capacity units one standard write of an item this size costs (1 WCU per started KB).
pub fn write_units(size: usize) -> usize {
    size.div_ceil(1024).max(1)
}

//! Numbers stored as strings in a sort key. A string sort key orders by UTF-8 bytes, so `ITEM#10` sorts
//! before `ITEM#9` and a range condition or "latest first" returns the wrong items. Numbers of the same
//! width (zero-padded) order correctly; numbers of different widths do not.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::vec::Vec;

use engine::number::Number;
use engine::value::{AttributeValue, ScalarType};

use super::finding;
use messages::Message;

use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

/// `ITEM#0042` → (`ITEM#`, `0042`): the text before a trailing run of digits (with an optional sign
/// and fraction for a value that is a number as a whole), and the number.
pub fn split_number(s: &str) -> Option<(&str, &str)> {
    if Number::parse(s).is_ok() && s.bytes().all(|b| b.is_ascii_digit() || b == b'-' || b == b'.') {
        return Some(("", s));
    }
    let start = s.len() - s.bytes().rev().take_while(u8::is_ascii_digit).count();
    if start == s.len() || start == 0 {
        return None;
    }
    Some((&s[..start], &s[start..]))
}

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        let mut sort_keys: Vec<(Option<&str>, &str)> = Vec::new();
        if let Some(sk) = t.sk.as_ref().filter(|k| k.key_type == ScalarType::S) {
            sort_keys.push((None, sk.name.as_str()));
        }
        for ix in &t.indexes {
            if let Some(sk) = ix.sk.as_ref().filter(|k| k.key_type == ScalarType::S) {
                sort_keys.push((Some(ix.name.as_str()), sk.name.as_str()));
            }
        }
        for (index, attr) in sort_keys {
            // prefix → numbers seen after it
            let mut groups: BTreeMap<&str, Vec<(&str, Number)>> = BTreeMap::new();
            for item in &t.items {
                let Some(AttributeValue::S(s)) = item.get(attr) else { continue };
                let Some((prefix, digits)) = split_number(s) else { continue };
                let Ok(n) = Number::parse(digits) else { continue };
                groups.entry(prefix).or_default().push((s.as_str(), n));
            }
            for (prefix, mut vals) in groups {
                vals.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                // A pair in string order whose numbers are in the opposite order.
                let wrong = vals.windows(2).find(|w| w[0].1 > w[1].1);
                let Some(w) = wrong else { continue };
                let (a, b) = (w[0].0, w[1].0);
                let width = vals.iter().map(|(s, _)| s.len() - prefix.len()).max().unwrap_or(1);
                let target = match index {
                    Some(i) => Target::Index { table: t.name.clone(), index: i.into() },
                    None => Target::Table { table: t.name.clone() },
                };
                let example = format!("{prefix}{}", "0".repeat(width.saturating_sub(1)) + "9");
                out.push(finding(
                    RuleId::NumbersAsStrings,
                    Severity::Warning,
                    target,
                    Message::new("finding.numbers_as_strings.title").text("attribute", attr).text("first", a).text("second", b),
                    Message::new("finding.numbers_as_strings.explanation").text("attribute", attr).text("first", a).text("second", b),
                    if prefix.is_empty() {
                        Message::new("finding.numbers_as_strings.fix.number").text("attribute", attr).count("width", width as u64)
                    } else {
                        Message::new("finding.numbers_as_strings.fix.pad").text("example", example).text("short", format!("{prefix}9"))
                    },
                ));
            }
        }
    }
    out
}

//! Hot writes on a time-ordered partition key. When the partition key is the date (or the date with a
//! constant prefix), every write made today goes to today's partition: one partition takes all the
//! write traffic while the others sit idle (the seeds' "hot 'today' partition"; the time-series
//! pattern pairs the time bucket with the entity, `METRIC#cpu#2024-06`).
//!
//! Judged from the data: the partition key values contain a date, and with the date removed they are
//! all the same. And, when a simulation has run, from its heat: a throttled key whose value is a point in
//! time (`READINGS#2026-12`) is this rule's finding rather than the low-cardinality rule's.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{finding, heat_finding};
use messages::Message;

use crate::view::{scalar_text, Context};
use crate::{Finding, RuleId, Severity, Target};

/// At least this many items before the key is judged.
const MIN_ITEMS: usize = 3;

/// The value with its date part (`yyyy-mm[-dd[Thh[:mm[:ss]]]]`, or a 10/13-digit epoch) cut out.
pub fn strip_time(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_digit());
    for i in 0..b.len() {
        if (0..4).all(|k| digit(i + k)) && b.get(i + 4) == Some(&b'-') && digit(i + 5) && digit(i + 6) {
            let mut end = i + 7;
            while end < b.len() && (b[end].is_ascii_digit() || matches!(b[end], b'-' | b'T' | b':' | b'.' | b'Z')) {
                end += 1;
            }
            let mut out = String::from(&s[..i]);
            out.push_str(&s[end..]);
            return Some(out);
        }
    }
    // Epoch seconds or milliseconds as the whole value or its last segment.
    let tail = s.rsplit('#').next().unwrap_or(s);
    if (tail.len() == 10 || tail.len() == 13) && tail.bytes().all(|c| c.is_ascii_digit()) && tail.starts_with('1') {
        return Some(String::from(&s[..s.len() - tail.len()]));
    }
    None
}

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        let mut keys: Vec<(Option<&str>, &str, Vec<String>)> =
            alloc::vec![(None, t.pk.name.as_str(), t.items.iter().filter_map(|i| i.get(&t.pk.name)).map(scalar_text).collect())];
        for ix in t.indexes.iter().filter(|i| i.global) {
            // A multi-attribute key's partition is its HASH attributes together: a point in time among
            // them is judged on the first one only when it is the whole partition key.
            if ix.is_multi_key() && ix.hash.len() > 1 {
                continue;
            }
            keys.push((Some(ix.name.as_str()), ix.pk.name.as_str(), t.items.iter().filter_map(|i| i.get(&ix.pk.name)).map(scalar_text).collect()));
        }
        for (index, attr, values) in keys {
            if values.len() < MIN_ITEMS {
                continue;
            }
            let stripped: Option<BTreeSet<String>> = values.iter().map(|v| strip_time(v)).collect();
            let Some(rest) = stripped else { continue };
            let distinct: BTreeSet<&String> = values.iter().collect();
            if rest.len() != 1 || distinct.len() < 2 {
                continue;
            }
            let prefix = rest.into_iter().next().unwrap_or_default();
            let latest = values.iter().max().cloned().unwrap_or_default();
            let target = match index {
                Some(i) => Target::Index { table: t.name.clone(), index: i.into() },
                None => Target::Table { table: t.name.clone() },
            };
            let id_hint = if prefix.is_empty() { String::from("<entityId>#") } else { format!("{prefix}<entityId>#") };
            let explanation = if prefix.is_empty() {
                Message::new("finding.hot_time_key.explanation")
            } else {
                Message::new("finding.hot_time_key.explanation.prefix").text("prefix", prefix.clone())
            };
            out.push(finding(
                RuleId::HotTimeKey,
                Severity::Warning,
                target,
                Message::new("finding.hot_time_key.title").text("attribute", attr),
                explanation.text("attribute", attr).count("values", distinct.len() as u64).text("latest", latest.clone()),
                Message::new("finding.hot_time_key.fix").text("attribute", attr).text("lead", id_hint).text("latest", latest),
            ));
        }
    }
    if let Some(heat) = cx.heat {
        for k in heat.throttled_keys() {
            let Some(rest) = strip_time(&k.key) else { continue };
            let target = k.target();
            let lead = if rest.is_empty() { String::from("<entityId>#") } else { format!("{rest}<entityId>#") };
            out.push(heat_finding(
                RuleId::HotTimeKey,
                target,
                Message::new("finding.hot_time_key.heat.title").count("throttled", k.throttled_requests).text("key", k.key.clone()),
                Message::new("finding.hot_time_key.heat.explanation")
                    .count("seconds", u64::from(heat.seconds))
                    .text("key", k.key.clone())
                    .count("throttled", k.throttled_requests),
                Message::new("finding.hot_time_key.heat.fix").text("lead", lead).text("key", k.key.clone()),
            ));
        }
    }
    out
}

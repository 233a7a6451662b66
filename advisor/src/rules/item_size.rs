//! Items near the 400 KB item limit, and lists that grow without bound inside one item. An item
//! cannot pass 400 KB, and every read or write of a big item pays for all of it (the seeds: store large
//! blobs in S3; the bucket pattern bounds an embedded array by time).
//!
//! A growing list is an `UpdateItem` pattern that appends with `list_append`. When the item's key has
//! a time bucket (`HOUR#2024-03-01T12`, `2024-03`), the list stops growing when the bucket ends: it is
//! flagged only if the stated rate fills 400 KB within one bucket. Without a bucket it grows forever.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use messages::Message;

use engine::value::{item_size, value_from_json, value_size, AttributeValue, MAX_ITEM_BYTES};

use super::finding;
use crate::view::{scalar_text, Context};
use crate::{Finding, RuleId, Severity, Target};

/// The length of the time bucket a key value ends in, in seconds (hour, day, month), if any.
pub fn bucket_seconds(key: &str) -> Option<u64> {
    // Find the last run that looks like yyyy-mm[-dd[Thh]].
    let b = key.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_digit());
    let mut best = None;
    for i in 0..b.len() {
        if (0..4).all(|k| digit(i + k)) && b.get(i + 4) == Some(&b'-') && digit(i + 5) && digit(i + 6) && (i == 0 || !digit(i - 1)) {
            let mut len = 30 * 86_400;
            if b.get(i + 7) == Some(&b'-') && digit(i + 8) && digit(i + 9) {
                len = 86_400;
                if b.get(i + 10) == Some(&b'T') && digit(i + 11) && digit(i + 12) {
                    len = 3_600;
                    if b.get(i + 13) == Some(&b':') {
                        len = 60;
                    }
                }
            }
            best = Some(len);
        }
    }
    best
}

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        for item in &t.items {
            let size = item_size(item) as u64;
            if size >= cx.thresholds.item_near_limit_bytes {
                out.push(finding(
                    RuleId::ItemSize,
                    Severity::Warning,
                    Target::Item { table: t.name.clone(), key: t.key_of(item) },
                    Message::new("finding.item_size.title").text("key", t.key_of(item)).count("kb", size / 1024),
                    Message::new("finding.item_size.explanation")
                        .count("kb", size / 1024)
                        .count("rcu", size.div_ceil(4096))
                        .count("wcu", size.div_ceil(1024)),
                    Message::new("finding.item_size.fix"),
                ));
            }
        }
    }
    for spec in cx.specs.iter().filter(|s| s.operation == "UpdateItem") {
        let Ok(req) = spec.resolved_request() else { continue };
        let Some(update) = req.get("UpdateExpression").and_then(|u| u.as_str()) else { continue };
        if !update.to_ascii_lowercase().contains("list_append") {
            continue;
        }
        let Some(t) = req.get("TableName").and_then(|v| v.as_str()).and_then(|n| cx.table(n)) else { continue };
        let key = req.get("Key").and_then(|k| k.as_object());
        let key_values: Vec<String> = t
            .table_keys()
            .iter()
            .filter_map(|k| key.and_then(|o| o.get(*k)).and_then(|v| value_from_json(v).ok()).map(|v| scalar_text(&v)))
            .collect();
        let key_text = t
            .table_keys()
            .iter()
            .zip(key_values.iter())
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(", ");
        // What one append adds: the list values the request carries.
        let appended: u64 = req
            .get("ExpressionAttributeValues")
            .and_then(|v| v.as_object())
            .map(|m| {
                m.values()
                    .filter_map(|v| value_from_json(v).ok())
                    .filter_map(|v| match v {
                        AttributeValue::L(l) => Some(l.iter().map(|e| value_size(e) as u64 + 1).sum::<u64>()),
                        _ => None,
                    })
                    .sum()
            })
            .unwrap_or(0)
            .max(1);
        let current = t
            .items
            .iter()
            .find(|i| t.key_of(i) == key_text)
            .map(|i| item_size(i) as u64)
            .unwrap_or(0);
        let bucket = key_values.iter().filter_map(|v| bucket_seconds(v)).min();
        let room = (MAX_ITEM_BYTES as u64).saturating_sub(current);
        let (explain, severity) = match (bucket, spec.rate_per_second) {
            (None, rate) => {
                let when = match rate {
                    Some(r) if r > 0 => Message::new("finding.item_size.list.when_rate")
                        .count("rate", r)
                        .count("bytes", appended)
                        .count("seconds", room / (appended * r).max(1)),
                    _ => Message::new("finding.item_size.list.when").count("bytes", appended).count("room_kb", room / 1024),
                };
                let m = Message::new("finding.item_size.list.unbounded").text("pattern", spec.name.clone()).text("key", key_text.clone()).part("when", when);
                (m, Severity::Problem)
            }
            (Some(secs), Some(r)) if current + appended * r * secs > MAX_ITEM_BYTES as u64 => (
                Message::new("finding.item_size.list.bucket")
                    .text("pattern", spec.name.clone())
                    .count("bytes", appended)
                    .count("rate", r)
                    .text("key", key_text.clone())
                    .count("seconds", secs)
                    .count("kb", (current + appended * r * secs) / 1024),
                Severity::Problem,
            ),
            _ => continue,
        };
        out.push(finding(
            RuleId::ItemSize,
            severity,
            Target::Pattern { name: spec.name.clone() },
            Message::new(if bucket.is_some() { "finding.item_size.list.title.bucket" } else { "finding.item_size.list.title" }).text("key", key_text),
            explain,
            Message::new("finding.item_size.list.fix"),
        ));
    }
    out
}

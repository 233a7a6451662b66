//! An item collection of a table with an LSI heading for 10 GB. With an LSI, all items sharing a
//! partition key (and their LSI entries) must fit in 10 GB, and writes to a full collection fail with
//! ItemCollectionSizeLimitExceededException (the seeds: "unbounded item collections in an LSI").
//!
//! Size is the table items plus every LSI entry (index key + table key + projected attributes, plus
//! 100 bytes of overhead per entry, as DynamoDB's index storage is counted). Growth comes from the
//! access patterns: a `PutItem` pattern with a `ratePerSecond` adds its item (with its LSI entries) to
//! the collection of its partition key that many times a second — each put a new item.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use engine::value::{attribute_size, item_from_json, item_size, Item};

use super::finding;
use messages::Message;

use crate::view::{scalar_text, Context, Projection, TableView};
use crate::{Finding, RuleId, Severity, Target};

pub const COLLECTION_LIMIT_BYTES: u64 = 10 * 1024 * 1024 * 1024;
/// Per index entry, as DynamoDB counts index storage.
pub const INDEX_ENTRY_OVERHEAD: u64 = 100;

/// An item's bytes in its item collection: itself plus its LSI entries.
pub fn collection_bytes(t: &TableView, item: &Item) -> u64 {
    let mut total = item_size(item) as u64;
    for ix in t.indexes.iter().filter(|i| !i.global) {
        let Some(sk) = &ix.sk else { continue };
        if !item.contains_key(&sk.name) {
            continue; // sparse: not in this index
        }
        let mut entry = INDEX_ENTRY_OVERHEAD;
        for (name, v) in item {
            let key = t.table_keys().contains(&name.as_str()) || *name == sk.name;
            let projected = match &ix.projection {
                Projection::All => true,
                Projection::KeysOnly => false,
                Projection::Include(a) => a.contains(name),
            };
            if key || projected {
                entry += attribute_size(name, v) as u64;
            }
        }
        total += entry;
    }
    total
}

/// A size in GB to a tenth from 1 GB up, else in whole MB.
fn gb(bytes: u64) -> Message {
    let tenths = bytes * 10 / (1024 * 1024 * 1024);
    if tenths >= 10 {
        Message::new("size.gb").decimal("gb", tenths, 1)
    } else {
        Message::new("size.mb").count("mb", bytes / (1024 * 1024))
    }
}

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in cx.tables.iter().filter(|t| t.indexes.iter().any(|i| !i.global)) {
        let mut sizes: BTreeMap<String, u64> = BTreeMap::new();
        for i in &t.items {
            if let Some(pk) = i.get(&t.pk.name) {
                *sizes.entry(scalar_text(pk)).or_insert(0) += collection_bytes(t, i);
            }
        }
        // Bytes a day per collection, from the write patterns' stated rates.
        let mut growth: BTreeMap<String, (u64, Vec<String>)> = BTreeMap::new();
        for spec in cx.specs.iter().filter(|s| s.operation == "PutItem") {
            let Some(rate) = spec.rate_per_second else { continue };
            let Ok(req) = spec.resolved_request() else { continue };
            if req.get("TableName").and_then(|v| v.as_str()) != Some(t.name.as_str()) {
                continue;
            }
            let Some(item) = req.get("Item").and_then(|i| item_from_json(i).ok()) else { continue };
            let Some(pk) = item.get(&t.pk.name) else { continue };
            let g = growth.entry(scalar_text(pk)).or_insert((0, Vec::new()));
            g.0 += rate * 86_400 * collection_bytes(t, &item);
            g.1.push(spec.name.clone());
        }
        let mut keys: Vec<&String> = sizes.keys().chain(growth.keys()).collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            let now = sizes.get(key).copied().unwrap_or(0);
            let (per_day, patterns) = growth.get(key).cloned().unwrap_or_default();
            let days_left = if now >= COLLECTION_LIMIT_BYTES {
                Some(0)
            } else if per_day > 0 {
                Some((COLLECTION_LIMIT_BYTES - now).div_ceil(per_day))
            } else {
                None
            };
            let Some(days) = days_left else { continue };
            if days > cx.thresholds.lsi_horizon_days && now < COLLECTION_LIMIT_BYTES * 8 / 10 {
                continue;
            }
            let lsis: Vec<&str> = t.indexes.iter().filter(|i| !i.global).map(|i| i.name.as_str()).collect();
            let explanation = if per_day > 0 {
                Message::new("finding.lsi_collection_size.explanation.growth")
                    .list("patterns", patterns)
                    .part("per_day", gb(per_day))
                    .count("days", days)
            } else {
                Message::new("finding.lsi_collection_size.explanation")
            };
            out.push(finding(
                RuleId::LsiCollectionSize,
                Severity::Problem,
                Target::Item { table: t.name.clone(), key: format!("{}={key}", t.pk.name) },
                Message::new("finding.lsi_collection_size.title").text("key", key.clone()),
                explanation
                    .text("table", t.name.clone())
                    .list("indexes", lsis.iter().map(|s| String::from(*s)).collect())
                    .text("attribute", t.pk.name.clone())
                    .text("key", key.clone())
                    .part("size", gb(now)),
                Message::new("finding.lsi_collection_size.fix")
                    .list("indexes", lsis.iter().map(|s| String::from(*s)).collect())
                    .text("attribute", t.pk.name.clone())
                    .text("key", key.clone()),
            ));
        }
    }
    out
}

//! A low-cardinality partition key (the seeds' `Status`, `Country`): few values for many items, so the
//! traffic lands on few partitions. Judged from the data (enough items, few distinct values) and, when
//! a simulation has run, from its heat (a key the simulator throttled).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use alloc::collections::BTreeMap;

use super::{finding, heat_finding, partition_counts, value_counts};
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let th = &cx.thresholds;
    let mut out = Vec::new();
    for t in &cx.tables {
        let mut keys: Vec<(Option<&str>, String, BTreeMap<String, usize>)> = alloc::vec![(None, t.pk.name.clone(), value_counts(&t.items, &t.pk.name))];
        for ix in t.indexes.iter().filter(|i| i.global) {
            // A multi-attribute key's partition is all its HASH attributes together.
            let (attr, counts) = if ix.is_multi_key() {
                (ix.partition_names(), partition_counts(ix, &t.items))
            } else {
                (ix.pk.name.clone(), value_counts(&t.items, &ix.pk.name))
            };
            keys.push((Some(ix.name.as_str()), attr, counts));
        }
        for (index, attr, counts) in keys {
            let n: usize = counts.values().sum();
            // One value on a GSI is the constant-key rule's finding.
            if n < th.cardinality_min_items || counts.len() > th.cardinality_max_distinct || (index.is_some() && counts.len() == 1) {
                continue;
            }
            let (top, top_n) = counts.iter().max_by_key(|(_, c)| **c).map(|(k, c)| (k.clone(), *c)).unwrap_or_default();
            let values: Vec<&str> = counts.keys().map(String::as_str).collect();
            let target = match index {
                Some(i) => Target::Index { table: t.name.clone(), index: i.into() },
                None => Target::Table { table: t.name.clone() },
            };
            out.push(finding(
                RuleId::LowCardinalityKey,
                Severity::Warning,
                target,
                format!("{attr} has {} values for {n} items", counts.len()),
                format!(
                    "A partition key with few values ({}) puts many items on few partitions: {top} alone holds {top_n} of {n}. Each partition serves at most 3,000 RCU and 1,000 WCU a second, so these keys become hot partitions and throttle (the seeds' low-cardinality anti-pattern).",
                    values.join(", ")
                ),
                format!(
                    "Add a high-cardinality component to {attr} (USER#<id>, ORDER#<id>), or shard it: {top}#<0..9> with the suffix from hash(id) % 10, and read the 10 shards in parallel."
                ),
            ));
        }
    }
    if let Some(heat) = cx.heat {
        // A throttled point in time (`READINGS#2026-12`) is the time-ordered-key rule's finding.
        for k in heat.throttled_keys().filter(|k| super::hot_time_key::strip_time(&k.key).is_none()) {
            let target = k.target();
            let rate = if heat.seconds > 0 { k.accessed_half_units / 2 / heat.seconds as u64 } else { 0 };
            out.push(heat_finding(
                RuleId::LowCardinalityKey,
                target,
                format!("The simulator throttled {} requests on key {}", k.throttled_requests, k.key),
                format!(
                    "Over {} simulated seconds key {} drew about {rate} units a second (RCU + 3 × WCU, Contributor Insights' unit) and {} requests were throttled: one partition cannot serve more than 3,000 RCU and 1,000 WCU a second, whatever the table's capacity.",
                    heat.seconds, k.key, k.throttled_requests
                ),
                format!("Spread {}: add a high-cardinality component to the key or write-shard it ({}#<0..N-1>), so its traffic lands on several partitions.", k.key, k.key),
            ));
        }
    }
    out
}

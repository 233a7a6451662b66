//! A low-cardinality partition key (the seeds' `Status`, `Country`): few values for many items, so the
//! traffic lands on few partitions. Judged from the data (enough items, few distinct values) and, when
//! a simulation has run, from its heat (a key the simulator throttled).

use alloc::string::String;
use alloc::vec::Vec;

use alloc::collections::BTreeMap;

use super::{finding, heat_finding, partition_counts, value_counts};
use messages::Message;

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
                Message::new("finding.low_cardinality_key.title").text("attribute", attr.clone()).count("values", counts.len() as u64).count("items", n as u64),
                Message::new("finding.low_cardinality_key.explanation")
                    .list("values", values.iter().map(|v| String::from(*v)).collect())
                    .text("top", top.clone())
                    .count("top_items", top_n as u64)
                    .count("items", n as u64),
                Message::new("finding.low_cardinality_key.fix").text("attribute", attr).text("top", top),
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
                Message::new("finding.low_cardinality_key.heat.title").count("throttled", k.throttled_requests).text("key", k.key.clone()),
                Message::new("finding.low_cardinality_key.heat.explanation")
                    .count("seconds", u64::from(heat.seconds))
                    .text("key", k.key.clone())
                    // As a figure of the simulation, as the heat chart shows it.
                    .text("rate", alloc::format!("{rate}"))
                    .count("throttled", k.throttled_requests),
                Message::new("finding.low_cardinality_key.heat.fix").text("key", k.key.clone()),
            ));
        }
    }
    out
}

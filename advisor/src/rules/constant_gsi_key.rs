//! A GSI whose partition key is a constant (the seeds' `GSI2PK = ALL_POSTS`): every item of the index
//! lives in one partition, so its writes and reads share one partition's limits, and a throttled GSI
//! throttles the table's writes too.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use engine::model::KeyTemplate;

use super::{finding, partition_counts, value_counts};
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

/// A GSI key is judged from its data alone (no entity template for it) from this many items on.
const MIN_ITEMS: usize = 3;

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        for ix in t.indexes.iter().filter(|i| i.global) {
            let attr = &ix.pk.name;
            // The design says it: an entity's template for this key has no placeholder.
            let constant_template = t.entities().iter().find_map(|e| {
                let src = e.keys.get(attr)?;
                let tpl = KeyTemplate::parse(src).ok()?;
                tpl.placeholders().is_empty().then(|| (e.name.clone(), src.clone()))
            });
            let templated = t.entities().iter().any(|e| e.keys.contains_key(attr));
            // A multi-attribute key's partition is all its HASH attributes together.
            let counts = if ix.is_multi_key() { partition_counts(ix, &t.items) } else { value_counts(&t.items, attr) };
            let attr = &if ix.is_multi_key() { ix.partition_names() } else { attr.clone() };
            let n: usize = counts.values().sum();
            let value = match (&constant_template, templated) {
                (Some((_, v)), _) => v.clone(),
                (None, false) if counts.len() == 1 && n >= MIN_ITEMS => counts.keys().next().cloned().unwrap_or_default(),
                _ => continue,
            };
            let why = match &constant_template {
                Some((entity, _)) => format!("entity {entity} writes {attr} = {value} on every item"),
                None => format!("all {n} items in the index have {attr} = {value}"),
            };
            let sk = ix.sk.as_ref().map(|s| s.name.clone()).unwrap_or_else(|| String::from("its sort key"));
            out.push(finding(
                RuleId::ConstantGsiKey,
                Severity::Warning,
                Target::Index { table: t.name.clone(), index: ix.name.clone() },
                format!("{} has a constant partition key ({value})", ix.name),
                format!(
                    "The {why}, so the whole index is one partition: a hot partition that serves at most 1,000 writes and 3,000 reads a second, and a GSI that cannot keep up throttles the table's writes. The seeds point out this risk for ALL_POSTS."
                ),
                format!(
                    "Spread the key: add a time bucket ({value}#<yyyy-mm-dd>, and query today's bucket then yesterday's) or a shard suffix ({value}#<0..9>, querying the shards in parallel and merging by {sk})."
                ),
            ));
        }
    }
    out
}

//! A GSI whose partition key is a constant (the seeds' `GSI2PK = ALL_POSTS`): every item of the index
//! lives in one partition, so its writes and reads share one partition's limits, and a throttled GSI
//! throttles the table's writes too.

use alloc::vec::Vec;

use engine::model::KeyTemplate;

use super::{finding, partition_counts, value_counts};
use messages::Message;

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
            let explanation = match &constant_template {
                Some((entity, _)) => Message::new("finding.constant_gsi_key.explanation.entity").text("entity", entity.clone()),
                None => Message::new("finding.constant_gsi_key.explanation.data").count("items", n as u64),
            }
            .text("attribute", attr.clone())
            .text("value", value.clone());
            let fix = match &ix.sk {
                Some(s) => Message::new("finding.constant_gsi_key.fix").text("sort_key", s.name.clone()),
                None => Message::new("finding.constant_gsi_key.fix.no_sort_key"),
            }
            .text("value", value.clone());
            out.push(finding(
                RuleId::ConstantGsiKey,
                Severity::Warning,
                Target::Index { table: t.name.clone(), index: ix.name.clone() },
                Message::new("finding.constant_gsi_key.title").text("index", ix.name.clone()).text("value", value),
                explanation,
                fix,
            ));
        }
    }
    out
}

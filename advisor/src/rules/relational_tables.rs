//! Many tables used like a relational schema: one table per entity, joined in the application by an
//! attribute that holds another table's key. Reading an order with its customer then takes a request
//! per table (the seeds: "modeling it like a relational database — many round trips, high latency,
//! high cost"; denormalise into one table where the patterns are served by item collections).

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::finding;
use crate::view::{scalar_text, Context};
use crate::{Finding, RuleId, Severity, Target};

/// A reference is believed from this many items on.
const MIN_REFERENCES: usize = 2;

pub fn check(cx: &Context) -> Vec<Finding> {
    if cx.tables.len() < 2 {
        return Vec::new();
    }
    let mut joins: Vec<(String, String, String, String)> = Vec::new(); // (from table, attr, to table, to key)
    for b in &cx.tables {
        let b_keys: BTreeSet<String> = b.items.iter().filter_map(|i| i.get(&b.pk.name)).map(scalar_text).collect();
        if b_keys.is_empty() {
            continue;
        }
        for a in cx.tables.iter().filter(|a| a.name != b.name) {
            let mut attrs: BTreeSet<&str> = BTreeSet::new();
            for i in &a.items {
                attrs.extend(i.keys().map(String::as_str));
            }
            for attr in attrs {
                if a.table_keys().contains(&attr) && a.sk.as_ref().is_none_or(|s| s.name != attr) {
                    continue; // A's own partition key: the same ids in two tables are not a join
                }
                let carrying: Vec<String> = a.items.iter().filter_map(|i| i.get(attr)).map(scalar_text).filter(|s| !s.is_empty()).collect();
                let hits = carrying.iter().filter(|v| b_keys.contains(*v)).count();
                if hits >= MIN_REFERENCES && hits * 2 >= carrying.len() {
                    joins.push((a.name.clone(), String::from(attr), b.name.clone(), b.pk.name.clone()));
                }
            }
        }
    }
    if joins.is_empty() {
        return Vec::new();
    }
    let names: Vec<&str> = cx.tables.iter().map(|t| t.name.as_str()).collect();
    let list = joins
        .iter()
        .map(|(a, attr, b, key)| format!("{a}.{attr} holds {b}'s {key}"))
        .collect::<Vec<_>>()
        .join("; ");
    let (a, attr, b, _) = &joins[0];
    alloc::vec![finding(
        RuleId::RelationalTables,
        Severity::Warning,
        Target::Model,
        format!("{} tables joined like a relational schema", cx.tables.len()),
        format!(
            "The model keeps {} in separate tables and joins them in the application: {list}. Reading one with its related items takes a request per table (and often a Scan or BatchGetItem), where one Query of an item collection would do.",
            names.join(", ")
        ),
        format!(
            "Put them in one table with generic keys: items of {b} under PK = {}#<{attr}>, and each {a} item in the same partition (PK = {}#<{attr}>, SK = {}#<id>), so one Query returns a {b} with its {a}; keep a Type attribute on every item.",
            b.to_uppercase(),
            b.to_uppercase(),
            a.to_uppercase()
        ),
    )]
}

//! Many tables used like a relational schema: one table per entity, joined in the application by an
//! attribute that holds another table's key. Reading an order with its customer then takes a request
//! per table (the seeds: "modeling it like a relational database — many round trips, high latency,
//! high cost"; denormalise into one table where the patterns are served by item collections).

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;

use super::finding;
use messages::Message;

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
    // "Orders.userId holds Users's userId; …": each join a sentence part, chained so each language
    // words one join its own way.
    let list = joins.iter().rev().fold(None, |rest: Option<Message>, (a, attr, b, key)| {
        let one = Message::new("finding.relational_tables.join").text("from", a.clone()).text("attribute", attr.clone()).text("to", b.clone()).text("key", key.clone());
        Some(match rest {
            Some(r) => Message::new("finding.relational_tables.joins").part("first", one).part("rest", r),
            None => one,
        })
    });
    let (a, attr, b, _) = &joins[0];
    alloc::vec![finding(
        RuleId::RelationalTables,
        Severity::Warning,
        Target::Model,
        Message::new("finding.relational_tables.title").count("tables", cx.tables.len() as u64),
        Message::new("finding.relational_tables.explanation").list("tables", names.iter().map(|n| String::from(*n)).collect()).part("joins", list.unwrap_or_else(|| Message::new("finding.relational_tables.joins.none"))),
        Message::new("finding.relational_tables.fix")
            .text("parent", b.clone())
            .text("child", a.clone())
            .text("attribute", attr.clone())
            .text("parent_prefix", b.to_uppercase())
            .text("child_prefix", a.to_uppercase()),
    )]
}

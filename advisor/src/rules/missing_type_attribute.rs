//! A single-table design without an entity-type attribute. When several kinds of item share a table,
//! every item should say which it is (the seeds: "add an EntityType or Type attribute to every item —
//! it tells which entity the data belongs to even when PK/SK look alike"), so code, filters and the
//! pattern table can tell a USER from an ORDER.
//!
//! Single-table means: two or more entities declared, or (with none declared) items whose partition
//! keys carry two or more prefixes (`USER#…`, `ORDER#…`).

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::finding;
use messages::Message;

use crate::view::{scalar_text, Context};
use crate::{Finding, RuleId, Severity, Target};

/// Names commonly used for the type attribute when no entity says which.
const TYPE_NAMES: [&str; 5] = ["Type", "type", "EntityType", "entityType", "_type"];

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        let entities = t.entities();
        if entities.len() >= 2 {
            let untyped: Vec<_> = t.items.iter().filter(|i| !entities.iter().any(|e| e.matches(i))).collect();
            if untyped.is_empty() {
                continue;
            }
            let attr = &entities[0].type_attribute;
            let values: Vec<String> = entities.iter().map(|e| format!("{} = {}", e.type_attribute, e.type_value)).collect();
            out.push(finding(
                RuleId::MissingTypeAttribute,
                Severity::Warning,
                Target::Table { table: t.name.clone() },
                Message::new("finding.missing_type_attribute.title")
                    .count("untyped", untyped.len() as u64)
                    .count("items", t.items.len() as u64)
                    .text("table", t.name.clone()),
                Message::new("finding.missing_type_attribute.explanation")
                    .text("table", t.name.clone())
                    .count("entities", entities.len() as u64)
                    .count("untyped", untyped.len() as u64)
                    .text("attribute", attr.clone())
                    .text("first", t.key_of(untyped[0])),
                Message::new("finding.missing_type_attribute.fix").list("values", values),
            ));
        } else if entities.is_empty() {
            let prefixes: BTreeSet<String> = t
                .items
                .iter()
                .filter_map(|i| i.get(&t.pk.name))
                .map(scalar_text)
                .filter_map(|s| s.split_once('#').map(|(p, _)| String::from(p)))
                .collect();
            if prefixes.len() < 2 {
                continue;
            }
            let typed = t.items.iter().any(|i| TYPE_NAMES.iter().any(|n| i.contains_key(*n)));
            if typed {
                continue;
            }
            let kinds: Vec<&str> = prefixes.iter().map(String::as_str).collect();
            out.push(finding(
                RuleId::MissingTypeAttribute,
                Severity::Warning,
                Target::Table { table: t.name.clone() },
                Message::new("finding.missing_type_attribute.prefixes.title").text("table", t.name.clone()).count("kinds", prefixes.len() as u64),
                Message::new("finding.missing_type_attribute.prefixes.explanation")
                    .text("table", t.name.clone())
                    .list("prefixes", kinds.iter().map(|k| String::from(*k)).collect()),
                Message::new("finding.missing_type_attribute.prefixes.fix").list("values", kinds.iter().map(|k| format!("Type = {k}")).collect()),
            ));
        }
    }
    out
}

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
                format!("{} of {} items in {} say no entity type", untyped.len(), t.items.len(), t.name),
                format!(
                    "{} is a single-table design ({} entities), but {} items carry no {attr} value of any entity (first: {}). Without it nothing in the item says what it is when keys look alike.",
                    t.name,
                    entities.len(),
                    untyped.len(),
                    t.key_of(untyped[0])
                ),
                format!("Give every item its entity's type attribute ({}); items added through an entity get it automatically.", values.join(", ")),
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
                format!("{} holds {} kinds of item and no Type attribute", t.name, prefixes.len()),
                format!(
                    "The partition keys of {} carry the prefixes {}: several entities share the table, but no item has a Type attribute to say which it is.",
                    t.name,
                    kinds.join(", ")
                ),
                format!("Add Type to every item ({}), or declare the entities in the sidebar so each new item gets it.", kinds.iter().map(|k| format!("Type = {k}")).collect::<Vec<_>>().join(", ")),
            ));
        }
    }
    out
}

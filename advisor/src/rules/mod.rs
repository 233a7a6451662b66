//! The advisor's rules, one file each. Every rule reads a [`Context`] and returns findings; none keeps
//! state. Each rule's explanation uses the seeds' own terms (hot partition, item collection, sparse
//! index, single-table design) and its fix names the concrete change (the key, index or attribute).

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use engine::value::Item;
use messages::Message;

use crate::view::{scalar_text, Context};
use crate::{Finding, RuleId, Severity, Target, Words};

pub mod constant_gsi_key;
pub mod filter_ratio;
pub mod hot_time_key;
pub mod item_size;
pub mod low_cardinality_key;
pub mod lsi_collection_size;
pub mod missing_type_attribute;
pub mod needless_transaction;
pub mod numbers_as_strings;
pub mod pattern_fails;
pub mod projection;
pub mod relational_tables;
pub mod scan_in_pattern;
pub mod synthetic_key;

/// Run one rule.
pub fn run(rule: RuleId, cx: &Context) -> Vec<Finding> {
    match rule {
        RuleId::ScanInPattern => scan_in_pattern::check(cx),
        RuleId::FilterRatio => filter_ratio::check(cx),
        RuleId::LowCardinalityKey => low_cardinality_key::check(cx),
        RuleId::ConstantGsiKey => constant_gsi_key::check(cx),
        RuleId::LsiCollectionSize => lsi_collection_size::check(cx),
        RuleId::ItemSize => item_size::check(cx),
        RuleId::Projection => projection::check(cx),
        RuleId::RelationalTables => relational_tables::check(cx),
        RuleId::NeedlessTransaction => needless_transaction::check(cx),
        RuleId::MissingTypeAttribute => missing_type_attribute::check(cx),
        RuleId::NumbersAsStrings => numbers_as_strings::check(cx),
        RuleId::HotTimeKey => hot_time_key::check(cx),
        RuleId::PatternFails => pattern_fails::check(cx),
        RuleId::SyntheticKey => synthetic_key::check(cx),
    }
}

pub(crate) fn finding(
    rule: RuleId,
    severity: Severity,
    target: Target,
    title: Message,
    explanation: Message,
    fix: Message,
) -> Finding {
    Finding { rule, severity, target, title: Words(title), explanation: Words(explanation), fix: Words(fix), from_heat: false }
}

/// A finding judged from the simulator's heat (its own id: see [`Finding::id`]).
pub(crate) fn heat_finding(rule: RuleId, target: Target, title: Message, explanation: Message, fix: Message) -> Finding {
    Finding { from_heat: true, ..finding(rule, Severity::Problem, target, title, explanation, fix) }
}

/// Key value text → how many items carry it, over the items that have the attribute, in text order.
pub(crate) fn value_counts<'i>(items: impl IntoIterator<Item = &'i Item>, attr: &str) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for text in items.into_iter().filter_map(|i| i.get(attr)).map(scalar_text) {
        *m.entry(text).or_insert(0) += 1;
    }
    m
}

/// Partition text (every HASH attribute's value) → how many items are in it, for an index with a
/// multi-attribute key, over the items the index holds.
pub(crate) fn partition_counts(ix: &crate::view::IndexDef, items: &[Item]) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    let held = items.iter().filter(|i| ix.hash.iter().chain(&ix.range).all(|k| i.contains_key(&k.name)));
    for text in held.filter_map(|i| ix.partition_text(i)) {
        *m.entry(text).or_insert(0) += 1;
    }
    m
}

/// Attribute names an expression mentions (after `#name` resolution), outside `:values` and functions.
pub(crate) fn expression_attributes(expr: &str, request: &serde_json::Value) -> Vec<String> {
    let names = request.get("ExpressionAttributeNames");
    let mut out: Vec<String> = Vec::new();
    let bytes = expr.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c == ':' {
            // a value placeholder: skip it
            i += 1;
            while i < bytes.len() && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            continue;
        }
        if c == '#' || c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            i += 1;
            while i < bytes.len() && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let token = &expr[start..i];
            // A function call or keyword is not an attribute.
            let next = expr[i..].trim_start().chars().next();
            let keyword = matches!(
                token.to_ascii_uppercase().as_str(),
                "AND" | "OR" | "NOT" | "BETWEEN" | "IN" | "SET" | "REMOVE" | "ADD" | "DELETE"
            );
            if next == Some('(') || keyword {
                continue;
            }
            let name = if let Some(stripped) = token.strip_prefix('#') {
                let _ = stripped;
                names.and_then(|n| n.get(token)).and_then(|v| v.as_str()).map(String::from)
            } else {
                Some(String::from(token))
            };
            if let Some(n) = name {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
            // Skip a document path's tail (`a.b[1]`): only the top-level attribute matters here.
            while i < bytes.len() && (bytes[i] == b'.' || bytes[i] == b'[') {
                i += 1;
                while i < bytes.len() && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b']' || bytes[i] == b'#') {
                    i += 1;
                }
            }
            continue;
        }
        i += 1;
    }
    out
}

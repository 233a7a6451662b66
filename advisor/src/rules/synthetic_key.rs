//! A concatenated synthetic GSI key (`GSI1PK = TENANT#<tenant>#ASSIGNEE#<user>`) built from attributes
//! the item also holds. Since November 2025 a GSI key may be made of up to four HASH and four RANGE
//! attributes, so the index can be keyed on those attributes themselves: the application stops
//! building and parsing key strings, each part keeps its type, and adding the index needs no backfill.
//! The rule says what that costs too: Query conditions become stricter and PartiQL cannot read it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use engine::value::Item;

use messages::Message;
use super::finding;
use crate::view::{scalar_text, Context, IndexDef, KeyDef, TableView};
use crate::{Finding, RuleId, Severity, Target};

/// A key is judged from this many items that hold it on.
const MIN_ITEMS: usize = 2;
/// DynamoDB's limit per half of a multi-attribute key.
const MAX_PARTS: usize = 4;

/// The attributes of `item` a key value is built from, in order, when it reads as labelled parts
/// `LABEL#value#LABEL#value…` (`TENANT#acme#ASSIGNEE#ana` with `tenantId = acme` and `assignee = ana`
/// gives `[tenantId, assignee]`): every second segment is the value of an attribute of the item that is
/// not in `exclude` (the index's and the table's keys, the entity type attribute), each a different one.
/// Anything else (a trailing label, a bare `value#value`, a value no attribute holds) is not such a key.
fn sources(value: &str, item: &Item, exclude: &[&str]) -> Option<Vec<String>> {
    let segments: Vec<&str> = value.split('#').collect();
    if segments.len() < 4 || !segments.len().is_multiple_of(2) {
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    for pair in segments.chunks(2) {
        let (label, seg) = (pair[0], pair[1]);
        if label.is_empty() || seg.is_empty() {
            return None;
        }
        let (name, _) = item.iter().find(|(n, v)| {
            !exclude.contains(&n.as_str())
                && !out.iter().any(|o| o == *n)
                && matches!(v, engine::value::AttributeValue::S(_) | engine::value::AttributeValue::N(_))
                && scalar_text(v) == seg
        })?;
        out.push(name.clone());
    }
    Some(out)
}

/// The attributes a key attribute is built from on every item that holds it, when there are at least
/// two (a concatenation), in the order the key writes them.
fn built_from(t: &TableView, key: &KeyDef, exclude: &[&str]) -> Option<Vec<String>> {
    let mut common: Option<Vec<String>> = None;
    let mut n = 0;
    for item in &t.items {
        let Some(engine::value::AttributeValue::S(v)) = item.get(&key.name) else { continue };
        // Every item that holds the key builds it the same way.
        let found = sources(v, item, exclude)?;
        n += 1;
        match &common {
            None => common = Some(found),
            Some(c) if *c == found => {}
            Some(_) => return None,
        }
    }
    common.filter(|c| n >= MIN_ITEMS && c.len() >= 2)
}

/// An example value of `key` with the parts named (`TENANT#acme#ASSIGNEE#ana`).
fn example(t: &TableView, key: &KeyDef) -> String {
    t.items.iter().find_map(|i| match i.get(&key.name) {
        Some(engine::value::AttributeValue::S(s)) => Some(s.clone()),
        _ => None,
    })
    .unwrap_or_default()
}

fn index_finding(t: &TableView, ix: &IndexDef) -> Option<Finding> {
    if ix.is_multi_key() {
        return None;
    }
    let mut exclude: Vec<&str> = t.table_keys();
    exclude.extend(ix.hash.iter().chain(&ix.range).map(|k| k.name.as_str()));
    exclude.extend(t.entities().iter().map(|e| e.type_attribute.as_str()));
    let hash = built_from(t, &ix.pk, &exclude);
    let range = ix.sk.as_ref().and_then(|sk| built_from(t, sk, &exclude));
    if hash.is_none() && range.is_none() {
        return None;
    }
    let hash_parts = hash.clone().unwrap_or_else(|| alloc::vec![ix.pk.name.clone()]);
    let range_parts = match (&range, &ix.sk) {
        (Some(r), _) => r.clone(),
        (None, Some(sk)) => alloc::vec![sk.name.clone()],
        (None, None) => Vec::new(),
    };
    if hash_parts.len() > MAX_PARTS || range_parts.len() > MAX_PARTS {
        return None;
    }
    let mut built: Vec<Message> = Vec::new();
    let mut stop_writing: Vec<String> = Vec::new();
    if let Some(h) = &hash {
        built.push(Message::new("finding.synthetic_key.built").text("key", ix.pk.name.clone()).text("example", example(t, &ix.pk)).and("parts", h.clone()));
        stop_writing.push(ix.pk.name.clone());
    }
    if let (Some(r), Some(sk)) = (&range, &ix.sk) {
        built.push(Message::new("finding.synthetic_key.built").text("key", sk.name.clone()).text("example", example(t, sk)).and("parts", r.clone()));
        stop_writing.push(sk.name.clone());
    }
    let mut built = built.into_iter();
    let built = match (built.next(), built.next()) {
        (Some(first), Some(second)) => Message::new("finding.synthetic_key.built_both").part("first", first).part("second", second),
        (Some(one), None) => one,
        _ => return None,
    };
    let schema: Vec<String> = hash_parts
        .iter()
        .map(|a| format!("{a} (HASH)"))
        .chain(range_parts.iter().map(|a| format!("{a} (RANGE)")))
        .collect();
    let first_range = range_parts.first().cloned().unwrap_or_default();
    let strict = match range_parts.get(1).cloned() {
        Some(second) => Message::new("finding.synthetic_key.strict_range").text("second", second).text("first", first_range),
        None => Message::new("finding.synthetic_key.strict_hash"),
    };
    let from: Vec<String> = hash.iter().chain(range.iter()).flatten().cloned().collect();
    Some(finding(
        RuleId::SyntheticKey,
        Severity::Warning,
        Target::Index { table: t.name.clone(), index: ix.name.clone() },
        Message::new("finding.synthetic_key.title").text("index", ix.name.clone()).list("attributes", from),
        Message::new("finding.synthetic_key.explanation").part("built", built).part("strict", strict),
        Message::new("finding.synthetic_key.fix").text("index", ix.name.clone()).list("schema", schema).and("stop", stop_writing),
    ))
}

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        for ix in t.indexes.iter().filter(|i| i.global) {
            out.extend(index_finding(t, ix));
        }
    }
    out
}

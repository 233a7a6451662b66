//! Index projections that do not fit the patterns. The seeds: "project only what the query needs —
//! over-projection wastes storage and write capacity; under-projection forces expensive extra GetItem
//! calls to the table."
//!
//! A pattern states the attributes it needs with its `ProjectionExpression`; a pattern without one needs
//! the whole item. So a GSI projecting ALL is over-projected when every pattern that uses it names a
//! few attributes, and an index is under-projected when a pattern names an attribute it does not hold.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{expression_attributes, finding};
use messages::Message;

use crate::view::{Context, IndexDef, Projection, TableView};
use crate::{Finding, RuleId, Severity, Target};

fn keys_of(t: &TableView, ix: &IndexDef) -> BTreeSet<String> {
    let mut k: BTreeSet<String> = t.table_keys().into_iter().map(String::from).collect();
    for a in ix.hash.iter().chain(&ix.range) {
        k.insert(a.name.clone());
    }
    k
}

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in &cx.tables {
        for ix in &t.indexes {
            let users: Vec<_> = cx
                .checks
                .iter()
                .filter(|c| c.table.as_deref() == Some(t.name.as_str()) && c.index.as_deref() == Some(ix.name.as_str()))
                .collect();
            if users.is_empty() {
                continue;
            }
            let keys = keys_of(t, ix);
            // Needed attributes per pattern; None = the whole item.
            let needs: Vec<(String, Option<Vec<String>>)> = users
                .iter()
                .map(|c| {
                    let req = c.request.as_ref();
                    let select = req.and_then(|r| r.get("Select")).and_then(|s| s.as_str());
                    let attrs = match (req.and_then(|r| r.get("ProjectionExpression")).and_then(|p| p.as_str()), select) {
                        (_, Some("COUNT")) => Some(Vec::new()),
                        (Some(p), _) => Some(expression_attributes(p, req.unwrap_or(&serde_json::Value::Null))),
                        (None, _) => None,
                    };
                    (c.name.clone(), attrs)
                })
                .collect();
            match &ix.projection {
                Projection::All if ix.global => {
                    if needs.iter().any(|(_, n)| n.is_none()) {
                        continue;
                    }
                    let needed: BTreeSet<String> =
                        needs.iter().flat_map(|(_, n)| n.iter().flatten().cloned()).filter(|a| !keys.contains(a)).collect();
                    let in_index: Vec<_> = t.items.iter().filter(|i| i.contains_key(&ix.pk.name)).collect();
                    let mut all_attrs: BTreeSet<&str> = BTreeSet::new();
                    for i in &in_index {
                        all_attrs.extend(i.keys().map(String::as_str).filter(|a| !keys.contains(*a)));
                    }
                    if all_attrs.is_empty() || (needed.len() as u64) * 100 > (all_attrs.len() as u64) * cx.thresholds.projection_needed_percent {
                        continue;
                    }
                    let list: Vec<String> = needed.iter().cloned().collect();
                    let patterns: Vec<String> = needs.iter().map(|(n, _)| format!("“{n}”")).collect();
                    out.push(finding(
                        RuleId::Projection,
                        Severity::Warning,
                        Target::Index { table: t.name.clone(), index: ix.name.clone() },
                        if list.is_empty() {
                            Message::new("finding.projection.over.title.keys").text("index", ix.name.clone())
                        } else {
                            Message::new("finding.projection.over.title").text("index", ix.name.clone()).list("attributes", list.clone())
                        },
                        Message::new("finding.projection.over.explanation")
                            .text("index", ix.name.clone())
                            .list("patterns", patterns)
                            .count("needed", needed.len() as u64)
                            .count("all", all_attrs.len() as u64),
                        if list.is_empty() {
                            Message::new("finding.projection.over.fix.keys").text("index", ix.name.clone())
                        } else {
                            Message::new("finding.projection.fix").text("index", ix.name.clone()).list("attributes", list)
                        },
                    ));
                }
                Projection::All => {}
                Projection::KeysOnly | Projection::Include(_) => {
                    let held: BTreeSet<String> = match &ix.projection {
                        Projection::Include(a) => a.iter().cloned().chain(keys.iter().cloned()).collect(),
                        _ => keys.clone(),
                    };
                    for (name, need) in &needs {
                        let Some(need) = need else { continue };
                        let missing: Vec<&str> = need.iter().filter(|a| !held.contains(*a)).map(String::as_str).collect();
                        if missing.is_empty() {
                            continue;
                        }
                        let mut add: Vec<String> = match &ix.projection {
                            Projection::Include(a) => a.clone(),
                            _ => Vec::new(),
                        };
                        add.extend(missing.iter().map(|s| String::from(*s)));
                        out.push(finding(
                            RuleId::Projection,
                            Severity::Warning,
                            Target::Pattern { name: name.clone() },
                            Message::new("finding.projection.under.title")
                                .text("pattern", name.clone())
                                .list("missing", missing.iter().map(|s| String::from(*s)).collect())
                                .text("index", ix.name.clone()),
                            Message::new(if ix.global { "finding.projection.under.explanation.gsi" } else { "finding.projection.under.explanation.lsi" })
                                .text("index", ix.name.clone())
                                .list("held", held.iter().cloned().collect())
                                .list("missing", missing.iter().map(|s| String::from(*s)).collect()),
                            Message::new("finding.projection.under.fix").text("index", ix.name.clone()).list("attributes", add),
                        ));
                    }
                }
            }
        }
    }
    out
}
